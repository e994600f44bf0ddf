//! The procedure's parameters as changed by `/procedure set`: name, value, when and by whom.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// Every stored parameter, by name. There are a dozen names at most.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT name, value FROM procedure_parameters ORDER BY name")
        .fetch_all(conn)
        .await
}

/// Sets a parameter.
pub async fn set(
    conn: &mut SqliteConnection,
    name: &str,
    value: &str,
    by: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO procedure_parameters (name, value, set_at, set_by) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value, set_at = excluded.set_at, set_by = excluded.set_by",
    )
    .bind(name)
    .bind(value)
    .bind(at)
    .bind(by)
    .execute(conn)
    .await?;
    Ok(())
}
