//! Proposals and their secret ballots as stored. Ballots are read only to decide a proposal
//! (D.IX.2): no function here counts them or answers them for showing.

use crate::domain::diplomacy::season::Turn;
use crate::domain::diplomacy::vote::Ballot;
use crate::domain::diplomacy::Power;
use crate::store::keys::StoredKey;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

pub use crate::domain::diplomacy::vote::{ProposalKind, ProposalStatus};

/// A stored proposal.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Proposal {
    pub id: i64,
    pub board_id: i64,
    pub kind: ProposalKind,
    pub powers: String,
    pub body: String,
    pub turn: Turn,
    pub status: ProposalStatus,
    pub opened_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    board: i64,
    kind: ProposalKind,
    powers: &str,
    body: &str,
    turn: Turn,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO dip_proposals (board_id, kind, powers, body, turn, status, opened_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(board)
    .bind(kind)
    .bind(powers)
    .bind(body)
    .bind(turn)
    .bind(ProposalStatus::Open)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn get(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Proposal>> {
    sqlx::query_as("SELECT * FROM dip_proposals WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn open_on(conn: &mut SqliteConnection, board: i64) -> sqlx::Result<Vec<Proposal>> {
    sqlx::query_as("SELECT * FROM dip_proposals WHERE board_id = ? AND status = ? ORDER BY id")
        .bind(board)
        .bind(ProposalStatus::Open)
        .fetch_all(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Proposal>> {
    sqlx::query_as("SELECT * FROM dip_proposals ORDER BY id")
        .fetch_all(conn)
        .await
}

/// Records a proposal's result and forgets its ballots: once a vote is decided only its result
/// is kept, so no one, the operator included, can read a power's vote or the count (D.IX.2).
pub async fn decide(
    conn: &mut SqliteConnection,
    id: i64,
    status: ProposalStatus,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_proposals SET status = ?, decided_at = ? WHERE id = ?")
        .bind(status)
        .bind(at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM dip_ballots WHERE proposal_id = ?")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Casts or revises a ballot (D.IX.2: revised votes replace earlier ones).
pub async fn cast(
    conn: &mut SqliteConnection,
    proposal: i64,
    voter: &str,
    ballot: Ballot,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_ballots (proposal_id, voter, ballot, cast_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (proposal_id, voter) DO UPDATE SET ballot = excluded.ballot,
             cast_at = excluded.cast_at",
    )
    .bind(proposal)
    .bind(voter)
    .bind(ballot)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The ballots of a proposal, for deciding it only: each power's, and the GM's (`None`; the GM
/// votes on a house-rule change, D.IX.5), stored under "GM".
pub async fn ballots(
    conn: &mut SqliteConnection,
    proposal: i64,
) -> sqlx::Result<Vec<(Option<Power>, Ballot)>> {
    let rows: Vec<(String, Ballot)> =
        sqlx::query_as("SELECT voter, ballot FROM dip_ballots WHERE proposal_id = ?")
            .bind(proposal)
            .fetch_all(conn)
            .await?;
    rows.into_iter()
        .map(|(voter, ballot)| match voter.as_str() {
            "GM" => Ok((None, ballot)),
            letter => Power::from_key(letter)
                .map(|p| (Some(p), ballot))
                .ok_or_else(|| sqlx::Error::Decode(format!("`{letter}` is no voter").into())),
        })
        .collect()
}

/// Files the proposals still open on a board under `turn`, the one just published: they were
/// made after the last deadline, so they are due with this one (D.IX.2).
pub async fn refile_open(conn: &mut SqliteConnection, board: i64, turn: Turn) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_proposals SET turn = ? WHERE board_id = ? AND status = ?")
        .bind(turn)
        .bind(board)
        .bind(ProposalStatus::Open)
        .execute(conn)
        .await?;
    Ok(())
}

/// Closes the proposals still open on a board that has ended: they lapse, failed (D.IX.2).
pub async fn lapse_open(
    conn: &mut SqliteConnection,
    board: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<u64> {
    let lapsed = sqlx::query(
        "UPDATE dip_proposals SET status = ?, decided_at = ? WHERE board_id = ? AND status = ?",
    )
    .bind(ProposalStatus::Failed)
    .bind(at)
    .bind(board)
    .bind(ProposalStatus::Open)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    // Their ballots go with them, as a decided vote's do (D.IX.2).
    sqlx::query(
        "DELETE FROM dip_ballots WHERE proposal_id IN
             (SELECT id FROM dip_proposals WHERE board_id = ? AND status <> ?)",
    )
    .bind(board)
    .bind(ProposalStatus::Open)
    .execute(conn)
    .await?;
    Ok(lapsed)
}
