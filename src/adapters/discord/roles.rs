//! Roles that follow offices, on Discord: for each member queued (an office or a ban changed,
//! or the reconciliation at start), reads their roles (`GET /guilds/{g}/members/{u}`) and adds
//! or removes the roles gavel manages (`PUT`/`DELETE /guilds/{g}/members/{u}/roles/{r}`). A
//! refusal (403: Manage Roles missing, or a role above gavel's own) is logged as an error and
//! kept for `gavel status`; it is tried again later and never undoes the office change.

use chrono::{DateTime, Utc};
use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};

use super::rest::{Failure, Rest};
use crate::app::App;

/// Discord's error code for a user who is not a member of the server.
const UNKNOWN_MEMBER: i64 = 10007;
/// How many members are synced in one pass.
const BATCH: i64 = 20;

/// Brings members' managed roles in line with the record.
pub struct RoleKeeper {
    app: App,
    rest: Rest,
}

impl RoleKeeper {
    pub fn new(app: App, http: std::sync::Arc<serenity::Http>) -> Self {
        Self {
            app,
            rest: Rest::new(http),
        }
    }

    /// Syncs the members due; returns when the first one held back is due.
    pub async fn sync_due(&self, stop: impl Fn() -> bool) -> anyhow::Result<Option<DateTime<Utc>>> {
        let Some(guild) = self.app.config().discord.guild_id else {
            return Ok(None);
        };
        if !self.app.manages_roles() {
            return Ok(None);
        }
        for person in self.app.role_syncs_due(BATCH).await? {
            if stop() {
                break;
            }
            match self.sync(guild, person).await {
                Ok(()) => self.app.role_sync_done(person).await?,
                Err(failure) => {
                    let wait = failure.wait(0);
                    let error = failure.to_string();
                    if failure.is_permanent() {
                        tracing::error!(person, error = %error, retry_in = %wait, "Discord refuses to change a member's roles; gavel needs Manage Roles, and its own role above the roles it manages (the office change stands)");
                    } else {
                        tracing::warn!(person, error = %error, retry_in = %wait, "changing a member's roles failed");
                    }
                    let retry_at = self.app.now_exact() + wait;
                    self.app.role_sync_failed(person, &error, retry_at).await?;
                }
            }
        }
        self.app.next_role_sync().await
    }

    /// Reads one member's roles and changes the managed ones that differ from the record.
    async fn sync(&self, guild: u64, person: i64) -> Result<(), Failure> {
        let plan = self
            .app
            .role_plan(person)
            .await
            .map_err(|e| Failure::Unavailable(e.to_string()))?;
        let Some(user) = plan.user else {
            return Ok(()); // a console name: nobody on Discord to give a role
        };
        let (guild_id, user_id) = (serenity::GuildId::new(guild), serenity::UserId::new(user));
        let route = Route::GuildMember { guild_id, user_id };
        let member = match self.rest.call(route, LightMethod::Get, None::<&()>).await {
            Ok(member) => member,
            Err(f) if f.has_code(UNKNOWN_MEMBER) => {
                tracing::info!(
                    person,
                    user,
                    "not a member of the server; no roles to change"
                );
                return Ok(());
            }
            Err(f) => return Err(f),
        };
        let has: Vec<u64> = member["roles"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().and_then(|r| r.parse().ok()))
            .collect();
        let changes = self.app.role_changes(&plan, &has);
        for (roles, method, done) in [
            (&changes.add, LightMethod::Put, "given"),
            (&changes.remove, LightMethod::Delete, "taken away"),
        ] {
            for &role in roles {
                let route = Route::GuildMemberRole {
                    guild_id,
                    user_id,
                    role_id: serenity::RoleId::new(role),
                };
                self.rest.call(route, method, None::<&()>).await?;
                tracing::info!(member = %plan.name, role, "role {done}");
            }
        }
        Ok(())
    }
}
