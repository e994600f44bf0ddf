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
            let late = stored.point.run_deadlines(&game, now);
            let mut said = self.announce_all(conn, &stored, &late).await?;
            let judged = stored.point.judge_it(&game, actor.id, text, now)?;
            self.keep_point(conn, number, &stored.point).await?;
            let post = format!(
                "Judgement on Point of Order #{number} by {}: \"{}\"\n{}",
                actor.name,
                text.trim(),
                self.tell(conn, number, &judged).await?
            );
            self.post_voting(conn, &post).await?;
            said.push(post);
            Ok(OrderReply(said.join("\n")))
        })
        .await
    }
}
