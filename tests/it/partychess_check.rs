//! Party Chess's record of who is in Check (Rule 1230.2 §7): the export names them, and
//! `gavel check` names a record that disagrees with the board.

use super::console::{in_memory, run_accepted};
use super::partychess_export::KINGS_PLACED;
use gavel::adapters::console::Console;

/// A game in which alice's Rook has just placed bob in Check.
async fn checked_game() -> Console {
    let mut console = in_memory();
    run_accepted(&mut console, &KINGS_PLACED).await;
    run_accepted(
        &mut console,
        &[
            "alice: /partychess place piece:R at:k12",
            "bob: /partychess pass",
            "alice: /partychess move from:k12 to:k20",
        ],
    )
    .await;
    console
}

/// Checks: the export lists bob as in Check; the record holds; a play list whose record of
/// Checks is emptied behind gavel's back is named by `gavel check`.
#[tokio::test]
async fn the_record_of_who_is_in_check_is_exported_and_checked_against_the_board() {
    let mut console = checked_game().await;
    let app = console.app().await.expect("app opens").clone();
    let doc = gavel::app::export::export(&app).await.expect("export");
    assert_eq!(
        doc["partychess"]["game"]["in_check"],
        serde_json::json!(["bob (Swinger 2)"])
    );
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
    sqlx::query("UPDATE partychess_games SET turns = json_set(turns, '$.checked', json('[]'))")
        .execute(app.pool())
        .await
        .expect("the record is changed");
    let breaches = app.check_record().await.expect("check");
    assert!(
        breaches.iter().any(|b| b.contains("in Check")),
        "{breaches:?}"
    );
}

/// Checks: `gavel check` replays the history and recomputes the posted Weights (Rule 1230.2
/// §1.C(i), (v), (vi); Rule 1230.3): a play recorded as other than it was, and a Weight posted
/// other than the formula gives, are each named.
#[tokio::test]
async fn gavel_check_replays_the_plays_and_recomputes_each_posted_weight_1230_2_1c() {
    let console = checked_game().await;
    let mut console = console;
    let app = console.app().await.expect("app opens").clone();
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
    sqlx::query(
        "UPDATE partychess_plays SET weights = json_set(weights, '$.x2.1', 999)
         WHERE number = (SELECT MAX(number) FROM partychess_plays WHERE weights IS NOT NULL)",
    )
    .execute(app.pool())
    .await
    .expect("a Weight is changed");
    let breaches = app.check_record().await.expect("check");
    assert!(
        breaches
            .iter()
            .any(|b| b.contains("Swinger 1's Weight was posted as 499.5")),
        "{breaches:?}"
    );
    sqlx::query(
        "UPDATE partychess_plays SET play = '{\"play\":\"pass\"}'
         WHERE number = (SELECT MAX(number) FROM partychess_plays WHERE play LIKE '%move%')",
    )
    .execute(app.pool())
    .await
    .expect("a play is changed");
    let breaches = app.check_record().await.expect("check");
    assert!(
        breaches
            .iter()
            .any(|b| b.contains("(pass) made again does not give the board recorded after it")),
        "{breaches:?}"
    );
}
