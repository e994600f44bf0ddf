//! The Diplomacy round of `tests/transcripts/diplomacy_round.gavel`, replayed through the
//! console and checked for what must stay secret: no vote's tally or ballot in any output or
//! in the export (D.IX.2), no author of gray or dark-gray press (D.X.2), no order text in the
//! audit log; and the GM's commands refused to a player who is not the board's GM (A.12).

use gavel::adapters::console::{Console, Output};
use gavel::config::Config;
use serde_json::Value;

async fn played() -> (Console, Vec<(String, Vec<Output>)>) {
    replay("diplomacy_round.gavel").await
}

/// Replays the commands of the transcript `name` on a new club in memory, with each command's
/// output.
pub(crate) async fn replay(name: &str) -> (Console, Vec<(String, Vec<Output>)>) {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    let path = format!("{}/tests/transcripts/{name}", env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(path).expect("the transcript");
    let mut outputs = Vec::new();
    for line in script.lines() {
        let command = line.starts_with('@')
            || line
                .split_once(": /")
                .is_some_and(|(who, _)| !who.contains(' '));
        if command && !line.starts_with('#') {
            let out = console.execute(line).await.expect("line runs");
            outputs.push((line.to_owned(), out));
        }
    }
    (console, outputs)
}

/// Fails if `t` counts or shows votes (D.IX.2: only the result is published).
fn assert_no_tally(t: &str) {
    let lower = t.to_lowercase();
    for leak in [
        "votes for",
        "votes against",
        "in favour:",
        "abstained",
        "6 yes",
        "1 no",
        "6 to 1",
        "unanimous:",
    ] {
        if let Some(at) = lower.find(leak) {
            let from = lower[..at]
                .char_indices()
                .rev()
                .nth(80)
                .map_or(0, |(i, _)| i);
            panic!("{leak} in ...{}", &lower[from..at + leak.len()]);
        }
    }
}

fn text(o: &Output) -> &str {
    match o {
        Output::Reply(t) | Output::Refusal(t) | Output::Post { text: t, .. } => t,
    }
}

/// Checks: the draw defeated by one abstention and the concession passed are announced by
/// their result alone; no output, and nothing in the export, counts or shows a ballot; the
/// audit log names no voter and no ballot.
#[tokio::test]
async fn a_secret_draw_vote_defeated_by_one_abstention_leaks_no_tally_anywhere_d_ix_2() {
    let (mut console, outputs) = played().await;
    let all: Vec<&str> = outputs
        .iter()
        .flat_map(|(_, o)| o.iter().map(text))
        .collect();
    assert!(all.iter().any(|t| t.contains("proposal #1 (draw) failed")));
    assert!(all
        .iter()
        .any(|t| t.contains("proposal #2 (concede) passed")));
    for t in &all {
        assert_no_tally(t);
    }
    let app = console.app().await.expect("app").clone();
    let export = gavel::app::export::export(&app).await.expect("export");
    let whole = export.to_string();
    assert!(!whole.contains("\"ballot\""), "no ballot is exported");
    // D.IX.2: no tally in the whole export, nor in any entry of the outbox as stored.
    assert_no_tally(&whole);
    let section = export["diplomacy"].to_string();
    assert!(
        !section.contains("\"yes\"") && !section.contains("\"no\""),
        "a ballot's word"
    );
    let contents: Vec<String> = sqlx::query_scalar("SELECT content FROM outbox ORDER BY id")
        .fetch_all(app.pool())
        .await
        .expect("outbox");
    assert!(contents
        .iter()
        .any(|c| c.contains("proposal #1 (draw) failed")));
    for c in &contents {
        assert_no_tally(c);
    }
    for p in export["diplomacy"]["proposals"]
        .as_array()
        .expect("proposals")
    {
        let keys: Vec<&String> = p.as_object().expect("object").keys().collect();
        assert!(
            keys.iter()
                .all(|k| !k.contains("vote") && !k.contains("ballot")),
            "{keys:?}"
        );
    }
    for entry in export["audit"].as_array().expect("audit") {
        if entry["command"] == "diplomacy vote" {
            assert_eq!(entry["actor_name"], "a voter");
            assert_eq!(
                entry["arguments"]
                    .as_str()
                    .map(|a| a.contains("yes") || a.contains("no\"")),
                Some(false),
                "{entry}"
            );
        }
    }
}

/// Checks: gray and dark-gray press keep no author in the press record or the audit log;
/// white press keeps its author; orders' text stays out of the audit log, the GM's reading of
/// them (`/board orders`) included.
#[tokio::test]
async fn gray_press_never_reveals_its_author_and_orders_stay_out_of_the_audit_log_d_x_2() {
    let (mut console, _) = played().await;
    let app = console.app().await.expect("app").clone();
    let export = gavel::app::export::export(&app).await.expect("export");
    let press = export["diplomacy"]["press"].as_array().expect("press");
    assert_eq!(press.len(), 3);
    for p in press {
        let white = p["kind"] == "white";
        assert_eq!(p["author_id"].is_null(), !white, "{p}");
    }
    for entry in export["audit"].as_array().expect("audit") {
        let args: Value =
            serde_json::from_str(entry["arguments"].as_str().unwrap_or("{}")).unwrap_or_default();
        if entry["command"] == "press" && args["kind"] != "white" {
            assert_eq!(entry["actor_name"], "a player", "{entry}");
            for who in ["bob", "dave"] {
                assert!(!entry.to_string().contains(who), "{entry}");
            }
        }
        if entry["command"] == "diplomacy orders" {
            assert!(args.get("text").is_none(), "{entry}");
        }
        if entry["command"] == "board orders" && entry["outcome"] == "done" {
            assert!(!entry.to_string().contains("A Vie - Tyr"), "{entry}");
        }
    }
    assert!(
        export["audit"]
            .as_array()
            .expect("audit")
            .iter()
            .any(|e| e["command"] == "board orders" && e["outcome"] == "done"),
        "the script has the GM read the orders"
    );
}

/// Checks: the GM's commands, typed by a player of the board, are refused by A.12.
#[tokio::test]
async fn the_gms_commands_are_refused_to_a_player_who_is_not_the_gm_a12() {
    let (mut console, _) = played().await;
    for line in [
        "bob: /board centres board:\"R1 Board 1\" season:F1902 counts:\"A=5\"",
        "bob: /board deadline board:\"R1 Board 1\" turn:S1903M at:\"2027-01-10 18:00\"",
        "bob: /board orders board:\"R1 Board 1\"",
        "bob: /diplomacy extend board:\"R1 Board 1\" days:2 power:F",
        "bob: /team add team:Bears member:@zoe",
        "bob: /board replace board:\"R1 Board 1\" power:T member:@zoe",
        "bob: /board return board:\"R1 Board 1\" power:T",
    ] {
        let out = console.execute(line).await.expect("line runs");
        assert!(
            matches!(&out[..], [Output::Refusal(t)] if t.starts_with("Only ")),
            "{line}: {out:?}"
        );
    }
}

/// Times and choices are read at the edge, for every adapter: a deadline that is not
/// YYYY-MM-DD HH:MM (GMT, D.VII.4b) and a power or ballot that is not one of the choices are
/// refused before the use case runs, with nothing written.
#[tokio::test]
async fn a_deadline_is_a_time_and_a_power_or_ballot_one_of_the_choices_d_vii_4b() {
    let (mut console, _) = played().await;
    let before = written(&mut console).await;
    for (line, refusal) in [
        (
            "gm1: /board deadline board:\"R1 Board 1\" turn:S1910M at:\"10 Mar 18:00\"",
            "`10 Mar 18:00` is not a time; write YYYY-MM-DD HH:MM.",
        ),
        (
            "gm1: /board deadline board:\"R1 Board 1\" turn:S1910M at:\"2027-03-10 18:00 GMT\"",
            "`2027-03-10 18:00 GMT` is not a time; write YYYY-MM-DD HH:MM.",
        ),
        (
            "gm1: /board return board:\"R1 Board 1\" power:X",
            "`X` is not a choice for the option `power`: it takes A, E, F, G, I, R or T.",
        ),
        (
            "alice: /diplomacy vote proposal:1 vote:maybe",
            "`maybe` is not a choice for the option `vote`: it takes yes, no or abstain.",
        ),
    ] {
        let out = console.execute(line).await.expect("line runs");
        assert!(
            matches!(&out[..], [Output::Refusal(t)] if t == refusal),
            "{line}: {out:?}"
        );
    }
    assert_eq!(written(&mut console).await, before);
}

/// What the club has written: its audit log, its posts and its boards' deadlines.
async fn written(console: &mut Console) -> (i64, i64, Vec<Option<String>>) {
    let pool = console.app().await.expect("the app").pool();
    let count = async |sql: &str| -> i64 {
        sqlx::query_scalar(sql)
            .fetch_one(pool)
            .await
            .expect("a count")
    };
    let deadlines = sqlx::query_scalar("SELECT deadline FROM dip_boards ORDER BY id")
        .fetch_all(pool)
        .await
        .expect("boards");
    (
        count("SELECT COUNT(*) FROM audit_log").await,
        count("SELECT COUNT(*) FROM outbox").await,
        deadlines,
    )
}

/// The record `script` (a transcript) makes, then the breaches `gavel check` finds after `sql`
/// changes it behind gavel's back.
async fn breaches_after(script: &str, sql: &str) -> Vec<String> {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    let text = std::fs::read_to_string(format!(
        "{}/tests/transcripts/{script}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the transcript");
    gavel::adapters::console::run_script(&mut console, &text)
        .await
        .expect("the transcript runs");
    let app = console.app().await.expect("app").clone();
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
    sqlx::query(sql)
        .execute(app.pool())
        .await
        .expect("sql runs");
    app.check_record().await.expect("check")
}

/// Checks: `gavel check` names a holiday that moved a deadline by other than its hours
/// (D.VII.5), and a replacement the TD had vetoed on that board (B.10).
#[tokio::test]
async fn gavel_check_names_a_holiday_moved_wrongly_and_a_vetoed_replacement_d_vii_5_b10() {
    let found = breaches_after(
        "diplomacy_holiday.gavel",
        "UPDATE dip_holidays SET new_deadline = '2026-12-30T18:00:00Z' WHERE id = 1",
    )
    .await;
    assert!(
        found
            .iter()
            .any(|b| b.contains("not by its 72 hour(s) (D.VII.5)")),
        "{found:#?}"
    );
    let found = breaches_after(
        "diplomacy_pool.gavel",
        "INSERT INTO dip_vetoes (board_id, person_id, reason, at)
         SELECT p.board_id, h.incoming_id, 'a conflict', '2026-11-30T09:00:00Z'
         FROM dip_handovers h JOIN dip_positions p ON p.id = h.position_id",
    )
    .await;
    assert!(
        found
            .iter()
            .any(|b| b.contains("kim took a position on board")
                && b.contains("though the TD vetoed them there (B.10)")),
        "{found:#?}"
    );
}

/// Checks: `gavel check` names a board whose counts run past the season it has reached, a board
/// still in play on counts that end the game, and a vote decided while a 1901 NMR holds its
/// turn's results (C.1, B.3, C.4, D.VII.6b, D.IX.2).
#[tokio::test]
async fn gavel_check_names_counts_past_the_season_a_board_in_play_after_its_end_and_a_held_vote_c1_d_vii_6b(
) {
    let found = breaches_after(
        "diplomacy_votes.gavel",
        "INSERT INTO dip_centres (board_id, season, power, centres, recorded_at)
         SELECT 2, 'F1903', power, centres, recorded_at FROM dip_centres WHERE board_id = 2",
    )
    .await;
    assert!(
        found
            .iter()
            .any(|b| b.contains("has counts for F1903, a season it has not reached (C.1)")),
        "{found:#?}"
    );
    let found = breaches_after(
        "diplomacy_votes.gavel",
        "UPDATE dip_boards SET status = 'playing', ending = NULL WHERE id = 2;
         UPDATE dip_centres SET centres = 18 WHERE board_id = 2 AND power = 'A';
         UPDATE dip_centres SET centres = 0 WHERE board_id = 2 AND power IN ('E', 'F');
         UPDATE dip_centres SET centres = 5 WHERE board_id = 2 AND power = 'G'",
    )
    .await;
    assert!(
        found
            .iter()
            .any(|b| b.contains("R1 Board 2 is in play, though its last counts end the game")),
        "{found:#?}"
    );
    let found = breaches_after(
        "diplomacy_policy.gavel",
        "UPDATE dip_boards SET results_held = 1, turn = 'S1901M' WHERE id = 1;
         INSERT INTO dip_proposals (board_id, kind, turn, status, opened_at, decided_at)
         VALUES (1, 'draw', 'S1901M', 'failed', '2026-12-01T09:00:00Z', '2026-12-05T09:00:00Z')",
    )
    .await;
    assert!(
        found.iter().any(|b| b
            .contains("was decided while a 1901 NMR holds that turn's results (D.VII.6b, D.IX.2)")),
        "{found:#?}"
    );
}

/// Checks: a board still in play is shown as in play, not as scored at the end of the game: the
/// export's score of a board with no counts scores nothing, and one with counts says they are a
/// standing (C.1, B.3).
#[tokio::test]
async fn a_board_in_play_is_shown_in_play_not_scored_c1() {
    let (mut console, _) = replay("diplomacy_policy.gavel").await;
    let app = console.app().await.expect("app").clone();
    let export = gavel::app::export::export(&app).await.expect("export");
    let boards = export["diplomacy"]["boards"].as_array().expect("boards");
    let playing: Vec<&Value> = boards
        .iter()
        .filter(|b| b["board"]["status"] == "playing")
        .collect();
    assert!(!playing.is_empty(), "a board in play");
    for b in playing {
        let basis = b["score"]["basis"].as_str().expect("basis");
        assert!(basis.contains("the game is in play"), "{basis}");
        assert!(!basis.contains("at the end of the game"), "{basis}");
        if basis.starts_with("nothing yet") {
            assert_eq!(b["score"]["lines"].as_array().map(Vec::len), Some(0));
        }
    }
}
