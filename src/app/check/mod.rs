//! `gavel check`: the whole record read against the invariants the rules imply, each breach
//! named. The scores must equal a full fold of the history (`store::leaderboard::standings`),
//! and each capability adds its own: the ladder's steps and bans (moderation), benches that can
//! decide and requests to leave that wait only for a granted hearing (the Court), held proposals
//! and points (Nomic), motions whose results equal their tallies (committees), tournament
//! matches whose states equal the fold of their results and rounds equal to their stored
//! pairings (tournaments), and the deadline jobs of live objects (all of them, games waiting for
//! a confirmation too).
//!
//! It reads everything, once, in one snapshot: it is the operator's proof and the tests'
//! oracle, not a command a member runs.

mod committee;
mod court;
mod diplomacy;
mod diplomacy_units;
mod games;
mod moderation;
mod nomic;
mod notify;
mod offices;
mod parameters;
mod partychess;
mod reports;
mod tournament;

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::jobs::Job;
use crate::store::{self, jobs::JobRow};

/// The pending jobs, by idempotency key.
pub(super) struct Pending(HashMap<String, JobRow>);

impl Pending {
    async fn load(conn: &mut SqliteConnection) -> sqlx::Result<Self> {
        Ok(Self(
            store::jobs::all(conn)
                .await?
                .into_iter()
                .filter(|j| j.done_at.is_none())
                .map(|j| (j.idempotency_key.clone(), j))
                .collect(),
        ))
    }

    /// When `job` is due, if it is pending.
    fn due(&self, job: &Job) -> Option<DateTime<Utc>> {
        self.0.get(&job.key()).map(|j| j.due_at)
    }

    /// Every pending job, decoded.
    fn jobs(&self) -> impl Iterator<Item = Job> + '_ {
        self.0
            .values()
            .filter_map(|j| Job::decode(&j.kind, &j.payload).ok())
    }
}

/// Breaches found so far, in words.
pub(super) type Breaches = Vec<String>;

impl App {
    /// `gavel check`: every invariant over the whole record; empty when all hold.
    pub async fn check_record(&self) -> sqlx::Result<Vec<String>> {
        let mut tx = self.pool().begin().await?;
        let mut breaches =
            store::leaderboard::standings::check(&mut tx, &self.leaderboard().score_rules())
                .await?;
        let pending = Pending::load(&mut tx).await?;
        moderation::check(self, &mut tx, &pending, &mut breaches).await?;
        court::check(self, &mut tx, &pending, &mut breaches).await?;
        nomic::check(&mut tx, &pending, &mut breaches).await?;
        notify::check(&mut tx, &mut breaches).await?;
        parameters::check(self, &mut tx, &mut breaches).await?;
        committee::check(&mut tx, &pending, &mut breaches).await?;
        partychess::check(&mut tx, &pending, self.tz(), &mut breaches).await?;
        diplomacy::check(&mut tx, &pending, &mut breaches).await?;
        diplomacy_units::check(&mut tx, &mut breaches).await?;
        reports::check(&mut tx, &mut breaches).await?;
        games::check(&mut tx, &pending, &mut breaches).await?;
        offices::check(self, &mut tx, &mut breaches).await?;
        tournament::check(self, &mut tx, &pending, &mut breaches).await?;
        tx.rollback().await?;
        Ok(breaches)
    }

    /// What `gavel check` points out besides the invariants: duties of the record's officers
    /// left undone, which are no breach of the record. Each game in play without a Tournament
    /// Observer, whom the TD makes sure each game has (house rules A.9).
    pub async fn check_notes(&self) -> sqlx::Result<Vec<String>> {
        let mut conn = self.pool().acquire().await?;
        Ok(
            crate::store::committee::teams::games_without_observer(&mut conn)
                .await?
                .into_iter()
                .map(|game| {
                    format!(
                        "{game} has no Tournament Observer; the TD makes sure each game has one (house rules A.9)"
                    )
                })
                .collect(),
        )
    }
}
