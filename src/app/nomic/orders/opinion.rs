//! `/order dispute`, `/order agree` and `/order disagree`: the other players' answer to a
//! Judgement, within the hour (Nomic 214). Each player gives one opinion per Judgement.

use crate::domain::nomic::order::{Happened, Opinion};
use crate::store;

use super::{OrderError, OrderOutcome};
use crate::app::{App, Call};

impl App {
    /// `/order dispute|agree|disagree point`.
    pub async fn give_opinion(
        &self,
        call: &Call,
        number: i64,
        opinion: Opinion,
    ) -> Result<OrderOutcome, OrderError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let game = self.nomic_game(conn).await?;
            let mut stored = self.point(conn, number).await?;
            let mut happened = stored.point.run_deadlines(&game, now);
            let seq = stored.point.judges.len().saturating_sub(1);
            let step: Happened = match opinion {
                Opinion::Dispute => stored.point.dispute(&game, actor.id, now)?,
                Opinion::Agree => stored.point.agree(&game, actor.id, now)?,
                Opinion::Disagree => stored.point.disagree(&game, actor.id, now)?,
            };
            happened.push(step);
            store::nomic::orders::record_opinion(conn, number, seq, actor.id, opinion, now).await?;
            self.keep_point(conn, number, &stored.point).await?;
            let said = self.announce_all(conn, &stored, &happened).await?;
            Ok(OrderOutcome::Announced { number, said })
        })
        .await
    }
}
