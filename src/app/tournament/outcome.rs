//! What a tournament command did, as data: the presentation beside the commands
//! (`commands/tournament/said.rs`) words it and says what it is about. Most of a tournament's
//! answers are what its channel was told, and their words are written where they are announced.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::read::RoundRobin;
use crate::domain::tournament::eligibility::Ineligible;
use crate::domain::tournament::parameters::{Format, Parameters};
use crate::domain::tournament::stages::Stage;
use crate::domain::tournament::states::Decided;
use crate::domain::tournament::swiss::Standing;
use crate::domain::tournament::Halves;

/// The thing of a tournament an answer is about: its card on Discord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    Tournament(i64),
    Match(i64),
}

/// What a tournament command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentOutcome {
    /// The club was told `told`, one announcement after another (a game that leaves its match
    /// going on with nothing new to do is not announced: `told` is then the match's score as it
    /// stands).
    Told { about: Subject, told: String },
    /// `by` confirms the result their opponent recorded in match `number`; recording it told
    /// the club `told`.
    Confirmed {
        number: i64,
        by: String,
        told: String,
    },
    /// A Swiss round's pairings (ACWC Pairing details); with `explained`, the ranking they
    /// came from and each step, to check by hand.
    Pairings {
        tournament: i64,
        round: i64,
        matches: Vec<MatchShown>,
        explained: Option<Explained>,
    },
    /// A stage's table; `over` once the tournament is.
    Standings {
        tournament: i64,
        table: Table,
        over: bool,
    },
    /// The private cheating reports, for the Director alone (ACWC Reporting cheats).
    CheatingReports {
        tournament: i64,
        reports: Vec<CheatingReport>,
    },
    /// A cheating report, numbered `report`, about `accused`, kept for tournament
    /// `tournament`'s Director alone (ACWC Reporting cheats).
    CheatingReported {
        tournament: i64,
        report: i64,
        accused: String,
    },
    /// A finalist's bid of `seconds` for White in match `number` is sealed until the opponent
    /// bids (ACWC Final).
    BidSealed { number: i64, seconds: u32 },
}

impl TournamentOutcome {
    /// The club was told `told` about tournament `id`.
    pub(super) fn of_tournament(id: i64, told: String) -> Self {
        TournamentOutcome::Told {
            about: Subject::Tournament(id),
            told,
        }
    }

    /// The club was told `told` about match `number`.
    pub(super) fn of_match(number: i64, told: String) -> Self {
        TournamentOutcome::Told {
            about: Subject::Match(number),
            told,
        }
    }
}

/// A match as a read-out shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchShown {
    pub number: i64,
    pub first: String,
    /// `None` for a bye (a won match).
    pub second: Option<String>,
    pub first_halves: Halves,
    pub second_halves: Halves,
    pub state: MatchState,
    /// When a match not yet over starts, if it is scheduled.
    pub starts_at: Option<DateTime<Utc>>,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchState {
    Decided(Decided),
    Over,
    InPlay,
}

/// How a round was paired, as kept when it was paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    /// The round was paired before gavel kept each round's explanation: this one is worked
    /// out again from today's record.
    pub worked_out_again: bool,
    /// The ranking after the rounds before.
    pub ranking: Vec<Standing>,
    /// Each step of the pairing, as the pairing wrote it.
    pub steps: Vec<String>,
}

/// A stage's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Table {
    /// The Swiss's ranking, of those still playing.
    Swiss(Vec<Standing>),
    /// The Candidates' round robin.
    Candidates(RoundRobin),
    /// The Final's matches.
    Final(Vec<MatchShown>),
}

/// A private cheating report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheatingReport {
    pub number: i64,
    pub by: String,
    pub about: String,
    pub at: DateTime<Tz>,
    pub text: String,
}

/// An account's facts are recorded (`/tournament facts`, or read from Lichess with
/// `/tournament fetch`), with what the entry requirements make of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactsRecorded {
    pub tournament: i64,
    pub account: String,
    pub verdict: Verdict,
    /// The seeding rating, doubled (ACWC Format: the average of two ratings).
    pub seeding_x2: i64,
    /// Whether gavel read the facts from Lichess.
    pub from_lichess: bool,
}

/// What the entry requirements make of an account's facts (ACWC Player eligibility).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The tournament's format has none.
    NoRequirements,
    Eligible,
    /// It fails these as written, and the Director's exception admits it.
    Excepted(Vec<Ineligible>),
    Ineligible(Vec<Ineligible>),
}

/// A tournament as it stands (`/tournament show`): its stage, Director and numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentShown {
    pub tournament: i64,
    pub name: String,
    pub format: Format,
    pub stage: Stage,
    /// `None` until the Chief Justice names one.
    pub director: Option<String>,
    /// The Swiss's rounds, fixed at the start.
    pub rounds: Option<i64>,
    pub parameters: Parameters,
}
