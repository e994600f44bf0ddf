//! Moderation actions (numbered cases) and the restrictions they put in force.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::restrictions::Restrictions;

/// The restrictions in force on a person at `at`, from the actions in force.
pub async fn restrictions(
    conn: &mut SqliteConnection,
    person_id: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<Restrictions> {
    let rows: Vec<(String, Option<DateTime<Utc>>)> = sqlx::query_as(
        "SELECT kind, ends_at FROM actions
         WHERE target_id = ? AND status = 'in_force' AND ended_at IS NULL
           AND kind IN ('ban', 'monitor', 'clock') AND taken_at <= ?
           AND (ends_at IS NULL OR ends_at > ?)",
    )
    .bind(person_id)
    .bind(at)
    .bind(at)
    .fetch_all(conn)
    .await?;
    let mut r = Restrictions::default();
    for (kind, ends) in rows {
        match kind.as_str() {
            "ban" => {
                // The latest end wins; a permanent ban (no end) outranks every dated one.
                r.banned_until = Some(match (r.banned_until, ends) {
                    (None, e) => e,
                    (Some(None), _) | (_, None) => None,
                    (Some(Some(a)), Some(b)) => Some(a.max(b)),
                });
            }
            "monitor" => r.monitored = true,
            "clock" => r.clock_required = true,
            _ => {}
        }
    }
    Ok(r)
}

/// Marks the action whose declaration is this outbox entry as declared.
pub async fn mark_declared(
    conn: &mut SqliteConnection,
    outbox_id: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE actions SET declared_at = ? WHERE declaration_outbox_id = ? AND declared_at IS NULL",
    )
    .bind(at)
    .bind(outbox_id)
    .execute(conn)
    .await?;
    Ok(())
}
