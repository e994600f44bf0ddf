//! Replies to interactions kept for later: what Discord did not take when gavel answered a
//! member (an outage, a server error), delivered in order once Discord answers again, while the
//! interaction's token is valid.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use super::{snowflake_from_db, snowflake_to_db};

/// What a kept reply does with the interaction's token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A new message under the interaction (a follow-up).
    Followup,
    /// Replaces the text of the original response (a deferred "thinking...").
    Edit,
    /// Deletes the original response (a public "thinking..." a private answer replaces).
    Delete,
}

impl Step {
    fn key(self) -> &'static str {
        match self {
            Step::Followup => "followup",
            Step::Edit => "edit",
            Step::Delete => "delete",
        }
    }

    fn from_key(key: &str) -> Option<Self> {
        [Step::Followup, Step::Edit, Step::Delete]
            .into_iter()
            .find(|s| s.key() == key)
    }
}

/// One part of a reply to keep: what to do, the text, and whether only the member sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub step: Step,
    pub content: String,
    pub private: bool,
}

/// A kept reply part, as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub id: i64,
    pub interaction_id: u64,
    pub token: String,
    pub part: Part,
    pub expires_at: DateTime<Utc>,
    pub attempts: i64,
    pub server_errors: i64,
}

type Row = (
    i64,
    i64,
    String,
    String,
    String,
    bool,
    DateTime<Utc>,
    i64,
    i64,
);

fn kept(row: Row) -> sqlx::Result<Kept> {
    let (id, interaction, token, kind, content, private, expires_at, attempts, server_errors) = row;
    let step = Step::from_key(&kind)
        .ok_or_else(|| sqlx::Error::Decode(format!("unknown reply step {kind:?}").into()))?;
    Ok(Kept {
        id,
        interaction_id: snowflake_from_db(interaction),
        token,
        part: Part {
            step,
            content,
            private,
        },
        expires_at,
        attempts,
        server_errors,
    })
}

/// Keeps the parts of a reply to interaction `interaction_id`, to go in order from `now` until
/// `expires_at`.
pub async fn keep(
    conn: &mut SqliteConnection,
    interaction_id: u64,
    token: &str,
    parts: &[Part],
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    for part in parts {
        sqlx::query(
            "INSERT INTO interaction_replies (interaction_id, token, kind, content, private,
             created_at, expires_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(snowflake_to_db(interaction_id))
        .bind(token)
        .bind(part.step.key())
        .bind(&part.content)
        .bind(part.private)
        .bind(now)
        .bind(expires_at)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A waiting part `r` that no earlier part of its interaction holds back.
const HEAD: &str = "r.delivered_at IS NULL AND r.expired_at IS NULL
     AND NOT EXISTS (SELECT 1 FROM interaction_replies e
                     WHERE e.interaction_id = r.interaction_id AND e.id < r.id
                       AND e.delivered_at IS NULL AND e.expired_at IS NULL)";

/// The parts that may go now: of each interaction, its first part still waiting, if due.
pub async fn due(
    conn: &mut SqliteConnection,
    now: DateTime<Utc>,
    limit: i64,
) -> sqlx::Result<Vec<Kept>> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT r.id, r.interaction_id, r.token, r.kind, r.content, r.private, r.expires_at,
                r.attempts, r.server_errors
         FROM interaction_replies r WHERE {HEAD} AND r.next_attempt_at <= ?1
         ORDER BY r.id LIMIT ?2"
    ))
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.into_iter().map(kept).collect()
}

/// When the next waiting part is due (of each interaction, its first part), if any is waiting.
pub async fn next_due(conn: &mut SqliteConnection) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar(&format!(
        "SELECT MIN(r.next_attempt_at) FROM interaction_replies r WHERE {HEAD}"
    ))
    .fetch_one(conn)
    .await
}

/// How many parts are waiting.
pub async fn waiting(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM interaction_replies WHERE delivered_at IS NULL AND expired_at IS NULL",
    )
    .fetch_one(conn)
    .await
}

/// Records a part delivered; its token is no longer kept.
pub async fn mark_delivered(
    conn: &mut SqliteConnection,
    id: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE interaction_replies SET delivered_at = ?, token = '', attempts = attempts + 1
         WHERE id = ?",
    )
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a failed attempt and when to try again; `server_error` counts it toward the
/// doubling backoff (a 429 does not).
pub async fn mark_failed(
    conn: &mut SqliteConnection,
    id: i64,
    error: &str,
    server_error: bool,
    retry_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE interaction_replies SET attempts = attempts + 1,
         server_errors = server_errors + ?, last_error = ?, next_attempt_at = ? WHERE id = ?",
    )
    .bind(i64::from(server_error))
    .bind(error)
    .bind(retry_at)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Gives up the parts of an interaction still waiting: its token has expired, or Discord
/// refused it for good. Returns how many parts were given up.
pub async fn give_up(
    conn: &mut SqliteConnection,
    interaction_id: u64,
    error: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "UPDATE interaction_replies SET expired_at = ?, token = '', last_error = ?
         WHERE interaction_id = ? AND delivered_at IS NULL AND expired_at IS NULL",
    )
    .bind(now)
    .bind(error)
    .bind(snowflake_to_db(interaction_id))
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// The interactions whose token has expired with parts still waiting.
pub async fn expired(conn: &mut SqliteConnection, now: DateTime<Utc>) -> sqlx::Result<Vec<u64>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT interaction_id FROM interaction_replies
         WHERE delivered_at IS NULL AND expired_at IS NULL AND expires_at <= ?",
    )
    .bind(now)
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(snowflake_from_db).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    /// Checks: an interaction's parts go one at a time, in order (the second is not due while
    /// the first waits to retry), other interactions' parts are not held back, and once expired
    /// an interaction's parts are given up and their token cleared.
    #[tokio::test]
    async fn parts_go_in_order_per_interaction_until_they_expire() {
        let pool = crate::store::open(crate::store::IN_MEMORY)
            .await
            .expect("open");
        crate::store::migrate(&pool).await.expect("migrate");
        let mut conn = pool.acquire().await.expect("connection");
        let t0: DateTime<Utc> = "2026-11-27T12:00:00Z".parse().expect("time");
        let part = |step, content: &str| Part {
            step,
            content: content.into(),
            private: false,
        };
        let expires = t0 + Duration::minutes(15);
        let two = [part(Step::Edit, "one"), part(Step::Followup, "two")];
        keep(&mut conn, 7, "tok-7", &two, t0, expires)
            .await
            .expect("keep");
        keep(
            &mut conn,
            8,
            "tok-8",
            &[part(Step::Followup, "x")],
            t0,
            expires,
        )
        .await
        .expect("keep");
        let now = due(&mut conn, t0, 10).await.expect("due");
        let contents: Vec<&str> = now.iter().map(|k| k.part.content.as_str()).collect();
        assert_eq!(contents, ["one", "x"]);
        assert_eq!((now[0].interaction_id, now[0].token.as_str()), (7, "tok-7"));
        mark_failed(&mut conn, now[0].id, "503", true, t0 + Duration::seconds(2))
            .await
            .expect("fail");
        mark_delivered(&mut conn, now[1].id, t0)
            .await
            .expect("sent");
        assert!(due(&mut conn, t0, 10).await.expect("due").is_empty());
        assert_eq!(
            next_due(&mut conn).await.expect("next"),
            Some(t0 + Duration::seconds(2))
        );
        let later = due(&mut conn, t0 + Duration::seconds(2), 10)
            .await
            .expect("due");
        assert_eq!(
            (later[0].part.content.as_str(), later[0].server_errors),
            ("one", 1)
        );
        mark_delivered(&mut conn, later[0].id, t0)
            .await
            .expect("sent");
        assert_eq!(
            due(&mut conn, t0 + Duration::seconds(2), 10)
                .await
                .expect("due")[0]
                .part
                .step,
            Step::Followup
        );
        assert_eq!(waiting(&mut conn).await.expect("waiting"), 1);
        assert_eq!(expired(&mut conn, expires).await.expect("expired"), [7]);
        assert_eq!(
            give_up(&mut conn, 7, "expired", expires)
                .await
                .expect("given up"),
            1
        );
        assert_eq!(waiting(&mut conn).await.expect("waiting"), 0);
        let tokens: Vec<String> = sqlx::query_scalar("SELECT token FROM interaction_replies")
            .fetch_all(&mut *conn)
            .await
            .expect("tokens");
        assert!(tokens.iter().all(String::is_empty), "{tokens:?}");
    }
}
