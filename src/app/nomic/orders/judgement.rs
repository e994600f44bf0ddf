//! `/order judgement`: the Judge of a Point pronounces, in the voting channel (Nomic 214).

use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::store;

use super::{OrderError, OrderReply};

/// The buttons under a Judgement: any other player may dispute it, and after a dispute agree or
/// disagree (Nomic 214). The commands decide whether a press counts, so a press out of turn or a
/// second one is refused and counts nothing.
pub fn opinion_buttons(number: i64) -> [Button; 3] {
    [
        Button::new("Dispute", "order dispute")
            .preset("point", number)
            .style(ButtonStyle::Danger),
        Button::new("Agree", "order agree")
            .preset("point", number)
            .style(ButtonStyle::Success),
        Button::new("Disagree", "order disagree")
            .preset("point", number)
            .style(ButtonStyle::Secondary),
    ]
}
use crate::app::{App, Call};

impl App {
    /// The check before `/order judgement`'s form opens on Discord: only the Point's Judge, in
    /// time, is asked for the text (Nomic 214); anyone else is refused before typing it.
    pub async fn may_judge(&self, call: &Call, number: i64) -> Result<(), OrderError> {
        self.check_before_form(call, async |conn, actor| {
            let now = self.now();
            let game = self.nomic_game(conn).await?;
            let mut stored = self.point(conn, number).await?;
            // A window already closed counts as its job would have made it (nothing is stored).
            stored.point.run_deadlines(&game, now);
            stored.point.may_judge(&game, actor.id, now)?;
            Ok(())
        })
        .await
    }

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
            store::outbox::enqueue_with_buttons(
                conn,
                store::outbox::VOTING,
                &post,
                &opinion_buttons(number),
                now,
            )
            .await?;
            said.push(post);
            Ok(OrderReply(said.join("\n")))
        })
        .await
    }
}
