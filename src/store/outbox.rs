//! The outbox: channel posts written in the same transaction as the change they announce, with
//! their buttons, and edits of posts already sent.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::button::{self, Button, ButtonStyle};

/// The channel every announcement goes to unless a feature names another.
pub const DISCUSSION: &str = "discussion";
/// Proposals, votes and their results (Nomic 201's voting thread).
pub const VOTING: &str = "voting";
/// Changes of players' points (Nomic 209).
pub const POINTS: &str = "points";
/// A tournament's pairings, results and rulings (`[tournament] channel_id`, else #discussion).
pub const TOURNAMENT: &str = "tournament";
/// Observers' reports to the TD (Diplomacy house rules A.9): a private channel, never the
/// portal.
pub const TD_REPORTS: &str = "td-reports";
/// Members' reports of messages, for the Moderators (`discord.mod_channel_id`): private, never
/// the portal.
pub const MODERATORS: &str = "moderators";
/// The mod log (`discord.modlog_channel_id`): every moderator action, declaration, void, office
/// change, Court decision and report outcome, with the private details Moderators need; never
/// the portal.
pub const MOD_LOG: &str = "modlog";
/// The channels that are never public: the portal leaves them out.
pub const PRIVATE: &[&str] = &[TD_REPORTS, MODERATORS, MOD_LOG];

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxEntry {
    pub id: i64,
    pub channel: String,
    pub content: String,
    pub created_at: DateTime<Utc>,
    pub attempts: i64,
    /// How many of those attempts met a server error (or no answer): the poster's backoff
    /// doubles with these alone, never with a 429.
    pub server_errors: i64,
    pub next_attempt_at: DateTime<Utc>,
    pub last_error: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub message_id: Option<i64>,
    /// For an edit: the entry whose message this one's content replaces.
    pub edits: Option<i64>,
    /// The Discord users this post may ping, space-separated; nobody else is pinged.
    pub pings: Option<String>,
}

impl OutboxEntry {
    /// The users this post may ping.
    pub fn ping_ids(&self) -> Vec<u64> {
        self.pings
            .as_deref()
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|id| id.parse().ok())
            .collect()
    }
}

pub async fn enqueue(
    conn: &mut SqliteConnection,
    channel: &str,
    content: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO outbox (channel, content, created_at, next_attempt_at) VALUES (?, ?, ?, ?) RETURNING id",
    )
    .bind(channel)
    .bind(content)
    .bind(now)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Queues a post that may ping `users` (their mentions are in `content`); every other post
/// pings no one.
pub async fn enqueue_pinging(
    conn: &mut SqliteConnection,
    channel: &str,
    content: &str,
    users: &[u64],
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    let id = enqueue(conn, channel, content, now).await?;
    if !users.is_empty() {
        let pings: Vec<String> = users.iter().map(u64::to_string).collect();
        sqlx::query("UPDATE outbox SET pings = ? WHERE id = ?")
            .bind(pings.join(" "))
            .bind(id)
            .execute(conn)
            .await?;
    }
    Ok(id)
}

/// Queues a post with buttons under its text. The buttons are checked against Discord's limits
/// (a refusal here is a defect of the code that built them, so it fails the use case).
pub async fn enqueue_with_buttons(
    conn: &mut SqliteConnection,
    channel: &str,
    content: &str,
    buttons: &[Button],
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    button::check_all(buttons).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    let id = enqueue(conn, channel, content, now).await?;
    for (position, b) in buttons.iter().enumerate() {
        let custom_id = b
            .custom_id()
            .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        sqlx::query(
            "INSERT INTO outbox_buttons (outbox_id, position, label, style, custom_id)
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(position as i64)
        .bind(&b.label)
        .bind(b.style)
        .bind(custom_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}

/// Queues an edit of the post `outbox_id` (a running tally, say): an entry of the same channel,
/// delivered in order with the channel's other posts, that replaces the posted message's text
/// once that message exists. Its buttons stay as they were.
pub async fn enqueue_edit(
    conn: &mut SqliteConnection,
    outbox_id: i64,
    new_content: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO outbox (channel, content, created_at, next_attempt_at, edits)
         SELECT channel, ?, ?, ?, id FROM outbox WHERE id = ? RETURNING id",
    )
    .bind(new_content)
    .bind(now)
    .bind(now)
    .bind(outbox_id)
    .fetch_one(conn)
    .await
}

/// The buttons of a post, in order (none for most posts).
pub async fn buttons(conn: &mut SqliteConnection, outbox_id: i64) -> sqlx::Result<Vec<Button>> {
    let rows: Vec<(String, ButtonStyle, String)> = sqlx::query_as(
        "SELECT label, style, custom_id FROM outbox_buttons WHERE outbox_id = ? ORDER BY position",
    )
    .bind(outbox_id)
    .fetch_all(conn)
    .await?;
    rows.into_iter()
        .map(|(label, style, id)| {
            Button::from_parts(&label, style, &id).map_err(|e| sqlx::Error::Decode(Box::new(e)))
        })
        .collect()
}

/// A channel's leading unsent entries up to the first not yet due. Both lookups walk the
/// unsent rows of one channel through the `outbox_unsent` index (channel, id).
const DUE: &str = "SELECT * FROM outbox
     WHERE channel = ?1 AND sent_at IS NULL
       AND id < COALESCE(
           (SELECT MIN(id) FROM outbox
            WHERE channel = ?1 AND sent_at IS NULL AND next_attempt_at > ?2),
           9223372036854775807)
     ORDER BY id LIMIT ?3";

/// The channels that have unsent entries, by name.
pub async fn pending_channels(conn: &mut SqliteConnection) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT DISTINCT channel FROM outbox WHERE sent_at IS NULL ORDER BY channel")
        .fetch_all(conn)
        .await
}

/// The entries of `channel` that may go now, in order: its leading unsent entries, stopping at
/// the first one not yet due. A post waiting to retry so holds back the later posts of its
/// channel, and a "case void" notice never precedes the case's own declaration.
pub async fn due(
    conn: &mut SqliteConnection,
    channel: &str,
    now: DateTime<Utc>,
    limit: i64,
) -> sqlx::Result<Vec<OutboxEntry>> {
    sqlx::query_as::<_, OutboxEntry>(DUE)
        .bind(channel)
        .bind(now)
        .bind(limit)
        .fetch_all(conn)
        .await
}

/// The first unsent entry of `channel`: the one its later entries wait for.
pub async fn head(conn: &mut SqliteConnection, channel: &str) -> sqlx::Result<Option<OutboxEntry>> {
    sqlx::query_as::<_, OutboxEntry>(
        "SELECT * FROM outbox WHERE channel = ? AND sent_at IS NULL ORDER BY id LIMIT 1",
    )
    .bind(channel)
    .fetch_optional(conn)
    .await
}

/// How many entries are not yet delivered, and the oldest of them.
pub async fn backlog(conn: &mut SqliteConnection) -> sqlx::Result<(i64, Option<OutboxEntry>)> {
    let count = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
        .fetch_one(&mut *conn)
        .await?;
    let oldest = sqlx::query_as::<_, OutboxEntry>(
        "SELECT * FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 1",
    )
    .fetch_optional(conn)
    .await?;
    Ok((count, oldest))
}

/// Entries written after `after_id`, in order (the console prints these).
pub async fn since(conn: &mut SqliteConnection, after_id: i64) -> sqlx::Result<Vec<OutboxEntry>> {
    sqlx::query_as::<_, OutboxEntry>("SELECT * FROM outbox WHERE id > ? ORDER BY id")
        .bind(after_id)
        .fetch_all(conn)
        .await
}

pub async fn last_id(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM outbox")
        .fetch_one(conn)
        .await
}

pub async fn mark_sent(
    conn: &mut SqliteConnection,
    id: i64,
    message_id: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1 WHERE id = ?",
    )
    .bind(now)
    .bind(message_id)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a failed attempt and when to try again; `server_error` counts it toward the
/// server-error backoff (a 429 or a refusal does not).
pub async fn mark_failed(
    conn: &mut SqliteConnection,
    id: i64,
    error: &str,
    server_error: bool,
    retry_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET attempts = attempts + 1, server_errors = server_errors + ?,
         last_error = ?, next_attempt_at = ? WHERE id = ?",
    )
    .bind(i64::from(server_error))
    .bind(error)
    .bind(retry_at)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<OutboxEntry> {
    sqlx::query_as::<_, OutboxEntry>("SELECT * FROM outbox WHERE id = ?")
        .bind(id)
        .fetch_one(conn)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    async fn memory() -> sqlx::pool::PoolConnection<sqlx::Sqlite> {
        let pool = crate::store::open(crate::store::IN_MEMORY)
            .await
            .expect("open");
        crate::store::migrate(&pool).await.expect("migrate");
        pool.acquire().await.expect("connection")
    }

    fn t0() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-27T12:00:00Z")
            .expect("time")
            .to_utc()
    }

    /// Checks: a post's buttons are stored with it and read back in order, with the command each
    /// runs; a post without buttons has none; an edit is an entry of the edited post's channel,
    /// after it in that channel's order, naming the post it edits.
    #[tokio::test]
    async fn buttons_are_kept_with_their_post_and_an_edit_follows_it_in_its_channel() {
        let mut conn = memory().await;
        let plain = enqueue(&mut conn, "voting", "before", t0())
            .await
            .expect("enqueue");
        let yes = Button::new("Yes", "vote")
            .preset("proposal", 301)
            .preset("choice", "yes");
        let no = Button::new("No", "vote")
            .preset("proposal", 301)
            .preset("choice", "no")
            .style(ButtonStyle::Danger);
        let post = enqueue_with_buttons(
            &mut conn,
            "voting",
            "Proposal 301",
            &[yes.clone(), no.clone()],
            t0(),
        )
        .await
        .expect("enqueue");
        assert_eq!(buttons(&mut conn, post).await.expect("buttons"), [yes, no]);
        assert!(buttons(&mut conn, plain).await.expect("buttons").is_empty());
        let edit = enqueue_edit(&mut conn, post, "Proposal 301: 1 yes", t0())
            .await
            .expect("edit");
        let entry = by_id(&mut conn, edit).await.expect("entry");
        assert_eq!(
            (entry.channel.as_str(), entry.edits),
            ("voting", Some(post))
        );
        assert_eq!(
            contents(&due(&mut conn, "voting", t0(), 20).await.expect("due")),
            ["before", "Proposal 301", "Proposal 301: 1 yes"]
        );
    }

    /// Checks: buttons that Discord would refuse (more than 25, an id past 100 characters) fail
    /// the enqueue, so the use case that built them fails instead of posting them.
    #[tokio::test]
    async fn buttons_past_discords_limits_are_not_stored() {
        let mut conn = memory().await;
        let many: Vec<Button> = (0..26)
            .map(|n| Button::new(&n.to_string(), "join"))
            .collect();
        assert!(enqueue_with_buttons(&mut conn, "voting", "x", &many, t0())
            .await
            .is_err());
        let long = Button::new("Long", "vote").preset("choice", "y".repeat(100));
        assert!(
            enqueue_with_buttons(&mut conn, "voting", "x", &[long], t0())
                .await
                .is_err()
        );
    }

    fn contents(entries: &[OutboxEntry]) -> Vec<&str> {
        entries.iter().map(|e| e.content.as_str()).collect()
    }

    /// Checks: a channel's entries go in order up to the first one waiting to retry, which holds
    /// back the later ones of its channel but not those of another channel; once its retry is
    /// due, it and the ones behind it go, in order.
    #[tokio::test]
    async fn a_post_waiting_to_retry_holds_back_only_its_own_channel() {
        let mut conn = memory().await;
        let t0 = DateTime::parse_from_rfc3339("2026-11-27T12:00:00Z")
            .expect("time")
            .to_utc();
        for (channel, text) in [
            ("discussion", "d1"),
            ("discussion", "d2"),
            ("voting", "v1"),
            ("discussion", "d3"),
            ("voting", "v2"),
        ] {
            enqueue(&mut conn, channel, text, t0)
                .await
                .expect("enqueue");
        }
        let d2 = 2;
        mark_failed(&mut conn, d2, "429", false, t0 + Duration::seconds(30))
            .await
            .expect("fail");
        let now = t0 + Duration::seconds(1);
        assert_eq!(
            contents(&due(&mut conn, "discussion", now, 20).await.expect("due")),
            ["d1"]
        );
        assert_eq!(
            contents(&due(&mut conn, "voting", now, 20).await.expect("due")),
            ["v1", "v2"]
        );
        let later = t0 + Duration::seconds(31);
        assert_eq!(
            contents(&due(&mut conn, "discussion", later, 20).await.expect("due")),
            ["d1", "d2", "d3"]
        );
        assert_eq!(
            pending_channels(&mut conn).await.expect("channels"),
            ["discussion", "voting"]
        );
    }

    /// Checks: the poster's queries read the unsent rows through the `outbox_unsent` index
    /// rather than scanning the whole history.
    #[tokio::test]
    async fn the_poster_reads_the_backlog_through_its_index() {
        let mut conn = memory().await;
        let plan: Vec<(i64, i64, i64, String)> =
            sqlx::query_as(&format!("EXPLAIN QUERY PLAN {DUE}"))
                .bind("discussion")
                .bind(Utc::now())
                .bind(20)
                .fetch_all(&mut *conn)
                .await
                .expect("plan");
        let steps: Vec<&str> = plan.iter().map(|p| p.3.as_str()).collect();
        assert!(
            steps.iter().all(|s| !s.starts_with("SCAN outbox")),
            "a full scan: {steps:?}"
        );
        assert!(
            steps.iter().any(|s| s.contains("outbox_unsent")),
            "{steps:?}"
        );
    }
}
