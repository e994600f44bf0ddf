//! Disputes and Observers' reports (house rules D.I.2, A.9).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::committee::dispute::{Dispute, Status};

/// A dispute as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DisputeRow {
    pub id: i64,
    pub game: String,
    pub question: String,
    pub raised_by: i64,
    pub player_id: i64,
    pub player_name: String,
    pub raised_at: DateTime<Utc>,
    pub status: Status,
    pub resolution: Option<String>,
    pub resolved_at: Option<DateTime<Utc>>,
    pub motion_id: Option<i64>,
    pub player_confirmed_at: Option<DateTime<Utc>>,
    pub gm_confirmed_by: Option<i64>,
    pub gm_confirmed_at: Option<DateTime<Utc>>,
}

impl DisputeRow {
    /// The dispute as its rules see it, given where its motion stands: `ruled` when its result
    /// binds, `failed` when it closed without binding.
    pub fn domain(&self, ruled: bool, failed: bool) -> Dispute {
        Dispute {
            number: self.id,
            status: self.status,
            player_confirmed: self.player_confirmed_at.is_some(),
            gm_confirmed: self.gm_confirmed_at.is_some(),
            ruled,
            vote_failed: failed,
        }
    }
}

const SELECT: &str = "SELECT d.id, d.game, d.question, d.raised_by, d.player_id,
    COALESCE(p.display_name, p.name) AS player_name, d.raised_at, d.status, d.resolution,
    d.resolved_at, d.motion_id, d.player_confirmed_at, d.gm_confirmed_by, d.gm_confirmed_at
    FROM disputes d JOIN people p ON p.id = d.player_id";

pub async fn raise(
    conn: &mut SqliteConnection,
    game: &str,
    question: &str,
    by: i64,
    player: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO disputes (game, question, raised_by, player_id, raised_at, status)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(game)
    .bind(question)
    .bind(by)
    .bind(player)
    .bind(now)
    .bind(Status::Raised)
    .fetch_one(conn)
    .await
}

pub async fn by_number(
    conn: &mut SqliteConnection,
    number: i64,
) -> sqlx::Result<Option<DisputeRow>> {
    sqlx::query_as(&format!("{SELECT} WHERE d.id = ?"))
        .bind(number)
        .fetch_optional(conn)
        .await
}

pub async fn by_motion(
    conn: &mut SqliteConnection,
    motion: i64,
) -> sqlx::Result<Option<DisputeRow>> {
    sqlx::query_as(&format!("{SELECT} WHERE d.motion_id = ?"))
        .bind(motion)
        .fetch_optional(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<DisputeRow>> {
    sqlx::query_as(&format!("{SELECT} ORDER BY d.id"))
        .fetch_all(conn)
        .await
}

pub async fn resolve(
    conn: &mut SqliteConnection,
    number: i64,
    text: &str,
    by: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE disputes SET status = ?, resolution = ?, resolved_by = ?, resolved_at = ? WHERE id = ?",
    )
    .bind(Status::Resolved)
    .bind(text)
    .bind(by)
    .bind(now)
    .bind(number)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn refer(
    conn: &mut SqliteConnection,
    number: i64,
    motion: i64,
    by: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    // A question put again is a new question: the parties confirm it anew (D.I.2).
    sqlx::query(
        "UPDATE disputes SET status = ?, motion_id = ?, resolved_by = ?, resolved_at = ?,
             player_confirmed_at = NULL, gm_confirmed_by = NULL, gm_confirmed_at = NULL
         WHERE id = ?",
    )
    .bind(Status::Referred)
    .bind(motion)
    .bind(by)
    .bind(now)
    .bind(number)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn confirm_player(
    conn: &mut SqliteConnection,
    number: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE disputes SET player_confirmed_at = ? WHERE id = ?")
        .bind(now)
        .bind(number)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn confirm_gm(
    conn: &mut SqliteConnection,
    number: i64,
    gm: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE disputes SET gm_confirmed_by = ?, gm_confirmed_at = ? WHERE id = ?")
        .bind(gm)
        .bind(now)
        .bind(number)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records an Observer's report (A.9).
pub async fn report(
    conn: &mut SqliteConnection,
    game: &str,
    observer: i64,
    text: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO observer_reports (game, observer_id, text, at) VALUES (?, ?, ?, ?) RETURNING id")
        .bind(game)
        .bind(observer)
        .bind(text)
        .bind(now)
        .fetch_one(conn)
        .await
}

/// How many reports there are, for the export (their text stays private).
pub async fn report_count(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM observer_reports")
        .fetch_one(conn)
        .await
}
