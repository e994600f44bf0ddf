//! Weekly deductions for absence and inactivity (Terms §II Act 6.1, 6.2) and eligibility for
//! removal (Terms §II Act 7), from a member's record of the weeks in which a session was held.
//!
//! Only weeks in which a session was held count: a holiday is nobody's absence. Inactivity is
//! read as Act 6.2 is written ("do not play any games for three consecutive weeks"): every held
//! week without a game counts towards it, present or not, so skipping a session never resets
//! the count. In a week where the absence rule (6.1) also applies, only its deduction is made,
//! so no week is penalised twice.

/// What one member did in one week in which a session was held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeekRecord {
    pub present: bool,
    pub games: u32,
}

/// The settings of the weekly review (from `[decay]` in config).
#[derive(Debug, Clone, Copy)]
pub struct DecayRules {
    /// Consecutive weeks before a deduction applies; it applies from this week on.
    pub weeks: usize,
    pub absence_points: i64,
    pub inactivity_points: i64,
}

/// The deduction for the last week of a record, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deduction {
    /// Not present for `run` consecutive held weeks (Act 6.1).
    Absence { run: usize, points: i64 },
    /// No game for `run` consecutive held weeks, present or not (Act 6.2).
    Inactivity { run: usize, points: i64 },
}

/// Reviews the last week of `weeks` (held weeks since the member joined, oldest first).
pub fn review(weeks: &[WeekRecord], rules: &DecayRules) -> Option<Deduction> {
    let absent_run = weeks.iter().rev().take_while(|w| !w.present).count();
    let idle_run = weeks.iter().rev().take_while(|w| w.games == 0).count();
    review_runs(absent_run, idle_run, rules)
}

/// Reviews a week from the two runs that end with it: the held weeks in a row the member was
/// not present (Act 6.1), and the held weeks since they last played a game (Act 6.2). A game
/// in a week with no session ends the idle run too: the member did play.
pub fn review_runs(absent_run: usize, idle_run: usize, rules: &DecayRules) -> Option<Deduction> {
    if absent_run >= rules.weeks {
        return Some(Deduction::Absence {
            run: absent_run,
            points: rules.absence_points,
        });
    }
    if idle_run >= rules.weeks {
        return Some(Deduction::Inactivity {
            run: idle_run,
            points: rules.inactivity_points,
        });
    }
    None
}

/// Terms §II Act 7: not present for more than three of the past six weeks, and no more than
/// two games in that frame. `weeks` are the held weeks of the frame while the person was a Member.
pub fn eligible_for_removal(weeks: &[WeekRecord]) -> bool {
    let absent = weeks.iter().filter(|w| !w.present).count();
    let games: u32 = weeks.iter().map(|w| w.games).sum();
    eligible(absent, games)
}

/// Terms §II Act 7 from the counts of the frame: held weeks absent, and games played in any of
/// its weeks.
pub fn eligible(absent: usize, games: u32) -> bool {
    absent > 3 && games <= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: DecayRules = DecayRules {
        weeks: 3,
        absence_points: 15,
        inactivity_points: 5,
    };
    const ABSENT: WeekRecord = WeekRecord {
        present: false,
        games: 0,
    };
    const IDLE: WeekRecord = WeekRecord {
        present: true,
        games: 0,
    };
    const PLAYED: WeekRecord = WeekRecord {
        present: true,
        games: 2,
    };

    #[test]
    fn the_third_missed_week_costs_fifteen_and_so_does_each_after() {
        // Terms §II Act 6.1: "for each week after and including the third missed".
        assert_eq!(review(&[ABSENT, ABSENT], &RULES), None);
        assert_eq!(
            review(&[ABSENT, ABSENT, ABSENT], &RULES),
            Some(Deduction::Absence { run: 3, points: 15 })
        );
        assert_eq!(
            review(&[PLAYED, ABSENT, ABSENT, ABSENT, ABSENT], &RULES),
            Some(Deduction::Absence { run: 4, points: 15 })
        );
        assert_eq!(review(&[ABSENT, ABSENT, PLAYED], &RULES), None);
    }

    #[test]
    fn present_without_playing_for_three_weeks_costs_five() {
        // Terms §II Act 6.2 as amended in version 2.3.
        assert_eq!(review(&[IDLE, IDLE], &RULES), None);
        assert_eq!(
            review(&[IDLE, IDLE, IDLE], &RULES),
            Some(Deduction::Inactivity { run: 3, points: 5 })
        );
        assert_eq!(review(&[IDLE, PLAYED, IDLE, IDLE], &RULES), None);
    }

    #[test]
    fn an_absent_week_without_a_game_counts_towards_inactivity() {
        // Terms §II Act 6.2: "do not play any games for three consecutive weeks"; skipping a
        // session does not reset the count.
        assert_eq!(
            review(&[IDLE, IDLE, ABSENT], &RULES),
            Some(Deduction::Inactivity { run: 3, points: 5 })
        );
        assert_eq!(
            review(&[ABSENT, ABSENT, IDLE], &RULES),
            Some(Deduction::Inactivity { run: 3, points: 5 })
        );
        assert_eq!(
            review(&[IDLE, ABSENT, IDLE, IDLE], &RULES),
            Some(Deduction::Inactivity { run: 4, points: 5 })
        );
    }

    #[test]
    fn a_week_both_absent_and_idle_costs_only_the_absence_deduction() {
        // Act 6.1 and 6.2 both apply to the third absent week: only 6.1's 15 is deducted.
        assert_eq!(
            review(&[IDLE, ABSENT, ABSENT, ABSENT], &RULES),
            Some(Deduction::Absence { run: 3, points: 15 })
        );
    }

    #[test]
    fn a_member_who_never_plays_but_skips_every_third_session_still_loses_points() {
        let pattern = [IDLE, IDLE, ABSENT, IDLE, IDLE, ABSENT];
        let deducted: i64 = (1..=pattern.len())
            .filter_map(|n| review(&pattern[..n], &RULES))
            .map(|d| match d {
                Deduction::Absence { points, .. } | Deduction::Inactivity { points, .. } => points,
            })
            .sum();
        assert_eq!(deducted, 4 * 5);
    }

    #[test]
    fn removal_needs_more_than_three_absences_and_at_most_two_games() {
        // Terms §II Act 7.
        let four_absent = [ABSENT, ABSENT, ABSENT, ABSENT, PLAYED, IDLE];
        assert!(eligible_for_removal(&four_absent));
        let three_absent = [ABSENT, ABSENT, ABSENT, PLAYED, IDLE, IDLE];
        assert!(!eligible_for_removal(&three_absent));
        let busy = [
            ABSENT,
            ABSENT,
            ABSENT,
            ABSENT,
            WeekRecord {
                present: true,
                games: 3,
            },
            IDLE,
        ];
        assert!(!eligible_for_removal(&busy));
    }

    #[test]
    fn each_further_absent_week_costs_fifteen_again() {
        // Terms §II Act 6.1: the third and every later week of one run of absences.
        let mut weeks = vec![PLAYED];
        let mut deductions = Vec::new();
        for _ in 0..6 {
            weeks.push(ABSENT);
            deductions.push(review(&weeks, &RULES));
        }
        assert_eq!(
            deductions,
            vec![
                None,
                None,
                Some(Deduction::Absence { run: 3, points: 15 }),
                Some(Deduction::Absence { run: 4, points: 15 }),
                Some(Deduction::Absence { run: 5, points: 15 }),
                Some(Deduction::Absence { run: 6, points: 15 }),
            ]
        );
        // Coming back ends the run; the next absence starts a new one from one.
        weeks.push(PLAYED);
        assert_eq!(review(&weeks, &RULES), None);
        weeks.extend([ABSENT, ABSENT]);
        assert_eq!(review(&weeks, &RULES), None);
    }

    #[test]
    fn each_further_idle_week_costs_five_again() {
        // Terms §II Act 6.2: the third and every later week without a game.
        assert_eq!(
            review(&[IDLE, IDLE, IDLE, IDLE], &RULES),
            Some(Deduction::Inactivity { run: 4, points: 5 })
        );
        assert_eq!(review(&[IDLE, IDLE, IDLE, PLAYED], &RULES), None);
    }

    #[test]
    fn a_week_with_one_game_is_not_idle() {
        let one = WeekRecord {
            present: true,
            games: 1,
        };
        assert_eq!(review(&[IDLE, IDLE, one], &RULES), None);
        assert_eq!(review(&[IDLE, one, IDLE], &RULES), None);
    }

    #[test]
    fn games_played_while_absent_do_not_stop_the_absence_rule() {
        // Online games need no presence in the room (Terms §0 Act 10), but Act 6.1 is about
        // presence, so a member who only plays online is still absent.
        let online_only = WeekRecord {
            present: false,
            games: 1,
        };
        assert_eq!(
            review(&[online_only, online_only, online_only], &RULES),
            Some(Deduction::Absence { run: 3, points: 15 })
        );
    }

    #[test]
    fn a_short_or_empty_record_is_never_penalised() {
        // A new Member has had fewer than three held weeks.
        assert_eq!(review(&[], &RULES), None);
        assert_eq!(review(&[ABSENT], &RULES), None);
        assert!(!eligible_for_removal(&[]));
        assert!(!eligible_for_removal(&[ABSENT, ABSENT, ABSENT]));
    }

    #[test]
    fn the_number_of_weeks_and_points_come_from_the_rules() {
        let rules = DecayRules {
            weeks: 2,
            absence_points: 10,
            inactivity_points: 3,
        };
        assert_eq!(
            review(&[ABSENT, ABSENT], &rules),
            Some(Deduction::Absence { run: 2, points: 10 })
        );
        assert_eq!(
            review(&[IDLE, IDLE], &rules),
            Some(Deduction::Inactivity { run: 2, points: 3 })
        );
    }

    #[test]
    fn removal_allows_exactly_two_games_in_the_frame() {
        // Terms §II Act 7: "no more than two games".
        let two = WeekRecord {
            present: true,
            games: 2,
        };
        assert!(eligible_for_removal(&[
            ABSENT, ABSENT, ABSENT, ABSENT, two, IDLE
        ]));
        let online = WeekRecord {
            present: false,
            games: 1,
        };
        // Absent weeks with online games are still absent; three games is one too many.
        assert!(eligible_for_removal(&[
            online, online, ABSENT, ABSENT, IDLE, IDLE
        ]));
        assert!(!eligible_for_removal(&[
            online, online, online, ABSENT, IDLE, IDLE
        ]));
    }

    #[test]
    fn a_game_in_a_week_without_a_session_ends_the_idle_run() {
        // Terms §II Act 6.2: the idle run is the held weeks since the member's last game, in
        // any week; a game in a week with no session leaves a run of two held weeks, not three.
        assert_eq!(review_runs(0, 2, &RULES), None);
        assert_eq!(
            review_runs(0, 3, &RULES),
            Some(Deduction::Inactivity { run: 3, points: 5 })
        );
        // Absence counts held weeks only, so the same game does not end a run of absences.
        assert_eq!(
            review_runs(3, 1, &RULES),
            Some(Deduction::Absence { run: 3, points: 15 })
        );
    }

    #[test]
    fn removal_counts_games_of_every_week_of_the_frame() {
        // Terms §II Act 7: "played no more than two games within the same frame": three games,
        // even all in weeks with no session, keep a member absent four times from removal.
        assert!(eligible(4, 2));
        assert!(!eligible(4, 3));
        assert!(!eligible(3, 0));
    }
}
