//! A change held for a Judgement (Nomic 214 over 206): it takes effect when the last related
//! Judgement is invoked, and the points its vote moved are paid then ("All other actions under
//! dispute are delayed"), or never, if it cannot take effect.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::store::{self, outbox::VOTING};

use super::close::{adoption_cue, effect_words};
use super::RulesError;

impl App {
    /// Brings held Proposal `number` into effect once every Judgement on its Points of Order is
    /// invoked, as of the last invocation (Nomic 214 over 206), and announces it; the points its
    /// vote moved are paid then, or dropped if it cannot take effect. Returns the announcement,
    /// or nothing while a Judgement is still pending or it is not held.
    pub(crate) async fn release_held(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<Option<String>, RulesError> {
        let Some(row) = store::nomic::proposals::by_number(conn, number).await? else {
            return Ok(None);
        };
        if row.status != ProposalStatus::Held {
            return Ok(None);
        }
        let settings = self.settings(conn).await?;
        let game = self.nomic(conn, &settings).await?;
        let book = self.rulebook(conn, Procedure::Nomic).await?;
        let mut proposal = self.domain_proposal(conn, &row, &settings).await?;
        let related: Vec<_> = store::nomic::orders::about_proposal(conn, number)
            .await?
            .into_iter()
            .map(|p| p.point.invoked_at())
            .collect();
        let Ok(since) = game.release(&mut proposal, &related) else {
            return Ok(None);
        };
        let (status, text) = match game.bring_into_effect(&proposal, &book) {
            Ok(updated) => {
                self.record_effect(conn, &book, &updated, &proposal.changes, proposal.number, since)
                    .await?;
                (
                    ProposalStatus::InEffect,
                    format!(
                        "Every Judgement on Proposal {number} is invoked, so it takes effect now (Nomic 214, 206){}{}",
                        effect_words(&proposal.changes, number),
                        adoption_cue(&game, &updated, &proposal.changes, number, since)
                    ),
                )
            }
            Err(e) => (
                ProposalStatus::Void,
                format!("Every Judgement on Proposal {number} is invoked, but it cannot take effect: {e} Its points are not paid (Nomic 214)."),
            ),
        };
        let result = match &row.result {
            Some(before) => format!("{before} {text}"),
            None => text.clone(),
        };
        store::nomic::proposals::decide(conn, number, status, &result, since, None, None).await?;
        self.edit_voting_post(conn, &row, status, 0).await?;
        store::outbox::enqueue(conn, VOTING, &text, self.now()).await?;
        // Delayed with the change it belongs to, and paid only if it took effect (Nomic 214).
        let held = store::nomic::proposals::take_held_points(conn, number).await?;
        if status == ProposalStatus::InEffect {
            self.settle_points(conn, &game, proposal.by, &held, number, since)
                .await?;
        }
        Ok(Some(text))
    }
}
