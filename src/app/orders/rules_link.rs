//! Where Points of Order meet rule changes: the game's players and parameters, the proposal a
//! Point concerns, and a held change that takes effect once its Judgements are invoked.

use sqlx::SqliteConnection;

use crate::domain::nomic::{Nomic, Proposal};

use super::OrderError;
use crate::app::App;

impl App {
    pub(super) async fn nomic_game(
        &self,
        _conn: &mut SqliteConnection,
    ) -> Result<Nomic, OrderError> {
        Err(OrderError::NoPlayers)
    }

    pub(super) async fn proposal_for_order(
        &self,
        _conn: &mut SqliteConnection,
        _game: &Nomic,
        _number: i64,
    ) -> Result<Option<Proposal>, OrderError> {
        Ok(None)
    }

    pub(super) async fn judgement_invoked_on(
        &self,
        _conn: &mut SqliteConnection,
        _proposal: i64,
    ) -> sqlx::Result<Option<String>> {
        Ok(None)
    }

    pub(super) async fn post_voting_mentioning(
        &self,
        conn: &mut SqliteConnection,
        text: &str,
        _person: i64,
    ) -> sqlx::Result<()> {
        self.post_voting(conn, text).await
    }
}
