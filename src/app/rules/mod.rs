//! Rule changes: the players and their allocated days, the rulebook, proposals and votes under
//! the club's procedure (Nomic or the Terms §IV), points, and the procedure's parameters. One
//! file per use case; this module holds the error they share.

mod turns;

pub use turns::{TeamSet, TurnSet, TurnsTable};

use crate::domain::authority::Unauthorised;
use crate::domain::nomic::turns::{AllocationError, ForfeitError};

use super::UseCaseError;

/// Why a rules command was refused.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Allocation(#[from] AllocationError),
    #[error(transparent)]
    Forfeit(#[from] ForfeitError),
    #[error("`{0}` is not a day of the week (Nomic 201).")]
    NotADay(String),
    #[error("{0} has no allocated day, so is not a player; give them a day first with /turns set (Nomic 201).")]
    NotAPlayer(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for RulesError {
    fn is_internal(&self) -> bool {
        matches!(self, RulesError::Store(_))
    }
}
