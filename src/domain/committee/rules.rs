//! A committee's own rules: its size range, the turnout that makes a decision binding, the
//! majority it needs, who breaks a tie and who counts as sitting (house rules A.2, A.6, A.7).

use std::fmt;
use std::str::FromStr;

use crate::domain::kernel::office::Office;
use crate::domain::kernel::words::Words;

/// A fraction such as 2/3, written as it is typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fraction {
    pub num: u32,
    pub den: u32,
}

impl Fraction {
    pub const TWO_THIRDS: Fraction = Fraction { num: 2, den: 3 };
    pub const THREE_QUARTERS: Fraction = Fraction { num: 3, den: 4 };

    /// Whether `part` of `whole` is at least this fraction (exact, in whole numbers).
    pub fn met_by(self, part: u32, whole: u32) -> bool {
        u64::from(part) * u64::from(self.den) >= u64::from(self.num) * u64::from(whole)
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// A rule typed badly, with what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("`{0}` is not a fraction; write it like 2/3, with 0 < a ≤ b (house rules A.6).")]
    Fraction(String),
    #[error("`{0}` is not a size range; write it like 5-8, with 1 ≤ the least ≤ the most ≤ 50 (house rules A.2).")]
    Size(String),
    #[error("`{0}` is not a majority; choose simple, two_thirds or three_quarters.")]
    Majority(String),
    #[error("`{0}` is not a tie-break; choose director or rejects.")]
    TieBreak(String),
    #[error("`{0}` is not a sitting rule; choose members or members_and_assistants.")]
    Sitting(String),
    #[error("`{0}` is not a reading of abstentions; choose count or ignore.")]
    Abstentions(String),
}

impl FromStr for Fraction {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RulesError::Fraction(s.to_owned());
        let (a, b) = s.trim().split_once('/').ok_or_else(bad)?;
        let num: u32 = a.trim().parse().map_err(|_| bad())?;
        let den: u32 = b.trim().parse().map_err(|_| bad())?;
        if num == 0 || den == 0 || num > den || den > 100 {
            return Err(bad());
        }
        Ok(Fraction { num, den })
    }
}

/// The most members a committee may be given.
pub const SIZE_MAX: u32 = 50;

/// How many members a committee has: `5-8` (A.2: "between 5 and 8 people").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeRange {
    pub least: u32,
    pub most: u32,
}

impl FromStr for SizeRange {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RulesError::Size(s.to_owned());
        let (a, b) = match s.trim().split_once('-') {
            Some((a, b)) => (a, b),
            None => (s, s),
        };
        let least: u32 = a.trim().parse().map_err(|_| bad())?;
        let most: u32 = b.trim().parse().map_err(|_| bad())?;
        if least == 0 || least > most || most > SIZE_MAX {
            return Err(bad());
        }
        Ok(SizeRange { least, most })
    }
}

impl fmt::Display for SizeRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.least == self.most {
            write!(f, "{}", self.least)
        } else {
            write!(f, "{} to {}", self.least, self.most)
        }
    }
}

/// The majority a motion needs, of the votes cast for or against (abstentions are not counted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Majority {
    /// More Yes than No (A.6: "the majority decision will decide the issue").
    Simple,
    /// At least this fraction of the Yes and No votes are Yes (A.7's 2/3 for an override).
    AtLeast(Fraction),
}

/// The majorities commands offer, by name; any other fraction is typed as a fraction (a rule
/// the TMC changed, A.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Majorities {
    Simple,
    TwoThirds,
    ThreeQuarters,
}

impl From<Majorities> for Majority {
    fn from(m: Majorities) -> Majority {
        match m {
            Majorities::Simple => Majority::Simple,
            Majorities::TwoThirds => Majority::AtLeast(Fraction::TWO_THIRDS),
            Majorities::ThreeQuarters => Majority::AtLeast(Fraction::THREE_QUARTERS),
        }
    }
}

impl Majority {
    /// As stored: the offered name, else the fraction.
    pub fn key(self) -> String {
        match self {
            Majority::Simple => Majorities::Simple.word().into(),
            Majority::AtLeast(Fraction::TWO_THIRDS) => Majorities::TwoThirds.word().into(),
            Majority::AtLeast(Fraction::THREE_QUARTERS) => Majorities::ThreeQuarters.word().into(),
            Majority::AtLeast(f) => f.to_string(),
        }
    }
}

impl FromStr for Majority {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match Majorities::from_word(s.trim()) {
            Some(named) => Ok(named.into()),
            None => s
                .trim()
                .parse()
                .map(Majority::AtLeast)
                .map_err(|_| RulesError::Majority(s.to_owned())),
        }
    }
}

impl fmt::Display for Majority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Majority::Simple => f.write_str("a simple majority"),
            Majority::AtLeast(fr) => write!(f, "a {fr} majority"),
        }
    }
}

/// Who breaks a tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// The Tournament Director, or the Assistant TD acting as TD, casts only the tie-break (A.6,
    /// A.3.iii).
    Director,
    /// A tie rejects the motion: nothing changes without a majority.
    Rejects,
}

impl TieBreak {
    /// As stored: its word.
    pub fn key(self) -> &'static str {
        self.word()
    }
}

impl FromStr for TieBreak {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TieBreak::from_word(s.trim()).ok_or_else(|| RulesError::TieBreak(s.to_owned()))
    }
}

/// Who counts as sitting, for turnout and for who may vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sitting {
    /// The committee's members.
    Members,
    /// The members and the Assistant TDs, except an Assistant TD acting as TD (A.6).
    MembersAndAssistants,
}

impl Sitting {
    /// As stored: its word.
    pub fn key(self) -> &'static str {
        self.word()
    }
}

impl FromStr for Sitting {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Sitting::from_word(s.trim()).ok_or_else(|| RulesError::Sitting(s.to_owned()))
    }
}

/// What an abstention is, for turnout and for the majority. A.6 asks that 2/3 of the sitting
/// body "vote on an issue" and A.7 that 3/4 "vote" for an override carried by "a 2/3 majority":
/// the text speaks of one set of votes for both, so an abstention is either a vote, counted in
/// both, or not a vote, counted in neither. The text allows both readings; each committee
/// chooses one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abstentions {
    /// An abstention is a vote: it counts toward turnout, and a majority is of every vote cast,
    /// abstentions included (Yes 1, No 0, Abstain 5 carries nothing).
    Count,
    /// An abstention is not a vote: it counts toward neither turnout nor the majority.
    Ignore,
    /// Counted toward turnout but not toward the majority: the reading gavel applied before it
    /// was corrected, kept only for motions that closed under it, so their record re-derives.
    TurnoutOnly,
}

/// The readings of abstentions a committee may choose (`TurnoutOnly` is not one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abstaining {
    Count,
    Ignore,
}

impl From<Abstaining> for Abstentions {
    fn from(a: Abstaining) -> Abstentions {
        match a {
            Abstaining::Count => Abstentions::Count,
            Abstaining::Ignore => Abstentions::Ignore,
        }
    }
}

/// The offices whose holders a committee may be: none given per game, nor the acting TD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seats {
    Tmc,
    Justice,
    Moderator,
    Staff,
}

impl From<Seats> for Office {
    fn from(s: Seats) -> Office {
        match s {
            Seats::Tmc => Office::TmcMember,
            Seats::Justice => Office::Justice,
            Seats::Moderator => Office::Moderator,
            Seats::Staff => Office::Staff,
        }
    }
}

/// `/committee set`'s answer to whether members, not only the TD, may open motions (A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MembersOpen {
    Yes,
    No,
}

impl From<MembersOpen> for bool {
    fn from(open: MembersOpen) -> bool {
        open == MembersOpen::Yes
    }
}

crate::offered_as_words! {
    MembersOpen {
        MembersOpen::Yes => "yes",
        MembersOpen::No => "no",
    }
    Majorities {
        Majorities::Simple => "simple",
        Majorities::TwoThirds => "two_thirds",
        Majorities::ThreeQuarters => "three_quarters",
    }
    TieBreak {
        TieBreak::Director => "director",
        TieBreak::Rejects => "rejects",
    }
    Sitting {
        Sitting::Members => "members",
        Sitting::MembersAndAssistants => "members_and_assistants",
    }
    Abstaining {
        Abstaining::Count => "count",
        Abstaining::Ignore => "ignore",
    }
    Seats {
        Seats::Tmc => "tmc",
        Seats::Justice => "justice",
        Seats::Moderator => "moderator",
        Seats::Staff => "staff",
    }
}

impl Abstentions {
    pub fn key(self) -> &'static str {
        match self {
            Abstentions::Count => "count",
            Abstentions::Ignore => "ignore",
            Abstentions::TurnoutOnly => "turnout_only",
        }
    }
}

impl FromStr for Abstentions {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "count" => Ok(Abstentions::Count),
            "ignore" => Ok(Abstentions::Ignore),
            "turnout_only" => Ok(Abstentions::TurnoutOnly),
            _ => Err(RulesError::Abstentions(s.to_owned())),
        }
    }
}

/// What a vote needs to bind and to pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoteRules {
    /// The part of the sitting body that must vote for the decision to bind.
    pub turnout: Fraction,
    pub majority: Majority,
    pub tie_break: TieBreak,
    /// Whether an abstention is a vote (for turnout and the majority alike).
    pub abstentions: Abstentions,
}

impl VoteRules {
    /// The override of a TD's veto: `majority` (A.7's "2/3 majority") with at least `turnout`
    /// of the sitting body voting (A.7's 3/4), abstentions read as the committee reads them. A
    /// tie cannot reach 2/3, so no one breaks it.
    pub fn override_of(ordinary: VoteRules, turnout: Fraction, majority: Majority) -> VoteRules {
        VoteRules {
            turnout,
            majority,
            tie_break: TieBreak::Rejects,
            abstentions: ordinary.abstentions,
        }
    }

    /// The override with the thresholds A.7 was published with: 3/4 voting, a 2/3 majority.
    pub fn published_override_of(ordinary: VoteRules) -> VoteRules {
        Self::override_of(
            ordinary,
            Fraction::THREE_QUARTERS,
            Majority::AtLeast(Fraction::TWO_THIRDS),
        )
    }
}

/// A committee's rules, as `/committee create` sets them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitteeRules {
    pub size: SizeRange,
    pub vote: VoteRules,
    pub sitting: Sitting,
    /// Whether its members, not only the TD, may open motions.
    pub members_open: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_thirds_of_seven_is_five_not_four_a6() {
        assert!(!Fraction::TWO_THIRDS.met_by(4, 7));
        assert!(Fraction::TWO_THIRDS.met_by(5, 7));
        assert!(Fraction::TWO_THIRDS.met_by(4, 6));
    }

    #[test]
    fn three_quarters_of_seven_is_six_a7() {
        assert!(!Fraction::THREE_QUARTERS.met_by(5, 7));
        assert!(Fraction::THREE_QUARTERS.met_by(6, 7));
    }

    #[test]
    fn fractions_and_sizes_are_typed_as_people_write_them() {
        assert_eq!("2/3".parse(), Ok(Fraction::TWO_THIRDS));
        assert!("3/2".parse::<Fraction>().is_err());
        assert!("0/3".parse::<Fraction>().is_err());
        assert!("two".parse::<Fraction>().is_err());
        assert_eq!("5-8".parse(), Ok(SizeRange { least: 5, most: 8 }));
        assert_eq!("3".parse(), Ok(SizeRange { least: 3, most: 3 }));
        assert!("8-5".parse::<SizeRange>().is_err());
        assert!("0-5".parse::<SizeRange>().is_err());
    }

    #[test]
    fn the_words_for_majorities_ties_and_sitting_round_trip() {
        for word in Majorities::WORDS {
            assert_eq!(word.parse::<Majority>().expect(word).key(), *word);
        }
        for word in TieBreak::WORDS {
            assert_eq!(word.parse::<TieBreak>().expect(word).key(), *word);
        }
        for word in Sitting::WORDS {
            assert_eq!(word.parse::<Sitting>().expect(word).key(), *word);
        }
        for word in Abstaining::WORDS {
            assert_eq!(word.parse::<Abstentions>().expect(word).key(), *word);
        }
        assert_eq!(
            "4/5".parse::<Majority>().map(Majority::key),
            Ok("4/5".to_owned())
        );
        assert!("most".parse::<Majority>().is_err());
    }

    #[test]
    fn a_committee_is_seated_by_an_office_a_committee_may_have_a6() {
        for seats in Seats::ALL {
            let office = Office::from(*seats);
            assert!(!office.per_game() && office != Office::ActingDirector);
            assert_eq!(office.key(), seats.word());
        }
    }
}
