//! Sending a member a direct message: written to the outbox in the use case's transaction, on
//! the member's own channel, when their choices allow it and Discord has not refused them.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::kernel::button::Button;
use crate::domain::notify::{decide, Delivery, Notice};
use crate::store;

impl App {
    /// Queues a direct message of `kind` to `person_id`, with `buttons` under it, if the member
    /// wants that kind and Discord has not refused to reach them; returns whether it was
    /// queued. A notice nobody receives changes nothing else: it is never a reason to refuse.
    pub(crate) async fn send_notice(
        &self,
        conn: &mut SqliteConnection,
        person_id: i64,
        kind: Notice,
        text: &str,
        buttons: &[Button],
    ) -> sqlx::Result<bool> {
        let chosen = store::notify::choice(conn, person_id, kind.key()).await?;
        let refused = store::notify::refused_since(conn, person_id)
            .await?
            .is_some();
        match decide(kind, chosen, refused) {
            Delivery::Send => {
                let channel = store::notify::channel_of(person_id);
                store::outbox::enqueue_with_buttons(conn, &channel, text, buttons, self.now())
                    .await?;
                Ok(true)
            }
            Delivery::Off | Delivery::Refused => {
                tracing::debug!(person_id, kind = kind.key(), "direct message not sent");
                Ok(false)
            }
        }
    }

    /// Queues the same notice to each of `people`.
    pub(crate) async fn send_notice_each(
        &self,
        conn: &mut SqliteConnection,
        people: &[i64],
        kind: Notice,
        text: &str,
    ) -> sqlx::Result<()> {
        for &person in people {
            self.send_notice(conn, person, kind, text, &[]).await?;
        }
        Ok(())
    }
}

impl App {
    /// Tells the Justices just seated on appeal `n` that they sit, and how to vote.
    pub(crate) async fn notice_seated(
        &self,
        conn: &mut SqliteConnection,
        n: i64,
        seated: &[i64],
    ) -> sqlx::Result<()> {
        let text = format!(
            "You sit on appeal #{n}: vote with /court vote appeal:{n} (Terms §III Act 3.3)."
        );
        self.send_notice_each(conn, seated, Notice::Bench, &text)
            .await
    }
}
