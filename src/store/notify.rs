//! Direct messages: members' choices of notice, the members Discord refused to reach, and the
//! outbox entries given up as undeliverable.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// The outbox channel of a person's direct messages: one channel each, so one member's
/// messages go in order and never hold back anyone else's.
pub fn channel_of(person_id: i64) -> String {
    format!("dm:{person_id}")
}

/// The person whose direct messages an outbox channel carries, if it is such a channel.
pub fn person_of(channel: &str) -> Option<i64> {
    channel.strip_prefix("dm:")?.parse().ok()
}

/// A member's own choice for one kind of notice, if they made one.
pub async fn choice(
    conn: &mut SqliteConnection,
    person_id: i64,
    kind: &str,
) -> sqlx::Result<Option<bool>> {
    sqlx::query_scalar("SELECT enabled FROM notify_choices WHERE person_id = ? AND kind = ?")
        .bind(person_id)
        .bind(kind)
        .fetch_optional(conn)
        .await
}

/// A member's choices: (kind, on).
pub async fn choices(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<Vec<(String, bool)>> {
    sqlx::query_as("SELECT kind, enabled FROM notify_choices WHERE person_id = ? ORDER BY kind")
        .bind(person_id)
        .fetch_all(conn)
        .await
}

pub async fn set_choice(
    conn: &mut SqliteConnection,
    person_id: i64,
    kind: &str,
    enabled: bool,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO notify_choices (person_id, kind, enabled, set_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (person_id, kind) DO UPDATE SET enabled = excluded.enabled, set_at = excluded.set_at",
    )
    .bind(person_id)
    .bind(kind)
    .bind(enabled)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// When Discord refused a direct message to this person, if it did and they have not run
/// `/notify` since.
pub async fn refused_since(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar("SELECT refused_at FROM dm_refusals WHERE person_id = ?")
        .bind(person_id)
        .fetch_optional(conn)
        .await
}

/// Records that Discord refused the direct message `outbox_id` to this person; returns whether
/// this is news (a refusal already recorded is kept as it was).
pub async fn record_refusal(
    conn: &mut SqliteConnection,
    person_id: i64,
    outbox_id: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT OR IGNORE INTO dm_refusals (person_id, refused_at, outbox_id) VALUES (?, ?, ?)",
    )
    .bind(person_id)
    .bind(now)
    .bind(outbox_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets a refusal (the member ran `/notify`): direct messages are tried again.
pub async fn clear_refusal(conn: &mut SqliteConnection, person_id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM dm_refusals WHERE person_id = ?")
        .bind(person_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives up the unsent entries of `channel` (from `from_id` on): each is marked undeliverable
/// with `reason`, and counted as handled so it never holds back the queue. Returns how many.
pub async fn give_up_channel(
    conn: &mut SqliteConnection,
    channel: &str,
    from_id: i64,
    reason: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<u64> {
    sqlx::query(
        "INSERT OR IGNORE INTO outbox_undeliverable (outbox_id, reason, at)
         SELECT id, ?, ? FROM outbox WHERE channel = ? AND sent_at IS NULL AND id >= ?",
    )
    .bind(reason)
    .bind(now)
    .bind(channel)
    .bind(from_id)
    .execute(&mut *conn)
    .await?;
    let done = sqlx::query(
        "UPDATE outbox SET sent_at = ?, last_error = ?, attempts = attempts + 1
         WHERE channel = ? AND sent_at IS NULL AND id >= ?",
    )
    .bind(now)
    .bind(reason)
    .bind(channel)
    .bind(from_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Whether an outbox entry was given up as undeliverable, and why.
pub async fn undeliverable(
    conn: &mut SqliteConnection,
    outbox_id: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT reason FROM outbox_undeliverable WHERE outbox_id = ?")
        .bind(outbox_id)
        .fetch_optional(conn)
        .await
}

/// Every choice made, for the export: (person id, kind, on, when).
pub async fn all_choices(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(i64, String, bool, DateTime<Utc>)>> {
    sqlx::query_as(
        "SELECT person_id, kind, enabled, set_at FROM notify_choices ORDER BY person_id, kind",
    )
    .fetch_all(conn)
    .await
}

/// Every refusal in force, for the export: (person id, when).
pub async fn all_refusals(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, DateTime<Utc>)>> {
    sqlx::query_as("SELECT person_id, refused_at FROM dm_refusals ORDER BY person_id")
        .fetch_all(conn)
        .await
}

/// How many direct messages were given up, for the export.
pub async fn undeliverable_count(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox_undeliverable")
        .fetch_one(conn)
        .await
}
