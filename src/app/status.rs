//! `gavel status`: what the outbox still has to deliver, so a failing post is seen, not guessed.

use chrono::{DateTime, Utc};

use crate::app::App;
use crate::store::{self, outbox::OutboxEntry};

/// The outbox's backlog: how many posts wait, and the oldest of them.
#[derive(Debug, Clone)]
pub struct Status {
    pub backlog: i64,
    pub oldest: Option<OutboxEntry>,
    /// Replies to members that Discord has not taken yet, kept while their token is valid.
    pub replies: i64,
    /// Members whose roles Discord refused to change (`[discord.roles]`).
    pub roles: Vec<store::roles::Failed>,
    /// Parameters an adopted amendment left waiting: the change is not in effect until set.
    pub waiting: Vec<store::nomic::bound::Waiting>,
    /// Party Chess rules gavel follows (turns, Weights) whose text in force is not the one
    /// gavel reads.
    pub party_chess: Vec<String>,
    /// Changes to the house rules adopted but not yet in effect in gavel (house rules A.7).
    pub house_rules: Vec<String>,
    pub now: DateTime<Utc>,
}

/// Reads the backlog.
pub async fn status(app: &App) -> anyhow::Result<Status> {
    let mut conn = app.pool().acquire().await?;
    let (backlog, oldest) = store::outbox::backlog(&mut conn).await?;
    let replies = store::replies::waiting(&mut conn).await?;
    let roles = store::roles::failures(&mut conn).await?;
    let waiting = store::nomic::bound::all(&mut conn).await?;
    let suite: Vec<_> = store::partychess::rules::in_force(&mut conn)
        .await?
        .iter()
        .map(|r| r.to_rule())
        .collect();
    let party_chess = crate::domain::partychess::read_texts::unread_bound(&suite)
        .into_iter()
        .map(|(_, line)| line)
        .collect();
    let house_rules = app.house_not_in_effect(&mut conn).await?;
    Ok(Status {
        house_rules,
        backlog,
        oldest,
        replies,
        roles,
        waiting,
        party_chess,
        now: app.now(),
    })
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for w in &self.waiting {
            writeln!(
                f,
                "Not in effect: {} as amended by {} waits for {} to be set (/procedure set name:{}).",
                w.rule, w.proposal, w.name, w.name
            )?;
        }
        for line in &self.party_chess {
            writeln!(f, "Not in effect: {line}.")?;
        }
        for line in &self.house_rules {
            writeln!(f, "Not in effect: {line}.")?;
        }
        if self.replies > 0 {
            writeln!(
                f,
                "Replies: {} part{} of answers to members wait for Discord (kept for 15 minutes).",
                self.replies,
                if self.replies == 1 { "" } else { "s" }
            )?;
        }
        for failed in &self.roles {
            writeln!(
                f,
                "Roles: {}'s roles could not be changed ({} attempt{}): {}. gavel needs the Manage Roles permission, and its own role above every role in [discord.roles]; the office change stands.",
                failed.name,
                failed.attempts,
                if failed.attempts == 1 { "" } else { "s" },
                failed.last_error
            )?;
        }
        let Some(oldest) = &self.oldest else {
            return write!(f, "Outbox: every post has been delivered.");
        };
        let posts = if self.backlog == 1 { "post" } else { "posts" };
        writeln!(f, "Outbox: {} {posts} not yet delivered.", self.backlog)?;
        write!(
            f,
            "Oldest: #{}, written {} ago, {} attempt{}",
            oldest.channel,
            age(self.now - oldest.created_at),
            oldest.attempts,
            if oldest.attempts == 1 { "" } else { "s" },
        )?;
        match &oldest.last_error {
            Some(error) => write!(f, ", last error: {error}"),
            None => write!(f, ", no error yet"),
        }
    }
}

/// A duration as a person reads it: the largest whole unit.
fn age(d: chrono::Duration) -> String {
    let s = d.num_seconds().max(0);
    match s {
        0..=119 => format!("{s} s"),
        120..=7199 => format!("{} min", s / 60),
        7200..=172_799 => format!("{} h", s / 3600),
        _ => format!("{} days", s / 86_400),
    }
}
