//! A motion's lifecycle: open for votes; closed at its time or once every sitting member has
//! voted; then adopted, rejected or not binding, or tied until the TD breaks the tie (A.6). A
//! closed motion's record is final: no vote changes after the close.

use std::fmt;

use super::tally::{self, Choice, Counts, Outcome};

/// What a motion is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Any question for the committee.
    Plain,
    /// A change to one item of the house rules, which the TD approves or vetoes (A.7).
    RuleChange,
    /// The override of the TD's veto of a rule change (A.7).
    Override,
    /// A dispute the TD referred to the committee (D.I.2, A.3.v).
    Dispute,
}

/// The kinds `/motion open` offers (overrides and disputes open themselves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Openable {
    Plain,
    RuleChange,
}

impl From<Openable> for Kind {
    fn from(kind: Openable) -> Kind {
        match kind {
            Openable::Plain => Kind::Plain,
            Openable::RuleChange => Kind::RuleChange,
        }
    }
}

crate::offered_as_words! {
    Openable {
        Openable::Plain => "plain",
        Openable::RuleChange => "rule-change",
    }
}

/// Where a motion stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Open,
    Tied,
    Adopted,
    Rejected,
    NotBinding,
}

impl Status {
    /// The status a closed vote leaves.
    pub fn after(outcome: Outcome) -> Status {
        match outcome {
            Outcome::Adopted => Status::Adopted,
            Outcome::Rejected => Status::Rejected,
            Outcome::NotBinding { .. } => Status::NotBinding,
            Outcome::Tied => Status::Tied,
        }
    }

    /// Whether the vote is over and its result final.
    pub fn is_final(self) -> bool {
        !matches!(self, Status::Open | Status::Tied)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Open => "open",
            Status::Tied => "tied, waiting for the TD",
            Status::Adopted => "adopted",
            Status::Rejected => "rejected",
            Status::NotBinding => "not binding",
        })
    }
}

/// Why a vote or a tie-break is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MotionError {
    #[error(
        "Motion {0} is closed ({1}); its record is final and no vote changes after the close."
    )]
    Closed(i64, Status),
    #[error("You do not sit on the body voting on motion {0}; only the sitting body votes (house rules A.6).")]
    NotSitting(i64),
    #[error("Motion {0} is not tied; the TD casts only a tie-breaking vote (house rules A.6).")]
    NotTied(i64),
    #[error("You sit on the body voting on motion {0}; the tie-breaking vote is the TD's, not a second vote (house rules A.6).")]
    SitsAndBreaks(i64),
    #[error(transparent)]
    TieBreak(#[from] tally::TieBreakError),
}

/// Whether a sitting member may vote now (and change their vote while the motion is open).
pub fn may_vote(number: i64, status: Status, sits: bool) -> Result<(), MotionError> {
    if status != Status::Open {
        return Err(MotionError::Closed(number, status));
    }
    if !sits {
        return Err(MotionError::NotSitting(number));
    }
    Ok(())
}

/// Whether the vote closes now: at its time, or once every sitting member has voted.
pub fn closes_early(counts: Counts, sitting: u32) -> bool {
    counts.cast() >= sitting
}

/// The TD's tie-break on a tied motion (A.6), by someone who did not sit on it.
pub fn break_tie(
    number: i64,
    status: Status,
    choice: Choice,
    sits: bool,
) -> Result<Status, MotionError> {
    if status != Status::Tied {
        return Err(MotionError::NotTied(number));
    }
    if sits {
        return Err(MotionError::SitsAndBreaks(number));
    }
    Ok(Status::after(tally::break_tie(choice)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vote_after_the_close_is_refused_and_the_record_is_final() {
        assert_eq!(
            may_vote(3, Status::Adopted, true),
            Err(MotionError::Closed(3, Status::Adopted))
        );
        assert!(Status::Adopted.is_final() && !Status::Tied.is_final());
    }

    #[test]
    fn voting_without_a_seat_is_refused_a6() {
        assert_eq!(
            may_vote(3, Status::Open, false),
            Err(MotionError::NotSitting(3))
        );
        assert_eq!(may_vote(3, Status::Open, true), Ok(()));
    }

    #[test]
    fn a_motion_closes_once_every_sitting_member_has_voted() {
        let six = Counts {
            yes: 3,
            no: 2,
            abstain: 1,
        };
        assert!(closes_early(six, 6));
        assert!(!closes_early(six, 7));
    }

    #[test]
    fn the_td_breaks_only_a_tie_a6() {
        assert_eq!(
            break_tie(4, Status::Tied, Choice::No, false),
            Ok(Status::Rejected)
        );
        assert_eq!(
            break_tie(4, Status::Adopted, Choice::Yes, false),
            Err(MotionError::NotTied(4))
        );
    }

    #[test]
    fn an_assistant_td_who_sat_does_not_also_break_the_tie_a6() {
        assert_eq!(
            break_tie(4, Status::Tied, Choice::Yes, true),
            Err(MotionError::SitsAndBreaks(4))
        );
    }
}
