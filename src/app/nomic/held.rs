//! A change held for a Judgement (Nomic 214 over 206): it takes effect when the last related
//! Judgement is invoked, and the points its vote moved are paid then ("All other actions under
//! dispute are delayed"), or never, if it cannot take effect. An invoked Judgement's stated
//! effect is carried out: a proposal it makes void is void at once, and one that takes effect
//! changes the rule, and pays the award, the Judgements stated (Nomic 214: "the decision comes
//! into effect").

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::nomic::order::Ruling;
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::points::with_award;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::store::nomic::orders::StoredPoint;
use crate::store::{self, nomic::proposals::ProposalRow, outbox::VOTING};

use super::bound::nomic_amendments;
use super::effect::{adoption_cue, effect_words, invoked_rulings};
use super::RulesError;

impl App {
    /// A Judgement on a Point about Proposal `number` was invoked: if the proposal is held, what
    /// the invoked Judgements decided is carried out (Nomic 214). A Judgement that it is void
    /// voids it at once; otherwise it takes effect once every related Judgement is invoked.
    pub(crate) async fn carry_out_rulings(
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
        let related = store::nomic::orders::about_proposal(conn, number).await?;
        match invoked_rulings(&related) {
            (_, Some(point)) => self.void_held(conn, &row, point).await.map(Some),
            (ruling, None) => self.release_held(conn, &row, &related, &ruling).await,
        }
    }

    /// Held Proposal `row` is void by the invoked Judgement on Point `point`: it never takes
    /// effect, and the points its vote moved are not paid (Nomic 214).
    async fn void_held(
        &self,
        conn: &mut SqliteConnection,
        row: &ProposalRow,
        point: i64,
    ) -> Result<String, RulesError> {
        let now = self.now();
        let number = row.number;
        let text = format!(
            "The Judgement on Point of Order #{point}, invoked, decides that Proposal {number} is void: it never takes effect, and its points are not paid (Nomic 214)."
        );
        let result = match &row.result {
            Some(before) => format!("{before} {text}"),
            None => text.clone(),
        };
        store::nomic::proposals::decide(
            conn,
            number,
            ProposalStatus::Void,
            &result,
            now,
            None,
            None,
        )
        .await?;
        store::nomic::proposals::take_held_points(conn, number).await?;
        self.edit_voting_post(conn, row, ProposalStatus::Void, 0)
            .await?;
        store::outbox::enqueue(conn, VOTING, &text, now).await?;
        Ok(text)
    }

    /// Brings held Proposal `row` into effect once every Judgement on its Points of Order is
    /// invoked, as of the last invocation (Nomic 214 over 206), changing the rule and paying the
    /// award the invoked Judgements stated (`ruling`), and announces it; the points its vote
    /// moved are paid then, or dropped if it cannot take effect. Returns the announcement, or
    /// nothing while a Judgement is still pending.
    async fn release_held(
        &self,
        conn: &mut SqliteConnection,
        row: &ProposalRow,
        related: &[StoredPoint],
        ruling: &Ruling,
    ) -> Result<Option<String>, RulesError> {
        let number = row.number;
        let settings = self.settings(conn).await?;
        let game = self.nomic_state(conn, &settings).await?;
        let book = self.rulebook(conn, Procedure::Nomic).await?;
        let mut proposal = self.domain_proposal(conn, row, &settings).await?;
        let invocations: Vec<_> = related.iter().map(|p| p.point.invoked_at()).collect();
        let Ok(since) = game.release(&mut proposal, &invocations) else {
            return Ok(None);
        };
        let proposal = ruling.applied_to(&proposal);
        let (status, text) = match game.bring_into_effect(&proposal, &book) {
            Ok(updated) => {
                let suite = self
                    .record_effect(conn, &book, &updated, &proposal.changes, proposal.number, since)
                    .await?;
                let amended = nomic_amendments(&book, &proposal.changes, number);
                let followed = self.follow_amendments(conn, &amended, number, since).await?;
                let takes = if followed.waiting.is_empty() {
                    "so it takes effect now (Nomic 214, 206)"
                } else {
                    "so its text is in the rulebook now (Nomic 214, 206)"
                };
                (
                    ProposalStatus::InEffect,
                    format!(
                        "Every Judgement on Proposal {number} is invoked, {takes}{}{}{}{suite}",
                        effect_words(&proposal.changes, number),
                        adoption_cue(&game, &updated, &proposal.changes, number, since),
                        followed.words
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
        if let Some(rule) = ruling.rule {
            // The rule the Judgement decided it changes (Nomic 214), shown in its post too.
            store::nomic::proposals::set_changes(
                conn,
                number,
                &proposal.changes,
                Some(&rule.to_string()),
            )
            .await?;
        }
        let row = store::nomic::proposals::by_number(conn, number)
            .await?
            .unwrap_or_else(|| row.clone());
        self.edit_voting_post(conn, &row, status, 0).await?;
        store::outbox::enqueue(conn, VOTING, &text, self.now()).await?;
        // Delayed with the change it belongs to, and paid only if it took effect (Nomic 214).
        let held = store::nomic::proposals::take_held_points(conn, number).await?;
        if status == ProposalStatus::InEffect {
            let held = with_award(&held, proposal.by, ruling.award);
            self.settle_points(conn, &game, proposal.by, &held, number, since)
                .await?;
        }
        Ok(Some(text))
    }
}
