//! What `gavel check` finds in a tournament's record edited behind gavel's back: a match
//! whose stored score is not its record's, a match decided twice, a round whose matches are not
//! its stored pairing, a player who plays though the entry requirements refuse them. (Two
//! results for one game the database itself refuses: a unique index.)

use super::{checked, console, setup, SWISS_OF_FOUR};

async fn edit(c: &mut gavel::adapters::console::Console, sql: &str) {
    let app = c.app().await.expect("app").clone();
    sqlx::query(sql).execute(app.pool()).await.expect("edit");
}

/// Checks (ACWC Qualification: standings from the results; Pairing details): each edit is
/// named by `gavel check`.
#[tokio::test]
async fn the_check_names_a_record_edited_behind_gavels_back() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(
        &mut c,
        &[
            "td: /match game match:1 winner:@ann",
            "td: /match report match:2 score:\"5.5-0.5\"",
        ],
    )
    .await;
    assert_eq!(checked(&mut c).await, Vec::<String>::new());

    // A score changed without a result: the standings would no longer follow the results.
    edit(
        &mut c,
        "UPDATE tournament_matches SET first_halves = 6 WHERE id = 1",
    )
    .await;
    let found = checked(&mut c).await;
    assert!(
        found
            .iter()
            .any(|b| b.starts_with("Tournament #1, match #1 is stored as")),
        "{found:?}"
    );
    edit(
        &mut c,
        "UPDATE tournament_matches SET first_halves = 2 WHERE id = 1",
    )
    .await;

    // A forfeit added to a match already decided on the board.
    edit(
        &mut c,
        "INSERT INTO tournament_results (match_id, kind, against_id, at) SELECT id, 'forfeit', first_id, created_at FROM tournament_matches WHERE id = 2",
    )
    .await;
    let found = checked(&mut c).await;
    assert!(
        found.iter().any(|b| b.contains(
            "match #2: it is decided by a forfeit, walkover or disregard after its games had ended"
        )),
        "{found:?}"
    );
    edit(
        &mut c,
        "DELETE FROM tournament_results WHERE kind = 'forfeit'",
    )
    .await;

    // A round whose matches are not its stored pairing.
    edit(
        &mut c,
        "UPDATE tournament_matches SET first_id = second_id, second_id = first_id WHERE id = 2",
    )
    .await;
    let found = checked(&mut c).await;
    assert!(
        found
            .iter()
            .any(|b| b.contains("round 1's matches are not the pairs its explanation shows")),
        "{found:?}"
    );
}

/// Checks (ACWC Player eligibility: a mark after 1 September 2017 disqualifies): an entrant
/// whose recorded facts carry such a mark, yet who plays, is named.
#[tokio::test]
async fn the_check_names_a_player_the_requirements_refuse() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-30 09:00",
            "cj: /tournament create name:\"Antichess\" format:acwc",
            "cj: /tournament director tournament:1 member:@td",
            "ann: /tournament enter tournament:1 account:AnnA",
            "ben: /tournament enter tournament:1 account:BenB",
            "td: /tournament facts tournament:1 account:AnnA created:2018-01-01 rated_games:500 rating:2100 peak:2200",
            "td: /tournament facts tournament:1 account:BenB created:2018-01-01 rated_games:500 rating:2000 peak:2100",
            "td: /tournament start tournament:1",
        ],
    )
    .await;
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
    edit(
        &mut c,
        "UPDATE tournament_entrants SET marked = '2018-05-01T00:00:00Z', excepted = 'friend' WHERE account = 'AnnA'",
    )
    .await;
    let found = checked(&mut c).await;
    assert!(
        found
            .iter()
            .any(|b| b
                .starts_with("Tournament #1, AnnA plays though the entry requirements refuse it")),
        "{found:?}"
    );
}
