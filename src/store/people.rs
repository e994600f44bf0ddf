//! People and their memberships of the Leaderboard.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use super::{snowflake_from_db, snowflake_to_db};

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

/// The columns of a `Person`: the name shown is the Discord name when there is one, else the
/// handle (the unique name the console and the config use).
const PERSON: &str =
    "SELECT id, COALESCE(display_name, name) AS name, discord_id, created_at FROM people";

/// Finds the person: a Discord user by their id alone, a console name by its handle. The name
/// given does not rename anyone (see `show_as`).
pub async fn find(
    conn: &mut SqliteConnection,
    name: &str,
    discord_id: Option<u64>,
) -> sqlx::Result<Option<Person>> {
    if let Some(id) = discord_id {
        return sqlx::query_as::<_, Person>(&format!("{PERSON} WHERE discord_id = ?"))
            .bind(snowflake_to_db(id))
            .fetch_optional(conn)
            .await;
    }
    sqlx::query_as::<_, Person>(&format!("{PERSON} WHERE name = ?"))
        .bind(name)
        .fetch_optional(conn)
        .await
}

/// Shows the person by `shown` from now on (a Discord member's new server nickname or display
/// name); their handle stays. The app layer calls it only with Discord's own member data, and
/// audits it.
pub async fn show_as(conn: &mut SqliteConnection, id: i64, shown: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE people SET display_name = ? WHERE id = ?")
        .bind(shown)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Person> {
    sqlx::query_as::<_, Person>(&format!("{PERSON} WHERE id = ?"))
        .bind(id)
        .fetch_one(conn)
        .await
}

/// Finds the person, creating them on first sight. A Discord user is shown by their Discord
/// name; their handle (unique, for the console) is that name, or with the end of their id
/// appended when someone else already has it.
pub async fn resolve(
    conn: &mut SqliteConnection,
    shown: &str,
    discord_id: Option<u64>,
    now: DateTime<Utc>,
) -> sqlx::Result<Person> {
    if let Some(p) = find(conn, shown, discord_id).await? {
        return Ok(p);
    }
    let mut name = shown.to_owned();
    if let Some(id) = discord_id {
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
        "INSERT INTO people (name, display_name, discord_id, created_at) VALUES (?, ?, ?, ?) RETURNING id",
    )
    .bind(&name)
    .bind(discord_id.map(|_| shown))
    .bind(discord_id.map(snowflake_to_db))
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
    sqlx::query_as::<_, Person>(&format!("{PERSON} ORDER BY id"))
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

#[cfg(test)]
mod tests {
    use super::*;

    async fn db() -> sqlx::pool::PoolConnection<sqlx::Sqlite> {
        let pool = crate::store::open(crate::store::IN_MEMORY)
            .await
            .expect("open");
        crate::store::migrate(&pool).await.expect("migrate");
        pool.acquire().await.expect("connection")
    }

    fn at() -> DateTime<Utc> {
        "2026-11-27T12:30:00Z".parse().expect("time")
    }

    #[tokio::test]
    async fn a_discord_member_shown_by_a_new_name_is_found_by_their_id() {
        let mut conn = db().await;
        let first = resolve(&mut conn, "bob", Some(7), at()).await.unwrap();
        // A name alone renames no one.
        let again = resolve(&mut conn, "Robert", Some(7), at()).await.unwrap();
        assert_eq!((again.id, again.name.as_str()), (first.id, "bob"));
        show_as(&mut conn, first.id, "Robert").await.unwrap();
        let renamed = resolve(&mut conn, "Robert", Some(7), at()).await.unwrap();
        assert_eq!(renamed.id, first.id);
        assert_eq!(renamed.name, "Robert");
        assert_eq!(by_id(&mut conn, first.id).await.unwrap().name, "Robert");
        assert_eq!(all(&mut conn).await.unwrap()[0].name, "Robert");
    }

    #[tokio::test]
    async fn a_newcomer_who_takes_a_freed_name_is_shown_by_it_not_by_a_suffix() {
        let mut conn = db().await;
        let bob = resolve(&mut conn, "bob", Some(7), at()).await.unwrap();
        show_as(&mut conn, bob.id, "Robert").await.unwrap();
        let newcomer = resolve(&mut conn, "bob", Some(4006), at()).await.unwrap();
        assert_eq!(newcomer.name, "bob");
        let again = find(&mut conn, "bob", Some(4006)).await.unwrap();
        assert_eq!(again.map(|p| p.id), Some(newcomer.id));
    }

    #[tokio::test]
    async fn a_name_alone_never_finds_a_discord_user_and_console_names_stay_plain() {
        let mut conn = db().await;
        resolve(&mut conn, "carol", Some(9), at()).await.unwrap();
        let console = resolve(&mut conn, "dave", None, at()).await.unwrap();
        assert_eq!(console.name, "dave");
        assert!(find(&mut conn, "carol", Some(10)).await.unwrap().is_none());
    }
}
