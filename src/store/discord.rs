//! What gavel keeps about its presence on Discord itself: the command set it registered.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// The hash of the command set last registered in `guild`, if any.
pub async fn registered_hash(
    conn: &mut SqliteConnection,
    guild: u64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT hash FROM discord_registrations WHERE guild_id = ?")
        .bind(guild as i64)
        .fetch_optional(conn)
        .await
}

/// Records that the command set with this hash was registered in `guild`.
pub async fn record_registration(
    conn: &mut SqliteConnection,
    guild: u64,
    hash: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO discord_registrations (guild_id, hash, registered_at) VALUES (?, ?, ?)
         ON CONFLICT (guild_id) DO UPDATE SET hash = excluded.hash,
             registered_at = excluded.registered_at",
    )
    .bind(guild as i64)
    .bind(hash)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}
