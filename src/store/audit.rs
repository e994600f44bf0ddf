//! The append-only audit log (the table refuses updates and deletes by trigger).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use super::snowflake_to_db;

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Refused,
    Failed,
}

/// One audit row as exported.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct AuditEntry {
    /// Not serialised: the public record leaves out the entries of private acts, and gaps in
    /// the ids would count them (`privacy::public_audit`).
    #[serde(skip_serializing)]
    pub id: i64,
    pub at: DateTime<Utc>,
    pub actor_name: String,
    pub actor_discord_id: Option<i64>,
    pub command: String,
    pub arguments: String,
    pub outcome: Outcome,
    pub detail: String,
}

pub async fn append(
    conn: &mut SqliteConnection,
    at: DateTime<Utc>,
    (actor_name, actor_discord_id): (&str, Option<u64>),
    command: &str,
    arguments: &serde_json::Value,
    outcome: Outcome,
    detail: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO audit_log (at, actor_name, actor_discord_id, command, arguments, outcome, detail)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(at)
    .bind(actor_name)
    .bind(actor_discord_id.map(snowflake_to_db))
    .bind(command)
    .bind(arguments.to_string())
    .bind(outcome)
    // The log is read as it was written, in club time, whoever reads it.
    .bind(crate::domain::kernel::moment::in_club_time(detail))
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<AuditEntry>> {
    sqlx::query_as::<_, AuditEntry>("SELECT * FROM audit_log ORDER BY id")
        .fetch_all(conn)
        .await
}
