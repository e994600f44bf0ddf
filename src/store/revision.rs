//! The record's revision: one counter that every write transaction advances (`App::begin`), read
//! by the portal to tell whether the record changed (its ETags).

use sqlx::SqliteConnection;

/// Advances the revision, inside the caller's write transaction.
pub async fn advance(conn: &mut SqliteConnection) -> sqlx::Result<()> {
    sqlx::query("UPDATE record_revision SET n = n + 1 WHERE id = 1")
        .execute(conn)
        .await?;
    Ok(())
}

/// The revision now.
pub async fn current(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT n FROM record_revision WHERE id = 1")
        .fetch_one(conn)
        .await
}
