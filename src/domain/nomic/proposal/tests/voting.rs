//! Tests of voting on a proposal, completing its vote, and the effect of an adopted one.

use super::*;

#[test]
fn each_player_votes_once_and_never_changes_it() {
    // Nomic 113, 208.
    let g = game();
    let mut p = monday_proposal();
    g.vote(&mut p, DAVE, Ballot::Yes, at(23, 13, 0)).unwrap();
    let e = g.vote(&mut p, DAVE, Ballot::No, at(23, 14, 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "You have already voted Yes on this proposal; a vote may not be withdrawn or changed, and each player has exactly one (Nomic 113, 208)."
    );
    assert_eq!(p.votes[&DAVE].ballot, Ballot::Yes);
    assert_eq!(
        g.vote(&mut p, 99, Ballot::Yes, at(23, 14, 0)),
        Err(VoteError::NotAPlayer)
    );
}

#[test]
fn a_vote_after_the_close_is_refused() {
    // Nomic 113: voting completes at the end of the day the proposal was submitted.
    let g = game();
    let mut p = monday_proposal();
    assert_eq!(p.closes_at, at(24, 0, 0));
    g.vote(&mut p, BEN, Ballot::Yes, at(23, 23, 59)).unwrap();
    assert_eq!(
        g.vote(&mut p, DAVE, Ballot::Yes, at(24, 0, 0)),
        Err(VoteError::Closed(p.number))
    );
}

#[test]
fn a_vote_cast_at_the_weekend_is_void() {
    // Nomic 201: Friday's proposal, a vote on Saturday.
    let g = game();
    let mut p = g
        .propose(&book(), None, ALEX_W, enact("x"), at(27, 10, 0))
        .unwrap();
    let e = g.vote(&mut p, BEN, Ballot::Yes, at(28, 9, 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "A vote cast on a Saturday or Sunday is void (Nomic 201)."
    );
}

#[test]
fn an_adopted_enactment_takes_effect_at_the_close_with_the_proposals_number() {
    // Nomic 108, 109, 206. Three Yes and no No under unanimity: adopted, R = 215 so 10.
    let g = game();
    let b = book();
    let mut p = monday_proposal();
    for voter in [CHRIS, DAVE, BEN] {
        g.vote(&mut p, voter, Ballot::Yes, at(23, 13, 0)).unwrap();
    }
    assert_eq!(
        g.complete(&mut p, &b, &[], at(23, 23, 0)),
        Err(CompleteError::StillOpen { number: p.number })
    );
    let done = g.complete(&mut p, &b, &[], at(24, 3, 0)).unwrap();
    assert_eq!(done.outcome, Outcome::Adopted);
    assert_eq!(done.required, Threshold::Unanimity);
    assert_eq!(done.effect, Some(Effect::At(at(24, 0, 0))));
    assert_eq!(
        p.stage,
        Stage::InEffect {
            since: at(24, 0, 0)
        }
    );
    assert_eq!(done.highest_rule, 215);
    assert_eq!(done.points.iter().map(|c| c.change).sum::<i64>(), 10);
    let after = g.bring_into_effect(&p, &b).unwrap();
    let new = after.get(&RuleId::Number(301)).unwrap();
    // Nomic 108: in effect from the close, the first instant of Tuesday 24 Nov.
    assert_eq!(new.since, Some(date(2026, 11, 24)));
    assert_eq!(
        g.complete(&mut p, &b, &[], at(24, 3, 0)),
        Err(CompleteError::AlreadyComplete(p.number))
    );
}

#[test]
fn an_amended_rule_takes_the_proposals_number_and_references_follow() {
    // Nomic 109, 110: amending 202 as 301 changes "Rule 202" in Rule 107's note to 301.
    let g = game();
    let b = book();
    let mut p = g
        .propose(
            &b,
            None,
            CHRIS,
            vec![RuleChange::Amend {
                rule: 202,
                text: vec!["Players may propose on their allocated day before 8pm.".into()],
            }],
            at(23, 12, 0),
        )
        .unwrap();
    g.vote(&mut p, DAVE, Ballot::Yes, at(23, 13, 0)).unwrap();
    g.complete(&mut p, &b, &[], at(24, 0, 0)).unwrap();
    let after = g.bring_into_effect(&p, &b).unwrap();
    assert!(after.get(&RuleId::Number(202)).is_none());
    assert_eq!(after.get(&RuleId::Number(301)).unwrap().version, 2);
    assert!(after.find("107").unwrap().notes[1]
        .text
        .contains("Rule 301"));
    assert_eq!(after.mutable_count(), 15);
}

#[test]
fn a_transmutation_to_mutable_needs_every_eligible_voter() {
    // Nomic 111: four Yes, one player silent.
    let g = game();
    let b = book();
    let mut p = g
        .propose(
            &b,
            None,
            CHRIS,
            vec![RuleChange::Transmute {
                rule: 106,
                to: Mutability::Mutable,
            }],
            at(23, 12, 0),
        )
        .unwrap();
    for voter in [CHRIS, DAVE, BEN, ALEX_T] {
        g.vote(&mut p, voter, Ballot::Yes, at(23, 13, 0)).unwrap();
    }
    let done = g.complete(&mut p, &b, &[], at(24, 0, 0)).unwrap();
    assert_eq!(done.required, Threshold::UnanimityOfEligible);
    assert_eq!(done.outcome, Outcome::Defeated);
    assert_eq!(p.stage, Stage::Defeated);
}

#[test]
fn a_proposal_nobody_votes_on_is_defeated_and_costs_ten() {
    // Reading of Nomic 104, 203, 207.
    let g = game();
    let mut p = monday_proposal();
    let done = g.complete(&mut p, &book(), &[], at(24, 0, 0)).unwrap();
    assert_eq!(done.outcome, Outcome::Defeated);
    assert_eq!(done.points.len(), 1);
    assert_eq!(done.points[0].change, -10);
}

#[test]
fn a_majority_adopts_after_the_second_circuit_and_dissent_is_rewarded() {
    // Nomic 204, 205: Monday 7 Dec 2026 is after the second circuit from 23 Nov.
    let g = game();
    let b = book();
    let monday = |h| {
        London
            .with_ymd_and_hms(2026, 12, 7, h, 0, 0)
            .unwrap()
            .with_timezone(&Utc)
    };
    let mut p = g.propose(&b, None, CHRIS, enact("x"), monday(10)).unwrap();
    for (voter, ballot) in [(CHRIS, Ballot::Yes), (DAVE, Ballot::Yes), (BEN, Ballot::No)] {
        g.vote(&mut p, voter, ballot, monday(11)).unwrap();
    }
    let done = g
        .complete(&mut p, &b, &[], monday(23) + chrono::TimeDelta::hours(1))
        .unwrap();
    assert_eq!(done.required, Threshold::SimpleMajority);
    assert_eq!(done.outcome, Outcome::Adopted);
    assert!(done
        .points
        .iter()
        .any(|c| c.player == BEN && c.change == 10));
    // floor(10 × 2 / 3) for the proposer.
    assert!(done
        .points
        .iter()
        .any(|c| c.player == CHRIS && c.change == 6));
}

#[test]
fn a_proposal_cannot_take_a_number_a_rule_already_has() {
    // Nomic 109: the proposal's number becomes the changed rule's.
    let p = NomicParameters::default();
    let mut b = book();
    b.insert(Rule::new(
        RuleId::Number(301),
        Mutability::Mutable,
        vec!["x".into()],
    ))
    .unwrap();
    let number = ProposalNumber::next(None, &p);
    assert_eq!(
        apply_changes(&b, number, &enact("y"), date(2026, 11, 23), &p)
            .unwrap_err()
            .to_string(),
        "Rule 301 already exists, so this proposal cannot take its number (Nomic 109)."
    );
}

#[test]
fn only_a_held_proposal_is_released() {
    let g = game();
    let mut p = monday_proposal();
    assert_eq!(g.release(&mut p, &[]), Err(ReleaseError::NotHeld(p.number)));
}

#[test]
fn a_held_proposals_points_wait_for_it_to_take_effect() {
    // Nomic 214: "All other actions under dispute are delayed until all relevant Judgements
    // are invoked." Adopted while a related Judgement is pending, its award is not paid at the
    // close; adopted with none pending, it is.
    let g = game();
    let b = book();
    let mut held = monday_proposal();
    g.vote(&mut held, DAVE, Ballot::Yes, at(23, 13, 0)).unwrap();
    let mut free = held.clone();
    let done = g.complete(&mut held, &b, &[None], at(24, 0, 0)).unwrap();
    assert_eq!(held.stage, Stage::Held);
    assert!(
        !done.points.is_empty(),
        "the award is reckoned at the close"
    );
    assert!(
        done.points_due_now().is_empty(),
        "and paid when it takes effect"
    );
    let done = g.complete(&mut free, &b, &[], at(24, 0, 0)).unwrap();
    assert_eq!(done.points_due_now(), done.points.as_slice());
}
