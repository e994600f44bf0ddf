//! Reports of messages to the Moderators: filing, answering, and reading them back.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::moderation::reports::{ReportState, ReportStatus};

/// A report as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ReportRow {
    pub id: i64,
    pub reporter_id: i64,
    pub author_id: i64,
    pub link: Option<String>,
    pub excerpt: Option<String>,
    pub text: String,
    pub filed_at: DateTime<Utc>,
    pub status: ReportState,
    pub case_id: Option<i64>,
    pub answered_by: Option<i64>,
    pub answered_at: Option<DateTime<Utc>>,
    pub answer: Option<String>,
}

impl ReportRow {
    /// Its lifecycle state. A report acted on always has its case (the table's check).
    pub fn status(&self) -> ReportStatus {
        ReportStatus::from_parts(self.status, self.case_id).unwrap_or(ReportStatus::Open)
    }
}

/// What a new report holds.
pub struct NewReport<'a> {
    pub reporter_id: i64,
    pub author_id: i64,
    pub link: Option<&'a str>,
    pub excerpt: Option<&'a str>,
    pub text: &'a str,
    pub at: DateTime<Utc>,
}

/// Files a report, open; returns its number.
pub async fn insert(conn: &mut SqliteConnection, r: &NewReport<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO reports (reporter_id, author_id, link, excerpt, text, filed_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(r.reporter_id)
    .bind(r.author_id)
    .bind(r.link)
    .bind(r.excerpt)
    .bind(r.text)
    .bind(r.at)
    .bind(ReportState::Open)
    .fetch_one(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<ReportRow>> {
    sqlx::query_as("SELECT * FROM reports WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Every report, in number order (for the export and the checks).
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<ReportRow>> {
    sqlx::query_as("SELECT * FROM reports ORDER BY id")
        .fetch_all(conn)
        .await
}

/// Records a Moderator's answer: `status` is what the lifecycle allowed.
pub async fn answer(
    conn: &mut SqliteConnection,
    id: i64,
    status: ReportStatus,
    by: i64,
    answer: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    let case = match status {
        ReportStatus::ActedOn { case } => Some(case),
        _ => None,
    };
    sqlx::query(
        "UPDATE reports SET status = ?, case_id = ?, answered_by = ?, answer = ?, answered_at = ?
         WHERE id = ?",
    )
    .bind(status.state())
    .bind(case)
    .bind(by)
    .bind(answer)
    .bind(at)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}
