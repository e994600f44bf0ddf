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
