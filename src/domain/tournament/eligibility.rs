//! Who may enter (ACWC Player eligibility) and the seeding rating (ACWC Format): an account
//! created before the cut-off, enough rated games before the date, no engine or booster mark
//! after the mark date (an older mark is the Director's to review), one account a player; the
//! seeding rating is the average of the rating on the date and the peak of the year before.

use chrono::{DateTime, Utc};

/// The dates and numbers of the entry requirements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requirements {
    pub created_before: DateTime<Utc>,
    pub games_before: DateTime<Utc>,
    pub min_rated_games: u32,
    /// A mark after this disqualifies; one before it is left to the Director.
    pub marks_after: DateTime<Utc>,
}

/// What the Director knows of an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountFacts {
    pub created: DateTime<Utc>,
    pub rated_games: u32,
    pub mark: Option<DateTime<Utc>>,
    /// Marked, by what Lichess shows, on a date nobody has recorded yet.
    pub undated_mark: bool,
}

/// Why an account may not enter, or is the Director's to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Ineligible {
    #[error("The account was created after the cut-off (ACWC Player eligibility).")]
    CreatedTooLate,
    #[error("The account has {played} rated games before the date; {needed} are needed (ACWC Player eligibility).")]
    TooFewGames { played: u32, needed: u32 },
    #[error("The account was marked as engine or booster after the date, which disqualifies it (ACWC Player eligibility).")]
    Marked,
    #[error("The account was marked before the date: the Director reviews it case by case, and may admit it with /tournament except (ACWC Player eligibility).")]
    OldMark,
    #[error("Lichess shows the account marked as engine or booster but not when: a mark after the date disqualifies and an older one is reviewed, so the Director records its date with /tournament facts marked:YYYY-MM-DD (ACWC Player eligibility).")]
    UndatedMark,
}

impl Ineligible {
    /// Whether the Director may admit the account anyway: the entry requirements allow
    /// exceptions ("Exceptions to these requirements can be made at TD discretion") and an old
    /// mark is reviewed case by case; a mark after the date is a disqualifying element, and an
    /// undated one may be such a mark.
    pub fn waivable(self) -> bool {
        matches!(
            self,
            Ineligible::CreatedTooLate | Ineligible::TooFewGames { .. } | Ineligible::OldMark
        )
    }
}

/// Every requirement the account fails, in the order the rules list them: the check never
/// stops at the first, so the Director sees them all (ACWC Player eligibility).
pub fn failures(req: Requirements, facts: AccountFacts) -> Vec<Ineligible> {
    let mut failed = Vec::new();
    if facts.created >= req.created_before {
        failed.push(Ineligible::CreatedTooLate);
    }
    if facts.rated_games < req.min_rated_games {
        failed.push(Ineligible::TooFewGames {
            played: facts.rated_games,
            needed: req.min_rated_games,
        });
    }
    match facts.mark {
        Some(at) if at > req.marks_after => failed.push(Ineligible::Marked),
        Some(_) => failed.push(Ineligible::OldMark),
        None if facts.undated_mark => failed.push(Ineligible::UndatedMark),
        None => {}
    }
    failed
}

/// Checks an account against the requirements, exactly as written: every failure.
pub fn check(req: Requirements, facts: AccountFacts) -> Result<(), Vec<Ineligible>> {
    let failed = failures(req, facts);
    if failed.is_empty() {
        Ok(())
    } else {
        Err(failed)
    }
}

/// Whether an account plays: the check, unless the Director's exception waives every failure
/// and each may be waived (ACWC Player eligibility). A mark after the date is the one ground
/// no exception waives, whatever else the account fails; the refusal lists every failure.
pub fn admit(
    req: Requirements,
    facts: AccountFacts,
    excepted: bool,
) -> Result<(), Vec<Ineligible>> {
    match check(req, facts) {
        Err(why) if excepted && why.iter().all(|w| w.waivable()) => Ok(()),
        verdict => verdict,
    }
}

/// Failures in words, each with its rule: "A; B".
pub fn listed(failed: &[Ineligible]) -> String {
    failed
        .iter()
        .map(|f| {
            let mut t = f.to_string();
            if !f.waivable() {
                t.push_str(" No exception waives this.");
            }
            t
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the Director records of an account, as typed: facts that could not all be true are
/// refused before anything is recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    pub created: DateTime<Utc>,
    pub rated_games: i64,
    pub rating: i64,
    pub peak: i64,
    pub mark: Option<DateTime<Utc>>,
}

/// Why recorded facts cannot all be true.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Impossible {
    #[error("the account cannot have been created on {created}, after today ({today})")]
    CreatedInFuture { created: String, today: String },
    #[error("the peak ({peak}) cannot be below the rating on the date ({rating}): the date ends the year the peak is taken from (ACWC Format)")]
    PeakBelowRating { rating: i64, peak: i64 },
    #[error("the account cannot have been marked on {marked}, before it was created on {created}")]
    MarkBeforeCreation { marked: String, created: String },
    #[error("the account cannot have been marked on {marked}, after today ({today})")]
    MarkInFuture { marked: String, today: String },
    #[error("an account created on {created} has no rated games before {before}, not {games}")]
    GamesBeforeCreation {
        created: String,
        before: String,
        games: i64,
    },
}

/// Every reason the facts cannot all be true, given today and the date games are counted
/// before (if the format has one).
pub fn impossible(
    facts: Recorded,
    today: DateTime<Utc>,
    games_before: Option<DateTime<Utc>>,
) -> Vec<Impossible> {
    let day = |d: DateTime<Utc>| d.format("%Y-%m-%d").to_string();
    let mut wrong = Vec::new();
    if facts.created > today {
        wrong.push(Impossible::CreatedInFuture {
            created: day(facts.created),
            today: day(today),
        });
    }
    if facts.peak < facts.rating {
        wrong.push(Impossible::PeakBelowRating {
            rating: facts.rating,
            peak: facts.peak,
        });
    }
    if let Some(marked) = facts.mark {
        if marked < facts.created {
            wrong.push(Impossible::MarkBeforeCreation {
                marked: day(marked),
                created: day(facts.created),
            });
        }
        if marked > today {
            wrong.push(Impossible::MarkInFuture {
                marked: day(marked),
                today: day(today),
            });
        }
    }
    if let Some(before) = games_before {
        if facts.created >= before && facts.rated_games > 0 {
            wrong.push(Impossible::GamesBeforeCreation {
                created: day(facts.created),
                before: day(before),
                games: facts.rated_games,
            });
        }
    }
    wrong
}

/// The seeding rating, doubled so it stays whole: the rating on the date plus the year's peak.
pub fn seed_x2(rating: i64, peak: i64) -> i64 {
    rating + peak
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn on(y: i32, m: u32, d: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, 0, 0, 0).unwrap()
    }

    fn acwc() -> Requirements {
        Requirements {
            created_before: on(2019, 3, 1),
            games_before: on(2019, 9, 1),
            min_rated_games: 100,
            marks_after: on(2017, 9, 1),
        }
    }

    #[test]
    fn eligibility_is_checked_exactly_as_written() {
        let good = AccountFacts {
            created: on(2018, 5, 1),
            rated_games: 100,
            mark: None,
            undated_mark: false,
        };
        assert_eq!(check(acwc(), good), Ok(()));
        // "created prior to March 1, 2019, 00:00 UTC": the cut-off itself is too late.
        let late = AccountFacts {
            created: on(2019, 3, 1),
            ..good
        };
        assert_eq!(check(acwc(), late), Err(vec![Ineligible::CreatedTooLate]));
        let few = AccountFacts {
            rated_games: 99,
            ..good
        };
        assert_eq!(
            check(acwc(), few),
            Err(vec![Ineligible::TooFewGames {
                played: 99,
                needed: 100
            }])
        );
        let marked = AccountFacts {
            mark: Some(on(2018, 1, 1)),
            ..good
        };
        assert_eq!(check(acwc(), marked), Err(vec![Ineligible::Marked]));
        let old = AccountFacts {
            mark: Some(on(2017, 1, 1)),
            ..good
        };
        assert_eq!(check(acwc(), old), Err(vec![Ineligible::OldMark]));
    }

    #[test]
    fn the_seeding_rating_averages_the_rating_on_the_date_and_the_peak() {
        assert_eq!(seed_x2(2100, 2201), 4301); // 2150.5
    }

    #[test]
    fn an_exception_never_admits_an_account_marked_after_the_date_player_eligibility() {
        // ACWC Player eligibility: "Exceptions to these requirements can be made at TD
        // discretion" sits under Entry requirements; "You have an account that was marked as
        // engine or booster after September 1, 2017" is a disqualifying element.
        let good = AccountFacts {
            created: on(2018, 5, 1),
            rated_games: 100,
            mark: None,
            undated_mark: false,
        };
        let marked = AccountFacts {
            mark: Some(on(2018, 5, 1)),
            ..good
        };
        assert_eq!(admit(acwc(), marked, true), Err(vec![Ineligible::Marked]));
        // The requirements and an old mark (reviewed case by case) are the Director's to waive.
        let few = AccountFacts {
            rated_games: 40,
            ..good
        };
        assert_eq!(admit(acwc(), few, true), Ok(()));
        assert!(admit(acwc(), few, false).is_err());
        let old = AccountFacts {
            mark: Some(on(2016, 5, 1)),
            ..good
        };
        assert_eq!(admit(acwc(), old, true), Ok(()));
    }

    #[test]
    fn a_lichess_mark_without_a_date_waits_for_its_date_player_eligibility() {
        // ACWC Player eligibility: a mark after September 1, 2017 disqualifies, an older one is
        // reviewed; Lichess shows a mark but not its date, so neither can be decided yet, and no
        // exception admits an account that may be disqualified.
        let undated = AccountFacts {
            created: on(2018, 5, 1),
            rated_games: 100,
            mark: None,
            undated_mark: true,
        };
        assert_eq!(check(acwc(), undated), Err(vec![Ineligible::UndatedMark]));
        assert_eq!(
            admit(acwc(), undated, true),
            Err(vec![Ineligible::UndatedMark])
        );
        // Once the Director records the date, the rule decides.
        let dated = AccountFacts {
            mark: Some(on(2019, 2, 1)),
            ..undated
        };
        assert_eq!(check(acwc(), dated), Err(vec![Ineligible::Marked]));
    }

    #[test]
    fn every_requirement_is_checked_and_a_recent_mark_is_never_waived_player_eligibility() {
        // ACWC Player eligibility: an account created too late with too few games and a mark
        // after 1 September 2017 fails all three; the Director's exception ("Exceptions to
        // these requirements can be made at TD discretion") waives the first two, never the
        // disqualifying mark, and the refusal names all three.
        let all_wrong = AccountFacts {
            created: on(2019, 6, 1),
            rated_games: 10,
            mark: Some(on(2018, 1, 1)),
            undated_mark: false,
        };
        let failed = vec![
            Ineligible::CreatedTooLate,
            Ineligible::TooFewGames {
                played: 10,
                needed: 100,
            },
            Ineligible::Marked,
        ];
        assert_eq!(check(acwc(), all_wrong), Err(failed.clone()));
        assert_eq!(admit(acwc(), all_wrong, true), Err(failed.clone()));
        assert!(listed(&failed).contains("No exception waives this."));
        let no_mark = AccountFacts {
            mark: None,
            ..all_wrong
        };
        assert_eq!(admit(acwc(), no_mark, true), Ok(()));
    }

    #[test]
    fn facts_that_cannot_all_be_true_are_named() {
        let today = on(2026, 11, 30);
        let facts = Recorded {
            created: on(2031, 1, 1),
            rated_games: 10,
            rating: 2100,
            peak: 2000,
            mark: Some(on(2016, 1, 1)),
        };
        let wrong = impossible(facts, today, Some(on(2019, 9, 1)));
        assert_eq!(wrong.len(), 4, "{wrong:?}");
        assert!(matches!(wrong[0], Impossible::CreatedInFuture { .. }));
        assert!(matches!(wrong[1], Impossible::PeakBelowRating { .. }));
        assert!(matches!(wrong[2], Impossible::MarkBeforeCreation { .. }));
        assert!(matches!(wrong[3], Impossible::GamesBeforeCreation { .. }));
        let fine = Recorded {
            created: on(2018, 1, 1),
            rated_games: 10,
            rating: 2000,
            peak: 2000,
            mark: None,
        };
        assert!(impossible(fine, today, Some(on(2019, 9, 1))).is_empty());
    }
}
