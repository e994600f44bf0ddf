//! The Party Chess Rule Suite as stored: every version of every rule, the ones in force having
//! no `superseded_at`.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::partychess::suite::SuiteRule;

/// One stored version of a rule.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RuleRow {
    pub id: i64,
    pub number: i64,
    pub revision: i64,
    pub title: String,
    pub author: String,
    pub text: String,
    pub origin: String,
    pub imported_at: DateTime<Utc>,
    pub superseded_at: Option<DateTime<Utc>>,
}

impl RuleRow {
    pub fn to_rule(&self) -> SuiteRule {
        SuiteRule {
            number: self.number as u32,
            revision: self.revision as u32,
            title: self.title.clone(),
            author: self.author.clone(),
            text: self.text.clone(),
        }
    }
}

/// The rules in force, by number.
pub async fn in_force(conn: &mut SqliteConnection) -> sqlx::Result<Vec<RuleRow>> {
    sqlx::query_as("SELECT * FROM partychess_rules WHERE superseded_at IS NULL ORDER BY number")
        .fetch_all(conn)
        .await
}

/// Every version, oldest first.
pub async fn history(conn: &mut SqliteConnection) -> sqlx::Result<Vec<RuleRow>> {
    sqlx::query_as("SELECT * FROM partychess_rules ORDER BY number, id")
        .fetch_all(conn)
        .await
}

/// Marks a version no longer in force.
pub async fn supersede(
    conn: &mut SqliteConnection,
    id: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE partychess_rules SET superseded_at = ? WHERE id = ?")
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Adds a version in force.
pub async fn insert(
    conn: &mut SqliteConnection,
    rule: &SuiteRule,
    origin: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO partychess_rules (number, revision, title, author, text, origin, imported_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(i64::from(rule.number))
    .bind(i64::from(rule.revision))
    .bind(&rule.title)
    .bind(&rule.author)
    .bind(&rule.text)
    .bind(origin)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}
