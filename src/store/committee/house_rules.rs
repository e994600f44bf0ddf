//! The house rules' versions, item by item (house rules A.7).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::committee::house_rules::Made;

/// One version of one item.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    pub label: String,
    pub heading: String,
    pub position: i64,
    pub version: i64,
    pub text: String,
    pub change: Made,
    pub motion_id: Option<i64>,
    pub by_name: Option<String>,
    pub at: DateTime<Utc>,
}

const SELECT: &str =
    "SELECT v.label, v.heading, v.position, v.version, v.text, v.change, v.motion_id,
    (SELECT COALESCE(p.display_name, p.name) FROM people p WHERE p.id = v.by_id) AS by_name, v.at
    FROM house_rule_versions v";

/// Adds a version of an item; its number follows the item's last.
#[allow(clippy::too_many_arguments)]
pub async fn add(
    conn: &mut SqliteConnection,
    label: &str,
    heading: &str,
    position: i64,
    text: &str,
    change: Made,
    motion: Option<i64>,
    by: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO house_rule_versions (label, heading, position, version, text, change, motion_id, by_id, at)
         VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(version), 0) + 1 FROM house_rule_versions WHERE label = ?1),
                 ?4, ?5, ?6, ?7, ?8) RETURNING version",
    )
    .bind(label)
    .bind(heading)
    .bind(position)
    .bind(text)
    .bind(change)
    .bind(motion)
    .bind(by)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Every item's version in force, in the rules' order.
pub async fn current(conn: &mut SqliteConnection) -> sqlx::Result<Vec<VersionRow>> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE v.version = (SELECT MAX(w.version) FROM house_rule_versions w WHERE w.label = v.label)
         ORDER BY v.position"
    ))
    .fetch_all(conn)
    .await
}

/// One item's version in force.
pub async fn item(conn: &mut SqliteConnection, label: &str) -> sqlx::Result<Option<VersionRow>> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE v.label = ? ORDER BY v.version DESC LIMIT 1"
    ))
    .bind(label)
    .fetch_optional(conn)
    .await
}

/// Every version of one item, oldest first.
pub async fn history(conn: &mut SqliteConnection, label: &str) -> sqlx::Result<Vec<VersionRow>> {
    sqlx::query_as(&format!("{SELECT} WHERE v.label = ? ORDER BY v.version"))
        .bind(label)
        .fetch_all(conn)
        .await
}

/// Every version of every item, for the export.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<VersionRow>> {
    sqlx::query_as(&format!("{SELECT} ORDER BY v.id"))
        .fetch_all(conn)
        .await
}
