//! Individual sign-ups (B.2), the groupings that made teams of them, and the official reserve
//! list, as stored.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

pub use crate::domain::diplomacy::states::SignupOutcome;

/// An individual sign-up.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Individual {
    pub person_id: i64,
    pub name: String,
    pub signed_at: DateTime<Utc>,
    pub outcome: SignupOutcome,
    pub reserve_rank: Option<i64>,
}

pub async fn sign_up(
    conn: &mut SqliteConnection,
    person: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO dip_individuals (person_id, signed_at) VALUES (?, ?)")
        .bind(person)
        .bind(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// Every individual sign-up, in sign-up order.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Individual>> {
    sqlx::query_as(
        "SELECT i.person_id, COALESCE(p.display_name, p.name) AS name, i.signed_at, i.outcome,
             i.reserve_rank
         FROM dip_individuals i JOIN people p ON p.id = i.person_id
         ORDER BY i.signed_at, i.person_id",
    )
    .fetch_all(conn)
    .await
}

/// Records what the grouping made of someone: `Some(rank)` on the reserve list, or a team.
pub async fn settle(
    conn: &mut SqliteConnection,
    person: i64,
    reserve_rank: Option<i64>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_individuals SET outcome = ?, reserve_rank = ? WHERE person_id = ?")
        .bind(if reserve_rank.is_some() {
            SignupOutcome::Reserve
        } else {
            SignupOutcome::Teamed
        })
        .bind(reserve_rank)
        .bind(person)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn add_grouping(
    conn: &mut SqliteConnection,
    seed: i64,
    published: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO dip_groupings (seed, published, at) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(seed)
    .bind(published)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn add_grouped_team(
    conn: &mut SqliteConnection,
    team: i64,
    grouping: i64,
    captain: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_grouped_teams (team_id, grouping_id, captain_id) VALUES (?, ?, ?)",
    )
    .bind(team)
    .bind(grouping)
    .bind(captain)
    .execute(conn)
    .await?;
    Ok(())
}

/// How many teams groupings have made so far.
pub async fn grouped_teams(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM dip_grouped_teams")
        .fetch_one(conn)
        .await
}

/// Every grouping as published: (id, seed, text, at).
pub async fn groupings(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(i64, i64, String, DateTime<Utc>)>> {
    sqlx::query_as("SELECT id, seed, published, at FROM dip_groupings ORDER BY id")
        .fetch_all(conn)
        .await
}
