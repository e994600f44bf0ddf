//! Reads every page group shares: the announcements (posts that reached their channel), a
//! post's text as the public reads it, and people's names.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::domain::kernel::moment;

/// A post gavel made, as it stands (its latest delivered edit, for a running tally).
#[derive(Debug, Clone, Serialize)]
pub struct Announcement {
    pub id: i64,
    pub channel: String,
    pub at: DateTime<Utc>,
    pub text: String,
}

/// Delivered posts, newest first, before post `before` (paging by key); never the TD's private
/// reports nor a direct message to a member.
pub async fn announcements(
    conn: &mut SqliteConnection,
    before: Option<i64>,
    limit: i64,
) -> sqlx::Result<Vec<Announcement>> {
    // Only public channels, as the privacy classes say (`store::privacy`).
    let sql = format!(
        "SELECT o.id, o.channel, o.sent_at,
                COALESCE((SELECT e.content FROM outbox e
                          WHERE e.edits = o.id AND e.sent_at IS NOT NULL
                          ORDER BY e.id DESC LIMIT 1), o.content)
         FROM outbox o
         WHERE o.sent_at IS NOT NULL AND o.edits IS NULL AND o.id < ? AND {}
         ORDER BY o.id DESC LIMIT ?",
        crate::store::privacy::public_channel_sql("o.channel")
    );
    let rows: Vec<(i64, String, DateTime<Utc>, String)> = sqlx::query_as(&sql)
        .bind(before.unwrap_or(i64::MAX))
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for (id, channel, at, content) in rows {
        out.push(Announcement {
            id,
            channel,
            at,
            text: public_text(conn, &content).await?,
        });
    }
    Ok(out)
}

/// A post's text as the public reads it: moments in club time, and a mention of a Discord user
/// (`<@123>`) as the person's name, so no Discord id is shown.
pub async fn public_text(conn: &mut SqliteConnection, content: &str) -> sqlx::Result<String> {
    let text = moment::in_club_time(content);
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(start) = rest.find("<@") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let after_bang = after.strip_prefix('!').unwrap_or(after);
        let digits: String = after_bang
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if !digits.is_empty() && after_bang[digits.len()..].starts_with('>') {
            let name: Option<String> = match digits.parse::<i64>() {
                Ok(id) => {
                    sqlx::query_scalar(
                        "SELECT COALESCE(display_name, name) FROM people WHERE discord_id = ?",
                    )
                    .bind(id)
                    .fetch_optional(&mut *conn)
                    .await?
                }
                Err(_) => None,
            };
            out.push('@');
            out.push_str(name.as_deref().unwrap_or("someone"));
            rest = &after_bang[digits.len() + 1..];
        } else {
            out.push_str("<@");
            rest = after;
        }
    }
    out.push_str(rest);
    Ok(out)
}

/// The name shown for a person.
pub async fn name(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT COALESCE(display_name, name) FROM people WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// A person's id and name, as pages link them.
#[derive(Debug, Clone, Serialize)]
pub struct Who {
    pub id: i64,
    pub name: String,
}

/// The person, if there is one with this id.
pub async fn who(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Who> {
    Ok(Who {
        id,
        name: name(conn, id).await?.unwrap_or_else(|| format!("#{id}")),
    })
}

/// The persons with these ids (an unknown id keeps its number).
pub async fn whos(conn: &mut SqliteConnection, ids: &[i64]) -> sqlx::Result<Vec<Who>> {
    let mut out = Vec::with_capacity(ids.len());
    for &id in ids {
        out.push(who(conn, id).await?);
    }
    Ok(out)
}

/// The person with this id, if there is one.
pub async fn known(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Who>> {
    Ok(name(conn, id).await?.map(|name| Who { id, name }))
}
