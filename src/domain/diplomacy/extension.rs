//! Extensions (D.VII.5): each player has one guaranteed extension; more are at the GM's
//! discretion, never over 7 days for a position in a game; every request must come at least
//! 12 hours before the deadline, or it counts for the next turn; the holidays the TD decrees
//! are free.

use chrono::{DateTime, Duration, Utc};

/// The most extension days a position may have in one game (D.VII.5), as published.
pub const MAX_DAYS: u32 = 7;

/// D.VII.5's numbers as gavel enforces them: as published, or as an adopted change states
/// (house rules A.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most extension days a position may have in one game.
    pub max_days: u32,
    /// How many hours before the deadline a request must come.
    pub notice_hours: i64,
}

impl Limits {
    pub const PUBLISHED: Limits = Limits {
        max_days: MAX_DAYS,
        notice_hours: 12,
    };
}

/// A position's extensions so far in its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ledger {
    pub guaranteed_used: bool,
    /// Days charged so far (holiday extensions are not charged).
    pub days: u32,
}

/// The kind of extension granted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Guaranteed,
    Discretionary,
    Holiday,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Guaranteed => "guaranteed",
            Kind::Discretionary => "discretionary",
            Kind::Holiday => "holiday",
        }
    }

    /// How a granted extension of this kind is recorded.
    pub fn recorded(self) -> Recorded {
        match self {
            Kind::Guaranteed => Recorded::Guaranteed,
            Kind::Discretionary => Recorded::Discretionary,
            Kind::Holiday => Recorded::Holiday,
        }
    }
}

/// The kind of a recorded extension request: one granted as `Kind`, or one that came too late
/// and counts for the next turn (D.VII.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    Guaranteed,
    Discretionary,
    Holiday,
    NextTurn,
}

/// A request for an extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    pub now: DateTime<Utc>,
    pub deadline: DateTime<Utc>,
    pub days: u32,
    /// The request is for a holiday the TD has decreed.
    pub holiday: bool,
    /// The GM grants a further, discretionary extension.
    pub gm_grants: bool,
}

/// What became of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Granted: the deadline moves, the ledger is updated.
    Granted {
        kind: Kind,
        deadline: DateTime<Utc>,
        ledger: Ledger,
    },
    /// Asked less than 12 hours ahead: rejected for this turn, kept for the next (D.VII.5).
    NextTurn { hours_before: i64 },
}

/// Why a request was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtensionError {
    #[error("An extension is of 1 to {most} days (D.VII.5).")]
    Days { most: u32 },
    #[error("This position has had {used} day(s) of extension in this game; {asked} more would pass the {most} days allowed (D.VII.5).")]
    OverSeven { used: u32, asked: u32, most: u32 },
    #[error(
        "Your guaranteed extension is used; a further one is at the GM's discretion (D.VII.5)."
    )]
    AtGmDiscretion,
    #[error("The deadline has passed: an extension is asked before it, at least 12 hours ahead (D.VII.5).")]
    AfterDeadline,
    #[error("The TD has decreed no holiday eligible for an extension on this board this turn; only those the TD decrees are free (D.VII.5).")]
    NotDecreed,
}

/// A holiday extension is one the TD has decreed eligible (D.VII.5); any player in the game or
/// the GM may take it, and then it must be granted, uncharged.
pub fn holiday_eligible(decreed: bool) -> Result<(), ExtensionError> {
    if decreed {
        Ok(())
    } else {
        Err(ExtensionError::NotDecreed)
    }
}

/// Whether `who` has had their guaranteed extension in this game: it is each player's, not the
/// position's (D.VII.5), so a replacement has their own. `holders` are the position's holders in
/// order, each with the time they took it; `granted_at` the times the position's guaranteed
/// extensions were granted.
pub fn guaranteed_used_by<P: PartialEq + Copy>(
    holders: &[(DateTime<Utc>, P)],
    granted_at: &[DateTime<Utc>],
    who: P,
) -> bool {
    granted_at.iter().any(|t| {
        holders
            .iter()
            .rev()
            .find(|(from, _)| from <= t)
            .map(|(_, p)| *p)
            == Some(who)
    })
}

/// Decides a request (D.VII.5), with D.VII.5 as published.
pub fn decide(ledger: Ledger, r: Request) -> Result<Decision, ExtensionError> {
    decide_within(ledger, r, Limits::PUBLISHED)
}

/// Decides a request (D.VII.5), with the limits gavel enforces.
pub fn decide_within(
    ledger: Ledger,
    r: Request,
    limits: Limits,
) -> Result<Decision, ExtensionError> {
    if r.days == 0 || r.days > limits.max_days {
        return Err(ExtensionError::Days {
            most: limits.max_days,
        });
    }
    let ahead = r.deadline - r.now;
    if ahead <= Duration::zero() {
        return Err(ExtensionError::AfterDeadline);
    }
    if ahead < Duration::hours(limits.notice_hours) {
        return Ok(Decision::NextTurn {
            hours_before: ahead.num_hours(),
        });
    }
    // The GM's further extensions are the GM's, never the player's guaranteed one (D.VII.5).
    let kind = if r.holiday {
        Kind::Holiday
    } else if r.gm_grants {
        Kind::Discretionary
    } else if !ledger.guaranteed_used {
        Kind::Guaranteed
    } else {
        return Err(ExtensionError::AtGmDiscretion);
    };
    let mut next = ledger;
    if kind != Kind::Holiday {
        if ledger.days + r.days > limits.max_days {
            return Err(ExtensionError::OverSeven {
                used: ledger.days,
                asked: r.days,
                most: limits.max_days,
            });
        }
        next.days += r.days;
    }
    if kind == Kind::Guaranteed {
        next.guaranteed_used = true;
    }
    Ok(Decision::Granted {
        kind,
        deadline: r.deadline + Duration::days(i64::from(r.days)),
        ledger: next,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn request(hours_before: i64, days: u32) -> Request {
        let deadline = Utc.with_ymd_and_hms(2026, 11, 20, 18, 0, 0).unwrap();
        Request {
            now: deadline - Duration::hours(hours_before),
            deadline,
            days,
            holiday: false,
            gm_grants: false,
        }
    }

    #[test]
    fn a_players_holiday_extension_must_be_granted_when_the_td_decreed_it_d_vii_5() {
        assert_eq!(holiday_eligible(false), Err(ExtensionError::NotDecreed));
        assert!(holiday_eligible(true).is_ok());
        let spent = Ledger {
            guaranteed_used: true,
            days: 7,
        };
        let r = Request {
            holiday: true,
            ..request(48, 2)
        };
        assert!(matches!(
            decide(spent, r),
            Ok(Decision::Granted {
                kind: Kind::Holiday,
                ..
            })
        ));
    }

    #[test]
    fn a_replacement_has_their_own_guaranteed_extension_d_vii_5() {
        let at = |d| Utc.with_ymd_and_hms(2026, 11, d, 12, 0, 0).unwrap();
        let holders = [(DateTime::<Utc>::MIN_UTC, "wendy"), (at(10), "fred")];
        assert!(guaranteed_used_by(&holders, &[at(5)], "wendy"));
        assert!(!guaranteed_used_by(&holders, &[at(5)], "fred"));
        assert!(guaranteed_used_by(&holders, &[at(5), at(12)], "fred"));
    }

    #[test]
    fn the_first_extension_is_guaranteed_d_vii_5() {
        let d = decide(Ledger::default(), request(48, 2)).unwrap();
        let Decision::Granted {
            kind,
            ledger,
            deadline,
        } = d
        else {
            panic!("{d:?}")
        };
        assert_eq!(kind, Kind::Guaranteed);
        assert_eq!(
            ledger,
            Ledger {
                guaranteed_used: true,
                days: 2
            }
        );
        assert_eq!(deadline, request(0, 2).deadline + Duration::days(2));
    }

    #[test]
    fn an_extension_asked_11_hours_before_the_deadline_counts_for_the_next_turn_d_vii_5() {
        assert_eq!(
            decide(Ledger::default(), request(11, 2)),
            Ok(Decision::NextTurn { hours_before: 11 })
        );
        assert!(matches!(
            decide(Ledger::default(), request(12, 2)),
            Ok(Decision::Granted { .. })
        ));
    }

    #[test]
    fn a_second_extension_is_at_the_gms_discretion_d_vii_5() {
        let used = Ledger {
            guaranteed_used: true,
            days: 2,
        };
        assert_eq!(
            decide(used, request(48, 2)),
            Err(ExtensionError::AtGmDiscretion)
        );
        let r = Request {
            gm_grants: true,
            ..request(48, 2)
        };
        assert!(matches!(
            decide(used, r),
            Ok(Decision::Granted {
                kind: Kind::Discretionary,
                ..
            })
        ));
    }

    #[test]
    fn the_gms_extension_leaves_the_players_guaranteed_one_unused_d_vii_5() {
        let r = Request {
            gm_grants: true,
            ..request(48, 2)
        };
        let Ok(Decision::Granted { kind, ledger, .. }) = decide(Ledger::default(), r) else {
            panic!()
        };
        assert_eq!(kind, Kind::Discretionary);
        assert!(!ledger.guaranteed_used);
        assert!(matches!(
            decide(ledger, request(48, 2)),
            Ok(Decision::Granted {
                kind: Kind::Guaranteed,
                ..
            })
        ));
    }

    #[test]
    fn an_extension_asked_after_the_deadline_is_refused_as_such_d_vii_5() {
        assert_eq!(
            decide(Ledger::default(), request(-1, 2)).unwrap_err().to_string(),
            "The deadline has passed: an extension is asked before it, at least 12 hours ahead (D.VII.5)."
        );
        assert_eq!(
            decide(Ledger::default(), request(0, 2)),
            Err(ExtensionError::AfterDeadline)
        );
    }

    #[test]
    fn no_position_gets_more_than_7_days_in_a_game_d_vii_5() {
        let used = Ledger {
            guaranteed_used: true,
            days: 6,
        };
        let r = Request {
            gm_grants: true,
            ..request(48, 2)
        };
        assert_eq!(
            decide(used, r).unwrap_err().to_string(),
            "This position has had 6 day(s) of extension in this game; 2 more would pass the 7 days allowed (D.VII.5)."
        );
    }

    #[test]
    fn a_holiday_extension_the_td_decreed_is_not_charged_d_vii_5() {
        let used = Ledger {
            guaranteed_used: true,
            days: 7,
        };
        let r = Request {
            holiday: true,
            ..request(48, 3)
        };
        let Ok(Decision::Granted { kind, ledger, .. }) = decide(used, r) else {
            panic!()
        };
        assert_eq!((kind, ledger), (Kind::Holiday, used));
    }
}
