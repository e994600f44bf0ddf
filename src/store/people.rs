//! People and their memberships of the Leaderboard.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use super::{snowflake_from_db, snowflake_to_db};

/// Who someone is, as an adapter knows them: a name, and a Discord id when they came from Discord.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRef {
    pub name: String,
    pub discord_id: Option<u64>,
}

impl PersonRef {
    pub fn console(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            discord_id: None,
        }
    }

    pub fn discord(name: &str, id: u64) -> Self {
        Self {
            name: name.to_owned(),
            discord_id: Some(id),
        }
    }
}

/// A stored person.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Person {
    pub id: i64,
    pub name: String,
    #[sqlx(try_from = "Option<i64>")]
    pub discord_id: DiscordId,
    pub created_at: DateTime<Utc>,
}

/// A stored Discord id, converted through the one snowflake conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscordId(pub Option<u64>);

impl From<Option<i64>> for DiscordId {
    fn from(v: Option<i64>) -> Self {
        DiscordId(v.map(snowflake_from_db))
    }
}

/// A person's current or last membership.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Membership {
    pub id: i64,
    pub person_id: i64,
    pub joined_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub end_reason: Option<String>,
}

pub async fn find(conn: &mut SqliteConnection, who: &PersonRef) -> sqlx::Result<Option<Person>> {
    if let Some(id) = who.discord_id {
        let found = sqlx::query_as::<_, Person>("SELECT * FROM people WHERE discord_id = ?")
            .bind(snowflake_to_db(id))
            .fetch_optional(&mut *conn)
            .await?;
        // A Discord user is only ever matched by their id: a name alone proves nothing.
        return Ok(found);
    }
    sqlx::query_as::<_, Person>("SELECT * FROM people WHERE name = ?")
        .bind(&who.name)
        .fetch_optional(conn)
        .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Person> {
    sqlx::query_as::<_, Person>("SELECT * FROM people WHERE id = ?")
        .bind(id)
        .fetch_one(conn)
        .await
}

/// Finds the person, creating them on first sight. A Discord user whose name is taken by
/// someone else gets the name with the end of their id appended, so names stay unique.
pub async fn resolve(
    conn: &mut SqliteConnection,
    who: &PersonRef,
    now: DateTime<Utc>,
) -> sqlx::Result<Person> {
    if let Some(p) = find(conn, who).await? {
        return Ok(p);
    }
    let mut name = who.name.clone();
    if let Some(id) = who.discord_id {
        let taken: Option<i64> = sqlx::query_scalar("SELECT id FROM people WHERE name = ?")
            .bind(&name)
            .fetch_optional(&mut *conn)
            .await?;
        if taken.is_some() {
            let digits = id.to_string();
            name = format!("{}-{}", name, &digits[digits.len().saturating_sub(4)..]);
        }
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO people (name, discord_id, created_at) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(&name)
    .bind(who.discord_id.map(snowflake_to_db))
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    by_id(conn, id).await
}

/// The name of a person who may be absent (an action without a target).
pub async fn name_of(conn: &mut SqliteConnection, id: Option<i64>) -> sqlx::Result<Option<String>> {
    match id {
        Some(id) => Ok(Some(by_id(conn, id).await?.name)),
        None => Ok(None),
    }
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Person>> {
    sqlx::query_as::<_, Person>("SELECT * FROM people ORDER BY id")
        .fetch_all(conn)
        .await
}

/// The open membership, if the person is a Member now.
pub async fn open_membership(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<Option<Membership>> {
    sqlx::query_as::<_, Membership>(
        "SELECT * FROM memberships WHERE person_id = ? AND ended_at IS NULL",
    )
    .bind(person_id)
    .fetch_optional(conn)
    .await
}

/// The most recent membership, open or ended.
pub async fn last_membership(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<Option<Membership>> {
    sqlx::query_as::<_, Membership>(
        "SELECT * FROM memberships WHERE person_id = ? ORDER BY id DESC LIMIT 1",
    )
    .bind(person_id)
    .fetch_optional(conn)
    .await
}

pub async fn open_membership_row(
    conn: &mut SqliteConnection,
    person_id: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO memberships (person_id, joined_at) VALUES (?, ?) RETURNING id")
        .bind(person_id)
        .bind(now)
        .fetch_one(conn)
        .await
}

pub async fn end_membership(
    conn: &mut SqliteConnection,
    person_id: i64,
    now: DateTime<Utc>,
    reason: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE memberships SET ended_at = ?, end_reason = ? WHERE person_id = ? AND ended_at IS NULL",
    )
    .bind(now)
    .bind(reason)
    .bind(person_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every person who is a Member now, with the start of their membership.
pub async fn current_members(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(Person, Membership)>> {
    let memberships = sqlx::query_as::<_, Membership>(
        "SELECT * FROM memberships WHERE ended_at IS NULL ORDER BY person_id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(memberships.len());
    for m in memberships {
        out.push((by_id(conn, m.person_id).await?, m));
    }
    Ok(out)
}

/// Gives a person known only by name the Discord id the configuration names for them.
pub async fn link_discord_id(conn: &mut SqliteConnection, name: &str, id: u64) -> sqlx::Result<()> {
    sqlx::query("UPDATE people SET discord_id = ? WHERE name = ? AND discord_id IS NULL")
        .bind(snowflake_to_db(id))
        .bind(name)
        .execute(conn)
        .await?;
    Ok(())
}
