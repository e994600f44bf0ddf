//! The mod log (`discord.modlog_channel_id`): one place copies to it what Moderators must see as
//! it happens (moderator actions, declarations, voids, office changes, Court decisions, report
//! outcomes), in the words of #discussion, plus the details only Moderators may read.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::store::{self, outbox::MOD_LOG};

impl App {
    /// Announces `text` in #discussion and copies it to the mod log, in the same transaction.
    pub(crate) async fn announce_logged(
        &self,
        conn: &mut SqliteConnection,
        text: &str,
    ) -> sqlx::Result<i64> {
        let post =
            store::outbox::enqueue(conn, store::outbox::DISCUSSION, text, self.now()).await?;
        self.log_for_moderators(conn, text).await?;
        Ok(post)
    }

    /// Posts `text` to the mod log alone: what happened that is not (yet) public, or the
    /// private details of what was (a report's text and who filed it). A club without a mod
    /// log (`discord.modlog_channel_id` unset) keeps none: nothing waits in the outbox for a
    /// channel that does not exist.
    pub(crate) async fn log_for_moderators(
        &self,
        conn: &mut SqliteConnection,
        text: &str,
    ) -> sqlx::Result<()> {
        if self.config().discord.modlog_channel_id.is_some() {
            store::outbox::enqueue(conn, MOD_LOG, text, self.now()).await?;
        }
        Ok(())
    }
}
