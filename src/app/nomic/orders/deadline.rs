//! The job at the end of a Point's window: an undisputed Judgement is invoked, a dispute
//! nobody agreed with overrules the Judge, a Judge who gave no Judgement in their day forfeits
//! the Point to the player preceding them (Nomic 214). It re-reads the Point and does nothing
//! if the Point has moved on.

use sqlx::SqliteConnection;

use crate::store;

use crate::app::App;

impl App {
    pub(crate) async fn order_deadline(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> anyhow::Result<String> {
        let Some(mut stored) = store::nomic::orders::by_number(conn, number).await? else {
            return Ok("no such Point of Order".into());
        };
        let game = self.nomic_game(conn).await?;
        let happened = stored.point.run_deadlines(&game, self.now());
        if happened.is_empty() {
            // Moved on (a Judgement, an agreement) or not yet due: put the job where it is due.
            self.schedule_point(conn, number, &stored.point).await?;
            return Ok("nothing due".into());
        }
        self.keep_point(conn, number, &stored.point).await?;
        let said = self.announce_all(conn, &stored, &happened).await?;
        Ok(format!("{} step(s): {}", said.len(), said.join(" | ")))
    }
}
