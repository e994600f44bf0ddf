//! Committees: their own rules, stored as the words commands take.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::committee::rules::{CommitteeRules, SizeRange, VoteRules};

/// A committee as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CommitteeRow {
    pub id: i64,
    pub name: String,
    pub seats: String,
    pub size_least: i64,
    pub size_most: i64,
    pub turnout: String,
    pub majority: String,
    pub tie_break: String,
    pub sitting: String,
    pub abstentions: String,
    pub members_open: bool,
    pub created_at: DateTime<Utc>,
}

impl CommitteeRow {
    /// Its rules, read back through the domain's parsers (they were written by them).
    pub fn rules(&self) -> CommitteeRules {
        CommitteeRules {
            size: SizeRange {
                least: self.size_least as u32,
                most: self.size_most as u32,
            },
            vote: VoteRules {
                turnout: self.turnout.parse().expect("stored by the domain"),
                majority: self.majority.parse().expect("stored by the domain"),
                tie_break: self.tie_break.parse().expect("stored by the domain"),
                abstentions: self.abstentions.parse().expect("stored by the domain"),
            },
            sitting: self.sitting.parse().expect("stored by the domain"),
            members_open: self.members_open,
        }
    }
}

const COLUMNS: &str =
    "id, name, seats, size_least, size_most, turnout, majority, tie_break, sitting,
    abstentions, members_open, created_at";

pub async fn create(
    conn: &mut SqliteConnection,
    name: &str,
    seats: &str,
    rules: &CommitteeRules,
    by: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO committees (name, seats, size_least, size_most, turnout, majority, tie_break,
             sitting, abstentions, members_open, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(name)
    .bind(seats)
    .bind(rules.size.least)
    .bind(rules.size.most)
    .bind(rules.vote.turnout.to_string())
    .bind(rules.vote.majority.key())
    .bind(rules.vote.tie_break.key())
    .bind(rules.sitting.key())
    .bind(rules.vote.abstentions.key())
    .bind(rules.members_open)
    .bind(by)
    .bind(now)
    .fetch_one(conn)
    .await
}

pub async fn by_name(
    conn: &mut SqliteConnection,
    name: &str,
) -> sqlx::Result<Option<CommitteeRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM committees WHERE name = ? COLLATE NOCASE"
    ))
    .bind(name.trim())
    .fetch_optional(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<CommitteeRow> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM committees WHERE id = ?"))
        .bind(id)
        .fetch_one(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<CommitteeRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM committees ORDER BY id"))
        .fetch_all(conn)
        .await
}

/// The smallest most-members of the committees seated by `office`, if any (A.2's 8 for the TMC).
pub async fn most_seated_by(
    conn: &mut SqliteConnection,
    office: &str,
) -> sqlx::Result<Option<u32>> {
    let most: Option<i64> =
        sqlx::query_scalar("SELECT MIN(size_most) FROM committees WHERE seats = ?")
            .bind(office)
            .fetch_one(conn)
            .await?;
    Ok(most.map(|m| m as u32))
}
