//! Roles that follow offices (`[discord.roles]`): what a member's managed roles should be from
//! the record, the queue of members whose roles must be brought in line, and the reconciliation
//! at start. The Discord adapter reads and changes the roles; an office change never waits for
//! it.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::app::App;
use crate::domain::roles::{self, Changes};
use crate::store;

/// What a member's managed roles should be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolePlan {
    /// Their Discord user, if the record knows it (none: nothing to do).
    pub user: Option<u64>,
    pub name: String,
    pub wanted: BTreeSet<u64>,
}

impl App {
    /// Whether any role is configured.
    pub fn manages_roles(&self) -> bool {
        !self.config().discord.roles.is_empty()
    }

    /// The managed roles `person_id` should hold now: their offices' roles, and the banned role
    /// while gavel counts them banned (as /profile shows it).
    pub async fn role_plan(&self, person_id: i64) -> anyhow::Result<RolePlan> {
        let mut conn = self.pool().acquire().await?;
        let person = store::people::by_id(&mut conn, person_id).await?;
        let offices = store::offices::offices_of(&mut conn, person_id).await?;
        let keys: Vec<&str> = crate::domain::kernel::office::Office::ALL
            .into_iter()
            .filter(|o| offices.holds(*o))
            .map(|o| o.key())
            .collect();
        let banned = self
            .moderation()
            .restrictions(&mut conn, person_id, self.now())
            .await?
            .banned();
        let managed = self.config().discord.roles.managed();
        Ok(RolePlan {
            user: person.discord_id.0,
            name: person.name,
            wanted: roles::wanted(&managed, &keys, banned),
        })
    }

    /// What to change for a member holding `has` (their roles on Discord now).
    pub fn role_changes(&self, plan: &RolePlan, has: &[u64]) -> Changes {
        roles::changes(&self.config().discord.roles.managed(), &plan.wanted, has)
    }

    /// The members due a sync now.
    pub async fn role_syncs_due(&self, limit: i64) -> anyhow::Result<Vec<i64>> {
        let mut conn = self.pool().acquire().await?;
        Ok(store::roles::due(&mut conn, self.now_exact(), limit).await?)
    }

    /// When the first sync held back is due.
    pub async fn next_role_sync(&self) -> anyhow::Result<Option<DateTime<Utc>>> {
        let mut conn = self.pool().acquire().await?;
        Ok(store::roles::next_due(&mut conn).await?)
    }

    pub async fn role_sync_done(&self, person_id: i64) -> anyhow::Result<()> {
        let mut conn = self.pool().acquire().await?;
        Ok(store::roles::done(&mut conn, person_id).await?)
    }

    pub async fn role_sync_failed(
        &self,
        person_id: i64,
        error: &str,
        retry_at: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let mut conn = self.pool().acquire().await?;
        Ok(store::roles::failed(&mut conn, person_id, error, retry_at).await?)
    }

    /// At start: queues a sync for everyone in the record the managed roles could concern, so
    /// office-holders who lack their role get it and those who no longer hold the office lose
    /// it. Nothing is queued when no role is configured.
    pub async fn queue_role_reconciliation(&self) -> anyhow::Result<u64> {
        if !self.manages_roles() {
            return Ok(0);
        }
        let mut tx = self.begin().await?;
        let n = store::roles::queue_everyone_concerned(&mut tx).await?;
        tx.commit().await?;
        Ok(n)
    }
}
