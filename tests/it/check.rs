//! `gavel check` names a breach of each invariant: the record is built through the console,
//! then one fact is broken behind gavel's back, as a bug (or a hand edit) would break it.

use gavel::adapters::console::Console;
use gavel::config::Config;

/// A console on a club built by `lines`.
async fn console_after(lines: &[&str]) -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in lines {
        console.execute(line).await.expect("line runs");
    }
    console
}

/// The breaches `gavel check` finds after `sql` changes the record `console` holds, which
/// must hold every invariant before.
async fn breaches_of(console: &mut Console, sql: &str) -> Vec<String> {
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

/// A club with a fraud violation at step 1, a ban to Friday 11 December, a Nomic proposal
/// adopted (its points recorded) and another open for votes.
async fn club() -> Console {
    console_after(&[
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
    ])
    .await
}

/// The breaches `gavel check` finds after `sql` changes the record.
async fn breaches_after(sql: &str) -> Vec<String> {
    breaches_of(&mut club().await, sql).await
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
    let mut console = console_after(&[
        "@ 2026-11-30 12:00",
        "cj: /office appoint member:@mod1 office:moderator",
        "alice: /join",
        "bob: /join",
        "mod1: /mod award member:@alice points:5 reason:\"helped at the session\"",
        "alice: /report file member:@bob what:\"insults another member\"",
        "mod1: /report act report:1 action:\"deduct 10\" reason:\"insulting another member\"",
    ])
    .await;
    let breaches = breaches_of(&mut console, "UPDATE reports SET case_id = 1 WHERE id = 1").await;
    assert_eq!(
        breaches,
        ["report #1 was acted on in case #1, which is not against the message's author"]
    );
}

/// Checks: an amended Act of the Terms is enforced as it now reads (Terms §IV Act 2): the
/// leave notice of §II Act 8 amended to fourteen days is read from the new text (the transcript
/// `rules_amended_parameters_terms.gavel` shows the next request due in two weeks); a parameter
/// put back behind gavel's back is named by `gavel check`.
#[tokio::test]
async fn gavel_check_names_an_amended_act_enforced_as_it_read_before() {
    let mut console = console_after(&[
        "@ 2026-11-30 12:00",
        "cj: /office appoint member:@mod1 office:moderator",
        "mod1: /propose kind:amend rule:\"§II 8\" text:\"Any Member may request in writing (or email or Discord) to the Chief Justice that they be removed from the Leaderboard; the Chief Justice must comply with this request within fourteen (14) days\" summary:\"Two weeks to leave\"",
        "cj: /proposal decide proposal:1 decision:adopt",
    ])
    .await;
    let breaches = breaches_of(
        &mut console,
        "DELETE FROM procedure_parameters WHERE name = 'leaderboard.leave_days'",
    )
    .await;
    assert_eq!(breaches.len(), 1, "{breaches:?}");
    assert!(
        breaches[0].starts_with("Terms §II 8 was amended")
            && breaches[0].ends_with("gavel still enforces leaderboard.leave_days = 7, neither read from the amendment nor waiting to be set (Terms §IV Act 2)"),
        "{breaches:?}"
    );
}

/// Checks: an amended rule of Nomic that carries a parameter is enforced as it now reads (Nomic
/// 101, 206): Rule 207 amended to a penalty of 5 points (now Rule 301, Nomic 109) sets
/// defeat_penalty; a parameter put back behind gavel's back is named by `gavel check`.
#[tokio::test]
async fn gavel_check_names_an_amended_nomic_rule_enforced_as_it_read_before() {
    let mut console = console_after(&[
        "@ 2026-11-23 09:00",
        "cj: /procedure set name:procedure value:nomic",
        "cj: /turns set member:@chris day:monday",
        "cj: /turns set member:@dave day:tuesday",
        "cj: /turns set member:@ben day:wednesday",
        "chris: /propose kind:amend rule:207 text:\"When a proposed rule-change is defeated, the player who proposed it loses 5 points.\"",
        "chris: /vote proposal:301 choice:yes",
        "dave: /vote proposal:301 choice:yes",
        "ben: /vote proposal:301 choice:yes",
        "@ 2026-11-24 00:00",
    ])
    .await;
    let breaches = breaches_of(
        &mut console,
        "DELETE FROM procedure_parameters WHERE name = 'defeat_penalty'",
    )
    .await;
    assert_eq!(breaches.len(), 1, "{breaches:?}");
    assert!(
        breaches[0].starts_with("Nomic 301 (first 207) was amended")
            && breaches[0].ends_with("gavel still enforces defeat_penalty = 10, neither read from the amendment nor waiting to be set (Nomic 101)"),
        "{breaches:?}"
    );
}
