//! Current scores: the `standings` table the fold keeps, read and written.

use std::collections::HashMap;

use sqlx::SqliteConnection;

use super::steps::{insert_sql, BATCH};

pub(super) async fn scores_of(
    conn: &mut SqliteConnection,
    people: &[i64],
) -> sqlx::Result<HashMap<i64, i64>> {
    let mut scores = HashMap::new();
    for &p in people {
        let score: Option<i64> =
            sqlx::query_scalar("SELECT score FROM standings WHERE person_id = ?")
                .bind(p)
                .fetch_optional(&mut *conn)
                .await?;
        if let Some(s) = score {
            scores.insert(p, s);
        }
    }
    Ok(scores)
}

/// The whole materialised state: every score the fold holds.
pub async fn all_scores(conn: &mut SqliteConnection) -> sqlx::Result<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT person_id, score FROM standings")
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Writes the scores of `people` from `state`: a score where the state has one, no row where
/// it has none (off the Leaderboard).
pub(super) async fn write_scores(
    conn: &mut SqliteConnection,
    state: &HashMap<i64, i64>,
    people: impl IntoIterator<Item = i64>,
) -> sqlx::Result<()> {
    let mut upserts = Vec::new();
    for p in people {
        match state.get(&p) {
            Some(&s) => upserts.push((p, s)),
            None => {
                sqlx::query("DELETE FROM standings WHERE person_id = ?")
                    .bind(p)
                    .execute(&mut *conn)
                    .await?;
            }
        }
    }
    for batch in upserts.chunks(BATCH) {
        let sql = format!(
            "{} ON CONFLICT (person_id) DO UPDATE SET score = excluded.score",
            insert_sql("standings (person_id, score)", 2, batch.len())
        );
        let mut query = sqlx::query(&sql).persistent(batch.len() <= 2);
        for (p, s) in batch {
            query = query.bind(p).bind(s);
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}
