//! Deadlines (D.VII.2-4): at least 3 days for a movement turn and 1 day for a retreat or
//! adjustment turn unless the surviving players consent; at least 24 hours between
//! adjudications; never a publication and its deadline both inside one of a player's declared
//! 64-hour unavailable periods, unless the TD sets it as a compromise; orders after the deadline refused, or accepted until adjudication
//! starts where the GM chose D.VII.3's alternative. All times are GMT (D.VII.4b).

use chrono::{DateTime, Datelike, Duration, Timelike, Utc, Weekday};

use super::season::Phase;
use super::Power;

/// The shortest turns without the survivors' consent, in days (D.VII.4a), as gavel enforces
/// them: as published, or as an adopted change to D.VII.4 states (house rules A.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnLengths {
    pub movement_days: i64,
    pub other_days: i64,
}

impl TurnLengths {
    /// "At least 3 days ... for each movement turn and at least 1 day ... for each retreat or
    /// adjustment turn" (D.VII.4a).
    pub const PUBLISHED: TurnLengths = TurnLengths {
        movement_days: 3,
        other_days: 1,
    };

    /// The shortest turn of `phase`.
    pub fn minimum(self, phase: Phase) -> Duration {
        match phase {
            Phase::Movement => Duration::days(self.movement_days),
            Phase::Retreat | Phase::Adjustment => Duration::days(self.other_days),
        }
    }
}

/// The shortest turn of each kind without the survivors' consent (D.VII.4a), as published.
pub fn minimum(phase: Phase) -> Duration {
    TurnLengths::PUBLISHED.minimum(phase)
}

/// The least time between two adjudications (D.VII.2).
pub const BETWEEN_ADJUDICATIONS: Duration = Duration::hours(24);

/// The length of a declared unavailable period (D.VII.2).
pub const UNAVAILABLE_HOURS: i64 = 64;

const WEEK_MINUTES: i64 = 7 * 24 * 60;

/// A player's weekly unavailable period: 64 hours from a weekday and time, GMT (D.VII.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unavailable {
    /// Minutes from Monday 00:00 GMT to the start.
    pub start: i64,
}

impl Unavailable {
    pub fn new(day: Weekday, hour: u32, minute: u32) -> Unavailable {
        Unavailable {
            start: i64::from(day.num_days_from_monday()) * 1440
                + i64::from(hour) * 60
                + i64::from(minute),
        }
    }

    /// Reads "Fri 22:00" (GMT).
    pub fn parse(text: &str) -> Option<Unavailable> {
        let (day, time) = text.trim().split_once(' ')?;
        let day: Weekday = day.parse().ok()?;
        let (h, m) = time.trim().trim_end_matches("GMT").trim().split_once(':')?;
        let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
        (h < 24 && m < 60).then(|| Unavailable::new(day, h, m))
    }

    /// True when `at` falls inside the period.
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        self.began(at).is_some()
    }

    /// When the week's period holding `at` began, if `at` falls inside one.
    pub fn began(&self, at: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let m = i64::from(at.weekday().num_days_from_monday()) * 1440
            + i64::from(at.hour()) * 60
            + i64::from(at.minute());
        let into = (m - self.start).rem_euclid(WEEK_MINUTES);
        (into < UNAVAILABLE_HOURS * 60)
            .then(|| at - Duration::minutes(into) - Duration::seconds(i64::from(at.second())))
    }

    /// True when `published` and `deadline` fall inside the same week's period: what D.VII.2
    /// forbids ("publish ... within this period and set the next deadline within the same
    /// period").
    pub fn holds_both(&self, published: DateTime<Utc>, deadline: DateTime<Utc>) -> bool {
        matches!((self.began(published), self.began(deadline)), (Some(a), Some(b)) if a == b)
    }

    /// "Fri 22:00 to Mon 14:00 GMT".
    pub fn written(&self) -> String {
        fn at(m: i64) -> String {
            let m = m.rem_euclid(WEEK_MINUTES);
            let day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][(m / 1440) as usize];
            format!("{day} {:02}:{:02}", (m % 1440) / 60, m % 60)
        }
        format!(
            "{} to {} GMT",
            at(self.start),
            at(self.start + UNAVAILABLE_HOURS * 60)
        )
    }
}

/// Why a deadline was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeadlineError {
    #[error("A {phase} turn needs at least {days} day(s) unless the surviving players consent (D.VII.4).")]
    TooShort { phase: &'static str, days: i64 },
    #[error("Publishing now and the deadline both fall inside {who}'s unavailable period, {window}: the GM must not do both (D.VII.2). Choose a deadline after it; if the players' periods leave no time, warn the TD, who may set it as a compromise.")]
    BothUnavailable { who: String, window: String },
    #[error("Adjudications must be at least 24 hours apart (D.VII.2).")]
    TooSoon,
    #[error("The deadline must be after the time it is set.")]
    Past,
    #[error("Early adjudication is allowed only when every power's orders are marked Final; {powers} not yet, so the turn waits for its deadline (D.VII.2).")]
    NotAllFinal { powers: String },
}

/// Whether a turn may be adjudicated before its deadline (D.VII.2): every power that must
/// order has its last set marked Final. `sets` is each power's last set for the turn and
/// whether it is Final; in a movement turn every remaining power must order, in a retreat or
/// adjustment turn those that sent orders.
pub fn early_adjudication(
    phase: Phase,
    remaining: &[Power],
    sets: &[(Power, bool)],
) -> Result<(), DeadlineError> {
    let must: Vec<Power> = if phase == Phase::Movement {
        remaining.to_vec()
    } else {
        sets.iter().map(|(p, _)| *p).collect()
    };
    let short: Vec<String> = must
        .iter()
        .filter(|p| !sets.iter().any(|(q, fin)| q == *p && *fin))
        .map(|p| p.to_string())
        .collect();
    if short.is_empty() {
        Ok(())
    } else {
        Err(DeadlineError::NotAllFinal {
            powers: short.join(", "),
        })
    }
}

/// What a GM's new deadline is checked against.
#[derive(Debug, Clone)]
pub struct Setting<'a> {
    pub phase: Phase,
    /// When the turn is published (now).
    pub published: DateTime<Utc>,
    pub deadline: DateTime<Utc>,
    /// The surviving players have consented to a faster turn.
    pub consent: bool,
    /// Each player's declared period, by name.
    pub unavailable: &'a [(String, Unavailable)],
    /// The previous adjudication, if any.
    pub last_adjudication: Option<DateTime<Utc>>,
    /// The TD sets the deadline as D.VII.2's compromise between the players' periods.
    pub compromise: bool,
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Movement => "movement",
        Phase::Retreat => "retreat",
        Phase::Adjustment => "adjustment",
    }
}

/// Checks a deadline the GM sets (D.VII.2, D.VII.4), with D.VII.4 as published.
pub fn check(s: &Setting<'_>) -> Result<(), DeadlineError> {
    check_within(s, TurnLengths::PUBLISHED)
}

/// Checks a deadline the GM sets (D.VII.2, D.VII.4), with the turn lengths gavel enforces.
pub fn check_within(s: &Setting<'_>, lengths: TurnLengths) -> Result<(), DeadlineError> {
    if s.deadline <= s.published {
        return Err(DeadlineError::Past);
    }
    if !s.consent && s.deadline - s.published < lengths.minimum(s.phase) {
        return Err(DeadlineError::TooShort {
            phase: phase_name(s.phase),
            days: lengths.minimum(s.phase).num_days(),
        });
    }
    if let Some(last) = s.last_adjudication {
        if s.published - last < BETWEEN_ADJUDICATIONS {
            return Err(DeadlineError::TooSoon);
        }
    }
    if !s.compromise {
        if let Some((who, window)) = unavailable_both(s).into_iter().next() {
            return Err(DeadlineError::BothUnavailable { who, window });
        }
    }
    Ok(())
}

/// The players whose declared period holds both the publication and the deadline (D.VII.2),
/// with the period: what the TD's compromise overrides.
pub fn unavailable_both(s: &Setting<'_>) -> Vec<(String, String)> {
    s.unavailable
        .iter()
        .filter(|(_, u)| u.holds_both(s.published, s.deadline))
        .map(|(who, u)| (who.clone(), u.written()))
        .collect()
}

/// The first player whose declared period holds `deadline`: a deadline an extension would move
/// there is refused (D.VII.2, D.VII.5).
pub fn inside_a_period(
    unavailable: &[(String, Unavailable)],
    deadline: DateTime<Utc>,
) -> Option<(String, String)> {
    unavailable
        .iter()
        .find(|(_, u)| u.contains(deadline))
        .map(|(who, u)| (who.clone(), u.written()))
}

/// Why orders were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LateError {
    #[error("The deadline has passed: orders are not accepted after it (D.VII.3).")]
    AfterDeadline,
    #[error(
        "Adjudication has started: orders are not accepted after it (D.VII.3, alternative rule)."
    )]
    AfterAdjudication,
}

/// Whether orders sent at `now` are in time (D.VII.3): before the deadline, or, under the
/// alternative rule the GM stated at the outset, before adjudication starts.
pub fn in_time(
    now: DateTime<Utc>,
    deadline: DateTime<Utc>,
    until_adjudication: bool,
    adjudication_started: bool,
) -> Result<(), LateError> {
    if now < deadline {
        Ok(())
    } else if !until_adjudication {
        Err(LateError::AfterDeadline)
    } else if adjudication_started {
        Err(LateError::AfterAdjudication)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(d: u32, h: u32) -> DateTime<Utc> {
        // November 2026: the 2nd is a Monday.
        Utc.with_ymd_and_hms(2026, 11, d, h, 0, 0).unwrap()
    }

    #[test]
    fn early_adjudication_needs_every_powers_orders_final_d_vii_2() {
        use Power::*;
        let all = [Austria, England, Turkey];
        let sets = [(Austria, true), (England, true), (Turkey, true)];
        assert!(early_adjudication(Phase::Movement, &all, &sets).is_ok());
        let err = early_adjudication(Phase::Movement, &all, &[(Austria, true), (England, false)])
            .unwrap_err();
        assert_eq!(
            err,
            DeadlineError::NotAllFinal {
                powers: "England, Turkey".into()
            }
        );
        assert!(early_adjudication(Phase::Retreat, &all, &[(Austria, true)]).is_ok());
    }

    fn setting(
        phase: Phase,
        published: DateTime<Utc>,
        deadline: DateTime<Utc>,
    ) -> Setting<'static> {
        Setting {
            phase,
            published,
            deadline,
            consent: false,
            unavailable: &[],
            last_adjudication: None,
            compromise: false,
        }
    }

    #[test]
    fn a_movement_turn_needs_three_days_and_a_retreat_one_unless_the_survivors_consent_d_vii_4() {
        let s = setting(Phase::Movement, at(2, 12), at(4, 12));
        assert_eq!(
            check(&s).unwrap_err().to_string(),
            "A movement turn needs at least 3 day(s) unless the surviving players consent (D.VII.4)."
        );
        assert!(check(&Setting { consent: true, ..s }).is_ok());
        assert!(check(&setting(Phase::Retreat, at(2, 12), at(3, 12))).is_ok());
        assert!(check(&setting(Phase::Adjustment, at(2, 12), at(3, 11))).is_err());
    }

    #[test]
    fn only_a_publication_and_a_deadline_both_inside_one_period_are_refused_d_vii_2() {
        let weekend = Unavailable::parse("Fri 22:00").unwrap();
        assert_eq!(weekend.written(), "Fri 22:00 to Mon 14:00 GMT");
        let periods = vec![("alice".to_string(), weekend)];
        // Published on Tuesday, due on Sunday: only the deadline is inside, which D.VII.2 allows.
        let s = Setting {
            unavailable: &periods,
            ..setting(Phase::Movement, at(3, 12), at(8, 12))
        };
        assert!(check(&s).is_ok());
        // Published on Saturday, due on Monday noon: both inside the same weekend.
        let both = Setting {
            published: at(7, 10),
            deadline: at(9, 12),
            consent: true,
            ..s
        };
        assert_eq!(
            check(&both).unwrap_err().to_string(),
            "Publishing now and the deadline both fall inside alice's unavailable period, Fri 22:00 to Mon 14:00 GMT: the GM must not do both (D.VII.2). Choose a deadline after it; if the players' periods leave no time, warn the TD, who may set it as a compromise."
        );
        // Published on Saturday, due the next Saturday: two different weekends.
        assert!(check(&Setting {
            deadline: at(14, 12),
            ..both.clone()
        })
        .is_ok());
        // The TD's compromise sets it anyway, naming whose period it is.
        assert!(check(&Setting {
            compromise: true,
            ..both.clone()
        })
        .is_ok());
        assert_eq!(unavailable_both(&both).len(), 1);
    }

    #[test]
    fn three_periods_covering_the_week_still_leave_deadlines_to_set_d_vii_2() {
        let periods = vec![
            ("a".to_string(), Unavailable::parse("Mon 00:00").unwrap()),
            ("b".to_string(), Unavailable::parse("Wed 16:00").unwrap()),
            ("c".to_string(), Unavailable::parse("Sat 08:00").unwrap()),
        ];
        // Every moment of the week is inside someone's period, yet a turn published Tuesday
        // and due the next Monday is inside no one period at both ends.
        let s = Setting {
            unavailable: &periods,
            ..setting(Phase::Movement, at(3, 12), at(9, 12))
        };
        assert!(check(&s).is_ok());
    }

    #[test]
    fn an_extension_may_not_move_a_deadline_into_a_declared_period_d_vii_2() {
        let periods = vec![(
            "alice".to_string(),
            Unavailable::parse("Fri 22:00").unwrap(),
        )];
        assert_eq!(
            inside_a_period(&periods, at(8, 12)),
            Some(("alice".into(), "Fri 22:00 to Mon 14:00 GMT".into()))
        );
        assert_eq!(inside_a_period(&periods, at(9, 15)), None);
    }

    #[test]
    fn a_period_that_wraps_the_week_is_still_64_hours_d_vii_2() {
        let u = Unavailable::new(Weekday::Sun, 12, 0);
        assert!(u.contains(at(8, 13)), "Sunday afternoon");
        assert!(u.contains(at(11, 3)), "Wednesday 03:00 is 63 hours later");
        assert!(!u.contains(at(11, 4)), "Wednesday 04:00 is 64 hours later");
    }

    #[test]
    fn adjudications_are_at_least_24_hours_apart_d_vii_2() {
        let s = Setting {
            last_adjudication: Some(at(2, 0)),
            ..setting(Phase::Retreat, at(2, 12), at(3, 12))
        };
        assert_eq!(check(&s), Err(DeadlineError::TooSoon));
    }

    #[test]
    fn orders_after_the_deadline_are_refused_unless_the_gm_chose_the_alternative_d_vii_3() {
        assert!(in_time(at(2, 11), at(2, 12), false, false).is_ok());
        assert_eq!(
            in_time(at(2, 12), at(2, 12), false, false),
            Err(LateError::AfterDeadline)
        );
        assert!(in_time(at(2, 13), at(2, 12), true, false).is_ok());
        assert_eq!(
            in_time(at(2, 13), at(2, 12), true, true),
            Err(LateError::AfterAdjudication)
        );
    }
}
