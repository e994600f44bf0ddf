//! The Court's majority opinion (Terms §III Act 3.10): due seven club days after the verdict,
//! written by the Justice the Chief Justice assigns when in the majority, otherwise by any
//! Justice in the majority; with a reminder the day before and an overdue notice at the
//! deadline. Every judgement has its own opinion, so a panel's stays due while it is taken
//! en banc.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::calendar;

use super::appeal::Judgement;
use super::panel::Justice;
use super::Acting;

/// Days from the verdict to the opinion (Terms §III Act 3.10).
pub const OPINION_DAYS: i64 = 7;

/// When the app's jobs fire, in UTC, computed on club-local days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpinionDeadlines {
    /// One club day before the deadline.
    pub remind_at: DateTime<Utc>,
    /// Seven club days after the verdict, at the same wall-clock time; the overdue notice
    /// goes out then if nothing is published.
    pub due_at: DateTime<Utc>,
}

impl OpinionDeadlines {
    pub fn after(decided_at: DateTime<Utc>, tz: Tz) -> Self {
        Self {
            remind_at: calendar::local_days_after(decided_at, OPINION_DAYS - 1, tz),
            due_at: calendar::local_days_after(decided_at, OPINION_DAYS, tz),
        }
    }
}

/// The opinion on one judgement.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Opinion {
    Due {
        due_at: DateTime<Utc>,
        /// Chosen by the Chief Justice, when in the majority.
        author: Option<i64>,
    },
    Published {
        due_at: DateTime<Utc>,
        by: i64,
        at: DateTime<Utc>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpinionRefusal {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("The Chief Justice chooses who writes the Court's opinion only when in the majority (Terms §III Act 3.10).")]
    ChiefJusticeNotInMajority,
    #[error("The Court's opinion is the majority's: its author must be a Justice in the majority (Terms §III Act 3.10).")]
    NotInMajority,
    #[error(
        "The Chief Justice chose another Justice to write this opinion (Terms §III Act 3.10)."
    )]
    NotTheAuthor,
    #[error("The Court's opinion on this judgement is already published (Terms §III Act 3.10).")]
    AlreadyPublished,
    #[error("The Court has not decided this appeal yet, so no opinion is owed: the opinion follows the judgement (Terms §III Act 3.10).")]
    NotDecided,
    #[error("No Justice of the majority still holds office, so the Chief Justice writes the Court's opinion or assigns it to a sitting Justice (Terms §III Act 3.10).")]
    MajorityGone,
    #[error("The Court's opinion is written by a sitting Justice (Terms §III Acts 3.2, 3.10).")]
    NotSitting,
}

/// Who may write the opinion on `judgement` now, with the Court as it stands: the Justices of
/// the majority who still hold office; if none does, nobody of the majority can, and the
/// opinion would be overdue for ever, so the Chief Justice writes it or assigns it (Terms §III
/// Act 3.10: "the Chief Justice may provide formatting assistance ... may choose who shall
/// write up the Court's verdict").
pub fn writers(judgement: &Judgement, court: &[Justice]) -> Vec<i64> {
    judgement
        .majority()
        .into_iter()
        .filter(|j| court.iter().any(|c| c.id == *j))
        .collect()
}

/// Whether no Justice of the majority still holds office (Terms §III Act 3.10).
pub fn majority_gone(judgement: &Judgement, court: &[Justice]) -> bool {
    writers(judgement, court).is_empty()
}

impl Opinion {
    /// The opinion owed on `judgement`.
    pub fn due(judgement: &Judgement, tz: Tz) -> Opinion {
        Opinion::Due {
            due_at: OpinionDeadlines::after(judgement.decided_at, tz).due_at,
            author: None,
        }
    }

    /// The Chief Justice, in the majority, chooses who writes it among the majority still in
    /// office; when none of the majority still holds office, the Chief Justice chooses any
    /// sitting Justice. They may choose again until it is published.
    pub fn assign(
        &self,
        judgement: &Judgement,
        by: &Acting,
        author: i64,
        court: &[Justice],
    ) -> Result<Opinion, OpinionRefusal> {
        let Opinion::Due { due_at, .. } = self else {
            return Err(OpinionRefusal::AlreadyPublished);
        };
        Power::ChiefJustice.require(
            &by.offices,
            "choose who writes the Court's opinion",
            "Terms §III Act 3.10",
        )?;
        if majority_gone(judgement, court) {
            if !court.iter().any(|c| c.id == author) {
                return Err(OpinionRefusal::NotSitting);
            }
        } else {
            let majority = judgement.majority();
            if !majority.contains(&by.id) {
                return Err(OpinionRefusal::ChiefJusticeNotInMajority);
            }
            if !majority.contains(&author) {
                return Err(OpinionRefusal::NotInMajority);
            }
            if !court.iter().any(|c| c.id == author) {
                return Err(OpinionRefusal::NotSitting);
            }
        }
        Ok(Opinion::Due {
            due_at: *due_at,
            author: Some(author),
        })
    }

    /// Whether `person` may publish it now: the assigned author while they sit, or else any
    /// Justice of the majority still in office; when none is, the Chief Justice.
    pub fn may_write(
        &self,
        judgement: &Judgement,
        person: i64,
        court: &[Justice],
    ) -> Result<(), OpinionRefusal> {
        let Opinion::Due { author, .. } = self else {
            return Err(OpinionRefusal::AlreadyPublished);
        };
        let sitting = |id: i64| court.iter().any(|c| c.id == id);
        match author {
            Some(author) if sitting(*author) => {
                return if *author == person {
                    Ok(())
                } else {
                    Err(OpinionRefusal::NotTheAuthor)
                };
            }
            _ => {}
        }
        let writers = writers(judgement, court);
        if writers.is_empty() {
            let chief = court.iter().any(|c| c.id == person && c.chief);
            return if chief {
                Ok(())
            } else {
                Err(OpinionRefusal::MajorityGone)
            };
        }
        if writers.contains(&person) {
            Ok(())
        } else {
            Err(OpinionRefusal::NotInMajority)
        }
    }

    /// Publishes it. A late opinion is still published; `is_late` shows it.
    pub fn publish(
        &self,
        judgement: &Judgement,
        by: i64,
        at: DateTime<Utc>,
        court: &[Justice],
    ) -> Result<Opinion, OpinionRefusal> {
        self.may_write(judgement, by, court)?;
        Ok(Opinion::Published {
            due_at: self.due_at(),
            by,
            at,
        })
    }

    pub fn due_at(&self) -> DateTime<Utc> {
        match self {
            Opinion::Due { due_at, .. } | Opinion::Published { due_at, .. } => *due_at,
        }
    }

    /// Overdue at `now`: not published by the deadline (the overdue notice's condition).
    pub fn is_overdue(&self, now: DateTime<Utc>) -> bool {
        matches!(self, Opinion::Due { due_at, .. } if now >= *due_at)
    }

    pub fn is_late(&self) -> bool {
        matches!(self, Opinion::Published { due_at, at, .. } if at > due_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::court::appeal::tests::{chief, decided, filing, heard, justice};
    use crate::domain::court::panel::tests::court;
    use crate::domain::court::verdict::tests::{ballot, void};
    use crate::domain::court::verdict::Vote;
    use crate::domain::court::Appeal;
    use crate::domain::kernel::calendar::{local_to_utc, show_club};
    use chrono::{Duration, NaiveDate};
    use chrono_tz::Europe::London;

    const CHIEF_ID: i64 = 1;

    fn now_plus(days: i64) -> DateTime<Utc> {
        crate::domain::court::standing::tests::now() + Duration::days(days)
    }

    fn judgement_of(appeal: &Appeal) -> Judgement {
        appeal.judgement().unwrap().clone()
    }

    /// Decided by Justices 2 and 3; the Chief Justice (1) dissented.
    fn without_the_chief() -> Judgement {
        let f = filing();
        let a = heard(&f)
            .vote(&f, ballot(1, Vote::Uphold, 1), London)
            .unwrap()
            .vote(&f, ballot(2, void(), 2), London)
            .unwrap()
            .vote(&f, ballot(3, void(), 3), London)
            .unwrap();
        judgement_of(&a)
    }

    #[test]
    fn the_opinion_is_due_seven_club_days_after_the_verdict_across_a_clock_change() {
        // Terms §III Act 3.10; British Summer Time ends on Sunday 25 October 2026.
        let verdict = local_to_utc(
            NaiveDate::from_ymd_opt(2026, 10, 23)
                .unwrap()
                .and_hms_opt(13, 0, 0)
                .unwrap(),
            London,
        );
        let d = OpinionDeadlines::after(verdict, London);
        assert_eq!(show_club(d.due_at, London), "Fri 30 Oct 2026 13:00 GMT");
        assert_eq!((d.due_at - verdict).num_hours(), 7 * 24 + 1);
        assert_eq!(show_club(d.remind_at, London), "Thu 29 Oct 2026 13:00 GMT");
    }

    #[test]
    fn the_reminder_is_a_club_day_before_the_deadline_in_spring_too() {
        // The clocks go forward on Sunday 29 March 2026.
        let verdict = local_to_utc(
            NaiveDate::from_ymd_opt(2026, 3, 27)
                .unwrap()
                .and_hms_opt(13, 0, 0)
                .unwrap(),
            London,
        );
        let d = OpinionDeadlines::after(verdict, London);
        assert_eq!(show_club(d.remind_at, London), "Thu 2 Apr 2026 13:00 BST");
        assert_eq!(show_club(d.due_at, London), "Fri 3 Apr 2026 13:00 BST");
    }

    #[test]
    fn the_chief_justice_in_the_majority_chooses_the_author() {
        // Terms §III Act 3.10.
        let f = filing();
        let j = judgement_of(&decided(&f)); // Justices 1 and 2 in the majority
        let due = Opinion::due(&j, London);
        let assigned = due.assign(&j, &chief(), 2, &court()).unwrap();
        assert_eq!(
            assigned.publish(&j, CHIEF_ID, now_plus(1), &court()),
            Err(OpinionRefusal::NotTheAuthor)
        );
        assert!(assigned.publish(&j, 2, now_plus(1), &court()).is_ok());
        assert_eq!(
            due.assign(&j, &chief(), 3, &court()),
            Err(OpinionRefusal::NotInMajority)
        );
        assert!(matches!(
            due.assign(&j, &justice(2), 2, &court()),
            Err(OpinionRefusal::Unauthorised(_))
        ));
    }

    #[test]
    fn without_the_chief_justice_in_the_majority_any_justice_in_it_writes() {
        // Terms §III Act 3.10.
        let j = without_the_chief();
        let due = Opinion::due(&j, London);
        assert_eq!(
            due.assign(&j, &chief(), 2, &court()),
            Err(OpinionRefusal::ChiefJusticeNotInMajority)
        );
        assert_eq!(
            due.publish(&j, CHIEF_ID, now_plus(1), &court()),
            Err(OpinionRefusal::NotInMajority)
        );
        let published = due.publish(&j, 3, now_plus(1), &court()).unwrap();
        assert!(!published.is_late());
        assert_eq!(
            published.publish(&j, 2, now_plus(2), &court()),
            Err(OpinionRefusal::AlreadyPublished)
        );
    }

    #[test]
    fn when_no_justice_of_the_majority_sits_the_chief_justice_writes_or_assigns() {
        // Terms §III Act 3.10: otherwise nobody may write it and it is overdue for ever.
        let j = without_the_chief(); // Justices 2 and 3 in the majority
        let left: Vec<_> = court()
            .into_iter()
            .filter(|c| c.id != 2 && c.id != 3)
            .collect();
        assert!(majority_gone(&j, &left));
        let due = Opinion::due(&j, London);
        assert_eq!(
            due.may_write(&j, 4, &left),
            Err(OpinionRefusal::MajorityGone)
        );
        assert_eq!(due.may_write(&j, CHIEF_ID, &left), Ok(()));
        let assigned = due.assign(&j, &chief(), 4, &left).unwrap();
        assert_eq!(assigned.may_write(&j, 4, &left), Ok(()));
        assert_eq!(
            assigned.may_write(&j, CHIEF_ID, &left),
            Err(OpinionRefusal::NotTheAuthor)
        );
        assert_eq!(
            due.assign(&j, &chief(), 3, &left),
            Err(OpinionRefusal::NotSitting)
        );
        // With one of the majority still sitting, that Justice writes, as before.
        let one_left: Vec<_> = court().into_iter().filter(|c| c.id != 3).collect();
        assert_eq!(due.may_write(&j, 2, &one_left), Ok(()));
        assert_eq!(
            due.may_write(&j, CHIEF_ID, &one_left),
            Err(OpinionRefusal::NotInMajority)
        );
    }

    #[test]
    fn an_unpublished_opinion_is_overdue_at_the_deadline_and_a_late_one_says_so() {
        let j = without_the_chief();
        let due = Opinion::due(&j, London);
        assert!(!due.is_overdue(due.due_at() - Duration::seconds(1)));
        assert!(due.is_overdue(due.due_at()));
        let late = due
            .publish(&j, 2, due.due_at() + Duration::hours(1), &court())
            .unwrap();
        assert!(late.is_late() && !late.is_overdue(due.due_at() + Duration::days(1)));
    }
}
