//! Tests of Points of Order: the Judge of the day and their deadline, raising, Judgement,
//! dispute and opinions, overruling and forfeit, and a proposal's effect after Judgement.

use super::*;
use crate::domain::kernel::text::TextError;
use crate::domain::nomic::proposal::{effect_of, Effect, RuleChange, Stage};
use crate::domain::nomic::rulebook::Rulebook;
use crate::domain::nomic::tally::Ballot;
use crate::domain::nomic::turns::tests::{date, rule_201, ALEX_T, ALEX_W, BEN, CHRIS, DAVE};
use crate::domain::nomic::{Nomic, PlayerId, INITIAL_RULES_JSON};
use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use chrono_tz::Europe::London;

fn game() -> Nomic {
    Nomic::new(rule_201(), date(2026, 11, 23), London)
}

/// Club time in London in late November 2026 (GMT). The 24th is a Tuesday.
fn at(day: u32, h: u32, m: u32) -> DateTime<Utc> {
    London
        .with_ymd_and_hms(2026, 11, day, h, m, 0)
        .unwrap()
        .with_timezone(&Utc)
}

/// Ben raises a Point on Tuesday 24 Nov at 10:00; Chris (Monday) judges.
fn tuesday_point() -> PointOfOrder {
    PointOfOrder::raise(
        &game(),
        BEN,
        "Was Dave's vote void?",
        None,
        0,
        at(24, 10, 0),
    )
    .unwrap()
}

#[test]
fn the_judge_is_yesterdays_player_with_until_the_end_of_the_day() {
    // Nomic 214.
    let p = tuesday_point();
    assert_eq!(
        p.status,
        PointStatus::AwaitingJudgement {
            judge: CHRIS,
            deadline: at(25, 0, 0)
        }
    );
}

#[test]
fn a_second_point_the_same_day_goes_to_the_same_judge() {
    // Nomic 214: one Judge settles all questions until the next turn begins.
    let g = game();
    let later = PointOfOrder::raise(&g, DAVE, "Another question", None, 0, at(24, 21, 0)).unwrap();
    assert_eq!(later.judge(), Some(CHRIS));
    let next_day = PointOfOrder::raise(&g, DAVE, "A third", None, 0, at(25, 9, 0)).unwrap();
    assert_eq!(next_day.judge(), Some(DAVE));
}

#[test]
fn a_club_may_name_the_chief_justice_as_every_points_first_judge() {
    // orders.judge = "chief_justice": the named Judge takes the Point; overruling still
    // passes it along the order of Nomic 214.
    let g = game();
    let mut p = PointOfOrder::raise_to(
        &g,
        JudgeChoice::Named(ALEX_W),
        BEN,
        "Was it void?",
        None,
        0,
        at(24, 10, 0),
    )
    .unwrap();
    assert_eq!(p.judge(), Some(ALEX_W));
    assert_eq!(p.status.stage(), PointStage::AwaitingJudgement);
    p.judge_it(&g, ALEX_W, "It was.", at(24, 11, 0)).unwrap();
    assert_eq!(p.status.stage(), PointStage::Judged);
}

fn named(g: &Nomic, judge: PlayerId, when: DateTime<Utc>) -> PointOfOrder {
    PointOfOrder::raise_to(g, JudgeChoice::Named(judge), BEN, "Q?", None, 0, when).unwrap()
}

#[test]
fn a_chief_justice_who_does_not_play_judges_and_hands_a_point_on_to_the_rotation() {
    // orders.judge = "chief_justice", the Chief Justice (99) having no allocated day: they
    // judge; a Point they do not judge by the end of the day passes to the rotation's Judge of
    // the next day, as forfeit passes it along the rotation (Nomic 214), not left unsettled.
    const CJ: PlayerId = 99;
    let g = game();
    let mut p = named(&g, CJ, at(24, 10, 0));
    assert_eq!(p.judge(), Some(CJ));
    let mut judged = p.clone();
    judged.judge_it(&g, CJ, "It was.", at(24, 11, 0)).unwrap();
    assert_eq!(judged.status.stage(), PointStage::Judged);
    let happened = p.run_deadlines(&g, at(25, 0, 0));
    assert!(
        matches!(
            happened.as_slice(),
            [Happened::HandedOver {
                judge: CJ,
                new_judge: DAVE,
                ..
            }]
        ),
        "{happened:?}"
    );
}

#[test]
fn a_chief_justice_who_plays_has_the_conflicts_of_the_rotation() {
    // Nomic 214: "no player is to be Judge during his or her own turn or during the turn of a
    // team-mate"; nor after leaving the game (Nomic 115). Dave plays on Tuesday.
    let g = game();
    // On his own Tuesday the rotation's Judge, Chris, takes the Point; on Wednesday Dave does.
    assert_eq!(named(&g, DAVE, at(24, 10, 0)).judge(), Some(CHRIS));
    assert_eq!(named(&g, DAVE, at(25, 10, 0)).judge(), Some(DAVE));
    // On his team-mate Ben's Wednesday, Chris again.
    let teams = Nomic {
        turns: rule_201().with_teams([(DAVE, 1), (BEN, 1)]),
        ..game()
    };
    assert_eq!(named(&teams, DAVE, at(25, 10, 0)).judge(), Some(CHRIS));
    // Once he has forfeited the game, never.
    let mut left = game();
    left.turns.forfeit(DAVE).unwrap();
    assert_eq!(named(&left, DAVE, at(25, 10, 0)).judge(), Some(CHRIS));
}

#[test]
fn a_point_raised_at_the_weekend_is_void() {
    // Nomic 201. 29 Nov 2026 is a Sunday.
    let e = PointOfOrder::raise(&game(), BEN, "x y", None, 0, at(29, 10, 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "A Point of Order raised on a Saturday or Sunday is void (Nomic 201)."
    );
}

#[test]
fn no_player_may_have_more_than_three_active_points() {
    // Nomic 214. Invoked Points are no longer active.
    let g = game();
    let mut points = vec![tuesday_point(), tuesday_point(), tuesday_point()];
    assert_eq!(active_count(&points, BEN), 3);
    let e = PointOfOrder::raise(&g, BEN, "a fourth", None, 3, at(24, 11, 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "You already have 3 active Points of Order; no player may have more than 3 at any one time (Nomic 214)."
    );
    points[0]
        .judge_it(&g, CHRIS, "Void.", at(24, 12, 0))
        .unwrap();
    points[0].run_deadlines(&g, at(24, 13, 0));
    assert_eq!(active_count(&points, BEN), 2);
}

#[test]
fn only_players_raise_points_and_a_statement_is_needed() {
    let g = game();
    assert_eq!(
        PointOfOrder::raise(&g, 99, "x", None, 0, at(24, 10, 0)),
        Err(RaiseError::NotAPlayer)
    );
    assert!(matches!(
        PointOfOrder::raise(&g, BEN, "  ", None, 0, at(24, 10, 0)),
        Err(RaiseError::Text(TextError::Empty { .. }))
    ));
}

#[test]
fn nobody_can_judge_when_everyone_is_on_todays_side() {
    let turns = crate::domain::nomic::Turns::new([
        (CHRIS, chrono::Weekday::Mon),
        (DAVE, chrono::Weekday::Tue),
    ])
    .unwrap()
    .with_teams([(CHRIS, 1), (DAVE, 1)]);
    let g = Nomic::new(turns, date(2026, 11, 23), London);
    assert_eq!(
        PointOfOrder::raise(&g, CHRIS, "x", None, 0, at(24, 10, 0)),
        Err(RaiseError::NoJudge)
    );
}

#[test]
fn an_undisputed_judgement_is_invoked_after_an_hour() {
    // Nomic 214.
    let g = game();
    let mut p = tuesday_point();
    assert_eq!(
        p.judge_it(&g, CHRIS, "The vote was void.", at(24, 12, 0)),
        Ok(Happened::Judged {
            judge: CHRIS,
            dispute_until: at(24, 13, 0)
        })
    );
    assert!(p.run_deadlines(&g, at(24, 12, 59)).is_empty());
    // A job running late still invokes at the hour's end.
    assert_eq!(
        p.run_deadlines(&g, at(24, 15, 0)),
        vec![Happened::Invoked {
            at: at(24, 13, 0),
            how: Invocation::Undisputed
        }]
    );
    assert_eq!(p.invoked_at(), Some(at(24, 13, 0)));
    assert!(!p.is_active());
}

#[test]
fn only_the_judge_pronounces_and_only_on_a_weekday() {
    let g = game();
    let mut p = tuesday_point();
    assert_eq!(
        p.judge_it(&g, DAVE, "x", at(24, 12, 0)),
        Err(JudgeError::NotTheJudge)
    );
    // A Friday Point, judged on Saturday, is void.
    let mut friday = PointOfOrder::raise(&g, BEN, "x", None, 0, at(27, 22, 0)).unwrap();
    assert_eq!(friday.judge(), Some(ALEX_T));
    assert_eq!(
        friday.judge_it(&g, ALEX_T, "x", at(28, 9, 0)),
        Err(JudgeError::Weekend)
    );
    p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
    assert_eq!(
        p.judge_it(&g, CHRIS, "Again.", at(24, 12, 5)),
        Err(JudgeError::NotAwaiting)
    );
}

#[test]
fn a_judges_deadline_is_the_end_of_the_uk_day_after_the_clock_change() {
    // British Summer Time starts on Sunday 29 March 2026. A Point raised on Friday 27th
    // passes at midnight to a Judge who has until the end of Monday 30th, 23:00 UTC.
    let g = Nomic::new(rule_201(), date(2026, 3, 23), London);
    let friday = Utc.with_ymd_and_hms(2026, 3, 27, 10, 0, 0).unwrap();
    let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, friday).unwrap();
    p.run_deadlines(&g, Utc.with_ymd_and_hms(2026, 3, 28, 0, 0, 0).unwrap());
    assert_eq!(
        p.next_deadline(),
        Some(Utc.with_ymd_and_hms(2026, 3, 30, 23, 0, 0).unwrap())
    );
}

#[test]
fn the_judge_cannot_dispute_and_disputes_close_after_an_hour() {
    // Nomic 214: any of the other players, within one hour.
    let g = game();
    let mut p = tuesday_point();
    assert_eq!(
        p.dispute(&g, DAVE, at(24, 11, 0)),
        Err(DisputeError::NotJudged)
    );
    p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
    assert_eq!(
        p.dispute(&g, CHRIS, at(24, 12, 10)),
        Err(DisputeError::ByTheJudge)
    );
    assert_eq!(
        p.dispute(&g, 99, at(24, 12, 10)),
        Err(DisputeError::NotAPlayer)
    );
    assert_eq!(
        p.dispute(&g, DAVE, at(24, 13, 0)),
        Err(DisputeError::Closed)
    );
    p.dispute(&g, DAVE, at(24, 12, 30)).unwrap();
    assert_eq!(
        p.dispute(&g, BEN, at(24, 12, 31)),
        Err(DisputeError::AlreadyDisputed)
    );
}

#[test]
fn one_agreement_invokes_a_disputed_judgement() {
    // Nomic 214: a single player other than the Judge agrees.
    let g = game();
    let mut p = tuesday_point();
    p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
    assert_eq!(
        p.dispute(&g, DAVE, at(24, 12, 30)),
        Ok(Happened::Disputed {
            by: DAVE,
            opinions_until: at(24, 13, 30)
        })
    );
    p.disagree(&g, ALEX_T, at(24, 12, 40)).unwrap();
    assert_eq!(
        p.agree(&g, BEN, at(24, 12, 50)),
        Ok(Happened::Invoked {
            at: at(24, 12, 50),
            how: Invocation::Agreed { by: BEN }
        })
    );
    assert_eq!(p.judge(), Some(CHRIS));
}

#[test]
fn opinions_come_once_each_from_players_other_than_the_judge_and_the_disputer() {
    let g = game();
    let mut p = tuesday_point();
    p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
    assert_eq!(
        p.agree(&g, BEN, at(24, 12, 10)),
        Err(OpinionError::NotDisputed)
    );
    p.dispute(&g, DAVE, at(24, 12, 30)).unwrap();
    assert_eq!(
        p.agree(&g, CHRIS, at(24, 12, 40)),
        Err(OpinionError::ByTheJudge)
    );
    assert_eq!(
        p.agree(&g, DAVE, at(24, 12, 40)),
        Err(OpinionError::Disputer)
    );
    p.disagree(&g, BEN, at(24, 12, 40)).unwrap();
    assert_eq!(
        p.agree(&g, BEN, at(24, 12, 45)),
        Err(OpinionError::AlreadySaid)
    );
    assert_eq!(
        p.agree(&g, ALEX_T, at(24, 13, 30)),
        Err(OpinionError::Closed)
    );
    assert_eq!(
        p.agree(&g, 99, at(24, 12, 45)),
        Err(OpinionError::NotAPlayer)
    );
}

#[test]
fn a_dispute_nobody_answers_overrules_the_judge() {
    // Reading of Nomic 214: the disputer counts as disagreeing. Chris is overruled at
    // 13:30; on Tuesday (Dave's day) the player preceding Chris is Alex W.
    let g = game();
    let mut p = tuesday_point();
    p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
    p.dispute(&g, BEN, at(24, 12, 30)).unwrap();
    assert_eq!(
        p.run_deadlines(&g, at(24, 13, 30)),
        vec![Happened::HandedOver {
            judge: CHRIS,
            why: Handover::Overruled,
            new_judge: ALEX_W,
            later: None,
            deadline: at(25, 0, 0)
        }]
    );
    assert!(p.is_active());
}

#[test]
fn everyone_else_disagreeing_overrules_at_once() {
    let g = game();
    let mut p = tuesday_point();
    p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
    p.dispute(&g, DAVE, at(24, 12, 30)).unwrap();
    assert_eq!(
        p.disagree(&g, BEN, at(24, 12, 31)),
        Ok(Happened::Disagreed { by: BEN })
    );
    p.disagree(&g, ALEX_T, at(24, 12, 32)).unwrap();
    let last = p.disagree(&g, ALEX_W, at(24, 12, 33)).unwrap();
    assert!(matches!(
        last,
        Happened::HandedOver {
            why: Handover::Overruled,
            new_judge: ALEX_W,
            ..
        }
    ));
}

#[test]
fn no_point_against_a_proposal_adopted_but_not_yet_in_effect() {
    // Nomic 214.
    let g = game();
    let book = Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap();
    let monday = |h| at(23, h, 0);
    let mut proposal = g
        .propose(
            &book,
            None,
            CHRIS,
            vec![RuleChange::Enact {
                text: vec!["Players may pass.".into()],
            }],
            monday(10),
        )
        .unwrap();
    // A Point about it during the vote is allowed, and holds its effect back.
    let mut point =
        PointOfOrder::raise(&g, DAVE, "Is this proper?", Some(&proposal), 0, monday(11)).unwrap();
    g.vote(&mut proposal, DAVE, Ballot::Yes, monday(12))
        .unwrap();
    let done = g
        .complete(
            &mut proposal,
            &book,
            &invocations(std::slice::from_ref(&point)),
            at(24, 0, 0),
        )
        .unwrap();
    assert_eq!(done.effect, Some(Effect::Held { pending: 1 }));
    assert_eq!(proposal.stage, Stage::Held);
    assert_eq!(
        PointOfOrder::raise(&g, BEN, "And this?", Some(&proposal), 0, at(24, 9, 0)),
        Err(RaiseError::AwaitingEffect(proposal.number))
    );
    // Monday's Judge is Alex W, who judged late on Monday; invoked at 00:30 on Tuesday.
    point
        .judge_it(&g, ALEX_W, "Proper.", monday(23) + TimeDelta::minutes(30))
        .unwrap();
    assert!(g
        .release(&mut proposal, &invocations(std::slice::from_ref(&point)))
        .is_err());
    point.run_deadlines(&g, at(24, 1, 0));
    let since = g
        .release(&mut proposal, &invocations(std::slice::from_ref(&point)))
        .unwrap();
    assert_eq!(since, at(24, 0, 30));
    assert_eq!(proposal.stage, Stage::InEffect { since });
}

#[test]
fn judgements_invoked_before_the_close_do_not_delay_the_effect() {
    let close = at(24, 0, 0);
    let g = game();
    let mut point = tuesday_point();
    assert_eq!(
        effect_of(close, &invocations(std::slice::from_ref(&point))),
        Effect::Held { pending: 1 }
    );
    point.judge_it(&g, CHRIS, "Fine.", at(24, 11, 0)).unwrap();
    point.run_deadlines(&g, at(24, 12, 0));
    assert_eq!(effect_of(at(24, 0, 0), &[]), Effect::At(close));
    assert_eq!(
        effect_of(at(25, 0, 0), &invocations(std::slice::from_ref(&point))),
        Effect::At(at(25, 0, 0))
    );
}

#[test]
fn disputes_and_opinions_at_the_weekend_are_void() {
    // Nomic 201: a Friday-night Judgement's windows run into Saturday, when nothing counts.
    let g = game();
    let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, at(27, 10, 0)).unwrap();
    p.judge_it(&g, ALEX_T, "Void.", at(27, 23, 30)).unwrap();
    assert_eq!(
        p.dispute(&g, BEN, at(28, 0, 10)),
        Err(DisputeError::Weekend)
    );
    p.dispute(&g, BEN, at(27, 23, 50)).unwrap();
    assert_eq!(p.agree(&g, DAVE, at(28, 0, 20)), Err(OpinionError::Weekend));
    assert_eq!(
        p.disagree(&g, DAVE, at(28, 0, 20)),
        Err(OpinionError::Weekend)
    );
}

#[test]
fn a_judgement_needs_words() {
    let g = game();
    let mut p = tuesday_point();
    assert!(matches!(
        p.judge_it(&g, CHRIS, " ", at(24, 12, 0)),
        Err(JudgeError::Text(TextError::Empty { .. }))
    ));
}

mod chain;
