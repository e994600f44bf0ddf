//! Tests of the Chief Justice's own conflict, which keeps them from refusing and from sitting
//! unless too few Justices are free (Terms §III Acts 3.5, 3.5.1, 3.5.2, 3.6), and of the
//! Chief Justice hearing an appeal alone (Act 3.3).

use super::tests::{ban_facts, chief, filing, filing_of, granted};
use super::*;
use crate::domain::court::panel::tests::court;
use crate::domain::court::panel::{check_panel, suggest_panel, Bench};
use crate::domain::court::standing::tests::{facts, now, reason, CHIEF, MEMBER};
use crate::domain::court::standing::{Action, Conflict, Filing};
use crate::domain::court::verdict::tests::ballot;
use crate::domain::court::verdict::{Decision, Vote};
use chrono_tz::Europe::London;

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

#[test]
fn the_chief_justice_hears_alone_only_a_named_discretionary_power_or_when_no_panel_forms() {
    // Terms §III Act 3.3: "except for when the Chief Justice is exercising discretionary
    // powers: then they act in Solo".
    use crate::domain::court::standing::{MatterFacts, Subject};
    use crate::domain::court::{solo_ground, BenchRefusal, DiscretionaryPower, SoloGround};
    let case = super::tests::filing();
    assert_eq!(
        solo_ground(&case, &court(), None),
        Err(BenchRefusal::PanelPossible)
    );
    assert_eq!(
        solo_ground(&case, &court()[..2], None),
        Ok(SoloGround::NoPanel)
    );
    let refusal = solo_ground(&case, &court(), Some(DiscretionaryPower::Removal)).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "Case #7 is a Moderator's decision, not an exercise of the Chief Justice's discretionary power under Terms §II Act 7, so a panel of three hears it (Terms §III Act 3.3)."
    );
    let mut matter = case.clone();
    matter.subject = Subject::Matter(MatterFacts {
        description: reason("my removal under Act 7 was wrong"),
        parties: vec![],
    });
    assert_eq!(
        solo_ground(&matter, &court(), Some(DiscretionaryPower::Removal)),
        Ok(SoloGround::Power(DiscretionaryPower::Removal))
    );
    assert_eq!(
        solo_ground(&matter, &court(), None),
        Err(BenchRefusal::PanelPossible)
    );
}

#[test]
fn the_chief_justice_decides_alone_only_without_a_conflict() {
    // Terms §III Act 3.3 (solo), 3.5.2.
    let f = filing();
    // A Court of two: no panel of three can be formed (§III Act 3.3).
    let (solo, _) = granted(&f)
        .sit_solo(&f, &chief(), &court()[..2], None)
        .unwrap();
    let decided = solo
        .vote(&f, ballot(CHIEF, Vote::Uphold, 1), London)
        .unwrap();
    assert!(matches!(
        decided,
        Appeal::Decided {
            judgement: Judgement {
                decision: Decision::Uphold,
                ..
            },
            ..
        }
    ));
    let mut own = ban_facts();
    own.actor = CHIEF;
    let f = filing_of(own);
    assert_eq!(
        granted(&f).sit_solo(&f, &chief(), &court()[..2], None),
        Err(BenchRefusal::ChiefJusticeConflict(Conflict::Acted))
    );
}

#[test]
fn a_solo_judgement_may_be_taken_en_banc() {
    // Terms §III Act 3.9, read to keep the Chief Justice's discretion reviewable.
    let f = filing();
    let solo = granted(&f)
        .sit_solo(&f, &chief(), &court()[..2], None)
        .unwrap()
        .0
        .vote(&f, ballot(CHIEF, Vote::Uphold, 1), London)
        .unwrap();
    let asked = solo.request_en_banc(&f, MEMBER, now()).unwrap();
    let Appeal::EnBanc { panel, hearing } = asked.accept_en_banc(&chief(), &court()).unwrap()
    else {
        panic!("accepted")
    };
    assert_eq!(panel.bench, Bench::Solo(CHIEF));
    assert!(hearing.bench.sits(CHIEF));
}

#[test]
fn a_case_void_by_the_request_is_not_taken_en_banc() {
    // Terms §II Act 5, §III Acts 3.8b, 3.9: a case the panel voided was reversed as though it
    // never happened; the whole Court could not revive it, so the request is refused at once.
    use crate::domain::court::{en_banc_reaches, EnBancRefusal, Unreached};
    let f = filing();
    assert_eq!(en_banc_reaches(&f, None), Ok(()));
    let refusal = en_banc_reaches(&f, Some(Unreached::Overturned)).unwrap_err();
    assert!(matches!(refusal, EnBancRefusal::NothingLeft { .. }));
    assert!(refusal
        .to_string()
        .starts_with("Case #7 is void and its effects were reversed"));
}
