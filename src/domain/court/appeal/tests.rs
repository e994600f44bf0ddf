//! Tests of an appeal's lifecycle: grants and refusals, seating the bench, votes and the
//! judgement, en banc, and closing a ban to further appeals; the fixtures here (Justices, a
//! filing, an appeal heard or decided) serve the tests of opinions too.

use super::*;
use crate::domain::court::panel::tests::court;
use crate::domain::court::panel::{check_panel, Justice};
use crate::domain::court::standing::tests::{
    facts, member, now, reason, CHIEF, MEMBER, MODERATOR, OPPONENT,
};
use crate::domain::court::standing::{
    Action, ActionFacts, AppealRecord, Capacity, Conflict, Conflicts, Filing, Route, Subject,
};
use crate::domain::court::verdict::tests::{ballot, void};
use crate::domain::court::verdict::{Decision, InvalidVote, Overturn, Replacement, Vote};
use crate::domain::court::Acting;
use crate::domain::kernel::office::{Office, Offices};
use chrono::{Duration, NaiveDate};
use chrono_tz::Europe::London;

pub fn chief() -> Acting {
    Acting {
        id: CHIEF,
        offices: Offices::new(vec![Office::ChiefJustice]),
    }
}

pub fn justice(id: i64) -> Acting {
    Acting {
        id,
        offices: Offices::new(vec![Office::Justice]),
    }
}

pub fn ban_facts() -> ActionFacts {
    facts(Action::Ban {
        ends: NaiveDate::from_ymd_opt(2026, 12, 25),
    })
}

pub fn filing_of(facts: ActionFacts) -> Filing {
    Filing::new(
        Subject::Action(facts),
        member(MEMBER),
        reason("the ban had no proper reasoning"),
        now(),
        London,
    )
    .unwrap()
}

pub fn filing() -> Filing {
    filing_of(ban_facts())
}

/// Justice 3 played in the game: the moderator (20) is not a Justice here.
fn filing_with_justice_player() -> Filing {
    let mut f = ban_facts();
    f.game_players = vec![MEMBER, 3];
    filing_of(f)
}

pub fn granted(f: &Filing) -> Appeal {
    Appeal::filed(f).grant(f, &chief(), now()).unwrap()
}

/// Heard by Justices 1 (the Chief Justice), 2 and 3.
pub fn heard(f: &Filing) -> Appeal {
    let panel = check_panel(&[1, 2, 3], &court(), &Conflicts::default()).unwrap();
    granted(f).seat_panel(&chief(), panel).unwrap()
}

pub fn decided(f: &Filing) -> Appeal {
    heard(f)
        .vote(f, ballot(1, void(), 1), London)
        .unwrap()
        .vote(f, ballot(2, void(), 2), London)
        .unwrap()
}

#[test]
fn the_chief_justices_grant_opens_the_hearing() {
    // Terms §III Act 3.6.
    let f = filing();
    assert_eq!(
        granted(&f),
        Appeal::Granted {
            route: Route::Panel,
            by: GrantedBy::ChiefJustice(CHIEF),
            at: now()
        }
    );
}

#[test]
fn a_second_justices_grant_opens_the_hearing() {
    // Terms §III Act 3.6: "at least two justices", independently.
    let f = filing();
    let one = Appeal::filed(&f).grant(&f, &justice(2), now()).unwrap();
    assert_eq!(
        one,
        Appeal::AwaitingGrant {
            route: Route::Panel,
            grants: vec![JusticeGrant {
                justice: 2,
                at: now()
            }]
        }
    );
    assert_eq!(
        one.grant(&f, &justice(2), now()),
        Err(GrantRefusal::AlreadyGranted)
    );
    let two = one.grant(&f, &justice(4), now()).unwrap();
    assert!(matches!(
        two,
        Appeal::Granted {
            by: GrantedBy::TwoJustices([2, 4]),
            ..
        }
    ));
}

#[test]
fn a_justice_with_a_conflict_does_not_count_towards_a_grant() {
    // Terms §III Act 3.5, 3.6.
    let f = filing_with_justice_player();
    let refusal = Appeal::filed(&f).grant(&f, &justice(3), now()).unwrap_err();
    assert_eq!(refusal, GrantRefusal::Conflicted(Conflict::PlayedInGame));
    assert_eq!(
        refusal.to_string(),
        "A Justice with a conflict (they played in the game concerned) does not decide whether the Court hears a case (Terms §III Act 3.5, 3.6)."
    );
}

#[test]
fn nobody_decides_whether_their_own_appeal_is_heard() {
    let mut f = filing();
    f.appellant = CHIEF;
    assert_eq!(
        Appeal::filed(&f).grant(&f, &chief(), now()),
        Err(GrantRefusal::OwnAppeal)
    );
    assert_eq!(
        Appeal::filed(&f).refuse(&f, &chief(), &court(), reason("not a matter"), now()),
        Err(GrantRefusal::OwnAppeal)
    );
}

#[test]
fn only_the_court_grants_and_only_the_chief_justice_refuses() {
    // Terms §III Act 3.6.
    let f = filing();
    let moderator = Acting {
        id: MODERATOR,
        offices: Offices::new(vec![Office::Moderator]),
    };
    assert_eq!(
        Appeal::filed(&f)
            .grant(&f, &moderator, now())
            .unwrap_err()
            .to_string(),
        "Only a Justice or the Chief Justice may grant a hearing (Terms §III Act 3.6)."
    );
    assert_eq!(
        Appeal::filed(&f)
            .refuse(
                &f,
                &justice(2),
                &court(),
                reason("no arguable grounds"),
                now()
            )
            .unwrap_err()
            .to_string(),
        "Only the Chief Justice may refuse to hear an appeal (Terms §III Act 3.6)."
    );
    let refused = Appeal::filed(&f)
        .refuse(&f, &chief(), &court(), reason("no arguable grounds"), now())
        .unwrap();
    assert!(!refused.is_hearing());
    assert_eq!(
        refused.grant(&f, &chief(), now()).unwrap_err().to_string(),
        "This appeal is refused; it cannot be granted or refused now."
    );
}

#[test]
fn a_panel_that_lost_a_justice_is_re_seated_keeping_the_votes_cast() {
    // Terms §III Act 3.3: a majority of a panel of Justices decides; one dismissed from
    // office can no longer vote, so the Chief Justice seats a new panel (Act 3.7).
    let f = filing();
    let voted = heard(&f).vote(&f, ballot(2, void(), 1), London).unwrap();
    let all = court();
    let panel = || check_panel(&[1, 2, 4], &all, &Conflicts::default()).unwrap();
    assert_eq!(
        voted.reseat_panel(&chief(), panel(), &all, now()),
        Err(BenchRefusal::PanelStands)
    );
    let without_3: Vec<Justice> = all.iter().filter(|j| j.id != 3).cloned().collect();
    let reseated = voted
        .reseat_panel(&chief(), panel(), &without_3, now())
        .unwrap();
    let Appeal::Hearing(h) = &reseated else {
        panic!("still heard")
    };
    assert_eq!(h.bench.seats(), vec![1, 2, 4]);
    assert_eq!(h.ballots.len(), 1);
    assert!(voted
        .reseat_panel(&justice(2), panel(), &without_3, now())
        .is_err());
}

#[test]
fn two_independent_justices_grant_despite_the_chief_justices_refusal() {
    // Terms §III Act 3.6: "granted either by the Chief Justice, or at least independent two
    // justices"; the Chief Justice's refusal does not bind two Justices.
    let f = filing();
    let refused = Appeal::filed(&f)
        .refuse(&f, &chief(), &court(), reason("no arguable grounds"), now())
        .unwrap();
    let one = refused.grant(&f, &justice(2), now()).unwrap();
    assert!(matches!(&one, Appeal::Refused { grants, .. } if grants.len() == 1));
    assert!(!one.is_hearing());
    assert_eq!(
        one.grant(&f, &justice(2), now()),
        Err(GrantRefusal::AlreadyGranted)
    );
    assert!(matches!(
        one.grant(&f, &justice(4), now()).unwrap(),
        Appeal::Granted {
            by: GrantedBy::TwoJustices([2, 4]),
            ..
        }
    ));
}

#[test]
fn only_a_granted_hearing_holds_its_parties() {
    // Terms §II Act 8.1: a request to leave waits while "a Court hearing" involves them; a
    // filing is on the docket from the start, but a hearing only from the grant.
    let f = filing();
    assert!(Appeal::filed(&f).is_hearing() && !Appeal::filed(&f).holds_parties());
    assert!(granted(&f).holds_parties());
    assert!(heard(&f).holds_parties());
    let done = decided(&f);
    assert!(!done.is_hearing() && !done.holds_parties());
    let asked = done.request_en_banc(&f, MODERATOR, now()).unwrap();
    assert!(asked.is_hearing() && !asked.holds_parties());
    assert!(asked
        .accept_en_banc(&chief(), &court())
        .unwrap()
        .holds_parties());
    assert!(f.parties().contains(&MEMBER));
}

#[test]
fn only_the_chief_justice_chooses_the_panel() {
    // Terms §III Act 3.7.
    let f = filing();
    let panel = check_panel(&[1, 2, 3], &court(), &Conflicts::default()).unwrap();
    assert!(matches!(
        granted(&f).seat_panel(&justice(2), panel.clone()),
        Err(BenchRefusal::Unauthorised(_))
    ));
    assert!(matches!(
        Appeal::filed(&f).seat_panel(&chief(), panel),
        Err(BenchRefusal::Stage(_))
    ));
}

fn technical() -> Filing {
    let mut t = facts(Action::Technical);
    t.against = None;
    t.actor = CHIEF;
    t.capacity = Capacity::ChiefJustice;
    filing_of(t)
}

#[test]
fn a_direct_challenge_seats_the_whole_court_conflicts_and_all() {
    // Terms §III Act 5, 3.5.3: the Chief Justice, who made the modification, sits too.
    let f = technical();
    let g = granted(&f);
    assert_eq!(
        g.sit_solo(&f, &chief(), &court(), None),
        Err(BenchRefusal::EnBancRoute)
    );
    let whole = g.seat_whole_court(&court()).unwrap();
    let Appeal::Hearing(h) = &whole else {
        panic!("seated")
    };
    assert_eq!(h.bench.seats(), vec![1, 2, 3, 4, 5]);
    assert_eq!(
        granted(&filing()).seat_whole_court(&court()),
        Err(BenchRefusal::PanelRoute)
    );
    assert_eq!(g.seat_whole_court(&[]), Err(BenchRefusal::NoJustices));
}

#[test]
fn each_justice_on_the_bench_votes_once() {
    // Terms §III Act 3.3.
    let f = filing();
    let one = heard(&f).vote(&f, ballot(1, void(), 1), London).unwrap();
    assert_eq!(
        one.vote(&f, ballot(1, Vote::Uphold, 2), London),
        Err(VoteRefusal::AlreadyVoted)
    );
    assert_eq!(
        one.vote(&f, ballot(4, Vote::Uphold, 2), London),
        Err(VoteRefusal::NotOnBench)
    );
    assert!(matches!(
        granted(&f).vote(&f, ballot(1, Vote::Uphold, 2), London),
        Err(VoteRefusal::Stage(_))
    ));
    // Asked before the form for the reasons opens: the same answers, whatever the vote.
    assert_eq!(heard(&f).may_vote(1), Ok(()));
    assert_eq!(one.may_vote(1), Err(VoteRefusal::AlreadyVoted));
    assert_eq!(one.may_vote(4), Err(VoteRefusal::NotOnBench));
    assert!(matches!(
        granted(&f).may_vote(1),
        Err(VoteRefusal::Stage(_))
    ));
}

#[test]
fn a_vote_the_terms_do_not_allow_is_refused_before_it_counts() {
    // Terms §II Act 9.2: the new end of a ban is a real date after today (its weekday, the
    // club's ban day, is checked by the app, which knows the day).
    let f = filing();
    let past = Vote::Overturn(Overturn {
        replacement: Replacement::BanEnds(NaiveDate::from_ymd_opt(2020, 12, 4).unwrap()),
        ground: None,
    });
    assert!(matches!(
        heard(&f).vote(&f, ballot(1, past, 1), London),
        Err(VoteRefusal::Invalid(InvalidVote::BanDate(_)))
    ));
}

#[test]
fn the_decision_is_the_panels_once_two_concur_and_the_third_may_still_vote() {
    // Terms §III Act 3.3.
    let f = filing();
    let done = decided(&f);
    let Appeal::Decided { judgement, .. } = &done else {
        panic!("two concurring votes decide")
    };
    assert_eq!(judgement.decided_at, now() + Duration::minutes(2));
    let with_dissent = done.vote(&f, ballot(3, Vote::Uphold, 3), London).unwrap();
    let j = with_dissent.judgement().unwrap();
    assert_eq!(j.ballots.len(), 3);
    assert_eq!(j.majority(), vec![1, 2]);
    assert_eq!(j.decided_at, now() + Duration::minutes(2));
}

#[test]
fn a_panel_split_three_ways_votes_again() {
    let f = filing();
    let split = heard(&f)
        .vote(&f, ballot(1, void(), 1), London)
        .unwrap()
        .vote(&f, ballot(2, Vote::Uphold, 2), London)
        .unwrap()
        .vote(
            &f,
            ballot(
                3,
                Vote::Remand {
                    conditions: reason("hear the opponent"),
                },
                3,
            ),
            London,
        )
        .unwrap();
    let Appeal::Hearing(h) = &split else {
        panic!("still being heard")
    };
    assert!(h.ballots.is_empty());
    assert_eq!(h.split_rounds.len(), 1);
    // The new round takes each panellist's vote afresh.
    assert!(split.vote(&f, ballot(1, Vote::Uphold, 4), London).is_ok());
}

#[test]
fn a_party_may_ask_for_en_banc_once_and_only_the_chief_justice_decides_it() {
    // Terms §III Act 3.9, 3.9.1.
    let f = filing();
    let done = decided(&f);
    assert_eq!(
        done.request_en_banc(&f, OPPONENT, now()),
        Err(EnBancRefusal::NotAParty)
    );
    assert_eq!(
        done.accept_en_banc(&chief(), &court()),
        Err(EnBancRefusal::NotRequested)
    );
    let asked = done.request_en_banc(&f, MODERATOR, now()).unwrap();
    assert_eq!(
        asked.request_en_banc(&f, MEMBER, now()),
        Err(EnBancRefusal::AlreadyRequested)
    );
    assert_eq!(
        asked
            .accept_en_banc(&justice(2), &court())
            .unwrap_err()
            .to_string(),
        "Only the Chief Justice may accept an en banc hearing (Terms §III Act 3.9.1)."
    );
    let refused = asked
        .refuse_en_banc(&chief(), reason("nothing new is raised"), now())
        .unwrap();
    assert!(!refused.is_hearing() && !refused.is_final());
    assert_eq!(
        refused.request_en_banc(&f, MEMBER, now()),
        Err(EnBancRefusal::AlreadyRequested)
    );
    assert!(matches!(
        heard(&f).request_en_banc(&f, MEMBER, now()),
        Err(EnBancRefusal::Stage(_))
    ));
    let accepted = asked.accept_en_banc(&chief(), &court()).unwrap();
    assert_eq!(
        accepted
            .refuse_en_banc(&chief(), reason("changed my mind"), now())
            .unwrap_err()
            .to_string(),
        "This appeal is before the whole Court en banc; it cannot be sent en banc or kept from it now."
    );
    assert_eq!(
        accepted.request_en_banc(&f, MEMBER, now()),
        Err(EnBancRefusal::AlreadyRequested)
    );
}

fn en_banc(f: &Filing) -> Appeal {
    decided(f)
        .request_en_banc(f, MEMBER, now())
        .unwrap()
        .accept_en_banc(&chief(), &court())
        .unwrap()
}

#[test]
fn an_en_banc_judgement_is_final() {
    // Terms §III Act 3.9.2.
    let f = filing();
    let mut appeal = en_banc(&f);
    for j in 1..=3 {
        appeal = appeal
            .vote(&f, ballot(j, Vote::Uphold, 10 + j), London)
            .unwrap();
    }
    let Appeal::Final { panel, judgement } = &appeal else {
        panic!("three of five decide")
    };
    assert_eq!(judgement.decision, Decision::Uphold);
    assert!(judgement.is_final() && judgement.by_majority);
    assert!(panel.is_some());
    assert!(appeal.is_final() && !appeal.is_hearing());
    assert_eq!(
        appeal.request_en_banc(&f, MEMBER, now()),
        Err(EnBancRefusal::Final)
    );
    let mut record_facts = ban_facts();
    record_facts.record = AppealRecord::of([(9, &appeal)], None);
    assert_eq!(record_facts.record.final_judgement, Some(9));
    assert!(Filing::new(
        Subject::Action(record_facts),
        member(MEMBER),
        reason("one more try"),
        now(),
        London
    )
    .is_err());
}

#[test]
fn an_even_court_that_ties_en_banc_leaves_the_panels_judgement_standing() {
    // Terms §III Act 3.9: only a majority of the whole Court changes it.
    let f = filing();
    let mut appeal = decided(&f)
        .request_en_banc(&f, MODERATOR, now())
        .unwrap()
        .accept_en_banc(&chief(), &court()[..4])
        .unwrap();
    for (j, vote) in [
        (1, void()),
        (2, void()),
        (3, Vote::Uphold),
        (4, Vote::Uphold),
    ] {
        appeal = appeal.vote(&f, ballot(j, vote, j), London).unwrap();
    }
    let Appeal::Final { judgement, .. } = &appeal else {
        panic!("everyone voted")
    };
    assert_eq!(
        judgement.decision,
        decided(&f).judgement().unwrap().decision
    );
    assert!(!judgement.by_majority);
    assert_eq!(judgement.majority(), vec![1, 2]);
}

#[test]
fn a_tied_direct_challenge_leaves_the_modification_standing() {
    // Terms §III Act 5: the challenge fails without a majority of the whole Court.
    let f = technical();
    let mut appeal = granted(&f).seat_whole_court(&court()[..2]).unwrap();
    appeal = appeal.vote(&f, ballot(1, Vote::Uphold, 1), London).unwrap();
    appeal = appeal.vote(&f, ballot(2, void(), 2), London).unwrap();
    let Appeal::Final { panel, judgement } = &appeal else {
        panic!("everyone voted")
    };
    assert!(panel.is_none());
    assert_eq!(judgement.decision, Decision::Uphold);
}

#[test]
fn further_appeals_on_a_ban_are_closed_only_after_one_and_for_a_finite_time() {
    // Terms §II Act 9.5.
    let f = filing();
    let later = now() + Duration::weeks(4);
    assert_eq!(
        decided(&f).close_to_further_appeals(&f, &chief(), later, now(), London),
        Ok(later)
    );
    assert_eq!(
        heard(&f).close_to_further_appeals(&f, &chief(), later, now(), London),
        Err(ClosureRefusal::NotYetHeard)
    );
    assert_eq!(
        decided(&f).close_to_further_appeals(&f, &chief(), now(), now(), London),
        Err(ClosureRefusal::NotInFuture)
    );
    assert!(matches!(
        decided(&f).close_to_further_appeals(&f, &justice(2), later, now(), London),
        Err(ClosureRefusal::Unauthorised(_))
    ));
    let deduction = filing_of(facts(Action::Deduction));
    assert_eq!(
        decided(&deduction).close_to_further_appeals(&deduction, &chief(), later, now(), London),
        Err(ClosureRefusal::NotABan)
    );
    // "for specified finite duration": no further than a ban's end may be set (§II Act 9.2).
    let far = now() + Duration::days(3654);
    assert!(matches!(
        decided(&f).close_to_further_appeals(&f, &chief(), far, now(), London),
        Err(ClosureRefusal::TooFar(_))
    ));
    let ten_years = now() + Duration::days(3653);
    assert_eq!(
        decided(&f).close_to_further_appeals(&f, &chief(), ten_years, now(), London),
        Ok(ten_years)
    );
}
