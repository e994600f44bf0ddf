//! Tests of votes, their validation against the action appealed, and the tally.

use super::*;
use crate::domain::court::panel::{check_panel, tests::court};
use crate::domain::court::standing::tests::{facts, now, reason};
use crate::domain::court::standing::{Conflicts, MatterFacts};
use chrono::Duration;

#[test]
fn a_weekly_deduction_is_upheld_or_overturned_never_remanded() {
    // Terms §II Act 6.3, §III Act 5: the whole Court hears it; no Moderator re-decides it.
    let today = NaiveDate::from_ymd_opt(2026, 11, 27).expect("a date");
    let remand = Vote::Remand {
        conditions: reason("count the sessions again"),
    };
    for action in [Action::Absence, Action::Inactivity] {
        assert_eq!(
            remand.validate(&Subject::Action(facts(action)), today),
            Err(InvalidVote::WeeklyNotRemanded)
        );
    }
    assert_eq!(
        remand.validate(&Subject::Action(facts(Action::Deduction)), today),
        Ok(())
    );
}

#[test]
fn no_proper_reasoning_needs_a_declaration() {
    // Terms §III Act 2.4.3 judges the reasoning declared under Act 2.4.
    assert_eq!(
        reasoning_ground_applies(4, false),
        Err(InvalidVote::Undeclared { case: 4 })
    );
    assert_eq!(reasoning_ground_applies(4, true), Ok(()));
}

pub fn panel() -> Bench {
    Bench::Panel(check_panel(&[1, 2, 3], &court(), &Conflicts::default()).unwrap())
}

pub fn ballot(justice: i64, vote: Vote, minutes: i64) -> Ballot {
    Ballot {
        justice,
        vote,
        reasons: reason("for the reasons given"),
        at: now() + Duration::minutes(minutes),
    }
}

pub fn void() -> Vote {
    Vote::Overturn(Overturn {
        replacement: Replacement::Void,
        ground: None,
    })
}

fn date(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

fn ban_until(m: u32, d: u32) -> Subject {
    Subject::Action(facts(Action::Ban {
        ends: Some(date(m, d)),
    }))
}

fn new_end(end: NaiveDate, ground: Option<Ground>) -> Vote {
    Vote::Overturn(Overturn {
        replacement: Replacement::BanEnds(end),
        ground,
    })
}

const TODAY: (u32, u32) = (11, 27);

/// Friday 1 January 2027, a week after the ban's end.
fn new_year() -> NaiveDate {
    NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()
}

fn today() -> NaiveDate {
    date(TODAY.0, TODAY.1)
}

#[test]
fn the_decision_takes_effect_with_the_second_concurring_vote() {
    // Terms §III Act 3.3: a majority for a judgement.
    let bench = panel();
    let first = [ballot(1, void(), 0)];
    assert_eq!(
        Verdict::from_votes(&bench, &first),
        Verdict::Pending { cast: 1, needed: 2 }
    );
    let split_then_concur = [
        ballot(1, void(), 0),
        ballot(2, Vote::Uphold, 5),
        ballot(3, void(), 9),
    ];
    assert_eq!(
        Verdict::from_votes(&bench, &split_then_concur),
        Verdict::Reached {
            decision: Decision::Overturn(Overturn {
                replacement: Replacement::Void,
                ground: None
            }),
            majority: vec![1, 3],
            at: now() + Duration::minutes(9),
        }
    );
}

#[test]
fn overturns_with_different_replacements_do_not_concur() {
    // Terms §III Act 3.8b: the replacement is part of the Court's decision.
    let shorter = new_end(date(12, 4), None);
    let ballots = [ballot(1, void(), 0), ballot(2, shorter, 1)];
    assert_eq!(
        Verdict::from_votes(&panel(), &ballots),
        Verdict::Pending { cast: 2, needed: 2 }
    );
}

#[test]
fn a_three_way_split_sends_the_panel_to_vote_again() {
    let ballots = [
        ballot(1, void(), 0),
        ballot(2, Vote::Uphold, 1),
        ballot(
            3,
            Vote::Remand {
                conditions: reason("hear the opponent first"),
            },
            2,
        ),
    ];
    assert_eq!(Verdict::from_votes(&panel(), &ballots), Verdict::Split);
}

fn remand(conditions: &str) -> Vote {
    Vote::Remand {
        conditions: reason(conditions),
    }
}

#[test]
fn remands_concur_only_on_the_same_conditions() {
    // Terms §III Act 3.8a: the Moderator re-evaluates under the Court's conditions, so two
    // contradictory remands are no majority; the third vote decides or the panel votes again.
    let contradictory = [
        ballot(1, remand("shorten the ban to one week"), 0),
        ballot(2, remand("keep the ban at nine weeks"), 1),
    ];
    assert_eq!(
        Verdict::from_votes(&panel(), &contradictory),
        Verdict::Pending { cast: 2, needed: 2 }
    );
    let mut three = contradictory.to_vec();
    three.push(ballot(3, Vote::Uphold, 2));
    assert_eq!(Verdict::from_votes(&panel(), &three), Verdict::Split);

    let alike = [
        ballot(1, remand("Hear the opponent."), 0),
        ballot(2, remand("hear the  opponent"), 1),
    ];
    let Verdict::Reached { decision, .. } = Verdict::from_votes(&panel(), &alike) else {
        panic!("two remands on the same conditions decide");
    };
    assert_eq!(
        decision,
        Decision::Remand {
            conditions: vec![reason("Hear the opponent.")]
        }
    );
    assert!(decision.concurs(&remand("hear the opponent")));
    assert!(!decision.concurs(&remand("state the offence")));
}

#[test]
fn an_even_court_that_ties_reaches_no_majority() {
    // Terms §III Act 3.9: a majority of the whole Court.
    let bench = Bench::whole_court(&court()[..4]);
    let ballots = [
        ballot(1, void(), 0),
        ballot(2, void(), 1),
        ballot(3, Vote::Uphold, 2),
        ballot(4, Vote::Uphold, 3),
    ];
    assert_eq!(Verdict::from_votes(&bench, &ballots), Verdict::NoMajority);
}

#[test]
fn only_the_court_changes_a_ban_and_the_new_end_is_a_future_date() {
    // Terms §II Act 9.2, 9.3, 9.4.
    let subject = ban_until(12, 25);
    assert_eq!(
        new_end(date(12, 4), None).validate(&subject, today()),
        Ok(())
    );
    assert_eq!(
        new_end(new_year(), None).validate(&subject, today()),
        Ok(())
    );
    // Which weekday the end must be is the club's ban day, which the app checks before the
    // vote reaches the domain (court_ban_solo_en_banc.gavel refuses a Thursday).
    assert!(matches!(
        new_end(date(11, 20), None).validate(&subject, today()),
        Err(InvalidVote::BanDate(BanDateError::NotFuture(_)))
    ));
    assert!(matches!(
        new_end(date(12, 25), None).validate(&subject, today()),
        Err(InvalidVote::SameBanEnd(_))
    ));
    assert_eq!(
        new_end(date(12, 4), None).validate(&Subject::Action(facts(Action::Deduction)), today()),
        Err(InvalidVote::NotABan {
            what: "case #7".into()
        })
    );
}

#[test]
fn a_permanent_ban_may_be_given_an_end() {
    // Terms §II Act 9.3: shortened.
    let permanent = Subject::Action(facts(Action::Violation {
        step: Step::PermanentBan,
        ban_ends: None,
    }));
    assert_eq!(
        new_end(date(12, 4), Some(Ground::NoProperReasoning)).validate(&permanent, today()),
        Ok(())
    );
}

#[test]
fn want_of_proper_reasoning_may_lessen_a_penalty_but_never_harden_it() {
    // Terms §III Act 2.4.3.
    let subject = ban_until(12, 25);
    let ground = Some(Ground::NoProperReasoning);
    assert_eq!(
        new_end(date(12, 4), ground).validate(&subject, today()),
        Ok(())
    );
    assert_eq!(
        new_end(new_year(), ground).validate(&subject, today()),
        Err(InvalidVote::Harsher)
    );
    let void_for_want = Vote::Overturn(Overturn {
        replacement: Replacement::Void,
        ground,
    });
    assert_eq!(void_for_want.validate(&subject, today()), Ok(()));
    assert_eq!(
        void_for_want.validate(&Subject::Action(facts(Action::Award)), today()),
        Err(InvalidVote::NotAPenalty)
    );
}

#[test]
fn an_overturn_may_substitute_only_a_lesser_step_of_the_ladder() {
    // Terms §II Act 5.
    let reset = Subject::Action(facts(Action::Violation {
        step: Step::Reset,
        ban_ends: None,
    }));
    let step = |s| {
        Vote::Overturn(Overturn {
            replacement: Replacement::LesserStep(s),
            ground: None,
        })
    };
    assert_eq!(step(Step::Halve).validate(&reset, today()), Ok(()));
    assert_eq!(
        step(Step::Reset).validate(&reset, today()),
        Err(InvalidVote::NotLesser {
            current: 3,
            chosen: 3
        })
    );
    assert_eq!(
        step(Step::Reverse).validate(&ban_until(12, 25), today()),
        Err(InvalidVote::NotAViolation {
            what: "case #7".into()
        })
    );
}

#[test]
fn a_matter_is_ruled_on_in_words_and_cannot_be_remanded() {
    // Terms §III Act 3.8.
    let matter = Subject::Matter(MatterFacts {
        description: reason("the session register is wrong"),
        parties: vec![],
    });
    let ruling = Vote::Overturn(Overturn {
        replacement: Replacement::Ruling(reason("the register is corrected")),
        ground: None,
    });
    assert_eq!(ruling.validate(&matter, today()), Ok(()));
    assert_eq!(
        void().validate(&matter, today()),
        Err(InvalidVote::NotACase)
    );
    assert_eq!(
        Vote::Remand {
            conditions: reason("look again")
        }
        .validate(&matter, today()),
        Err(InvalidVote::NothingToRemand)
    );
    assert_eq!(
        ruling.validate(&ban_until(12, 25), today()),
        Err(InvalidVote::RulingOnACase)
    );
}

#[test]
fn a_deduction_or_award_may_be_replaced_by_a_smaller_one_never_a_larger() {
    // Terms §III Acts 2.4.3 (invalid "in severity"), 3.8b (the Court's own decision in place).
    let points = |n| {
        Vote::Overturn(Overturn {
            replacement: Replacement::Points(n),
            ground: None,
        })
    };
    let deduction = Subject::Action(facts(Action::Deduction)); // 30 points
    assert_eq!(points(10).validate(&deduction, today()), Ok(()));
    assert_eq!(
        points(30).validate(&deduction, today()),
        Err(InvalidVote::NotFewer {
            current: 30,
            chosen: 30
        })
    );
    assert!(matches!(
        points(40).validate(&deduction, today()),
        Err(InvalidVote::NotFewer { .. })
    ));
    let award = Subject::Action(facts(Action::Award));
    assert_eq!(points(5).validate(&award, today()), Ok(()));
    let reasoning = Vote::Overturn(Overturn {
        replacement: Replacement::Points(10),
        ground: Some(Ground::NoProperReasoning),
    });
    assert_eq!(reasoning.validate(&deduction, today()), Ok(()));
    assert_eq!(
        points(10).validate(&ban_until(12, 25), today()),
        Err(InvalidVote::NoPoints {
            what: "case #7".into()
        })
    );
}
