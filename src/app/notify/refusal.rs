//! What the poster reports back about direct messages: Discord refused one (error 50007, the
//! member does not accept direct messages), or the person has no Discord account to write to.
//! Either way the member's waiting messages are given up, not retried, and a refusal is
//! recorded once, until they run `/notify` again.

use crate::app::App;
use crate::store;

impl App {
    /// Discord refused the direct message `outbox_id` on `channel`: records the refusal (once)
    /// and gives up that message and the later ones waiting on the channel. Returns whether the
    /// refusal is news.
    pub async fn direct_message_refused(
        &self,
        channel: &str,
        outbox_id: i64,
        why: &str,
    ) -> anyhow::Result<bool> {
        let Some(person) = store::notify::person_of(channel) else {
            anyhow::bail!("{channel} is not a direct-message channel");
        };
        let now = self.now();
        let mut tx = self.begin().await?;
        let news = store::notify::record_refusal(&mut tx, person, outbox_id, now).await?;
        let reason = format!("undeliverable: {why}");
        store::notify::give_up_channel(&mut tx, channel, outbox_id, &reason, now).await?;
        tx.commit().await?;
        Ok(news)
    }

    /// A direct-message channel whose person Discord cannot be asked about (no Discord
    /// account, as for a console name): its waiting messages are given up.
    pub async fn direct_messages_unreachable(
        &self,
        channel: &str,
        why: &str,
    ) -> anyhow::Result<u64> {
        let now = self.now();
        let mut tx = self.begin().await?;
        let reason = format!("undeliverable: {why}");
        let n = store::notify::give_up_channel(&mut tx, channel, 0, &reason, now).await?;
        tx.commit().await?;
        Ok(n)
    }
}
