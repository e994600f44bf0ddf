//! Committees through the app: the Diplomacy offices' eligibility with teams and game seats
//! (house rules A.4, A.8, A.10), motions and their tallies (A.6), rule changes (A.7) and
//! disputes (D.I.2).

mod disputes;
mod house_rules;
mod motions;
mod offices;

use gavel::adapters::console::{Console, Output};
use gavel::app::{App, Call, PersonRef};
use gavel::config::Config;
use gavel::store::committee::teams::TeamRole;

pub(crate) fn console() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    Console::new(config)
}

/// Runs a line. A GM or an Observer serves a real board (house rules A.9, A.12): the board an
/// appointment names is made first, as the round's deal would.
pub(crate) async fn run(console: &mut Console, line: &str) -> Vec<Output> {
    if let Some(board) = line
        .split_once("/office appoint")
        .and_then(|(_, rest)| rest.split_once("game:\""))
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(board, _)| board)
    {
        board_exists(console, board).await;
    }
    console.execute(line).await.expect("line runs")
}

/// Runs lines that must all succeed.
pub(crate) async fn setup(console: &mut Console, lines: &[&str]) {
    for line in lines {
        let out = run(console, line).await;
        assert!(
            !out.iter().any(|o| matches!(o, Output::Refusal(_))),
            "{line}: {out:?}"
        );
    }
}

/// Makes a Diplomacy board of round 1, as `/diplomacy assign` would.
pub(crate) async fn board_exists(console: &mut Console, name: &str) {
    let app = console.app().await.expect("app").clone();
    for sql in [
        "INSERT OR IGNORE INTO dip_rounds (number, last_year, team_round, stage, opened_at)
         VALUES (1, 1909, 1, 'assigned', '2026-11-27T12:00:00Z')",
        "INSERT OR IGNORE INTO dip_boards (round, name, turn, status, created_at)
         VALUES (1, ?, 'S1901M', 'playing', '2026-11-27T12:00:00Z')",
    ] {
        sqlx::query(sql)
            .bind(name)
            .execute(app.pool())
            .await
            .expect("the board");
    }
}

/// The refusal a line must meet.
pub(crate) async fn refused(console: &mut Console, line: &str) -> String {
    let out = run(console, line).await;
    match &out[..] {
        [Output::Refusal(text)] => text.clone(),
        other => panic!("{line} was not refused: {other:?}"),
    }
}

pub(crate) fn call(command: &'static str) -> Call {
    Call::new(PersonRef::console("cj"), command, serde_json::json!({}))
}

/// Puts people on a team and seats players in games, as the tournament's commands will.
pub(crate) async fn teams(app: &App, team: &str, members: &[&str]) {
    app.committee()
        .create_team(&call("team create"), team)
        .await
        .expect("team");
    for m in members {
        app.committee()
            .join_team(
                &call("team join"),
                team,
                &PersonRef::console(m),
                TeamRole::Player,
            )
            .await
            .expect("joins");
    }
}

pub(crate) async fn seat(app: &App, game: &str, players: &[&str]) {
    for p in players {
        app.committee()
            .seat_player(&call("seat"), game, &PersonRef::console(p))
            .await
            .expect("seated");
    }
}
