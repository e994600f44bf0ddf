//! `/order judgement`: the Judge of a Point pronounces, in the voting channel (Nomic 214).

use super::{OrderError, OrderReply};
use crate::app::{App, Call};

impl App {
    /// `/order judgement point text`.
    pub async fn give_judgement(
        &self,
        call: &Call,
        number: i64,
        text: &str,
    ) -> Result<OrderReply, OrderError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let game = self.nomic_game(conn).await?;
            let mut stored = self.point(conn, number).await?;
            // A window that has already closed is applied first, as its job would have.
            let mut happened = stored.point.run_deadlines(&game, now);
            happened.push(stored.point.judge_it(&game, actor.id, text, now)?);
            self.keep_point(conn, number, &stored.point).await?;
            let post = format!(
                "Judgement on Point of Order #{number} by {}: \"{}\"",
                actor.name,
                text.trim()
            );
            self.post_voting(conn, &post).await?;
            let said = self.announce_all(conn, &stored, &happened).await?;
            Ok(OrderReply(
                said.last().cloned().unwrap_or_else(|| post.clone()),
            ))
        })
        .await
    }
}
