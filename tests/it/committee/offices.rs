//! The Diplomacy offices through `/office`, with teams and game seats: refusals cite A.4, A.8
//! and A.10, and the TD and TMC members cannot then join a team or play.

use super::{console, refused, run, seat, setup, teams};
use gavel::adapters::console::Output;
use gavel::app::PersonRef;
use gavel::store::committee::teams::TeamRole;

#[tokio::test]
async fn an_observer_is_refused_for_a_team_mates_game_a10() {
    let mut c = console();
    setup(&mut c, &["@ 2026-11-27 12:30"]).await;
    let app = c.app().await.expect("app").clone();
    teams(&app, "Hanseatic", &["ann", "bob"]).await;
    seat(&app, "R1 Board 3", &["bob"]).await;
    let refusal = refused(
        &mut c,
        "cj: /office appoint member:@ann office:observer game:\"R1 Board 3\"",
    )
    .await;
    assert_eq!(
        refusal,
        "ann may not observe R1 Board 3: their team-mate bob plays in it or is its GM (house rules A.10)."
    );
    // A.10: players may observe other games.
    setup(
        &mut c,
        &["cj: /office appoint member:@ann office:observer game:\"R1 Board 4\""],
    )
    .await;
}

#[tokio::test]
async fn an_observer_is_refused_for_a_game_a_team_mate_gms_a10() {
    let mut c = console();
    setup(&mut c, &["@ 2026-11-27 12:30"]).await;
    let app = c.app().await.expect("app").clone();
    teams(&app, "Hanseatic", &["ann", "gil"]).await;
    setup(
        &mut c,
        &["cj: /office appoint member:@gil office:gm game:\"R1 Board 3\""],
    )
    .await;
    let refusal = refused(
        &mut c,
        "cj: /office appoint member:@ann office:observer game:\"R1 Board 3\"",
    )
    .await;
    assert!(refusal.contains("team-mate gil"), "{refusal}");
}

#[tokio::test]
async fn the_td_and_tmc_members_may_not_play_nor_be_on_a_team_a4_a8() {
    let mut c = console();
    setup(&mut c, &["@ 2026-11-27 12:30"]).await;
    let app = c.app().await.expect("app").clone();
    teams(&app, "Hanseatic", &["pat"]).await;
    seat(&app, "R1 Board 1", &["sam"]).await;
    let refusal = refused(&mut c, "cj: /office appoint member:@pat office:td").await;
    assert!(
        refusal.contains("team Hanseatic") && refusal.ends_with("(house rules A.4)."),
        "{refusal}"
    );
    let refusal = refused(&mut c, "cj: /office appoint member:@sam office:tmc").await;
    assert!(refusal.ends_with("(house rules A.8)."), "{refusal}");
    // And the other way: an office holder is refused a team or a seat.
    setup(
        &mut c,
        &[
            "cj: /office appoint member:@tina office:td",
            "cj: /office appoint member:@tess office:tmc",
        ],
    )
    .await;
    let call = super::call("team join");
    let err = app
        .committee()
        .join_team(
            &call,
            "Hanseatic",
            &PersonRef::console("tina"),
            TeamRole::Player,
        )
        .await
        .expect_err("the TD is refused a team");
    assert!(err.to_string().ends_with("(house rules A.4)."), "{err}");
    let err = app
        .committee()
        .seat_player(&call, "R1 Board 1", &PersonRef::console("tess"))
        .await
        .expect_err("a TMC member is refused a seat");
    assert!(err.to_string().ends_with("(house rules A.8)."), "{err}");
}

#[tokio::test]
async fn the_offices_numbers_are_kept_a2_a6() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-27 12:30",
            "cj: /office appoint member:@tina office:td",
            "cj: /office appoint member:@ada office:atd",
            "cj: /office appoint member:@abe office:atd",
        ],
    )
    .await;
    for (line, rule) in [
        ("cj: /office appoint member:@tod office:td", "A.2"),
        ("cj: /office appoint member:@amy office:atd", "A.2"),
        ("cj: /office appoint member:@tom office:acting_td", "A.6"),
    ] {
        let refusal = refused(&mut c, line).await;
        assert!(refusal.contains(rule), "{line}: {refusal}");
    }
    for i in 1..=8 {
        setup(
            &mut c,
            &[&format!("cj: /office appoint member:@t{i} office:tmc")],
        )
        .await;
    }
    let refusal = refused(&mut c, "cj: /office appoint member:@t9 office:tmc").await;
    assert!(refusal.contains("8 members"), "{refusal}");
}

#[tokio::test]
async fn the_td_appoints_gms_and_observers_but_not_the_tmc_a9_a11() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-27 12:30",
            "cj: /office appoint member:@tina office:td",
            "tina: /office appoint member:@gus office:gm game:\"R1 Board 1\"",
            "tina: /office appoint member:@oli office:observer game:\"R1 Board 2\"",
            "tina: /office appoint member:@cg office:chief_gm",
        ],
    )
    .await;
    let refusal = refused(&mut c, "tina: /office appoint member:@t1 office:tmc").await;
    assert!(refusal.starts_with("Only the Chief Justice"), "{refusal}");
    let out = run(&mut c, "cj: /office list").await;
    assert!(
        matches!(&out[..], [Output::Reply(list)] if list.contains("\nGM: gus (R1 Board 1)\n")),
        "{out:?}"
    );
}

#[tokio::test]
async fn a_player_is_not_seated_in_a_game_a_team_mate_observes_a10() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-27 12:30",
            "cj: /office appoint member:@ann office:observer game:\"R1 Board 3\"",
        ],
    )
    .await;
    let app = c.app().await.expect("app").clone();
    teams(&app, "Hanseatic", &["ann", "bob"]).await;
    let err = app
        .committee()
        .seat_player(
            &super::call("seat"),
            "R1 Board 3",
            &PersonRef::console("bob"),
        )
        .await
        .expect_err("bob's team-mate observes the game");
    assert_eq!(
        err.to_string(),
        "bob may not play in R1 Board 3: ann observes it, and no one observes a game in which they or a team-mate play (house rules A.10)."
    );
    seat(&app, "R1 Board 4", &["bob"]).await;
}

#[tokio::test]
async fn gavel_check_finds_an_observer_whose_team_mate_came_to_play_a10() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-27 12:30",
            "cj: /office appoint member:@ann office:observer game:\"R1 Board 3\"",
        ],
    )
    .await;
    let app = c.app().await.expect("app").clone();
    seat(&app, "R1 Board 3", &["bob"]).await;
    // The board is made bare for the test, without its seven positions (B.5).
    let check = async || -> Vec<String> {
        let found = app.check_record().await.expect("check");
        found
            .into_iter()
            .filter(|b| !b.ends_with("(B.5)"))
            .collect()
    };
    assert_eq!(check().await, Vec::<String>::new());
    // Refused through the app (bob plays in the game ann observes)...
    teams(&app, "Hanseatic", &["ann"]).await;
    let err = app
        .committee()
        .join_team(
            &super::call("team join"),
            "Hanseatic",
            &PersonRef::console("bob"),
            TeamRole::Player,
        )
        .await
        .expect_err("the team would have a player of the game ann observes");
    assert!(err.to_string().ends_with("(house rules A.10)."), "{err}");
    // ...so written behind its back, the record breaks A.10 and gavel check says so.
    sqlx::query(
        "INSERT INTO team_members (team_id, person_id, role, joined_at)
         SELECT 1, id, 'player', '2026-11-27T12:31:00Z' FROM people WHERE name = 'bob'",
    )
    .execute(app.pool())
    .await
    .expect("written");
    assert_eq!(
        check().await,
        ["ann holds the office of Tournament Observer of R1 Board 3, though: ann may not observe R1 Board 3: their team-mate bob plays in it or is its GM (house rules A.10)."]
    );
}

/// Checks: the TD makes sure each game has a Tournament Observer (house rules A.9): `/office
/// list` and `gavel check` name the games in play that have none, as a duty still to do and
/// no breach of the record, and stop once each has one.
#[tokio::test]
async fn games_without_an_observer_are_listed_for_the_td_a9() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-27 12:30",
            "cj: /office appoint member:@tina office:td",
        ],
    )
    .await;
    super::board_exists(&mut c, "R1 Board 1").await;
    super::board_exists(&mut c, "R1 Board 2").await;
    setup(
        &mut c,
        &["tina: /office appoint member:@oli office:observer game:\"R1 Board 1\""],
    )
    .await;
    let out = run(&mut c, "ann: /office list").await;
    assert!(
        matches!(&out[..], [Output::Reply(t)] if t.ends_with("Games without a Tournament Observer (the TD makes sure each game has one, house rules A.9): R1 Board 2.")),
        "{out:?}"
    );
    let app = c.app().await.expect("app").clone();
    assert_eq!(
        app.check_notes().await.expect("notes"),
        ["R1 Board 2 has no Tournament Observer; the TD makes sure each game has one (house rules A.9)"]
    );
    setup(
        &mut c,
        &["tina: /office appoint member:@oda office:observer game:\"R1 Board 2\""],
    )
    .await;
    assert!(app.check_notes().await.expect("notes").is_empty());
    let out = run(&mut c, "ann: /office list").await;
    assert!(
        matches!(&out[..], [Output::Reply(t)] if !t.contains("without")),
        "{out:?}"
    );
}
