//! Rounds as stored: their last year, whether they are team rounds, their stage, and the seeds
//! and explanations published with the deal and the advancement.

use crate::domain::diplomacy::Power;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

pub use crate::domain::diplomacy::states::RoundStage;

/// A stored round.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Round {
    pub number: i64,
    pub last_year: i64,
    pub team_round: bool,
    pub stage: RoundStage,
    pub deal_seed: Option<i64>,
    pub deal_notes: Option<String>,
    pub advance_seed: Option<i64>,
    pub advancement: Option<String>,
    pub opened_at: DateTime<Utc>,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    number: i64,
    last_year: i64,
    team_round: bool,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_rounds (number, last_year, team_round, stage, opened_at)
         VALUES (?, ?, ?, ?, ?)",
    )
    .bind(number)
    .bind(last_year)
    .bind(team_round)
    .bind(RoundStage::Open)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn get(conn: &mut SqliteConnection, number: i64) -> sqlx::Result<Option<Round>> {
    sqlx::query_as("SELECT * FROM dip_rounds WHERE number = ?")
        .bind(number)
        .fetch_optional(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Round>> {
    sqlx::query_as("SELECT * FROM dip_rounds ORDER BY number")
        .fetch_all(conn)
        .await
}

pub async fn set_dealt(
    conn: &mut SqliteConnection,
    number: i64,
    seed: i64,
    notes: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_rounds SET stage = ?, deal_seed = ?, deal_notes = ? WHERE number = ?")
        .bind(RoundStage::Assigned)
        .bind(seed)
        .bind(notes)
        .bind(number)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_advanced(
    conn: &mut SqliteConnection,
    number: i64,
    seed: i64,
    advancement: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE dip_rounds SET stage = ?, advance_seed = ?, advancement = ? WHERE number = ?",
    )
    .bind(RoundStage::Advanced)
    .bind(seed)
    .bind(advancement)
    .bind(number)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records the power a team's sign-up gives a player (B.5).
pub async fn sign_up(
    conn: &mut SqliteConnection,
    team: i64,
    person: i64,
    power: Power,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO dip_signups (team_id, person_id, power) VALUES (?, ?, ?)")
        .bind(team)
        .bind(person)
        .bind(power)
        .execute(conn)
        .await?;
    Ok(())
}

/// A team's player for round 1: (team, person, name, power from the sign-up if any).
pub type Entrant = (i64, i64, String, Option<String>);

/// Every team's players (role `player`, still members), with their sign-up power.
pub async fn team_players(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Entrant>> {
    sqlx::query_as(
        "SELECT m.team_id, m.person_id, COALESCE(p.display_name, p.name),
                (SELECT s.power FROM dip_signups s WHERE s.team_id = m.team_id AND s.person_id = m.person_id)
         FROM team_members m JOIN people p ON p.id = m.person_id
         WHERE m.role = 'player' AND m.left_at IS NULL ORDER BY m.team_id, m.id",
    )
    .fetch_all(conn)
    .await
}

/// The power a team's sign-up gave, if taken.
pub async fn signed_power_taken(
    conn: &mut SqliteConnection,
    team: i64,
    power: Power,
) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM dip_signups WHERE team_id = ? AND power = ?)")
        .bind(team)
        .bind(power)
        .fetch_one(conn)
        .await
}

/// Whether `person` captains `team`.
pub async fn is_captain(conn: &mut SqliteConnection, team: i64, person: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM team_members WHERE team_id = ?1 AND person_id = ?2
             AND role = 'captain' AND left_at IS NULL)
         OR EXISTS (SELECT 1 FROM dip_grouped_teams WHERE team_id = ?1 AND captain_id = ?2)",
    )
    .bind(team)
    .bind(person)
    .fetch_one(conn)
    .await
}

/// Team names by id.
pub async fn team_names(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, name FROM teams ORDER BY id")
        .fetch_all(conn)
        .await
}
