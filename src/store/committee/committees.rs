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

impl CommitteeRow {
    /// A committee about to be created, to compare with the rules it must have.
    pub fn proposed(name: &str, seats: &str, rules: &CommitteeRules) -> CommitteeRow {
        CommitteeRow {
            id: 0,
            name: name.to_owned(),
            seats: seats.to_owned(),
            size_least: i64::from(rules.size.least),
            size_most: i64::from(rules.size.most),
            turnout: rules.vote.turnout.to_string(),
            majority: rules.vote.majority.key(),
            tie_break: rules.vote.tie_break.key().to_owned(),
            sitting: rules.sitting.key().to_owned(),
            abstentions: rules.vote.abstentions.key().to_owned(),
            members_open: rules.members_open,
            created_at: DateTime::<Utc>::MIN_UTC,
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

/// Sets one of a committee's own rules, as `/committee set` names it ("members" sets both
/// ends of the size range, "5-8"); the value was checked by the domain's parsers.
pub async fn set_rule(
    conn: &mut SqliteConnection,
    id: i64,
    option: &str,
    value: &str,
) -> sqlx::Result<()> {
    let column = match option {
        "members" => {
            let range: SizeRange = value.parse().expect("checked by the domain");
            sqlx::query("UPDATE committees SET size_least = ?, size_most = ? WHERE id = ?")
                .bind(range.least)
                .bind(range.most)
                .bind(id)
                .execute(conn)
                .await?;
            return Ok(());
        }
        "members_open" => {
            sqlx::query("UPDATE committees SET members_open = ? WHERE id = ?")
                .bind(value == "true")
                .bind(id)
                .execute(conn)
                .await?;
            return Ok(());
        }
        "turnout" => "turnout",
        "majority" => "majority",
        "tie_break" => "tie_break",
        "sitting" => "sitting",
        "abstentions" => "abstentions",
        other => panic!("{other} is not a committee's rule"),
    };
    sqlx::query(&format!("UPDATE committees SET {column} = ? WHERE id = ?"))
        .bind(value)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
