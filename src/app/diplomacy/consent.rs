//! `/diplomacy consent board` (a surviving player): the player's own consent to a turn shorter
//! than D.VII.4(a)'s minimums at the GM's next publication; the GM's `consent:true` stands only
//! when every surviving player has given it (D.VII.4(a)).

use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{board, my_position, DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call};
use crate::store;
use crate::store::diplomacy::boards::{Board, BoardStatus};

impl Diplomacy<'_> {
    /// `/diplomacy consent board`.
    pub async fn consent(
        &self,
        call: &Call,
        name: &str,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(b.name, "no more turns".into()));
            }
            let position = my_position(conn, actor, &b).await?;
            let power = position.power;
            if !self.remaining(conn, b.id).await?.contains(&power) {
                return Err(DiplomacyError::Refused(format!(
                    "{power} has no centres on {}: only the surviving players consent to a shorter turn (D.VII.4(a)).",
                    b.name
                )));
            }
            store::diplomacy::record::add_consent(conn, b.id, actor.id, b.turn, self.now()).await?;
            let text = format!(
                "{}: {} ({power}) consents to a turn shorter than D.VII.4's minimums at the GM's next publication (D.VII.4(a)).",
                b.name, actor.name
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}

impl App {
    /// The surviving players on `b` who have not consented to a shorter next turn, by name.
    pub(super) async fn missing_consents(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
    ) -> sqlx::Result<Vec<String>> {
        let given = store::diplomacy::record::consents(conn, b.id, b.turn).await?;
        let remaining = self.remaining(conn, b.id).await?;
        Ok(store::diplomacy::boards::positions(conn, b.id)
            .await?
            .into_iter()
            .filter(|p| remaining.contains(&p.power) && !given.contains(&p.person_id))
            .map(|p| p.person_name)
            .collect())
    }
}
