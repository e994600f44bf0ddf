//! Tests of the Chief Justice's own conflict: it keeps them from refusing and from sitting,
//! unless too few Justices are free (Terms §III Acts 3.5, 3.5.1, 3.5.2, 3.6).

use super::tests::{chief, filing_of};
use super::*;
use crate::domain::court::panel::tests::court;
use crate::domain::court::panel::{check_panel, suggest_panel};
use crate::domain::court::standing::tests::{facts, now, reason, CHIEF};
use crate::domain::court::standing::{Action, Conflict, Filing};

/// A deduction the Chief Justice made as a Moderator (Terms §III Act 3.4).
fn against_the_chiefs_penalty() -> Filing {
    let mut f = facts(Action::Deduction);
    f.actor = CHIEF;
    filing_of(f)
}

#[test]
fn a_conflicted_chief_justice_does_not_refuse_while_two_free_justices_may_grant() {
    // Terms §III Acts 3.5, 3.6: "granted either by the Chief Justice, or at least independent
    // two justices"; the Chief Justice does not decide a case they have a conflict in.
    let f = against_the_chiefs_penalty();
    let three = &court()[..3]; // the Chief Justice and two others
    let refusal = Appeal::filed(&f)
        .refuse(&f, &chief(), three, reason("nothing to hear"), now())
        .unwrap_err();
    assert_eq!(
        refusal,
        GrantRefusal::ChiefJusticeConflicted(Conflict::Acted)
    );
    assert!(refusal
        .to_string()
        .contains("Terms §III Acts 3.5, 3.5.1, 3.6"));
    // With one other Justice, nobody else could grant it: the conflict is set aside (3.5.1).
    assert!(Appeal::filed(&f)
        .refuse(
            &f,
            &chief(),
            &court()[..2],
            reason("nothing to hear"),
            now()
        )
        .is_ok());
    // Granting is not refused: it favours the hearing the appellant asked for.
    assert!(Appeal::filed(&f).grant(&f, &chief(), now()).is_ok());
}

#[test]
fn with_two_other_justices_the_chiefs_own_penalty_is_still_heard_by_a_panel() {
    // Terms §III Acts 3.3, 3.5.1, 3.5.2: too few to empanel without the Chief Justice, so their
    // conflict is set aside and recorded; a granted appeal is not refused as unseatable.
    let f = against_the_chiefs_penalty();
    let three = &court()[..3];
    let granted = Appeal::filed(&f)
        .grant(&f, &super::tests::justice(2), now())
        .unwrap()
        .grant(&f, &super::tests::justice(3), now())
        .unwrap();
    assert!(!crate::domain::court::no_bench_possible(
        three,
        &f.conflicts()
    ));
    assert_eq!(
        granted.refuse_unseatable(&f, &chief(), three, reason("no bench"), now()),
        Err(GrantRefusal::ChiefJusticeConflicted(Conflict::Acted))
    );
    let s = suggest_panel(three, &f.conflicts());
    assert!(s.is_full());
    let panel = check_panel(&s.panel, three, &f.conflicts()).unwrap();
    assert_eq!(panel.conflicts_set_aside(), &[(CHIEF, Conflict::Acted)]);
    assert!(granted.seat_panel(&chief(), panel).is_ok());
}
