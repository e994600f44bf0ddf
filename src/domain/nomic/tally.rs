//! Counting votes and deciding adoption: unanimity of votes cast (Nomic 204), a simple majority
//! after rule 204 changes itself, and unanimity of every eligible voter for a transmutation into
//! a mutable rule (Nomic 111).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use chrono::{DateTime, Utc};

use super::PlayerId;

/// A vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ballot {
    Yes,
    No,
}

crate::offered_as_words! {
    Ballot {
        Ballot::Yes => "yes",
        Ballot::No => "no",
    }
}

impl fmt::Display for Ballot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ballot::Yes => "Yes",
            Ballot::No => "No",
        })
    }
}

/// A vote cast, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vote {
    pub ballot: Ballot,
    pub at: DateTime<Utc>,
}

/// What adoption requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threshold {
    /// Every vote cast is Yes, and at least one was cast (Nomic 204, 104).
    Unanimity,
    /// More Yes than No among the votes cast (Nomic 204 after its own change).
    SimpleMajority,
    /// Every eligible voter voted Yes (Nomic 111).
    UnanimityOfEligible,
}

impl fmt::Display for Threshold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Threshold::Unanimity => "unanimity of the votes cast (Nomic 204)",
            Threshold::SimpleMajority => "a simple majority of the votes cast (Nomic 204)",
            Threshold::UnanimityOfEligible => "a Yes from every eligible voter (Nomic 111)",
        })
    }
}

/// The count of a proposal's votes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    pub yes: u32,
    pub no: u32,
}

impl Tally {
    /// Counts the votes cast.
    pub fn of(votes: &BTreeMap<PlayerId, Vote>) -> Self {
        let yes = votes.values().filter(|v| v.ballot == Ballot::Yes).count() as u32;
        Tally {
            yes,
            no: votes.len() as u32 - yes,
        }
    }

    /// V in Nomic 203: every vote cast.
    pub fn cast(&self) -> u32 {
        self.yes + self.no
    }
}

/// Whether a proposal was adopted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Adopted,
    Defeated,
}

/// Decides adoption (Nomic 104): `eligible` are the eligible voters at the close (Nomic 105).
pub fn decide(
    threshold: Threshold,
    votes: &BTreeMap<PlayerId, Vote>,
    eligible: &BTreeSet<PlayerId>,
) -> Outcome {
    let tally = Tally::of(votes);
    let adopted = match threshold {
        Threshold::Unanimity => tally.cast() > 0 && tally.no == 0,
        Threshold::SimpleMajority => tally.yes > tally.no,
        Threshold::UnanimityOfEligible => {
            !eligible.is_empty()
                && eligible
                    .iter()
                    .all(|p| votes.get(p).is_some_and(|v| v.ballot == Ballot::Yes))
        }
    };
    if adopted {
        Outcome::Adopted
    } else {
        Outcome::Defeated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    fn votes(ballots: &[(PlayerId, Ballot)]) -> BTreeMap<PlayerId, Vote> {
        let at = Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap();
        ballots
            .iter()
            .map(|(p, ballot)| {
                (
                    *p,
                    Vote {
                        ballot: *ballot,
                        at,
                    },
                )
            })
            .collect()
    }

    fn everyone() -> BTreeSet<PlayerId> {
        (1..=5).collect()
    }

    #[test]
    fn one_no_defeats_a_proposal_under_unanimity_of_votes_cast() {
        // Nomic 204: unanimity among the votes cast; abstaining is not voting (Nomic 113 note).
        let four_yes = votes(&[(1, Ballot::Yes), (2, Ballot::Yes), (3, Ballot::Yes)]);
        assert_eq!(
            decide(Threshold::Unanimity, &four_yes, &everyone()),
            Outcome::Adopted
        );
        let one_no = votes(&[(1, Ballot::Yes), (2, Ballot::Yes), (3, Ballot::No)]);
        assert_eq!(
            decide(Threshold::Unanimity, &one_no, &everyone()),
            Outcome::Defeated
        );
    }

    #[test]
    fn a_proposal_nobody_votes_on_is_defeated() {
        // Nomic 104: adopted only with the required votes; none were cast.
        let none = votes(&[]);
        assert_eq!(
            decide(Threshold::Unanimity, &none, &everyone()),
            Outcome::Defeated
        );
        assert_eq!(
            decide(Threshold::SimpleMajority, &none, &everyone()),
            Outcome::Defeated
        );
    }

    #[test]
    fn a_simple_majority_needs_more_yes_than_no_and_a_tie_fails() {
        let three_two = votes(&[
            (1, Ballot::Yes),
            (2, Ballot::Yes),
            (3, Ballot::Yes),
            (4, Ballot::No),
            (5, Ballot::No),
        ]);
        assert_eq!(
            decide(Threshold::SimpleMajority, &three_two, &everyone()),
            Outcome::Adopted
        );
        let tie = votes(&[(1, Ballot::Yes), (2, Ballot::No)]);
        assert_eq!(
            decide(Threshold::SimpleMajority, &tie, &everyone()),
            Outcome::Defeated
        );
    }

    #[test]
    fn transmuting_to_mutable_needs_a_yes_from_every_eligible_voter() {
        // Nomic 111: four Yes and one abstention is not unanimity among the eligible voters.
        let four = votes(&[
            (1, Ballot::Yes),
            (2, Ballot::Yes),
            (3, Ballot::Yes),
            (4, Ballot::Yes),
        ]);
        assert_eq!(
            decide(Threshold::UnanimityOfEligible, &four, &everyone()),
            Outcome::Defeated
        );
        let mut five = four.clone();
        five.extend(votes(&[(5, Ballot::Yes)]));
        assert_eq!(
            decide(Threshold::UnanimityOfEligible, &five, &everyone()),
            Outcome::Adopted
        );
    }
}
