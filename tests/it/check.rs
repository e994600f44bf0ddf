//! `gavel check` names a breach of each invariant: the record is built through the console,
//! then one fact is broken behind gavel's back, as a bug (or a hand edit) would break it.

use gavel::adapters::console::Console;
use gavel::config::Config;

/// A club with a fraud violation at step 1, a ban to Friday 11 December, a Nomic proposal
/// adopted (its points recorded) and another open for votes.
async fn club() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-30 12:00",
        "cj: /office appoint member:@mod1 office:moderator",
        "alice: /join",
        "bob: /join",
        "mod1: /mod violation member:@alice reason:\"registered a game that was not played\" incident:\"a game that was not played\"",
        "mod1: /mod ban member:@bob until:2026-12-11 reason:\"threw a rook across the room\" incident:\"rook thrown\"",
        "cj: /procedure set name:procedure value:nomic",
        "cj: /turns set member:@alice day:monday",
        "cj: /turns set member:@bob day:tuesday",
        "alice: /propose kind:enact text:\"Draws count as half a win.\"",
        "alice: /vote proposal:301 choice:yes",
        "@ 2026-12-01 09:00",
        "bob: /propose kind:enact text:\"Blitz games count too.\"",
    ] {
        console.execute(line).await.expect("line runs");
    }
    console
}

/// The breaches `gavel check` finds after `sql` changes the record.
async fn breaches_after(sql: &str) -> Vec<String> {
    let mut console = club().await;
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

/// Checks: each invariant of `gavel check` can fail, naming what broke.
#[tokio::test]
async fn gavel_check_names_each_broken_invariant() {
    for (sql, expected) in [
        (
            "UPDATE actions SET step = 3 WHERE id = 1",
            "case #1: step 3, but the ladder gives 1",
        ),
        (
            "UPDATE actions SET ends_at = '2026-12-09T00:00:00Z' WHERE id = 2",
            "case #2: the ban ends",
        ),
        (
            "DELETE FROM jobs WHERE kind = 'vote_close'",
            "Proposal 302 is open for votes, and no pending job closes its vote",
        ),
        (
            "UPDATE proposals SET status = 'held' WHERE number = 302",
            "Proposal 302 is held, but no active Point of Order concerns it",
        ),
        (
            "UPDATE players SET points = 7",
            "points, but their last recorded change left",
        ),
        (
            "UPDATE standings SET score = 999",
            "the stored score is 999, the fold of the history gives 100",
        ),
    ] {
        let found = breaches_after(sql).await;
        assert!(
            found.iter().any(|b| b.contains(expected)),
            "{sql}: expected a breach containing {expected:?}, found {found:#?}"
        );
    }
}

/// Checks: a report acted on names a case against the reported message's author, taken by the
/// Moderator who answered it; `gavel check` names a report whose case is another member's.
#[tokio::test]
async fn gavel_check_names_a_report_acted_on_in_someone_elses_case() {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-30 12:00",
        "cj: /office appoint member:@mod1 office:moderator",
        "alice: /join",
        "bob: /join",
        "mod1: /mod award member:@alice points:5 reason:\"helped at the session\"",
        "alice: /report file member:@bob what:\"insults another member\"",
        "mod1: /report act report:1 action:\"deduct 10\" reason:\"insulting another member\"",
    ] {
        console.execute(line).await.expect("line runs");
    }
    let app = console.app().await.expect("app").clone();
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
    sqlx::query("UPDATE reports SET case_id = 1 WHERE id = 1")
        .execute(app.pool())
        .await
        .expect("sql runs");
    let breaches = app.check_record().await.expect("check");
    assert_eq!(
        breaches,
        ["report #1 was acted on in case #1, which is not against the message's author"]
    );
}
