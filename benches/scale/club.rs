//! Writing the club: members, a Moderator and counted games inserted straight into gavel's
//! schema in multi-row batches, with deterministic pairings and results.

use std::path::Path;

use chrono::{DateTime, Datelike, TimeZone, Utc, Weekday};
use sqlx::SqlitePool;

/// Rows per multi-row insert while writing the club.
const ROWS: usize = 500;

/// xorshift64: deterministic pairs and results with no dependency.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The club's first day (a Monday), and one game every five minutes after it.
fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2016, 1, 4, 9, 0, 0).unwrap()
}

pub(crate) fn played_at(n: i64) -> DateTime<Utc> {
    t0() + chrono::Duration::minutes(5 * n)
}

/// The first Friday session after `after`, 12:40 club time (inside the default window).
pub(crate) fn session_time(after: DateTime<Utc>) -> DateTime<Utc> {
    let tz = chrono_tz::Europe::London;
    let mut day = after.with_timezone(&tz).date_naive().succ_opt().unwrap();
    while day.weekday() != Weekday::Fri {
        day = day.succ_opt().unwrap();
    }
    tz.from_local_datetime(&day.and_hms_opt(12, 40, 0).unwrap())
        .single()
        .unwrap()
        .with_timezone(&Utc)
}

async fn insert_rows<const N: usize>(
    conn: &mut sqlx::SqliteConnection,
    head: &str,
    rows: &[[Value; N]],
) {
    let one = format!("({})", vec!["?"; N].join(", "));
    for batch in rows.chunks(ROWS) {
        let sql = format!(
            "{head} VALUES {}",
            vec![one.as_str(); batch.len()].join(", ")
        );
        let mut q = sqlx::query(&sql);
        for row in batch {
            for v in row {
                q = match v {
                    Value::Int(i) => q.bind(*i),
                    Value::Text(t) => q.bind(t.clone()),
                    Value::Time(t) => q.bind(*t),
                    Value::Null => q.bind(None::<i64>),
                };
            }
        }
        q.execute(&mut *conn).await.unwrap();
    }
}

#[derive(Clone)]
enum Value {
    Int(i64),
    Text(String),
    Time(DateTime<Utc>),
    Null,
}
use Value::{Int, Null, Text, Time};

/// Writes a club of `members` members (m1 ...), a Moderator (`mod`) and `games` counted games
/// into a fresh database at `path`, straight into the schema. The scores are not folded.
pub(crate) async fn write_club(path: &Path, members: i64, games: i64) -> SqlitePool {
    let pool = gavel::store::open(path.to_str().unwrap()).await.unwrap();
    gavel::store::migrate(&pool).await.unwrap();
    let mut tx = pool.begin().await.unwrap();
    let people: Vec<[Value; 3]> = (1..=members + 1)
        .map(|id| {
            let name = if id > members {
                "mod".to_owned()
            } else {
                format!("m{id}")
            };
            [Int(id), Text(name), Time(t0())]
        })
        .collect();
    insert_rows(
        &mut tx,
        "INSERT INTO people (id, name, created_at)",
        &people,
    )
    .await;
    let members_rows: Vec<[Value; 2]> = (1..=members).map(|id| [Int(id), Time(t0())]).collect();
    insert_rows(
        &mut tx,
        "INSERT INTO memberships (person_id, joined_at)",
        &members_rows,
    )
    .await;
    sqlx::query(
        "INSERT INTO office_terms (person_id, office, started_at) VALUES (?, 'moderator', ?)",
    )
    .bind(members + 1)
    .bind(t0())
    .execute(&mut *tx)
    .await
    .unwrap();
    let joins: Vec<[Value; 5]> = (1..=members)
        .map(|id| {
            [
                Time(t0()),
                Text("joined".into()),
                Int(id),
                Null,
                Text("joined the Leaderboard (Terms §II Act 1)".into()),
            ]
        })
        .collect();
    let head = "INSERT INTO score_events (at, kind, person_id, game_id, reason)";
    insert_rows(&mut tx, head, &joins).await;
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    let mut n = 1;
    while n <= games {
        let end = (n + 50_000).min(games + 1);
        let mut game_rows = Vec::new();
        let mut event_rows = Vec::new();
        for id in n..end {
            let white = 1 + rng.below(members as u64) as i64;
            let black = 1 + (white + rng.below(members as u64 - 1) as i64) % members;
            let result = match rng.below(100) {
                0..=44 => "white",
                45..=84 => "black",
                _ => "draw",
            };
            let at = played_at(id);
            game_rows.push([
                Int(id),
                Int(white),
                Int(black),
                Text(result.into()),
                Int(i64::from(rng.below(100) < 3)),
                Time(at),
                Text(at.date_naive().to_string()),
                Int(members + 1),
            ]);
            event_rows.push([
                Time(at),
                Text("game".into()),
                Null,
                Int(id),
                Text("game".into()),
            ]);
        }
        insert_rows_games(&mut tx, &game_rows).await;
        insert_rows(&mut tx, head, &event_rows).await;
        n = end;
    }
    tx.commit().await.unwrap();
    pool
}

async fn insert_rows_games(conn: &mut sqlx::SqliteConnection, rows: &[[Value; 8]]) {
    // Every game is counted: the status is spelled in each row.
    let one = "(?, ?, ?, ?, ?, ?, ?, ?, 'counted')";
    for batch in rows.chunks(ROWS) {
        let sql = format!(
            "INSERT INTO games (id, white_id, black_id, result, online, played_at, club_date, \
             registered_by, status) VALUES {}",
            vec![one; batch.len()].join(", ")
        );
        let mut q = sqlx::query(&sql);
        for row in batch {
            for v in row {
                q = match v {
                    Int(i) => q.bind(*i),
                    Text(t) => q.bind(t.clone()),
                    Time(t) => q.bind(*t),
                    Null => q.bind(None::<i64>),
                };
            }
        }
        q.execute(&mut *conn).await.unwrap();
    }
}
