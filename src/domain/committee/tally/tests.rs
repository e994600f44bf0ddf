//! The tallies the house rules describe (A.6, A.7), case by case.

use super::*;
use crate::domain::committee::rules::{Abstentions, Fraction, Majority, TieBreak, VoteRules};

/// The TMC's rules: 2/3 turnout, a simple majority, the TD breaks ties (A.6).
fn tmc() -> VoteRules {
    VoteRules {
        turnout: Fraction::TWO_THIRDS,
        majority: Majority::Simple,
        tie_break: TieBreak::Director,
        abstentions: Abstentions::Count,
    }
}

fn counts(yes: u32, no: u32, abstain: u32) -> Counts {
    Counts { yes, no, abstain }
}

#[test]
fn four_votes_of_a_sitting_body_of_seven_do_not_bind_a6() {
    let outcome = decide(counts(3, 1, 0), 7, &tmc());
    assert_eq!(
        outcome,
        Outcome::NotBinding {
            voted: 4,
            sitting: 7,
            needed: Fraction::TWO_THIRDS
        }
    );
    assert_eq!(
        outcome.to_string(),
        "not binding: turnout 4 of 7 is below 2/3"
    );
}

#[test]
fn five_votes_of_seven_bind_a6() {
    assert_eq!(decide(counts(3, 2, 0), 7, &tmc()), Outcome::Adopted);
    assert_eq!(decide(counts(2, 3, 0), 7, &tmc()), Outcome::Rejected);
}

#[test]
fn six_votes_split_three_three_wait_for_the_td_who_breaks_the_tie_a6() {
    assert_eq!(decide(counts(3, 3, 0), 7, &tmc()), Outcome::Tied);
    assert_eq!(break_tie(Choice::Yes), Ok(Outcome::Adopted));
    assert_eq!(break_tie(Choice::No), Ok(Outcome::Rejected));
    assert_eq!(break_tie(Choice::Abstain), Err(TieBreakError::MustChoose));
}

#[test]
fn a_tie_rejects_where_the_committee_has_no_tie_breaker() {
    let rules = VoteRules {
        tie_break: TieBreak::Rejects,
        ..tmc()
    };
    assert_eq!(decide(counts(3, 3, 0), 7, &rules), Outcome::Rejected);
}

#[test]
fn an_abstention_is_a_vote_for_turnout_and_for_the_majority_alike_a6() {
    // Counted: 5 of 7 voted, and Yes 2 of 5 votes cast is no majority.
    assert_eq!(decide(counts(2, 1, 2), 7, &tmc()), Outcome::Rejected);
    assert_eq!(decide(counts(3, 1, 1), 7, &tmc()), Outcome::Adopted);
    // Not counted: 3 of 7 voted Yes or No, below 2/3.
    let ignored = VoteRules {
        abstentions: Abstentions::Ignore,
        ..tmc()
    };
    assert!(matches!(
        decide(counts(2, 1, 2), 7, &ignored),
        Outcome::NotBinding { voted: 3, .. }
    ));
    assert_eq!(decide(counts(3, 2, 2), 7, &ignored), Outcome::Adopted);
}

#[test]
fn one_yes_with_four_abstentions_carries_no_ordinary_motion_a6() {
    // 5 of 7 voted: the decision binds, and 1 of 5 is no majority.
    assert_eq!(decide(counts(1, 0, 4), 7, &tmc()), Outcome::Rejected);
    let ignored = VoteRules {
        abstentions: Abstentions::Ignore,
        ..tmc()
    };
    assert!(matches!(
        decide(counts(1, 0, 4), 7, &ignored),
        Outcome::NotBinding { voted: 1, .. }
    ));
}

#[test]
fn one_yes_with_five_abstentions_does_not_override_the_veto_a7() {
    let counted = VoteRules::published_override_of(tmc());
    assert_eq!(decide(counts(1, 0, 5), 7, &counted), Outcome::Rejected);
    let ignored = VoteRules::published_override_of(VoteRules {
        abstentions: Abstentions::Ignore,
        ..tmc()
    });
    assert!(matches!(
        decide(counts(1, 0, 5), 7, &ignored),
        Outcome::NotBinding { voted: 1, .. }
    ));
    // The reading motions closed under before it was corrected carried it; it is kept only
    // so that their record re-derives.
    let old = VoteRules {
        abstentions: Abstentions::TurnoutOnly,
        ..counted
    };
    assert_eq!(decide(counts(1, 0, 5), 7, &old), Outcome::Adopted);
}

#[test]
fn a_tie_is_yes_at_exactly_half_of_the_votes_so_one_more_decides_a6() {
    // Counted: Yes 3 of 6 votes cast is exactly half; the TD's one vote decides.
    assert_eq!(decide(counts(3, 2, 1), 7, &tmc()), Outcome::Tied);
    // Yes 2 of 6 is below half whatever the TD casts: rejected, not tied.
    assert_eq!(decide(counts(2, 2, 2), 7, &tmc()), Outcome::Rejected);
}

#[test]
fn a_vote_of_only_abstentions_carries_nothing() {
    assert_eq!(decide(counts(0, 0, 5), 7, &tmc()), Outcome::Rejected);
}

#[test]
fn a_veto_is_overridden_five_to_one_with_six_of_seven_voting_a7() {
    let rules = VoteRules::published_override_of(tmc());
    assert_eq!(decide(counts(5, 1, 0), 7, &rules), Outcome::Adopted);
}

#[test]
fn a_veto_is_not_overridden_four_to_three_with_seven_of_seven_voting_a7() {
    let rules = VoteRules::published_override_of(tmc());
    assert_eq!(decide(counts(4, 3, 0), 7, &rules), Outcome::Rejected);
}

#[test]
fn a_veto_is_not_overridden_five_to_nothing_with_five_of_seven_voting_a7() {
    let rules = VoteRules::published_override_of(tmc());
    assert_eq!(
        decide(counts(5, 0, 0), 7, &rules),
        Outcome::NotBinding {
            voted: 5,
            sitting: 7,
            needed: Fraction::THREE_QUARTERS
        }
    );
}

#[test]
fn an_override_tied_is_not_carried_and_waits_for_no_one_a7() {
    let rules = VoteRules::published_override_of(tmc());
    assert_eq!(decide(counts(3, 3, 0), 6, &rules), Outcome::Rejected);
}

#[test]
fn counts_read_as_yes_no_and_abstain() {
    let c = Counts::of([Choice::Yes, Choice::No, Choice::Abstain, Choice::Yes]);
    assert_eq!(c, counts(2, 1, 1));
    assert_eq!(c.to_string(), "Yes 2, No 1, Abstain 1");
    assert_eq!(counts(5, 1, 0).to_string(), "Yes 5, No 1");
}
