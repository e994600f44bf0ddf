//! The queue of people whose Discord roles must follow gavel's record (`role_syncs`, written by
//! triggers on office terms and bans, and at start for a reconciliation).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// A queued sync that failed: who, how often, and Discord's last answer.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Failed {
    pub person_id: i64,
    pub name: String,
    pub attempts: i64,
    pub last_error: String,
}

/// The people due a sync now, oldest first.
pub async fn due(
    conn: &mut SqliteConnection,
    now: DateTime<Utc>,
    limit: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT person_id FROM role_syncs WHERE next_attempt_at IS NULL OR next_attempt_at <= ?
         ORDER BY person_id LIMIT ?",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// When the first sync held back is due.
pub async fn next_due(conn: &mut SqliteConnection) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar("SELECT MIN(next_attempt_at) FROM role_syncs")
        .fetch_one(conn)
        .await
}

/// Queues a sync for everyone gavel's roles could concern: every person who holds or held an
/// office, or was ever banned. Returns how many are queued.
pub async fn queue_everyone_concerned(conn: &mut SqliteConnection) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "INSERT OR IGNORE INTO role_syncs (person_id)
         SELECT person_id FROM office_terms
         UNION SELECT target_id FROM actions
               WHERE target_id IS NOT NULL AND kind IN ('ban', 'violation')",
    )
    .execute(&mut *conn)
    .await?;
    // A sync that failed before the restart is due now too: the operator who restarts has
    // usually just fixed the bot's permissions, so no one waits out the old retry delay. Its
    // attempts and last error stay for `gavel status` until it succeeds.
    sqlx::query("UPDATE role_syncs SET next_attempt_at = NULL WHERE next_attempt_at IS NOT NULL")
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}

/// The sync of `person_id` is done.
pub async fn done(conn: &mut SqliteConnection, person_id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM role_syncs WHERE person_id = ?")
        .bind(person_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The sync of `person_id` failed with `error`; it is tried again at `retry_at`.
pub async fn failed(
    conn: &mut SqliteConnection,
    person_id: i64,
    error: &str,
    retry_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE role_syncs SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
         WHERE person_id = ?",
    )
    .bind(error)
    .bind(retry_at)
    .bind(person_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The syncs that failed, for `gavel status`.
pub async fn failures(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Failed>> {
    sqlx::query_as(
        "SELECT r.person_id, COALESCE(p.display_name, p.name) AS name, r.attempts, r.last_error
         FROM role_syncs r JOIN people p ON p.id = r.person_id
         WHERE r.last_error IS NOT NULL ORDER BY r.person_id",
    )
    .fetch_all(conn)
    .await
}

/// How many syncs wait.
pub async fn waiting(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM role_syncs")
        .fetch_one(conn)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kernel::office::Office;

    /// Checks (#43): a sync Discord refused before a restart is due at once after it, keeping
    /// its attempts and error for `gavel status` until it succeeds.
    #[tokio::test]
    async fn a_refused_sync_is_retried_at_once_after_a_restart() {
        let pool = crate::store::open(crate::store::IN_MEMORY).await.unwrap();
        crate::store::migrate(&pool).await.unwrap();
        let mut conn = pool.acquire().await.unwrap();
        let now: DateTime<Utc> = "2026-11-27T12:00:00Z".parse().unwrap();
        let mod1 = crate::store::people::resolve(&mut conn, "mod1", None, now)
            .await
            .unwrap();
        crate::store::offices::appoint(&mut conn, mod1.id, Office::Moderator, None, now)
            .await
            .unwrap();
        queue_everyone_concerned(&mut conn).await.unwrap();
        assert_eq!(due(&mut conn, now, 10).await.unwrap(), [mod1.id]);
        let later = now + chrono::Duration::minutes(10);
        failed(&mut conn, mod1.id, "Missing Permissions", later)
            .await
            .unwrap();
        assert!(
            due(&mut conn, now, 10).await.unwrap().is_empty(),
            "it waits"
        );
        queue_everyone_concerned(&mut conn).await.unwrap();
        assert_eq!(
            due(&mut conn, now, 10).await.unwrap(),
            [mod1.id],
            "due at start"
        );
        assert_eq!(failures(&mut conn).await.unwrap().len(), 1, "still shown");
    }
}
