//! The jobs of a vote: the reminder an hour before the close of who has not voted, and the
//! close itself at the end of the club day (Nomic 113): tally, adoption (Nomic 104, 111, 204),
//! points (Nomic 203, 205, 207, 209, 210) and the change to the rulebook (Nomic 108-110, 206);
//! and rule 204's switch to a simple majority (Nomic 204).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::kernel::{calendar, reminder};
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::points::with_award;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::domain::nomic::rulebook::{ChangeKind, RuleId, Rulebook};
use crate::domain::nomic::{cite, Nomic, Outcome, ProposalNumber, RuleChange, Stage, UK_TIME};
use crate::jobs::{self, Job};
use crate::store::{self, nomic::rulebook::Provenance, outbox::VOTING};

use super::bound::nomic_amendments;
use super::effect::{adoption_cue, effect_words, invoked_rulings};
use super::RulesError;

impl super::Nomic<'_> {
    /// Completes the vote on Proposal `number` as of `at`, its close, however late this runs.
    pub(crate) async fn close_vote(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        at: DateTime<Utc>,
    ) -> Result<String, RulesError> {
        let Some(row) = store::nomic::proposals::by_number(conn, number).await? else {
            return Ok(format!("no proposal {number}"));
        };
        if row.status != ProposalStatus::Voting {
            return Ok("already completed".into());
        }
        let now = self.now();
        let settings = self.settings(conn).await?;
        let game = self.nomic_state(conn, &settings).await?;
        let book = self.rulebook(conn, Procedure::Nomic).await?;
        let mut proposal = self.domain_proposal(conn, &row, &settings).await?;
        // The Points of Order raised about it: a pending Judgement holds the change, and what
        // the invoked ones decided about it is carried out (Nomic 214).
        let points = store::nomic::orders::about_proposal(conn, number).await?;
        let related: Vec<_> = points.iter().map(|p| p.point.invoked_at()).collect();
        let (ruling, void_by) = invoked_rulings(&points);
        let done = game
            .complete(&mut proposal, &book, &related, at)
            .map_err(|e| RulesError::Complete(e.to_string()))?;
        let tally = done.tally;
        let counted = if tally.cast() == 0 {
            "no vote was cast".to_owned()
        } else {
            format!("Yes {}, No {} ({} cast)", tally.yes, tally.no, tally.cast())
        };
        let (status, effect) = match (done.outcome, proposal.stage) {
            (Outcome::Defeated, _) => (
                ProposalStatus::Defeated,
                "It is defeated (Nomic 104).".to_owned(),
            ),
            (Outcome::Adopted, Stage::Held) => (
                ProposalStatus::Held,
                "It is adopted, and takes effect when every related Judgement is invoked (Nomic 214); its points are paid then, and not if it never takes effect."
                    .to_owned(),
            ),
            (Outcome::Adopted, _) if void_by.is_some() => (
                ProposalStatus::Void,
                format!(
                    "It is adopted, but the invoked Judgement on Point of Order #{} decided it is void: it does not take effect, and its points are not paid (Nomic 214).",
                    void_by.unwrap_or_default()
                ),
            ),
            (Outcome::Adopted, _) => match game.bring_into_effect(&ruling.applied_to(&proposal), &book) {
                Ok(updated) => {
                    let proposal = ruling.applied_to(&proposal);
                    let suite = self
                        .record_effect(conn, &book, &updated, &proposal.changes, proposal.number, at)
                        .await?;
                    let amended = nomic_amendments(&book, &proposal.changes, number);
                    let followed = self.follow_amendments(conn, &amended, number, at).await?;
                    let adopted = if followed.waiting.is_empty() {
                        "It is adopted and in effect from the close (Nomic 108, 206)"
                    } else {
                        "It is adopted, and its text is in the rulebook from the close (Nomic 108, 206)"
                    };
                    (
                        ProposalStatus::InEffect,
                        format!(
                            "{adopted}{}{}{}{suite}",
                            effect_words(&proposal.changes, number),
                            adoption_cue(&game, &updated, &proposal.changes, number, at),
                            followed.words
                        ),
                    )
                }
                Err(e) => (
                    ProposalStatus::Void,
                    format!("It was adopted, but cannot take effect: {e}"),
                ),
            },
        };
        // Citations name the rules as they stood when the vote completed (Nomic 110).
        let result = cite(
            &book,
            &format!(
                "Voting on Proposal {number} has closed: {counted}; adoption needed {}. {effect}",
                done.required
            ),
        );
        store::nomic::proposals::decide(conn, number, status, &result, at, None, None).await?;
        if let (Some(rule), ProposalStatus::InEffect) = (ruling.rule, status) {
            // The rule the invoked Judgement decided it changes (Nomic 214).
            let changes = ruling.applied_to(&proposal).changes;
            store::nomic::proposals::set_changes(conn, number, &changes, Some(&rule.to_string()))
                .await?;
        }
        let row = store::nomic::proposals::by_number(conn, number)
            .await?
            .unwrap_or(row);
        self.edit_voting_post(conn, &row, status, 0).await?;
        store::outbox::enqueue(conn, VOTING, &result, now).await?;
        match (status, void_by) {
            // Paid when it takes effect, never if it does not (Nomic 214).
            (ProposalStatus::Held, _) => {
                store::nomic::proposals::hold_points(conn, number, &done.points).await?;
            }
            (ProposalStatus::Void, Some(_)) => {}
            _ => {
                let points = with_award(done.points_due_now(), done.proposer, ruling.award);
                self.settle_points(conn, &game, done.proposer, &points, number, at)
                    .await?;
            }
        }
        Ok(result)
    }
}

impl App {
    /// Stores the rulebook an adopted proposal left, and each changed rule's new version;
    /// answers the words that say what the change did to the Party Chess Rule Suite, if
    /// anything, for the announcement.
    pub(super) async fn record_effect(
        &self,
        conn: &mut SqliteConnection,
        before: &Rulebook,
        after: &Rulebook,
        changes: &[RuleChange],
        proposal: ProposalNumber,
        at: DateTime<Utc>,
    ) -> Result<String, RulesError> {
        let n = proposal.get();
        let number = i64::from(n);
        let summary = format!("Proposal {number}");
        let why = Provenance {
            summary: &summary,
            proposal: Some(number),
            by: None,
            at,
        };
        store::nomic::rulebook::save(conn, after, why).await?;
        let new = after.get(&RuleId::Number(n));
        match changes.first() {
            Some(RuleChange::Enact { .. }) => {
                if let Some(rule) = new {
                    store::nomic::rulebook::record(conn, rule, ChangeKind::Enacted, None, why)
                        .await?;
                }
            }
            Some(RuleChange::Repeal { rule }) => {
                if let Some(old) = before.get(&RuleId::Number(*rule)) {
                    store::nomic::rulebook::record(conn, old, ChangeKind::Repealed, None, why)
                        .await?;
                }
            }
            Some(RuleChange::Amend { rule, .. } | RuleChange::Transmute { rule, .. }) => {
                let kind = if changes
                    .iter()
                    .any(|c| matches!(c, RuleChange::Amend { .. }))
                {
                    ChangeKind::Amended
                } else {
                    ChangeKind::Transmuted
                };
                if let Some(changed) = new {
                    let former = rule.to_string();
                    store::nomic::rulebook::record(conn, changed, kind, Some(&former), why).await?;
                }
            }
            None => {}
        }
        // References in the proposals still to take effect follow the new number (Nomic 110).
        if let Some((old, new)) = RuleChange::renumbers(changes, proposal) {
            self.follow_renumbering(conn, old, new).await?;
        }
        // A change carrying Party Chess rules reaches the suite and the game (Rule 1230.1 §3.E).
        let (removed, added) = super::party_chess::texts(before, changes);
        let suite = self
            .partychess()
            .follow_changes(conn, &summary, &removed, &added)
            .await
            .map_err(|e| RulesError::Complete(e.to_string()))?;
        Ok(suite.map(|s| s.follows_words()).unwrap_or_default())
    }
}

impl super::Nomic<'_> {
    /// An hour before the close, names the players who have not voted (pinging them only when
    /// the club turns `rules.reminder_pings` on).
    pub(crate) async fn remind_voters(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<String, RulesError> {
        let Some(row) = store::nomic::proposals::by_number(conn, number).await? else {
            return Ok(format!("no proposal {number}"));
        };
        if row.status != ProposalStatus::Voting {
            return Ok("already completed".into());
        }
        let close = row.closes_at.unwrap_or(row.submitted_at);
        if let Err(late) = reminder::timely(self.now(), close) {
            return Ok(late.to_string());
        }
        let voted: Vec<i64> = store::nomic::proposals::votes(conn, number)
            .await?
            .iter()
            .map(|v| v.voter_id)
            .collect();
        let pings = self.config().rules.reminder_pings;
        let mut pinged = Vec::new();
        let missing: Vec<String> = store::nomic::turns::players(conn)
            .await?
            .into_iter()
            .filter(|p| p.is_playing() && p.day.is_some() && !voted.contains(&p.id))
            .map(|p| match p.discord_id {
                Some(id) if pings => {
                    let id = store::snowflake_from_db(id);
                    pinged.push(id);
                    format!("<@{id}>")
                }
                _ => p.name,
            })
            .collect();
        if missing.is_empty() {
            return Ok("every player has voted".into());
        }
        let text = format!(
            "One hour left to vote on Proposal {number} (voting closes {}). Not yet voted: {}.",
            calendar::show(close, UK_TIME),
            missing.join(", ")
        );
        store::outbox::enqueue_pinging(conn, VOTING, &text, &pinged, self.now()).await?;
        Ok(text)
    }
}

impl App {
    /// Schedules (or moves) rule 204's switch for the game as it now stands (Nomic 204).
    pub(crate) async fn schedule_switch(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<(), RulesError> {
        let settings = self.settings(conn).await?;
        if settings.procedure != Procedure::Nomic
            || store::nomic::turns::switched_at(conn).await?.is_some()
        {
            return Ok(());
        }
        let game = self.nomic_state(conn, &settings).await?;
        match game.adoption_switch_at() {
            Some(at) => jobs::schedule(conn, &Job::AdoptionSwitch, at).await?,
            None => jobs::cancel(conn, &Job::AdoptionSwitch, self.now()).await?,
        }
        Ok(())
    }
}

impl super::Nomic<'_> {
    /// At the end of the second complete circuit of turns rule 204 changes itself: from then on
    /// adoption needs a simple majority of the votes cast, if rule 204 still stands (Nomic 204).
    pub(crate) async fn adoption_switch(
        &self,
        conn: &mut SqliteConnection,
        at: DateTime<Utc>,
    ) -> Result<String, RulesError> {
        if store::nomic::turns::switched_at(conn).await?.is_some() {
            return Ok("already announced".into());
        }
        let settings = self.settings(conn).await?;
        if settings.procedure != Procedure::Nomic {
            return Ok("the club does not play Nomic".into());
        }
        let game = self.nomic_state(conn, &settings).await?;
        match game.adoption_switch_at() {
            Some(due) if due > at => {
                jobs::schedule(conn, &Job::AdoptionSwitch, due).await?;
                return Ok("the circuits end later now; moved".into());
            }
            None => return Ok("the procedure has no switch".into()),
            _ => {}
        }
        let book = self.rulebook(conn, Procedure::Nomic).await?;
        if !Nomic::rule_204_unamended(&book) {
            return Ok("the rule that began as Rule 204 was amended or repealed".into());
        }
        store::nomic::turns::mark_switched(conn, at).await?;
        let rule = crate::domain::nomic::descendant_of(&book, 204)
            .and_then(|r| r.id.number())
            .unwrap_or(204);
        let text = cite(
            &book,
            &format!(
                "The second complete circuit of turns ended {}: as Rule {rule} says of itself, from now on adoption needs {}.",
                calendar::show(at, UK_TIME),
                game.params.later_adoption
            ),
        );
        store::outbox::enqueue(conn, VOTING, &text, self.now()).await?;
        Ok(text)
    }
}
