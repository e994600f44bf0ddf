//! The World Masters Diplomacy tournament (house rules B, C, D): teams, rounds and the deal of
//! boards, deadlines and orders on record, NMRs, secret votes, press, centre counts, scores and
//! advancement. The rules are `domain::diplomacy`'s; the TD (committees' `Power::Director`) and
//! each board's GM (an office held for that game) are checked here, for every adapter.

mod adjudicate;
mod clocks;
mod consent;
mod deadlines;
mod export;
mod finalists;
mod holiday;
mod orders;
mod policy;
mod pool;
mod press;
mod replace;
pub mod results;
mod rounds;
mod sealed;
mod signups;
mod standings;
mod stints;
mod teams;
mod trophies;
mod votes;

use chrono::DateTime;
use chrono_tz::Tz;
use sqlx::SqliteConnection;

use crate::app::{Actor, App, UseCaseError};
use crate::domain::committee::eligibility::Ineligible;
use crate::domain::diplomacy::centres::CentresError;
use crate::domain::diplomacy::deadline::Unavailable;
use crate::domain::diplomacy::deadline::{DeadlineError, LateError};
use crate::domain::diplomacy::extension::ExtensionError;
use crate::domain::diplomacy::press::{PressError, PressKind};
use crate::domain::diplomacy::season::Turn;
use crate::domain::diplomacy::states::TeamRole;
use crate::domain::diplomacy::vote::ProposalError;
use crate::domain::diplomacy::Power;
use crate::domain::kernel::authority::{Power as Authority, Unauthorised};
use crate::domain::kernel::office::Office;
use crate::store::diplomacy::rounds::RoundStage;
use crate::store::{self, diplomacy::boards::Board, diplomacy::boards::Position};

pub use results::{board_scored, Scored};
pub use standings::{Advancement, StandingLine};

/// The Diplomacy tournament's use cases: `app.diplomacy().vote(...)`.
pub struct Diplomacy<'a>(&'a App);

impl App {
    pub fn diplomacy(&self) -> Diplomacy<'_> {
        Diplomacy(self)
    }
}

impl std::ops::Deref for Diplomacy<'_> {
    type Target = App;
    fn deref(&self) -> &App {
        self.0
    }
}

/// Why a Diplomacy command was refused.
#[derive(Debug, thiserror::Error)]
pub enum DiplomacyError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Ineligible(#[from] Ineligible),
    #[error("Only the GM of {0} may {1} (house rules A.12, D.I.1).")]
    NotGm(String, &'static str),
    #[error("You do not hold a power on {0}.")]
    NotPlaying(String),
    #[error("There is no board called {0}.")]
    NoBoard(String),
    #[error("There is no round {0}: the TD opens it with /diplomacy round open.")]
    NoRound(i64),
    #[error("Round {0} is open already.")]
    RoundExists(i64),
    #[error("Round {0} plays to Fall {1} (B.3); `{2}` is not that.")]
    WrongEnd(i64, i64, String),
    #[error("Round {0} is {stage}: {2}", stage = .1.word())]
    Stage(i64, RoundStage, &'static str),
    #[error("There is no team called {0}.")]
    NoTeam(String),
    #[error("There is already a team called {0}.")]
    TeamExists(String),
    #[error("Only {0}'s captain or the TD may add its members (B.2).")]
    NotCaptain(String),
    #[error("{0} already belongs to {1}.")]
    AlreadyMember(String, String),
    #[error("{0} already has a player on {1} (B.5: one player a power).")]
    PowerTaken(String, Power),
    #[error("`{0}` is not a power: write A, E, F, G, I, R or T.")]
    BadPower(String),
    #[error("`{0}` is not a season: write S1901 or F1908.")]
    BadSeason(String),
    #[error("`{0}` is not a turn: write S1901M, F1901R or W1901A.")]
    BadTurn(String),
    #[error("{0} is finished: {1}")]
    Finished(String, String),
    #[error("{0}")]
    Centres(#[from] CentresError),
    #[error("{0}")]
    Deadline(#[from] DeadlineError),
    #[error("{0}")]
    Late(#[from] LateError),
    #[error("{0}")]
    Extension(#[from] ExtensionError),
    #[error("{0}")]
    Proposal(#[from] ProposalError),
    #[error("{0}")]
    Press(#[from] PressError),
    #[error("{0} has no deadline yet: its GM sets one with /board deadline.")]
    NoDeadline(String),
    #[error("There is no open proposal #{0} on a board you play.")]
    NoProposal(i64),
    #[error("{0}")]
    Refused(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for DiplomacyError {
    fn is_internal(&self) -> bool {
        matches!(self, DiplomacyError::Store(_))
    }
}

impl From<crate::app::committee::eligibility::CheckError> for DiplomacyError {
    fn from(e: crate::app::committee::eligibility::CheckError) -> Self {
        use crate::app::committee::eligibility::CheckError;
        match e {
            CheckError::Ineligible(i) => DiplomacyError::Ineligible(i),
            CheckError::Store(s) => DiplomacyError::Store(s),
            other => DiplomacyError::Refused(other.to_string()),
        }
    }
}

/// What a member typed, read into its type at the edge; a refusal waits for the use case, which
/// checks who asks first (a TD's command refuses anyone else for that, whatever they typed).
/// The refusal is in words (a `DiplomacyError`'s), given as `DiplomacyError::Refused`.
pub type Given<T> = Result<T, String>;

/// What a Diplomacy use case did; its words are written in `commands/diplomacy_said.rs`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiplomacyOutcome {
    /// #discussion was told this, and the command answers with the same words.
    Announced(String),
    /// A secret ballot on `proposal` is recorded; it may be revised until `until` (D.IX.2).
    BallotCast { proposal: i64, until: VoteUntil },
    /// `member` joins `team` in `role`, signed up to play `power` in round 1 (B.5).
    Joined {
        member: String,
        team: String,
        role: TeamRole,
        power: Option<Power>,
    },
    /// A round is dealt and #discussion told `announced`; the boards still without a Tournament
    /// Observer are named to the TD (A.9).
    Dealt {
        announced: String,
        unobserved: Vec<String>,
    },
    /// `member` signed up as an individual, the `so_far`th (B.2).
    SignedUp { member: String, so_far: usize },
    /// A piece of press kept for the adjudication of `turn` on `board` (D.X.1, D.X.2).
    PressKept {
        kind: PressKind,
        board: String,
        turn: Turn,
    },
    /// A player's orders received: the receipt D.III.3 and D.VII.7 rely on.
    OrdersReceived {
        power: Power,
        board: String,
        turn: Turn,
        version: i64,
        is_final: bool,
        at: DateTime<Tz>,
    },
    /// This turn's orders as the GM adjudicates them (private to the GM, D.III.3).
    OrdersShown {
        board: String,
        turn: Turn,
        merged: bool,
        powers: Vec<OrdersOfPower>,
    },
    /// An extension asked too late for this turn, kept for the next (D.VII.5).
    ExtensionTooLate {
        hours_before: i64,
        notice_hours: i64,
        turn: Turn,
    },
    /// The caller's weekly unavailable period (D.VII.2).
    UnavailableDeclared(Unavailable),
    /// A round 1 board has no reserve pool (B.8(c)).
    NoPoolInRoundOne { board: String },
    /// The reserve pool of `board`, in ranking order (B.8(d)).
    Pool {
        board: String,
        ranked: Vec<PoolPlace>,
    },
    /// The caller replied to the pool's call for `board`, and stands `place` in it (B.8(d)).
    StoodBy { board: String, place: PoolPlace },
    /// The Diplomacy titles or a round's standings: the same words the announcement uses,
    /// written once by the function both call.
    Shown(String),
    /// The units GM recorded for `board`'s `key` (a season), all powers written together.
    UnitsRecorded {
        board: String,
        key: Turn,
        units: String,
    },
    /// The GM's adjudication check: its report, kept in the record too (D.VIII).
    Checked(String),
}

/// One power's orders as the GM adjudicates them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrdersOfPower {
    pub power: Power,
    pub version: i64,
    pub is_final: bool,
    pub sent_at: DateTime<Tz>,
    /// The orders, unit by unit when merged.
    pub body: String,
}

/// A member's place in a board's reserve pool (B.8(d)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolPlace {
    /// 1 for the first.
    pub rank: usize,
    pub name: String,
    /// Where they come from: eliminated in a round, or the reserve list.
    pub source: crate::domain::diplomacy::pool::Source,
    /// Why they are passed over for now, if they are.
    pub skip: Option<crate::domain::diplomacy::pool::Skip>,
    /// Whether the next draw takes them.
    pub drawn_next: bool,
}

/// Until when a ballot may be revised (D.IX.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoteUntil {
    /// The deadline of the turn the proposal is due with (named as `due_with` names it).
    Deadline(String),
    /// The publication of this turn's adjudication: its deadline has passed, and orders are
    /// taken until adjudication (D.VII.3's alternative, or results held by a 1901 NMR).
    Adjudication(Turn),
}

/// The board called `name`.
pub(crate) async fn board(
    conn: &mut SqliteConnection,
    name: &str,
) -> Result<Board, DiplomacyError> {
    store::diplomacy::boards::by_name(conn, name)
        .await?
        .ok_or_else(|| DiplomacyError::NoBoard(name.trim().to_owned()))
}

/// Refuses anyone but the board's GM (or the TD, who oversees every game).
pub(crate) async fn require_gm(
    conn: &mut SqliteConnection,
    actor: &Actor,
    board: &Board,
    act: &'static str,
) -> Result<(), DiplomacyError> {
    let gm =
        store::offices::holds_for(conn, actor.id, Office::GameMaster, Some(&board.name)).await?;
    if gm || Authority::Director.held_by(&actor.offices) {
        Ok(())
    } else {
        Err(DiplomacyError::NotGm(board.name.clone(), act))
    }
}

/// The caller's position on the board.
pub(crate) async fn my_position(
    conn: &mut SqliteConnection,
    actor: &Actor,
    board: &Board,
) -> Result<Position, DiplomacyError> {
    store::diplomacy::boards::positions(conn, board.id)
        .await?
        .into_iter()
        .find(|p| p.person_id == actor.id)
        .ok_or_else(|| DiplomacyError::NotPlaying(board.name.clone()))
}

/// "Fri 20 Nov 2026 18:00 GMT (⟨local⟩)": GMT is definitive (D.VII.4b); Discord shows each
/// reader their own time beside it.
pub fn gmt(at: chrono::DateTime<chrono::Utc>, tz: chrono_tz::Tz) -> String {
    use crate::domain::kernel::moment::{moment, Style};
    let club = at
        .with_timezone(&tz)
        .format("%a %-d %b %Y %H:%M %Z")
        .to_string();
    format!(
        "{} GMT ({})",
        at.format("%a %-d %b %Y %H:%M"),
        moment(at, Style::DateTime, &club)
    )
}
