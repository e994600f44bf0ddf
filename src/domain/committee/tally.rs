//! The tally of a committee vote: turnout of the sitting body (A.6), the majority, a tie for
//! the TD to break (A.6, A.3.iii), and the override of a veto (A.7).

use std::fmt;
use std::str::FromStr;

use super::rules::{Abstentions, Fraction, Majority, TieBreak, VoteRules};

/// A vote on a motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Yes,
    No,
    Abstain,
}

crate::offered_as_words! {
    Choice {
        Choice::Yes => "yes",
        Choice::No => "no",
        Choice::Abstain => "abstain",
    }
}

/// The TD's tie-break is Yes or No only (A.6): the words `/motion break` offers, read as a
/// `Choice`.
pub const TIE_CHOICES: &[&str] = &["yes", "no"];

impl FromStr for Choice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "yes" => Ok(Choice::Yes),
            "no" => Ok(Choice::No),
            "abstain" => Ok(Choice::Abstain),
            _ => Err(format!("`{s}` is not a vote; choose yes, no or abstain.")),
        }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Choice::Yes => "Yes",
            Choice::No => "No",
            Choice::Abstain => "Abstain",
        })
    }
}

/// The votes cast on a motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    pub yes: u32,
    pub no: u32,
    pub abstain: u32,
}

impl Counts {
    pub fn of(choices: impl IntoIterator<Item = Choice>) -> Counts {
        let mut c = Counts::default();
        for choice in choices {
            match choice {
                Choice::Yes => c.yes += 1,
                Choice::No => c.no += 1,
                Choice::Abstain => c.abstain += 1,
            }
        }
        c
    }

    /// Everyone who voted, abstentions included.
    pub fn cast(self) -> u32 {
        self.yes + self.no + self.abstain
    }
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Yes {}, No {}", self.yes, self.no)?;
        if self.abstain > 0 {
            write!(f, ", Abstain {}", self.abstain)?;
        }
        Ok(())
    }
}

/// What a closed vote decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Binding, and carried.
    Adopted,
    /// Binding, and not carried.
    Rejected,
    /// Too few of the sitting body voted for the decision to bind (A.6, A.7).
    NotBinding {
        voted: u32,
        sitting: u32,
        needed: Fraction,
    },
    /// Yes and No are equal: the TD casts the tie-breaking vote (A.6).
    Tied,
}

impl Outcome {
    pub fn key(self) -> &'static str {
        match self {
            Outcome::Adopted => "adopted",
            Outcome::Rejected => "rejected",
            Outcome::NotBinding { .. } => "not_binding",
            Outcome::Tied => "tied",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Adopted => f.write_str("adopted"),
            Outcome::Rejected => f.write_str("rejected"),
            Outcome::NotBinding {
                voted,
                sitting,
                needed,
            } => write!(
                f,
                "not binding: turnout {voted} of {sitting} is below {needed}"
            ),
            Outcome::Tied => f.write_str("tied, waiting for the TD's tie-breaking vote"),
        }
    }
}

/// The votes that count toward turnout under `rules`: every vote cast, or only Yes and No
/// where an abstention is not a vote.
pub fn turnout(counts: Counts, rules: &VoteRules) -> u32 {
    match rules.abstentions {
        Abstentions::Count | Abstentions::TurnoutOnly => counts.cast(),
        Abstentions::Ignore => counts.yes + counts.no,
    }
}

/// The votes a majority is of: the same votes that made the turnout (A.6, A.7 speak of one set
/// of votes), save under the old reading kept for motions that closed under it.
pub fn whole(counts: Counts, rules: &VoteRules) -> u32 {
    match rules.abstentions {
        Abstentions::Count => counts.cast(),
        Abstentions::Ignore | Abstentions::TurnoutOnly => counts.yes + counts.no,
    }
}

/// Decides a closed vote of a sitting body of `sitting` people (A.6; A.7 for an override).
///
/// The decision binds when the turnout is met. It is carried when Yes is more than half of the
/// votes the majority is of (and, for a fractional majority, at least that fraction of them);
/// it is tied when Yes is exactly half, so that one more vote decides it (A.6: "the TD will
/// cast the tie-breaking vote"); otherwise it is rejected. Where abstentions are not votes this
/// is "more Yes than No", and a tie is Yes equal to No.
pub fn decide(counts: Counts, sitting: u32, rules: &VoteRules) -> Outcome {
    let voted = turnout(counts, rules);
    if !rules.turnout.met_by(voted, sitting) {
        return Outcome::NotBinding {
            voted,
            sitting,
            needed: rules.turnout,
        };
    }
    let whole = whole(counts, rules);
    if counts.yes + counts.no == 0 || whole == 0 {
        // Everyone who voted abstained: nothing was carried.
        return Outcome::Rejected;
    }
    let (yes, whole) = (u64::from(counts.yes), u64::from(whole));
    match rules.majority {
        Majority::Simple if 2 * yes > whole => Outcome::Adopted,
        Majority::Simple if 2 * yes == whole => match rules.tie_break {
            TieBreak::Director => Outcome::Tied,
            TieBreak::Rejects => Outcome::Rejected,
        },
        Majority::Simple => Outcome::Rejected,
        Majority::AtLeast(f) if f.met_by(counts.yes, whole as u32) && 2 * yes > whole => {
            Outcome::Adopted
        }
        Majority::AtLeast(_) => Outcome::Rejected,
    }
}

/// The TD's tie-breaking vote decides a tied motion (A.6: "the TD will cast the tie-breaking
/// vote and the majority decision will decide the issue").
pub fn break_tie(choice: Choice) -> Result<Outcome, TieBreakError> {
    match choice {
        Choice::Yes => Ok(Outcome::Adopted),
        Choice::No => Ok(Outcome::Rejected),
        Choice::Abstain => Err(TieBreakError::MustChoose),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TieBreakError {
    #[error("The tie-breaking vote must be yes or no (house rules A.6).")]
    MustChoose,
}

#[cfg(test)]
mod tests;
