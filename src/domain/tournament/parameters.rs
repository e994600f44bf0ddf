//! A tournament's numbers and dates: the ACWC 2019 edition's by default (`format:acwc`), or a
//! club's own Swiss with no entry requirements (`format:swiss`).

use chrono::{DateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use super::eligibility::Requirements;
use super::final_match::FinalRules;
use super::matches::MatchRules;
use super::stages::Shape;
use super::Halves;
use crate::domain::kernel::words::Words;

/// The formats a tournament may take (`/tournament create format:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The ACWC 2019 edition: three stages and entry requirements.
    Acwc,
    /// A club's own Swiss, with no entry requirements.
    Swiss,
    /// One round robin of everyone, with no entry requirements.
    RoundRobin,
}

/// The numbers `/tournament set` changes (`SETTABLE`'s order is the order offered and shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Number {
    GamesPerMatch,
    StopAt,
    MinRounds,
    RoundsAbove,
    Qualifiers,
    FinalGames,
    FinalLead,
    FinalExtension,
    LeadDroppedAfter,
    ArmageddonAfter,
    MinRatedGames,
}

crate::offered_as_words! {
    Format {
        Format::Acwc => "acwc",
        Format::Swiss => "swiss",
        Format::RoundRobin => "roundrobin",
    }
    Number {
        Number::GamesPerMatch => "games_per_match",
        Number::StopAt => "stop_at",
        Number::MinRounds => "min_rounds",
        Number::RoundsAbove => "rounds_above",
        Number::Qualifiers => "qualifiers",
        Number::FinalGames => "final_games",
        Number::FinalLead => "final_lead",
        Number::FinalExtension => "final_extension",
        Number::LeadDroppedAfter => "lead_dropped_after",
        Number::ArmageddonAfter => "armageddon_after",
        Number::MinRatedGames => "min_rated_games",
    }
}

impl Number {
    /// What the number is, for `/tournament show`.
    pub fn what(self) -> &'static str {
        match self {
            Number::GamesPerMatch => "games in a Swiss or Candidates match",
            Number::StopAt => "points at which a Swiss match may stop, in halves",
            Number::MinRounds => "the fewest Swiss rounds",
            Number::RoundsAbove => "entrants above which the rounds are log2 of their number",
            Number::Qualifiers => "players the Swiss sends to the Candidates",
            Number::FinalGames => "games in the Final",
            Number::FinalLead => "the Final's winning lead, in halves",
            Number::FinalExtension => "games added to a Final nobody leads enough",
            Number::LeadDroppedAfter => "games after which any lead wins the Final",
            Number::ArmageddonAfter => "games after which a tied Final goes to Armageddon",
            Number::MinRatedGames => "rated games an account needs before the date",
        }
    }
}

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

    /// The parameters of a format.
    pub fn of_format(format: Format) -> Self {
        match format {
            Format::Acwc => Self::acwc(),
            Format::Swiss | Format::RoundRobin => Self::swiss(),
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
    pub fn shape(format: Format) -> Shape {
        match format {
            Format::Acwc => Shape::ThreeStages,
            Format::RoundRobin => Shape::RoundRobinOnly,
            Format::Swiss => Shape::SwissOnly,
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

    /// Sets one of the numbers; `Err` names what is wrong.
    pub fn set(&mut self, number: Number, value: u32) -> Result<(), String> {
        let slot: &mut u32 = match number {
            Number::GamesPerMatch => &mut self.games_per_match,
            Number::StopAt => &mut self.stop_at,
            Number::MinRounds => &mut self.min_rounds,
            Number::Qualifiers => {
                if value < 1 {
                    return Err("at least one player must qualify".into());
                }
                self.qualifiers = value as usize;
                return Ok(());
            }
            Number::RoundsAbove => {
                self.rounds_above = value as usize;
                return Ok(());
            }
            Number::FinalGames => &mut self.final_games,
            Number::FinalLead => &mut self.final_lead,
            Number::FinalExtension => &mut self.final_extension,
            Number::LeadDroppedAfter => &mut self.lead_dropped_after,
            Number::ArmageddonAfter => &mut self.armageddon_after,
            Number::MinRatedGames => &mut self.min_rated_games,
        };
        if value == 0 && number != Number::MinRatedGames {
            return Err(format!("{} must be at least 1", number.word()));
        }
        *slot = value;
        Ok(())
    }

    /// The numbers, one line each, for `/tournament show`.
    pub fn lines(&self) -> Vec<String> {
        let value = |number: Number| -> String {
            match number {
                Number::GamesPerMatch => self.games_per_match.to_string(),
                Number::StopAt => format!("{} ({})", self.stop_at, super::points(self.stop_at)),
                Number::MinRounds => self.min_rounds.to_string(),
                Number::RoundsAbove => self.rounds_above.to_string(),
                Number::Qualifiers => self.qualifiers.to_string(),
                Number::FinalGames => self.final_games.to_string(),
                Number::FinalLead => {
                    format!("{} ({})", self.final_lead, super::points(self.final_lead))
                }
                Number::FinalExtension => self.final_extension.to_string(),
                Number::LeadDroppedAfter => self.lead_dropped_after.to_string(),
                Number::ArmageddonAfter => self.armageddon_after.to_string(),
                Number::MinRatedGames => self.min_rated_games.to_string(),
            }
        };
        let mut lines: Vec<String> = Number::ALL
            .iter()
            .map(|&n| format!("{} = {} ({})", n.word(), value(n), n.what()))
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
