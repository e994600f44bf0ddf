//! Parameters waiting for an adopted amendment's new value to be set: which parameter, the
//! rule amended, the proposal or draft that amended it, and since when.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// A parameter an adopted amendment left waiting.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Waiting {
    pub name: String,
    pub rule: String,
    pub proposal: i64,
    pub since: DateTime<Utc>,
}

/// Every parameter waiting to be set, by name.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Waiting>> {
    sqlx::query_as("SELECT name, rule, proposal, since FROM parameter_waits ORDER BY name")
        .fetch_all(conn)
        .await
}

/// The parameters waiting for proposal or draft `number`'s amendment to be in effect.
pub async fn of_proposal(conn: &mut SqliteConnection, number: i64) -> sqlx::Result<Vec<Waiting>> {
    sqlx::query_as(
        "SELECT name, rule, proposal, since FROM parameter_waits WHERE proposal = ? ORDER BY name",
    )
    .bind(number)
    .fetch_all(conn)
    .await
}

/// Records that `name` waits to be set after `proposal` amended `rule`.
pub async fn wait(
    conn: &mut SqliteConnection,
    name: &str,
    rule: &str,
    proposal: i64,
    since: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO parameter_waits (name, rule, proposal, since) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET rule = excluded.rule, proposal = excluded.proposal, since = excluded.since",
    )
    .bind(name)
    .bind(rule)
    .bind(proposal)
    .bind(since)
    .execute(conn)
    .await?;
    Ok(())
}

/// The wait `name` ended, if it was waiting: the proposal that left it waiting, and the rule
/// as it cited it.
pub async fn end(conn: &mut SqliteConnection, name: &str) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("DELETE FROM parameter_waits WHERE name = ? RETURNING proposal, rule")
        .bind(name)
        .fetch_optional(conn)
        .await
}

/// Sets a rule's parameter as an adopted amendment stated it (no member typed it), or as
/// `/procedure set` gave it; stored beside the procedure's other parameters.
pub async fn set(
    conn: &mut SqliteConnection,
    name: &str,
    value: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO procedure_parameters (name, value, set_at, set_by) VALUES (?, ?, ?, NULL)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value, set_at = excluded.set_at, set_by = NULL",
    )
    .bind(name)
    .bind(value)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// When a rule's parameter was last set, by an amendment or `/procedure set`; none while it
/// takes the configured or the rule's first value.
pub async fn set_at(
    conn: &mut SqliteConnection,
    name: &str,
) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar("SELECT set_at FROM procedure_parameters WHERE name = ?")
        .bind(name)
        .fetch_optional(conn)
        .await
}
