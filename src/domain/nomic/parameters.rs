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
        "proposals before this club time, HH:MM (Nomic 202)",
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
        "the least most a proposer earns (Nomic 203)",
    ),
    ("award_offset", "subtracted from R (Nomic 203)"),
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
        wants: &'static str,
    },
}

fn number<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, ParameterError> {
    value.trim().parse().map_err(|_| ParameterError::Bad {
        name: name.to_owned(),
        value: value.to_owned(),
        wants: "a whole number",
    })
}

fn threshold(name: &str, value: &str) -> Result<Threshold, ParameterError> {
    match value.trim() {
        "unanimity" => Ok(Threshold::Unanimity),
        "majority" => Ok(Threshold::SimpleMajority),
        _ => Err(ParameterError::Bad {
            name: name.to_owned(),
            value: value.to_owned(),
            wants: "unanimity or majority",
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

    /// Sets one parameter from its typed value.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParameterError> {
        let p = &mut self.nomic;
        let bad = |wants| ParameterError::Bad {
            name: name.to_owned(),
            value: value.to_owned(),
            wants,
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
                p.proposal_cutoff = NaiveTime::parse_from_str(value.trim(), "%H:%M")
                    .map_err(|_| bad("a time of day as HH:MM"))?
            }
            "max_mutable_rules" => {
                // A limit below one would make every rule-change impermissible (Nomic 116).
                p.max_mutable_rules = number(name, value)?;
                if p.max_mutable_rules < 1 {
                    return Err(bad("a whole number of at least 1, as there must always be a mutable rule and rule-changes must never become impermissible (Nomic 116, 211)"));
                }
            }
            "initial_adoption" => p.initial_adoption = threshold(name, value)?,
            "later_adoption" => p.later_adoption = threshold(name, value)?,
            "circuits_before_switch" => {
                p.circuits_before_switch = match value.trim() {
                    "none" => None,
                    v => Some(number(name, v)?),
                }
            }
            "award_minimum" => p.award_minimum = number(name, value)?,
            "award_offset" => p.award_offset = number(name, value)?,
            "defeat_penalty" => p.defeat_penalty = number(name, value)?,
            "dissent_award" => p.dissent_award = number(name, value)?,
            "initial_points" => p.initial_points = number(name, value)?,
            "winning_points" => {
                p.winning_points = number(name, value)?;
                if p.winning_points <= 0 {
                    return Err(bad("a positive whole number of points (Nomic 210)"));
                }
            }
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
            "`7pm` is not a value for proposal_cutoff: it takes a time of day as HH:MM."
        );
        assert!(matches!(
            s.set("quorum", "3"),
            Err(ParameterError::Unknown(_))
        ));
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
