//! Tests of the chain of Judges: who takes a Point when its Judge forfeits it, is overruled or
//! leaves the game, day after day (Nomic 214, 115, 201).

use std::collections::BTreeSet;

use super::*;
#[test]
fn after_a_weekend_the_new_judge_is_chosen_for_the_monday_they_sit() {
    // Nomic 214: "no player is to be Judge during his or her own turn"; a Judge taking a
    // Point at the weekend sits on the Monday (Nomic 201), so Monday's player is passed over.
    let turns = crate::domain::nomic::turns::Turns::new([
        (CHRIS, chrono::Weekday::Mon),
        (DAVE, chrono::Weekday::Tue),
        (ALEX_W, chrono::Weekday::Fri),
    ])
    .unwrap();
    let g = Nomic::new(turns, date(2026, 11, 23), London);
    // Friday 27 Nov: Alex W's turn, so Dave (Tuesday) judges, and forfeits at midnight.
    let mut p = PointOfOrder::raise(&g, CHRIS, "Q?", None, 0, at(27, 10, 0)).unwrap();
    assert_eq!(p.judge(), Some(DAVE));
    p.run_deadlines(&g, at(28, 0, 0));
    // Chris precedes Dave, but Monday is Chris's turn: Alex W judges, until Monday ends.
    assert_eq!(p.judge(), Some(ALEX_W));
    assert_eq!(
        p.next_deadline(),
        Some(at(30, 23, 59) + TimeDelta::minutes(1))
    );
}

#[test]
fn a_judge_who_leaves_the_game_passes_the_point_on_at_once() {
    // Nomic 115, 214: a player who forfeits the game judges no more.
    let mut g = game();
    let mut p = tuesday_point();
    assert_eq!(p.judge(), Some(CHRIS));
    g.turns.forfeit(CHRIS).unwrap();
    assert_eq!(
        p.clone().judge_it(&g, CHRIS, "Too late.", at(24, 10, 5)),
        Err(JudgeError::LeftTheGame)
    );
    let happened = p.judge_left_game(&g, CHRIS, at(24, 10, 5));
    assert!(matches!(
        happened,
        Some(Happened::HandedOver {
            judge: CHRIS,
            why: Handover::LeftTheGame,
            new_judge: ALEX_W,
            ..
        })
    ));
    // Someone else leaving changes nothing.
    assert_eq!(p.judge_left_game(&g, BEN, at(24, 10, 6)), None);
}

#[test]
fn a_point_nobody_judges_passes_back_day_after_day_and_is_never_left_unsettled() {
    // Nomic 214: "If the Judge has not invoked Judgement by the end of the day, they forfeit
    // their position as Judge on that Point of Order to the player preceding them ... The same
    // applies for the new Judge." Three weeks on, it still passes on, round the order of days.
    let g = game();
    let mut p = tuesday_point();
    let happened = p.run_deadlines(&g, at(24, 12, 0) + TimeDelta::days(21));
    assert!(happened.iter().all(|h| matches!(
        h,
        Happened::HandedOver {
            why: Handover::Forfeited,
            later: None,
            ..
        }
    )));
    // One handover a weekday: the 15 weekdays from Tuesday 24 Nov to Monday 14 Dec.
    assert_eq!(happened.len(), 15);
    assert_eq!(p.status.stage(), PointStage::AwaitingJudgement);
    let twice: Vec<PlayerId> = p.judges.iter().map(|j| j.judge).collect();
    let distinct: BTreeSet<PlayerId> = twice.iter().copied().collect();
    assert_eq!(distinct.len(), 5, "every player has held it: {twice:?}");
    // Whoever holds it now may still judge it, in their day.
    let judge = p.judge().unwrap();
    let now = p.judge_since().unwrap() + TimeDelta::hours(10);
    p.judge_it(&g, judge, "At last.", now).unwrap();
    assert_eq!(p.status.stage(), PointStage::Judged);
}

#[test]
fn a_day_on_which_nobody_may_judge_passes_the_point_to_the_next() {
    // Nomic 214: "no player is to be Judge during his or her own turn or during the turn of a
    // team-mate". Chris (Monday) and Dave (Tuesday) play alone; on Wednesday nobody's turn,
    // Dave judges; so the Point passes between them, except on a day nobody may take it.
    let turns = crate::domain::nomic::turns::Turns::new([
        (CHRIS, chrono::Weekday::Mon),
        (DAVE, chrono::Weekday::Tue),
    ])
    .unwrap();
    let g = Nomic::new(turns, date(2026, 11, 23), London);
    // Raised on Monday 23rd: Monday is Chris's turn, so Dave judges.
    let mut p = PointOfOrder::raise(&g, CHRIS, "Q?", None, 0, at(23, 10, 0)).unwrap();
    assert_eq!(p.judge(), Some(DAVE));
    // Each forfeits it in turn: Chris on Tuesday, Dave on Wednesday (nobody's turn), Chris on
    // Thursday, Dave on Friday.
    p.run_deadlines(&g, at(27, 12, 0));
    assert_eq!(p.judge(), Some(DAVE));
    // Dave forfeits it when Friday ends. The next weekday is Monday, Chris's own turn, and
    // nobody else may take it: it passes to Chris from the start of Tuesday 1 December.
    let tuesday = at(30, 0, 0) + TimeDelta::days(1);
    let happened = p.run_deadlines(&g, at(28, 0, 0));
    assert!(
        matches!(
            happened.as_slice(),
            [Happened::HandedOver {
                new_judge: CHRIS,
                later: Some(from),
                ..
            }] if *from == tuesday
        ),
        "{happened:?}"
    );
    assert_eq!(
        p.clone().judge_it(&g, CHRIS, "Now?", at(30, 10, 0)),
        Err(JudgeError::NotYet(tuesday))
    );
    p.judge_it(&g, CHRIS, "Now.", tuesday + TimeDelta::hours(9))
        .unwrap();
}

#[test]
fn a_judge_who_has_not_judged_by_the_end_of_the_day_forfeits_to_the_preceding_player() {
    // Nomic 214: Chris forfeits at midnight to Alex W, who precedes him (it is Wednesday,
    // Ben's day). Alex W forfeits in turn at the end of Wednesday: it is Thursday, Alex T's
    // day, so the Point passes over Alex T to Ben.
    let g = game();
    let mut p = tuesday_point();
    assert_eq!(
        p.judge_it(&g, CHRIS, "Too late.", at(25, 0, 0)),
        Err(JudgeError::TooLate)
    );
    let happened = p.run_deadlines(&g, at(26, 8, 0));
    assert_eq!(
        happened,
        vec![
            Happened::HandedOver {
                judge: CHRIS,
                why: Handover::Forfeited,
                new_judge: ALEX_W,
                later: None,
                deadline: at(26, 0, 0)
            },
            Happened::HandedOver {
                judge: ALEX_W,
                why: Handover::Forfeited,
                new_judge: BEN,
                later: None,
                deadline: at(27, 0, 0)
            },
        ]
    );
    assert_eq!(p.judges.len(), 3);
    assert_eq!(p.judges[0].ended, Some((at(25, 0, 0), Handover::Forfeited)));
}

#[test]
fn a_judge_who_takes_over_at_the_weekend_has_until_the_end_of_monday() {
    // Reading of Nomic 214 with 201. Friday's Judge forfeits at midnight into Saturday.
    let g = game();
    let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, at(27, 10, 0)).unwrap();
    let happened = p.run_deadlines(&g, at(28, 0, 0));
    assert_eq!(
        happened,
        vec![Happened::HandedOver {
            judge: ALEX_T,
            why: Handover::Forfeited,
            new_judge: BEN,
            later: None,
            deadline: London
                .with_ymd_and_hms(2026, 12, 1, 0, 0, 0)
                .unwrap()
                .with_timezone(&Utc)
        }]
    );
}

#[test]
fn overruling_skips_todays_player_and_their_team_mates() {
    // Nomic 214: with Dave and Alex W in one team, overruling Chris on Dave's day passes the
    // Point to Alex T.
    let mut g = game();
    g.turns = rule_201().with_teams([(DAVE, 1), (ALEX_W, 1)]);
    let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, at(24, 10, 0)).unwrap();
    p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
    p.dispute(&g, BEN, at(24, 12, 30)).unwrap();
    let happened = p.run_deadlines(&g, at(24, 14, 0));
    assert!(matches!(
        happened.as_slice(),
        [Happened::HandedOver {
            new_judge: ALEX_T,
            ..
        }]
    ));
}

/// Point `p`, judged by `judge` at 10:30 on Tuesday 24 Nov, disputed by Dave (or Ben) and
/// disagreed with by every other player: its Judge is overruled at 10:50.
fn overrule(g: &Nomic, p: &mut PointOfOrder, judge: PlayerId) {
    p.judge_it(g, judge, "No.", at(24, 10, 30)).unwrap();
    let others: Vec<PlayerId> = g.turns.players().filter(|x| *x != judge).collect();
    p.dispute(g, others[0], at(24, 10, 40)).unwrap();
    for other in &others[1..] {
        p.disagree(g, *other, at(24, 10, 50)).unwrap();
    }
    assert_ne!(p.judge(), Some(judge), "overruled");
}

#[test]
fn a_judge_overruled_today_takes_no_new_point_and_no_handed_one_that_day() {
    // Nomic 214: "Unless a Judge is overruled, one Judge settles all questions arising from the
    // game until the next turn is begun." Chris, Tuesday's Judge, is overruled on one Point.
    let mut g = game();
    let mut first = tuesday_point();
    overrule(&g, &mut first, CHRIS);
    assert_eq!(first.judge(), Some(ALEX_W));
    g.overruled.push((CHRIS, at(24, 10, 50)));
    // A new Point that day goes to the player preceding him, as his overruled Point did.
    let second = PointOfOrder::raise(&g, BEN, "Another?", None, 0, at(24, 11, 0)).unwrap();
    assert_eq!(second.judge(), Some(ALEX_W));
    // A Point handed over that day passes him by too: Ben, overruled, would pass it back past
    // Dave (whose turn it is) to Chris, who may judge no more today, so to Alex W.
    let mut third = PointOfOrder::raise_to(
        &g,
        JudgeChoice::Named(BEN),
        DAVE,
        "A third?",
        None,
        0,
        at(24, 10, 0),
    )
    .unwrap();
    overrule(&g, &mut third, BEN);
    assert_eq!(third.judge(), Some(ALEX_W));
    // The next day Chris judges again when the walk reaches him.
    let wednesday = PointOfOrder::raise(&g, BEN, "Next day?", None, 0, at(25, 9, 0)).unwrap();
    assert_eq!(wednesday.judge(), Some(DAVE));
    assert!(!g.overruled_on(CHRIS, date(2026, 11, 25)));
}
