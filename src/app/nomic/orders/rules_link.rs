//! Where Points of Order meet rule changes: the game's players and parameters, the proposal a
//! Point concerns, and a held change that takes effect once its Judgements are invoked.

use sqlx::SqliteConnection;

use crate::domain::nomic::{Nomic, Proposal};
use crate::store;

use super::OrderError;
use crate::app::App;

impl App {
    /// The game as it stands: its parameters, players and their days, the day it began.
    pub(super) async fn nomic_game(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<Nomic, OrderError> {
        let settings = self.settings(conn).await?;
        Ok(self.nomic_state(conn, &settings).await?)
    }

    /// Proposal `number` as the domain reads it, if there is one.
    pub(super) async fn proposal_for_order(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<Option<Proposal>, OrderError> {
        let Some(row) = store::nomic::proposals::by_number(conn, number).await? else {
            return Ok(None);
        };
        let settings = self.settings(conn).await?;
        Ok(Some(self.domain_proposal(conn, &row, &settings).await?))
    }

    /// A Judgement on a Point about Proposal `proposal` was invoked: what it decided about a
    /// change held for it is carried out, void at once or in effect once every related
    /// Judgement is invoked (Nomic 214 over 206).
    pub(super) async fn judgement_invoked_on(
        &self,
        conn: &mut SqliteConnection,
        proposal: i64,
    ) -> Result<Option<String>, OrderError> {
        Ok(self.carry_out_rulings(conn, proposal).await?)
    }
}
