use super::*;
use crate::commands::Said;

fn part(step: Step, content: &str, private: bool) -> Action {
    Action::Then(Part {
        step,
        content: content.into(),
        private,
    })
}

/// Checks: a reply answers the interaction with its first part and follows with the rest; after
/// a deferral a success edits the "thinking..." and a refusal deletes it for a private
/// follow-up; a response kept for later becomes a follow-up with the same visibility.
#[test]
fn a_reply_is_planned_as_discord_takes_it() {
    let respond = |content: &str, private| Action::Respond {
        content: content.into(),
        private,
    };
    assert_eq!(
        plan(Ok(Said::words("done")), false, false),
        [respond("done", false)]
    );
    assert_eq!(plan(Err("no".into()), false, false), [respond("no", true)]);
    assert_eq!(
        plan(Ok(Said::words("done")), true, false),
        [part(Step::Edit, "done", false)]
    );
    assert_eq!(
        plan(Err("no".into()), true, false),
        [
            part(Step::Delete, "", true),
            part(Step::Followup, "no", true)
        ]
    );
    // A command declared private answers privately whatever the outcome, and after its
    // (private) deferral the answer replaces the "thinking...".
    assert_eq!(
        plan(Ok(Said::words("kept")), false, true),
        [respond("kept", true)]
    );
    assert_eq!(
        plan(Ok(Said::words("kept")), true, true),
        [part(Step::Edit, "kept", true)]
    );
    // A confirmation meant for the caller alone (`later:true`) is as private as a refusal.
    assert_eq!(
        plan(Ok(Said::words("recorded")), false, true),
        [respond("recorded", true)]
    );
    let long = ["x".repeat(1500), "y".repeat(1500)].join("\n");
    let actions = plan(Ok(Said::words(long)), false, false);
    assert_eq!(actions.len(), 2);
    assert_eq!(actions[1], part(Step::Followup, &"y".repeat(1500), false));
    assert_eq!(
        respond("no", true).kept(),
        Part {
            step: Step::Followup,
            content: "no".into(),
            private: true
        }
    );
}

/// Checks: a kept reply waits a 429's `retry_after`, else 1 s doubling with its server errors,
/// never more than 30 s (so a member is answered within 30 s of Discord's return) and never
/// less than 100 ms.
#[test]
fn a_kept_reply_waits_at_most_thirty_seconds() {
    let down = Failure::Unavailable("503".into());
    let waits: Vec<i64> = (0..7).map(|n| wait(&down, n).num_seconds()).collect();
    assert_eq!(waits, [1, 2, 4, 8, 16, 30, 30]);
    let limited = |s| Failure::RateLimited {
        retry_after: Some(s),
        what: "429".into(),
    };
    assert_eq!(wait(&limited(0.6), 3), Duration::milliseconds(600));
    assert_eq!(wait(&limited(0.0), 0), Duration::milliseconds(100));
    assert_eq!(wait(&limited(120.0), 0), MAX_REPLY_WAIT);
}
