//! What gavel enforces by the house rules (house rules A.7): each bound setting's value and the
//! version of its item it stands for, the changes waiting for an officer to set a value, and
//! the history of changes to committees' rules.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// A bound setting as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Setting {
    pub key: String,
    pub value: String,
    pub item: String,
    pub version: i64,
    pub source: String,
    pub motion_id: Option<i64>,
    pub set_by: Option<i64>,
    pub at: DateTime<Utc>,
}

/// An adopted change not yet in effect in gavel.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Wait {
    pub key: String,
    pub item: String,
    pub version: i64,
    pub motion_id: Option<i64>,
    pub since: DateTime<Utc>,
}

/// A change to a committee's rules.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CommitteeChange {
    pub committee_id: i64,
    pub field: String,
    pub old: String,
    pub new: String,
    pub by_id: Option<i64>,
    pub motion_id: Option<i64>,
    pub after_motion: i64,
    pub at: DateTime<Utc>,
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Setting>> {
    sqlx::query_as("SELECT * FROM house_settings ORDER BY key")
        .fetch_all(conn)
        .await
}

pub async fn get(conn: &mut SqliteConnection, key: &str) -> sqlx::Result<Option<Setting>> {
    sqlx::query_as("SELECT * FROM house_settings WHERE key = ?")
        .bind(key)
        .fetch_optional(conn)
        .await
}

/// What stands behind a setting's value.
pub struct Source<'a> {
    pub item: &'a str,
    pub version: i64,
    /// "text" or "officer".
    pub source: &'static str,
    pub motion: Option<i64>,
    pub by: Option<i64>,
}

pub async fn set(
    conn: &mut SqliteConnection,
    key: &str,
    value: &str,
    from: &Source<'_>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO house_settings (key, value, item, version, source, motion_id, set_by, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, item = excluded.item,
             version = excluded.version, source = excluded.source,
             motion_id = excluded.motion_id, set_by = excluded.set_by, at = excluded.at",
    )
    .bind(key)
    .bind(value)
    .bind(from.item)
    .bind(from.version)
    .bind(from.source)
    .bind(from.motion)
    .bind(from.by)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn waits(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Wait>> {
    sqlx::query_as("SELECT * FROM house_waits ORDER BY since, key")
        .fetch_all(conn)
        .await
}

pub async fn wait(
    conn: &mut SqliteConnection,
    key: &str,
    item: &str,
    version: i64,
    motion: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO house_waits (key, item, version, motion_id, since) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET item = excluded.item, version = excluded.version,
             motion_id = excluded.motion_id, since = excluded.since",
    )
    .bind(key)
    .bind(item)
    .bind(version)
    .bind(motion)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn end_wait(conn: &mut SqliteConnection, key: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM house_waits WHERE key = ?")
        .bind(key)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Records a change to a committee's rules.
#[allow(clippy::too_many_arguments)]
pub async fn committee_changed(
    conn: &mut SqliteConnection,
    committee: i64,
    field: &str,
    old: &str,
    new: &str,
    by: Option<i64>,
    motion: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO committee_changes (committee_id, field, old, new, by_id, motion_id,
             after_motion, at)
         VALUES (?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(id), 0) FROM motions), ?)",
    )
    .bind(committee)
    .bind(field)
    .bind(old)
    .bind(new)
    .bind(by)
    .bind(motion)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every change to committees' rules, oldest first.
pub async fn committee_changes(conn: &mut SqliteConnection) -> sqlx::Result<Vec<CommitteeChange>> {
    sqlx::query_as(
        "SELECT committee_id, field, old, new, by_id, motion_id, after_motion, at
         FROM committee_changes ORDER BY id",
    )
    .fetch_all(conn)
    .await
}
