//! The outbox: channel posts written in the same transaction as the change they announce.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// The channel every announcement goes to unless a feature names another.
pub const DISCUSSION: &str = "discussion";

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxEntry {
    pub id: i64,
    pub channel: String,
    pub content: String,
    pub created_at: DateTime<Utc>,
    pub attempts: i64,
    pub next_attempt_at: DateTime<Utc>,
    pub last_error: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub message_id: Option<i64>,
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

/// Unsent entries whose next attempt is due, oldest first.
pub async fn due(
    conn: &mut SqliteConnection,
    now: DateTime<Utc>,
    limit: i64,
) -> sqlx::Result<Vec<OutboxEntry>> {
    sqlx::query_as::<_, OutboxEntry>(
        "SELECT * FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await
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

pub async fn mark_failed(
    conn: &mut SqliteConnection,
    id: i64,
    error: &str,
    retry_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?",
    )
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
