//! The procedure's parameters by name: which procedure the club runs, and the numbers the
//! Nomic rules fix (Nomic 109, 202, 203-205, 207, 210, 211, 214). Defaults are the Initial
//! Set's; config seeds them and `/procedure set` changes them.

use chrono::{NaiveTime, TimeDelta};

use serde::Deserialize;

use crate::domain::nomic::{NomicParameters, Threshold};

/// Which procedure changes the club's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Procedure {
    /// The Nomic Initial Set (Nomic 101-118, 201-215): numbered proposals, votes, points.
    Nomic,
    /// The chess club's Terms §IV: Members suggest, Moderators and Justices draft, the Chief
    /// Justice decides.
    #[default]
    ChiefJustice,
}

/// A parameter `/procedure set` changes: the procedure's own (`NAMES`), then the numbers and
/// days the Terms' Acts set (`bound::TERMS`), as the option offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parameter {
    Procedure,
    AdvisoryVotes,
    FirstProposal,
    ProposalCutoff,
    MaxMutableRules,
    InitialAdoption,
    LaterAdoption,
    CircuitsBeforeSwitch,
    AwardMinimum,
    AwardOffset,
    DefeatPenalty,
    DissentAward,
    InitialPoints,
    WinningPoints,
    MaxActivePoints,
    DisputeWindowMinutes,
    OpinionWindowMinutes,
    SessionDay,
    SessionStart,
    SessionEnd,
    SessionPlace,
    ScoresInitial,
    LeaveDays,
    BanDay,
    DeclarationDays,
}

crate::offered_as_words! {
    Parameter {
        Parameter::Procedure => "procedure",
        Parameter::AdvisoryVotes => "advisory_votes",
        Parameter::FirstProposal => "first_proposal",
        Parameter::ProposalCutoff => "proposal_cutoff",
        Parameter::MaxMutableRules => "max_mutable_rules",
        Parameter::InitialAdoption => "initial_adoption",
        Parameter::LaterAdoption => "later_adoption",
        Parameter::CircuitsBeforeSwitch => "circuits_before_switch",
        Parameter::AwardMinimum => "award_minimum",
        Parameter::AwardOffset => "award_offset",
        Parameter::DefeatPenalty => "defeat_penalty",
        Parameter::DissentAward => "dissent_award",
        Parameter::InitialPoints => "initial_points",
        Parameter::WinningPoints => "winning_points",
        Parameter::MaxActivePoints => "max_active_points",
        Parameter::DisputeWindowMinutes => "dispute_window_minutes",
        Parameter::OpinionWindowMinutes => "opinion_window_minutes",
        Parameter::SessionDay => "session.day",
        Parameter::SessionStart => "session.start",
        Parameter::SessionEnd => "session.end",
        Parameter::SessionPlace => "session.place",
        Parameter::ScoresInitial => "scores.initial",
        Parameter::LeaveDays => "leaderboard.leave_days",
        Parameter::BanDay => "moderation.ban_day",
        Parameter::DeclarationDays => "moderation.declaration_days",
    }
}

/// Every parameter's name, with what it is.
pub const NAMES: &[(&str, &str)] = &[
    ("procedure", "nomic or chief_justice"),
    (
        "advisory_votes",
        "Members vote on drafts, advisory: yes or no (Terms §IV Act 1)",
    ),
    ("first_proposal", "the first proposal's number (Nomic 109)"),
    (
        "proposal_cutoff",
        "proposals before this time, HH:MM, UK time (Nomic 106, 202)",
    ),
    (
        "max_mutable_rules",
        "at most this many mutable rules (Nomic 211)",
    ),
    ("initial_adoption", "unanimity or majority (Nomic 204)"),
    (
        "later_adoption",
        "after the switch: unanimity or majority (Nomic 204)",
    ),
    (
        "circuits_before_switch",
        "circuits of turns before the switch, or none (Nomic 204)",
    ),
    (
        "award_minimum",
        "the floor of a proposer's full award, the 10 in max{10, R-290} (Nomic 203)",
    ),
    (
        "award_offset",
        "the 290 subtracted from R in max{10, R-290} (Nomic 203)",
    ),
    (
        "defeat_penalty",
        "points a defeated proposal costs (Nomic 207)",
    ),
    (
        "dissent_award",
        "points for a No on an adopted proposal (Nomic 205)",
    ),
    (
        "initial_points",
        "every player's points at the start (Nomic 201)",
    ),
    ("winning_points", "the points that win (Nomic 210)"),
    (
        "max_active_points",
        "Points of Order a player may have active (Nomic 214)",
    ),
    (
        "dispute_window_minutes",
        "minutes to dispute a Judgement (Nomic 214)",
    ),
    (
        "opinion_window_minutes",
        "minutes to agree or disagree (Nomic 214)",
    ),
];

/// The procedure and its numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub procedure: Procedure,
    /// Whether Members may vote on drafted changes to the Terms; the votes only advise.
    pub advisory_votes: bool,
    pub nomic: NomicParameters,
}

/// Why a parameter could not be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParameterError {
    #[error("There is no procedure parameter `{0}`; /procedure show lists them.")]
    Unknown(String),
    #[error("`{value}` is not a value for {name}: it takes {wants}.")]
    Bad {
        name: String,
        value: String,
        wants: String,
    },
}

/// The range of a parameter that is a whole number: the least and the most it may be, and
/// why (what a value outside it would do to the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub name: &'static str,
    pub least: i64,
    pub most: i64,
    /// What the number counts, for the refusal: "a whole number of minutes".
    pub unit: &'static str,
    /// Why the range is what it is.
    pub why: &'static str,
}

/// Every whole-number parameter's valid range. The book's "Parameters" table lists the same.
pub const RANGES: &[Range] = &[
    Range {
        name: "first_proposal",
        least: 2,
        most: 1_000_000,
        unit: "a whole number",
        why: "and above every rule's number, as each proposal's number is its rule's (Nomic 109)",
    },
    Range {
        name: "max_mutable_rules",
        least: 1,
        most: 1000,
        unit: "a whole number",
        why: "as there must always be a mutable rule and rule-changes must never become impermissible (Nomic 116, 211)",
    },
    Range {
        name: "circuits_before_switch",
        least: 1,
        most: 100,
        unit: "none or a whole number of circuits",
        why: "as the switch comes at the end of a complete circuit (Nomic 204)",
    },
    Range {
        name: "award_minimum",
        least: 0,
        most: 1000,
        unit: "a whole number of points",
        why: "(Nomic 203)",
    },
    Range {
        name: "award_offset",
        least: 0,
        most: 1_000_000,
        unit: "a whole number",
        why: "(Nomic 203)",
    },
    Range {
        name: "defeat_penalty",
        least: 0,
        most: 1000,
        unit: "a whole number of points",
        why: "written as the points lost (Nomic 207)",
    },
    Range {
        name: "dissent_award",
        least: 0,
        most: 1000,
        unit: "a whole number of points",
        why: "(Nomic 205)",
    },
    Range {
        name: "initial_points",
        least: -1_000_000,
        most: 1_000_000,
        unit: "a whole number of points",
        why: "(Nomic 201)",
    },
    Range {
        name: "winning_points",
        least: 1,
        most: 1_000_000,
        unit: "a positive whole number of points",
        why: "(Nomic 210)",
    },
    Range {
        name: "max_active_points",
        least: 1,
        most: 100,
        unit: "a whole number",
        why: "as a player must be able to raise a Point of Order (Nomic 214)",
    },
    Range {
        name: "dispute_window_minutes",
        least: 1,
        most: 1440,
        unit: "a whole number of minutes",
        why: "as a Judgement must be open to dispute, for at most a day (Nomic 214)",
    },
    Range {
        name: "opinion_window_minutes",
        least: 1,
        most: 1440,
        unit: "a whole number of minutes",
        why: "as a dispute must be open to opinions, for at most a day (Nomic 214)",
    },
];

/// The earliest and latest proposal cut-off: 00:00 would leave no moment of the day to
/// propose in (Nomic 202).
pub const CUTOFF_RANGE: (NaiveTime, NaiveTime) = (
    NaiveTime::from_hms_opt(0, 1, 0).expect("00:01"),
    NaiveTime::from_hms_opt(23, 59, 0).expect("23:59"),
);

impl Range {
    /// What the refusal says the parameter takes.
    pub fn wants(&self) -> String {
        let joint = if self.why.starts_with('(') { " " } else { ", " };
        format!(
            "{} from {} to {}{joint}{}",
            self.unit, self.least, self.most, self.why
        )
    }
}

/// `value` read as the whole number parameter `name` takes, within its range.
fn number<T: TryFrom<i64>>(name: &str, value: &str) -> Result<T, ParameterError> {
    let range = RANGES
        .iter()
        .find(|r| r.name == name)
        .expect("every whole-number parameter has a range");
    value
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|n| (range.least..=range.most).contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| ParameterError::Bad {
            name: name.to_owned(),
            value: value.to_owned(),
            wants: range.wants(),
        })
}

/// Whether proposals may be numbered from `first` with `book` in force: every number a
/// proposal takes becomes its rule's (Nomic 109), so the first must be above every rule's
/// number, or the proposal that takes a rule's number is refused.
pub fn check_first_proposal(
    first: u32,
    book: &crate::domain::nomic::rulebook::Rulebook,
) -> Result<(), ParameterError> {
    match book.highest_number() {
        Some(highest) if first <= highest => Err(ParameterError::Bad {
            name: "first_proposal".to_owned(),
            value: first.to_string(),
            wants: format!(
                "a number above {highest}, the highest rule's, as each proposal's number becomes its rule's (Nomic 109)"
            ),
        }),
        _ => Ok(()),
    }
}

fn threshold(name: &str, value: &str) -> Result<Threshold, ParameterError> {
    match value.trim() {
        "unanimity" => Ok(Threshold::Unanimity),
        "majority" => Ok(Threshold::SimpleMajority),
        _ => Err(ParameterError::Bad {
            name: name.to_owned(),
            value: value.to_owned(),
            wants: "unanimity or majority".to_owned(),
        }),
    }
}

fn threshold_key(t: Threshold) -> &'static str {
    match t {
        Threshold::SimpleMajority => "majority",
        _ => "unanimity",
    }
}

impl Settings {
    /// The Initial Set's numbers under `procedure`.
    pub fn new(procedure: Procedure) -> Self {
        Settings {
            procedure,
            advisory_votes: true,
            nomic: NomicParameters::default(),
        }
    }

    /// Sets one parameter from its typed value, refused outside its range ([`RANGES`],
    /// [`CUTOFF_RANGE`]); nothing changes when it is refused.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParameterError> {
        let p = &mut self.nomic;
        let bad = |wants: &str| ParameterError::Bad {
            name: name.to_owned(),
            value: value.to_owned(),
            wants: wants.to_owned(),
        };
        match name {
            "procedure" => {
                self.procedure = match value.trim() {
                    "nomic" => Procedure::Nomic,
                    "chief_justice" => Procedure::ChiefJustice,
                    _ => return Err(bad("nomic or chief_justice")),
                }
            }
            "advisory_votes" => {
                self.advisory_votes = match value.trim() {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad("yes or no")),
                }
            }
            "first_proposal" => p.first_proposal = number(name, value)?,
            "proposal_cutoff" => {
                let (earliest, latest) = CUTOFF_RANGE;
                p.proposal_cutoff = NaiveTime::parse_from_str(value.trim(), "%H:%M")
                    .ok()
                    .filter(|t| (earliest..=latest).contains(t))
                    .ok_or_else(|| {
                        bad("a time of day as HH:MM from 00:01 to 23:59, as a cut-off of 00:00 leaves no time to propose (Nomic 202)")
                    })?
            }
            "max_mutable_rules" => p.max_mutable_rules = number(name, value)?,
            "initial_adoption" => p.initial_adoption = threshold(name, value)?,
            "later_adoption" => p.later_adoption = threshold(name, value)?,
            "circuits_before_switch" => {
                p.circuits_before_switch = match value.trim() {
                    "none" => None,
                    _ => Some(number(name, value)?),
                }
            }
            "award_minimum" => p.award_minimum = number(name, value)?,
            "award_offset" => p.award_offset = number(name, value)?,
            "defeat_penalty" => p.defeat_penalty = number(name, value)?,
            "dissent_award" => p.dissent_award = number(name, value)?,
            "initial_points" => p.initial_points = number(name, value)?,
            "winning_points" => p.winning_points = number(name, value)?,
            "max_active_points" => p.max_active_points = number(name, value)?,
            "dispute_window_minutes" => p.dispute_window = TimeDelta::minutes(number(name, value)?),
            "opinion_window_minutes" => p.opinion_window = TimeDelta::minutes(number(name, value)?),
            _ => return Err(ParameterError::Unknown(name.to_owned())),
        }
        Ok(())
    }

    /// A parameter's current value, as `/procedure set` takes it.
    pub fn get(&self, name: &str) -> Option<String> {
        let p = &self.nomic;
        Some(match name {
            "procedure" => match self.procedure {
                Procedure::Nomic => "nomic".into(),
                Procedure::ChiefJustice => "chief_justice".into(),
            },
            "advisory_votes" => if self.advisory_votes { "yes" } else { "no" }.into(),
            "first_proposal" => p.first_proposal.to_string(),
            "proposal_cutoff" => p.proposal_cutoff.format("%H:%M").to_string(),
            "max_mutable_rules" => p.max_mutable_rules.to_string(),
            "initial_adoption" => threshold_key(p.initial_adoption).into(),
            "later_adoption" => threshold_key(p.later_adoption).into(),
            "circuits_before_switch" => p
                .circuits_before_switch
                .map_or("none".into(), |n| n.to_string()),
            "award_minimum" => p.award_minimum.to_string(),
            "award_offset" => p.award_offset.to_string(),
            "defeat_penalty" => p.defeat_penalty.to_string(),
            "dissent_award" => p.dissent_award.to_string(),
            "initial_points" => p.initial_points.to_string(),
            "winning_points" => p.winning_points.to_string(),
            "max_active_points" => p.max_active_points.to_string(),
            "dispute_window_minutes" => p.dispute_window.num_minutes().to_string(),
            "opinion_window_minutes" => p.opinion_window.num_minutes().to_string(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parameters_offered_are_the_procedures_then_the_terms() {
        let names: Vec<&str> = NAMES
            .iter()
            .map(|(n, _)| *n)
            .chain(crate::domain::nomic::bound::TERMS.iter().map(|b| b.key))
            .collect();
        assert_eq!(
            names,
            <Parameter as crate::domain::kernel::words::Words>::WORDS
        );
    }

    #[test]
    fn every_named_parameter_reads_back_what_was_set() {
        let mut s = Settings::new(Procedure::ChiefJustice);
        for (name, _) in NAMES {
            let value = s.get(name).expect("named");
            s.set(name, &value).expect("its own value");
        }
        s.set("winning_points", "150").unwrap();
        assert_eq!(s.nomic.winning_points, 150);
        s.set("initial_adoption", "majority").unwrap();
        assert_eq!(s.nomic.initial_adoption, Threshold::SimpleMajority);
        assert_eq!(
            s.set("proposal_cutoff", "7pm").unwrap_err().to_string(),
            "`7pm` is not a value for proposal_cutoff: it takes a time of day as HH:MM from 00:01 to 23:59, as a cut-off of 00:00 leaves no time to propose (Nomic 202)."
        );
        assert!(matches!(
            s.set("quorum", "3"),
            Err(ParameterError::Unknown(_))
        ));
    }

    #[test]
    fn every_whole_number_parameter_is_refused_outside_its_range_and_left_unchanged() {
        // Each parameter's documented range: its least and most are taken, one beyond is not.
        for range in RANGES {
            let mut s = Settings::new(Procedure::Nomic);
            s.set(range.name, &range.least.to_string()).unwrap();
            s.set(range.name, &range.most.to_string()).unwrap();
            let before = s.clone();
            for outside in [range.least - 1, range.most + 1] {
                let e = s.set(range.name, &outside.to_string()).unwrap_err();
                assert!(e.to_string().contains(range.name), "{e}");
                assert_eq!(s, before, "{} {outside}", range.name);
            }
        }
    }

    #[test]
    fn windows_of_no_time_a_cutoff_at_midnight_and_unshowable_numbers_are_refused() {
        // Nomic 214: an hour to dispute and for opinions; Nomic 202: a cut-off of 00:00 leaves
        // no time to propose; Nomic 109: a first proposal of 1,000,000,000 cannot be typed.
        let mut s = Settings::new(Procedure::Nomic);
        for (name, value) in [
            ("dispute_window_minutes", "-60"),
            ("dispute_window_minutes", "0"),
            ("opinion_window_minutes", "-1"),
            ("opinion_window_minutes", "0"),
            ("proposal_cutoff", "00:00"),
            ("first_proposal", "1000000000"),
            ("first_proposal", "0"),
            ("max_active_points", "0"),
        ] {
            assert!(s.set(name, value).is_err(), "{name} = {value}");
        }
        assert_eq!(s, Settings::new(Procedure::Nomic));
        assert_eq!(
            s.set("dispute_window_minutes", "0").unwrap_err().to_string(),
            "`0` is not a value for dispute_window_minutes: it takes a whole number of minutes from 1 to 1440, as a Judgement must be open to dispute, for at most a day (Nomic 214)."
        );
        assert_eq!(
            s.set("proposal_cutoff", "00:00").unwrap_err().to_string(),
            "`00:00` is not a value for proposal_cutoff: it takes a time of day as HH:MM from 00:01 to 23:59, as a cut-off of 00:00 leaves no time to propose (Nomic 202)."
        );
        s.set("proposal_cutoff", "23:59").unwrap();
        s.set("circuits_before_switch", "none").unwrap();
        assert!(s.set("circuits_before_switch", "0").is_err());
    }

    #[test]
    fn the_first_proposal_must_be_above_every_rule() {
        // Nomic 109: Proposal 210 would take Rule 210's number, so every proposal is refused.
        let book = crate::domain::nomic::rulebook::Rulebook::from_nomic_json(
            crate::domain::nomic::INITIAL_RULES_JSON,
        )
        .unwrap();
        assert_eq!(
            check_first_proposal(210, &book).unwrap_err().to_string(),
            "`210` is not a value for first_proposal: it takes a number above 215, the highest rule's, as each proposal's number becomes its rule's (Nomic 109)."
        );
        assert_eq!(check_first_proposal(216, &book), Ok(()));
    }

    #[test]
    fn limits_that_would_stop_every_change_or_a_non_positive_win_are_refused() {
        // Nomic 116: rule-changes must never become impermissible; Nomic 210: "200 (positive)".
        let mut s = Settings::new(Procedure::Nomic);
        assert!(s.set("max_mutable_rules", "0").is_err());
        assert!(s.set("winning_points", "-5").is_err());
        assert!(s.set("winning_points", "0").is_err());
        s.set("max_mutable_rules", "1").unwrap();
        s.set("winning_points", "1").unwrap();
        assert!(matches!(
            s.set("quorum", "3"),
            Err(ParameterError::Unknown(_))
        ));
    }
}
