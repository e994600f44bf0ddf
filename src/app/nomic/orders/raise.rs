//! `/order raise`: a player raises a Point of Order, posted in the voting channel and taken by
//! the Judge of the day (Nomic 214).

use crate::config::JudgeRule;
use crate::domain::kernel::office::Office;
use crate::domain::nomic::order::{JudgeChoice, PointOfOrder};
use crate::store;

use super::{OrderError, OrderOutcome};
use crate::app::{App, Call};

impl App {
    /// `/order raise text [proposal]`.
    pub async fn raise_point(
        &self,
        call: &Call,
        text: &str,
        proposal: Option<i64>,
    ) -> Result<OrderOutcome, OrderError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let game = self.nomic_game(conn).await?;
            let about = match proposal {
                Some(n) => Some(
                    self.proposal_for_order(conn, n)
                        .await?
                        .ok_or(OrderError::NoProposal(n))?,
                ),
                None => None,
            };
            let active = store::nomic::orders::active_count(conn, actor.id).await?;
            let choice = match self.config().orders.judge {
                JudgeRule::Rotation => JudgeChoice::Rotation,
                JudgeRule::ChiefJustice => store::offices::holders(conn)
                    .await?
                    .into_iter()
                    .find(|(office, ..)| *office == Office::ChiefJustice)
                    .map_or(JudgeChoice::Rotation, |(_, id, ..)| JudgeChoice::Named(id)),
            };
            let point =
                PointOfOrder::raise_to(&game, choice, actor.id, text, about.as_ref(), active, now)?;
            let number = store::nomic::orders::insert(conn, &point, proposal).await?;
            self.schedule_point(conn, number, &point).await?;
            let judge_id = point.judge().expect("a new Point has a Judge");
            let judge = self.player_name(conn, judge_id).await?;
            let (mention, _) = self.judge_mention(conn, judge_id).await?;
            let deadline = point.next_deadline().expect("a new Point awaits Judgement");
            let about_text = proposal
                .map(|n| format!(" on Proposal {n}"))
                .unwrap_or_default();
            let post = format!(
                "Point of Order #{number}{about_text}, raised by {}: \"{}\"\nJudge: {mention}, who gives Judgement with /order judgement point:{number} before {} (Nomic 214).",
                actor.name,
                point.statement,
                self.when(deadline)
            );
            self.post_voting_pinging(conn, &post, Some(judge_id)).await?;
            Ok(OrderOutcome::Raised {
                number,
                judge,
                deadline,
            })
        })
        .await
    }
}
