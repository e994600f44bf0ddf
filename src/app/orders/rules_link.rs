//! Where Points of Order meet rule changes: the game's players and parameters, the proposal a
//! Point concerns, and a held change that takes effect once its Judgements are invoked.

use sqlx::SqliteConnection;

use crate::domain::calendar;
use crate::domain::nomic::{Nomic, Proposal};
use crate::store;

use super::OrderError;
use crate::app::App;

impl App {
    /// The game as it stands: its players and their days, the day it began, the club's time.
    pub(super) async fn nomic_game(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<Nomic, OrderError> {
        let turns = store::turns::load(conn)
            .await?
            .ok_or(OrderError::NoPlayers)?;
        let started = match store::turns::started_on(conn).await? {
            Some(day) => day,
            None => calendar::local_date(self.now(), self.tz()),
        };
        Ok(Nomic::new(turns, started, self.tz()))
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
