//! A tournament's numbers and dates: the ACWC 2019 edition's by default (`format:acwc`), or a
//! club's own Swiss with no entry requirements (`format:swiss`).

use chrono::{DateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use super::eligibility::Requirements;
use super::final_match::FinalRules;
use super::matches::MatchRules;
use super::Halves;

/// The formats a tournament may take.
pub const FORMATS: &[&str] = &["acwc", "swiss"];

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
            "swiss" => Some(Self::swiss()),
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

    pub fn swiss_match(&self) -> MatchRules {
        MatchRules {
            games: self.games_per_match,
            stop_at: Some(self.stop_at),
        }
    }
}
