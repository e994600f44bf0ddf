//! Nomic under settings a transcript cannot make (transcripts run on the default config): a
//! club in another time zone still runs Nomic in UK time (Nomic 106), and a club whose Points
//! of Order go to the Chief Justice (`orders.judge = "chief_justice"`, Nomic 214).

use gavel::adapters::console::Console;
use gavel::config::Config;

fn console(edit: impl FnOnce(&mut Config)) -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    edit(&mut config);
    Console::new(config)
}

/// Runs each line and returns every output line, refusals included.
async fn run(console: &mut Console, lines: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        for o in console.execute(line).await.expect("line runs") {
            out.extend(o.render());
        }
    }
    out
}

fn has(out: &[String], wanted: &str) -> bool {
    out.iter().any(|l| l.contains(wanted))
}

#[tokio::test]
async fn a_club_in_berlin_proposes_before_seven_and_votes_until_midnight_uk_time() {
    // Nomic 106: "All times specified in rules in UK time. Days are considered to start and end
    // in UK time." The console's clock speaks the club's time, Berlin (an hour ahead in winter).
    let mut c = console(|config| config.club.timezone = chrono_tz::Europe::Berlin);
    let setup = run(
        &mut c,
        &[
            "@ 2026-11-23 09:00",
            "cj: /procedure set name:procedure value:nomic",
            "cj: /turns set member:@ann day:monday",
            "cj: /turns set member:@ben day:tuesday",
        ],
    )
    .await;
    assert!(!setup.iter().any(|l| l.starts_with('!')), "{setup:?}");
    // 19:30 in Berlin is 18:30 in the UK: before the cut-off of 19:00 (Nomic 202).
    let out = run(
        &mut c,
        &[
            "@ 2026-11-23 19:30",
            "ann: /propose kind:enact text:\"Players may pass.\"",
        ],
    )
    .await;
    assert!(
        has(&out, "Voting closes Tue 24 Nov 2026 00:00 GMT (Nomic 113)"),
        "{out:?}"
    );
    // 00:30 on Tuesday in Berlin is still Monday in the UK: voting is open (Nomic 113) and it
    // is not yet ben's day (Nomic 202).
    let out = run(
        &mut c,
        &[
            "@ 2026-11-24 00:30",
            "ben: /vote proposal:301 choice:yes",
            "ben: /propose kind:enact text:\"Too early.\"",
        ],
    )
    .await;
    assert!(has(&out, "Your Yes on Proposal 301 is recorded"), "{out:?}");
    assert!(
        has(&out, "You may propose only on your allocated day, Tuesday"),
        "{out:?}"
    );
    // At 01:00 in Berlin, midnight in the UK, the vote has closed.
    let out = run(
        &mut c,
        &["@ 2026-11-24 01:00", "ann: /proposal show proposal:301"],
    )
    .await;
    assert!(has(&out, "adopted and in effect"), "{out:?}");
    // Saturday begins at midnight UK time, 01:00 in Berlin (Nomic 201, 106).
    let out = run(
        &mut c,
        &[
            "@ 2026-11-28 00:30",
            "ann: /order raise text:\"Is it Friday?\"",
            "@ 2026-11-28 01:30",
            "ann: /order raise text:\"Is it Saturday?\"",
        ],
    )
    .await;
    assert!(has(&out, "Point of Order #1 is raised"), "{out:?}");
    assert!(
        has(&out, "raised on a Saturday or Sunday is void"),
        "{out:?}"
    );
}

#[tokio::test]
async fn the_chief_justice_judges_every_new_point_with_the_conflicts_of_the_rotation() {
    // orders.judge = "chief_justice": the Chief Justice takes every new Point, whether or not
    // they play; a Point they may not take (their own turn, Nomic 214) goes to the rotation's
    // Judge, and one they do not judge passes along the rotation as usual.
    let mut c = console(|config| config.orders.judge = gavel::config::JudgeRule::ChiefJustice);
    let setup = run(
        &mut c,
        &[
            "@ 2026-11-23 09:00",
            "cj: /procedure set name:procedure value:nomic",
            "cj: /turns set member:@ann day:monday",
            "cj: /turns set member:@ben day:tuesday",
            "cj: /turns set member:@cat day:wednesday",
        ],
    )
    .await;
    assert!(!setup.iter().any(|l| l.starts_with('!')), "{setup:?}");
    // The Chief Justice, who does not play, judges; undisputed, the Judgement is invoked.
    let out = run(
        &mut c,
        &[
            "@ 2026-11-24 10:00",
            "ann: /order raise text:\"May a vote be cast by button?\"",
            "cj: /order judgement point:1 text:\"Yes: a press is the command.\"",
            "@ 2026-11-24 11:00",
            "ann: /order show point:1",
        ],
    )
    .await;
    assert!(has(&out, "cj is its Judge"), "{out:?}");
    assert!(has(&out, "Judgement on Point of Order #1 by cj"), "{out:?}");
    assert!(has(&out, "Status: Judgement invoked"), "{out:?}");
    // A Point the Chief Justice leaves passes at midnight to the rotation's Judge of the next
    // day (Wednesday: Tuesday's ben), not left unsettled.
    let out = run(
        &mut c,
        &[
            "ben: /order raise text:\"Is a tie a defeat?\"",
            "@ 2026-11-25 09:00",
            "ann: /order list",
        ],
    )
    .await;
    assert!(
        has(&out, "cj gave no Judgement by the end of their day and forfeits Point of Order #2; @ben is now its Judge"),
        "{out:?}"
    );
    assert!(has(&out, "#2 by ben: Judge ben"), "{out:?}");
    // A Chief Justice who plays does not judge in their own turn: cj plays on Thursday, and a
    // Point raised on Thursday goes to the rotation's Judge, Wednesday's cat.
    let out = run(
        &mut c,
        &[
            "cj: /turns set member:@cj day:thursday",
            "@ 2026-11-26 10:00",
            "ann: /order raise text:\"Whose turn is it?\"",
            "@ 2026-11-27 10:00",
            "ann: /order raise text:\"And now?\"",
        ],
    )
    .await;
    assert!(
        has(&out, "Point of Order #3 is raised; cat is its Judge"),
        "{out:?}"
    );
    assert!(
        has(&out, "Point of Order #4 is raised; cj is its Judge"),
        "{out:?}"
    );
}
