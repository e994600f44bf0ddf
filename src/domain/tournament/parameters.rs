//! A tournament's numbers and dates: the ACWC 2019 edition's by default (`format:acwc`), or a
//! club's own Swiss with no entry requirements (`format:swiss`).

use chrono::{DateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use super::eligibility::Requirements;
use super::final_match::FinalRules;
use super::matches::MatchRules;
use super::stages::Shape;
use super::Halves;

/// The formats a tournament may take.
pub const FORMATS: &[&str] = &["acwc", "swiss", "roundrobin"];

/// The numbers a tournament runs by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parameters {
    pub games_per_match: u32,
    /// The score in halves at which a Swiss match may stop (11: 5.5).
    pub stop_at: Halves,
    pub min_rounds: u32,
    /// Above this many entrants the rounds are log₂ of their number, rounded up.
    pub rounds_above: usize,
    pub qualifiers: usize,
    pub final_games: u32,
    /// Entry requirements; none for a club's own Swiss.
    pub created_before: Option<DateTime<Utc>>,
    pub games_before: Option<DateTime<Utc>>,
    pub min_rated_games: u32,
    pub marks_after: Option<DateTime<Utc>>,
    /// The Final's lead to win, in halves (4: two points).
    #[serde(default = "defaults::lead")]
    pub final_lead: Halves,
    /// Games added when nobody leads enough.
    #[serde(default = "defaults::extension")]
    pub final_extension: u32,
    /// After this many games any lead wins.
    #[serde(default = "defaults::lead_dropped_after")]
    pub lead_dropped_after: u32,
    /// After this many games a tie goes to Armageddon.
    #[serde(default = "defaults::armageddon_after")]
    pub armageddon_after: u32,
}

/// The Final's numbers for parameters stored before they were kept.
mod defaults {
    use super::*;
    pub fn lead() -> Halves {
        FinalRules::default().lead
    }
    pub fn extension() -> u32 {
        FinalRules::default().extension
    }
    pub fn lead_dropped_after() -> u32 {
        FinalRules::default().lead_dropped_after
    }
    pub fn armageddon_after() -> u32 {
        FinalRules::default().armageddon_after
    }
}

/// The numbers `/tournament set` changes, with what each is.
pub const SETTABLE: &[(&str, &str)] = &[
    ("games_per_match", "games in a Swiss or Candidates match"),
    (
        "stop_at",
        "points at which a Swiss match may stop, in halves",
    ),
    ("min_rounds", "the fewest Swiss rounds"),
    (
        "rounds_above",
        "entrants above which the rounds are log2 of their number",
    ),
    ("qualifiers", "players the Swiss sends to the Candidates"),
    ("final_games", "games in the Final"),
    ("final_lead", "the Final's winning lead, in halves"),
    (
        "final_extension",
        "games added to a Final nobody leads enough",
    ),
    (
        "lead_dropped_after",
        "games after which any lead wins the Final",
    ),
    (
        "armageddon_after",
        "games after which a tied Final goes to Armageddon",
    ),
    (
        "min_rated_games",
        "rated games an account needs before the date",
    ),
];
impl Parameters {
    /// The ACWC 2019 edition's numbers and dates (ACWC Player eligibility, Format).
    pub fn acwc() -> Self {
        let on = |y, m, d| Utc.with_ymd_and_hms(y, m, d, 0, 0, 0).single();
        Self {
            games_per_match: 10,
            stop_at: 11,
            min_rounds: 5,
            rounds_above: 32,
            qualifiers: 3,
            final_games: FinalRules::default().games,
            final_lead: defaults::lead(),
            final_extension: defaults::extension(),
            lead_dropped_after: defaults::lead_dropped_after(),
            armageddon_after: defaults::armageddon_after(),
            created_before: on(2019, 3, 1),
            games_before: on(2019, 9, 1),
            min_rated_games: 100,
            marks_after: on(2017, 9, 1),
        }
    }

    /// A club's own Swiss: the ACWC's play, no entry requirements.
    pub fn swiss() -> Self {
        Self {
            created_before: None,
            games_before: None,
            min_rated_games: 0,
            marks_after: None,
            ..Self::acwc()
        }
    }

    /// The parameters of a format, if it is one.
    pub fn of_format(format: &str) -> Option<Self> {
        match format {
            "acwc" => Some(Self::acwc()),
            "swiss" | "roundrobin" => Some(Self::swiss()),
            _ => None,
        }
    }

    /// The entry requirements, where the format has them.
    pub fn requirements(&self) -> Option<Requirements> {
        Some(Requirements {
            created_before: self.created_before?,
            games_before: self.games_before?,
            min_rated_games: self.min_rated_games,
            marks_after: self.marks_after?,
        })
    }

    /// How the format runs its stages.
    pub fn shape(format: &str) -> Shape {
        match format {
            "acwc" => Shape::ThreeStages,
            "roundrobin" => Shape::RoundRobinOnly,
            _ => Shape::SwissOnly,
        }
    }

    /// The Candidates' matches: as many games, played out (ACWC Candidates).
    pub fn candidates_match(&self) -> MatchRules {
        MatchRules {
            games: self.games_per_match,
            stop_at: None,
        }
    }

    /// The Final's numbers.
    pub fn final_rules(&self) -> FinalRules {
        FinalRules {
            games: self.final_games,
            lead: self.final_lead,
            extension: self.final_extension.max(1),
            lead_dropped_after: self.lead_dropped_after,
            armageddon_after: self.armageddon_after,
        }
    }

    /// Sets one of the `SETTABLE` numbers; `Err` names what is wrong.
    pub fn set(&mut self, name: &str, value: u32) -> Result<(), String> {
        let slot: &mut u32 = match name {
            "games_per_match" => &mut self.games_per_match,
            "stop_at" => &mut self.stop_at,
            "min_rounds" => &mut self.min_rounds,
            "qualifiers" | "rounds_above" => {
                let v = value as usize;
                if name == "qualifiers" {
                    if v < 1 {
                        return Err("at least one player must qualify".into());
                    }
                    self.qualifiers = v;
                } else {
                    self.rounds_above = v;
                }
                return Ok(());
            }
            "final_games" => &mut self.final_games,
            "final_lead" => &mut self.final_lead,
            "final_extension" => &mut self.final_extension,
            "lead_dropped_after" => &mut self.lead_dropped_after,
            "armageddon_after" => &mut self.armageddon_after,
            "min_rated_games" => &mut self.min_rated_games,
            _ => return Err(format!("`{name}` is not one of the tournament's numbers")),
        };
        if value == 0 && name != "min_rated_games" {
            return Err(format!("{name} must be at least 1"));
        }
        *slot = value;
        Ok(())
    }

    /// The numbers, one line each, for `/tournament show`.
    pub fn lines(&self) -> Vec<String> {
        let value = |name: &str| -> String {
            match name {
                "games_per_match" => self.games_per_match.to_string(),
                "stop_at" => format!("{} ({})", self.stop_at, super::points(self.stop_at)),
                "min_rounds" => self.min_rounds.to_string(),
                "rounds_above" => self.rounds_above.to_string(),
                "qualifiers" => self.qualifiers.to_string(),
                "final_games" => self.final_games.to_string(),
                "final_lead" => format!("{} ({})", self.final_lead, super::points(self.final_lead)),
                "final_extension" => self.final_extension.to_string(),
                "lead_dropped_after" => self.lead_dropped_after.to_string(),
                "armageddon_after" => self.armageddon_after.to_string(),
                _ => self.min_rated_games.to_string(),
            }
        };
        let mut lines: Vec<String> = SETTABLE
            .iter()
            .map(|(name, what)| format!("{name} = {} ({what})", value(name)))
            .collect();
        let date = |d: Option<DateTime<Utc>>| {
            d.map_or("none".to_owned(), |d| {
                d.format("%Y-%m-%d %H:%M UTC").to_string()
            })
        };
        lines.push(format!(
            "account created before: {}",
            date(self.created_before)
        ));
        lines.push(format!(
            "rated games counted before: {}",
            date(self.games_before)
        ));
        lines.push(format!(
            "engine or booster marks after: {}",
            date(self.marks_after)
        ));
        lines
    }

    pub fn swiss_match(&self) -> MatchRules {
        MatchRules {
            games: self.games_per_match,
            stop_at: Some(self.stop_at),
        }
    }
}
