//! What a moderation command did, as data: `commands/moderation_said.rs` puts it into words.

use chrono::{DateTime, NaiveDate};
use chrono_tz::Tz;

use crate::domain::moderation::CaseStatus;

/// What a moderation command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModerationOutcome {
    /// A Moderator approved game `game` as valid; `changes` says how the scores moved.
    GameApproved {
        game: i64,
        by: String,
        /// A player was monitored, so the approval is the one Terms §II Act 10.4 asks for.
        monitored: bool,
        changes: String,
    },
    /// A page of `/cases`: none when `entries` is empty; `page_line` names the next page.
    Cases {
        entries: Vec<CaseEntry>,
        page_line: Option<String>,
    },
    /// `/cases` about someone gavel has never met.
    NoCasesConcern { name: String },
    /// One case in full (`/case`).
    Case(Box<CaseDetail>),
    /// Case `case` is declared in #discussion (Terms §III Act 2.4).
    Declared { case: i64 },
    /// A monitor or a chessclock requirement, case `case`, ended; `announced` is what
    /// #discussion was told.
    Lifted { case: i64, announced: String },
    /// Case `case` is taken and its declaration queued (Terms §III Act 2.4).
    Taken {
        case: i64,
        /// What was done, as the declaration says it.
        summary: String,
        /// How it moved the scores, as announced: each effect after a space, "" for none.
        effect: String,
    },
    /// Case `case` is recorded, to be declared later by `declare_by` (Terms §III Act 2.4).
    Recorded {
        case: i64,
        summary: String,
        effect: String,
        declare_by: DateTime<Tz>,
        /// An appealable penalty undeclared by then is void (Terms §III Act 2.4.2).
        void_if_late: bool,
    },
}

/// A case as `/cases` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseEntry {
    pub case: i64,
    pub taken_on: NaiveDate,
    pub moderator: String,
    /// What was done, as its declaration says it.
    pub what: String,
    pub status: CaseStatus,
    /// Why the status is what it is, where a reason was recorded (shown by `/case`).
    pub status_reason: Option<String>,
    pub declared: Declared,
}

/// Where a case's declaration stands (Terms §III Act 2.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Declared {
    On(NaiveDate),
    /// Its declaration is queued but not yet posted.
    Posting,
    /// Undeclared, and it was due by then.
    Overdue(DateTime<Tz>),
    /// Undeclared, due by then.
    Due(DateTime<Tz>),
}

/// One case in full, as `/case` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseDetail {
    pub entry: CaseEntry,
    pub reason: String,
    /// Why a lesser step was taken (Terms §II Act 5).
    pub discretion: Option<String>,
    pub declaration: Option<String>,
    /// The declaration's message on Discord.
    pub link: Option<String>,
    pub appealable: bool,
}
