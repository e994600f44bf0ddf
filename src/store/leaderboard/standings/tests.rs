//! Tests that the materialised fold stays equal to a full fold of the history whatever is
//! appended, voided or brought back, that `check` finds tampering and `rebuild` mends it, and
//! that the fold's state survives its compact encoding.

use std::collections::HashMap;

use super::*;
use crate::domain::leaderboard::score::{self, Rules};
use crate::store::leaderboard::events::{self, EventKind, NewEvent};
use chrono::{DateTime, Duration, TimeZone, Utc};
use sqlx::{SqliteConnection, SqlitePool};

const RULES: Rules = Rules {
    initial: 100,
    floor: 100,
    k: 32.0,
    online_weight: 0.5,
};

/// A small deterministic generator (xorshift), so property tests need no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A fresh database with six people, checkpointing every `every` events.
async fn club(every: i64) -> SqlitePool {
    let pool = crate::store::open(crate::store::IN_MEMORY).await.unwrap();
    crate::store::migrate(&pool).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    sqlx::query("UPDATE score_fold SET checkpoint_every = ?")
        .bind(every)
        .execute(&mut *conn)
        .await
        .unwrap();
    for p in 1..=6 {
        sqlx::query("INSERT INTO people (id, name, created_at) VALUES (?, ?, ?)")
            .bind(p)
            .bind(format!("p{p}"))
            .bind(start())
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    pool
}

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap()
}

async fn event(
    conn: &mut SqliteConnection,
    at: DateTime<Utc>,
    kind: EventKind,
    person: Option<i64>,
    game: Option<i64>,
    action: Option<i64>,
    amount: Option<i64>,
) -> i64 {
    events::append(
        conn,
        &NewEvent {
            at,
            kind,
            person_id: person,
            game_id: game,
            action_id: action,
            amount,
            reason: "test",
        },
    )
    .await
    .unwrap()
}

async fn game(conn: &mut SqliteConnection, rng: &mut Rng, at: DateTime<Utc>) -> i64 {
    let white = 1 + rng.below(6) as i64;
    let black = 1 + (white + rng.below(5) as i64) % 6;
    let result = ["white", "black", "draw"][rng.below(3) as usize];
    sqlx::query_scalar(
        "INSERT INTO games (white_id, black_id, result, online, played_at, club_date,
             registered_by, status) VALUES (?, ?, ?, ?, ?, '2026-01-01', 1, 'counted') RETURNING id",
    )
    .bind(white)
    .bind(black)
    .bind(result)
    .bind(rng.below(4) == 0)
    .bind(at)
    .fetch_one(conn)
    .await
    .unwrap()
}

/// The materialised state must be exactly a full fold of the history.
async fn assert_proven(conn: &mut SqliteConnection, when: &str) {
    let problems = check(conn, &RULES).await.unwrap();
    assert!(problems.is_empty(), "{when}: {problems:#?}");
    let full = score::fold(&live_events(conn).await.unwrap(), &RULES, false);
    assert_eq!(all_scores(conn).await.unwrap(), full.scores, "{when}");
}

#[tokio::test]
async fn the_incremental_fold_equals_the_full_fold_whatever_changes_and_where() {
    for (seed, every) in [(7, 5), (99, 3), (2026, 16)] {
        let pool = club(every).await;
        let mut conn = pool.acquire().await.unwrap();
        let mut rng = Rng(seed);
        let (mut games, mut voided, mut actions) = (Vec::new(), Vec::new(), Vec::new());
        for p in 1..=6 {
            event(
                &mut conn,
                start(),
                EventKind::Joined,
                Some(p),
                None,
                None,
                None,
            )
            .await;
        }
        for i in 1..=300i64 {
            // Mostly the newest event; sometimes backdated into the past (a penalty
            // dated when it was taken), which re-derives from the checkpoint before it.
            let at = if rng.below(8) == 0 {
                start() + Duration::minutes(rng.below(i as u64) as i64)
            } else {
                start() + Duration::minutes(i)
            };
            let p = Some(1 + rng.below(6) as i64);
            match rng.below(20) {
                0 => {
                    event(&mut conn, at, EventKind::Joined, p, None, None, None).await;
                }
                1 => {
                    event(&mut conn, at, EventKind::Removed, p, None, None, None).await;
                }
                2 | 3 => {
                    let points = rng.below(60) as i64 - 40;
                    event(
                        &mut conn,
                        at,
                        EventKind::Adjust,
                        p,
                        None,
                        Some(i),
                        Some(points),
                    )
                    .await;
                    actions.push(i);
                }
                4 => {
                    event(&mut conn, at, EventKind::Halve, p, None, Some(i), None).await;
                    actions.push(i);
                }
                5 => {
                    event(&mut conn, at, EventKind::Reset, p, None, Some(i), None).await;
                    actions.push(i);
                }
                6 | 7 if !games.is_empty() => {
                    let g = games[rng.below(games.len() as u64) as usize];
                    let reason = format!("case {i}");
                    if events::void_game(&mut conn, g, at, &reason).await.unwrap() > 0 {
                        voided.push((g, reason));
                    }
                }
                8 if !voided.is_empty() => {
                    let (g, reason) = voided.swap_remove(rng.below(voided.len() as u64) as usize);
                    events::unvoid_game(&mut conn, g, &reason).await.unwrap();
                }
                9 if !actions.is_empty() => {
                    let a = actions[rng.below(actions.len() as u64) as usize];
                    events::void_action(&mut conn, a, at, "void").await.unwrap();
                }
                _ => {
                    let g = game(&mut conn, &mut rng, at).await;
                    event(&mut conn, at, EventKind::Game, None, Some(g), None, None).await;
                    games.push(g);
                }
            }
            if i % 20 == 0 {
                assert_proven(&mut conn, &format!("seed {seed}, after {i} changes")).await;
            }
        }
        let checkpoints: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM score_checkpoints")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        assert!(checkpoints > 10, "the history spans several checkpoints");
    }
}

#[tokio::test]
async fn check_finds_a_tampered_score_step_or_checkpoint_and_rebuild_mends_it() {
    let pool = club(4).await;
    let mut conn = pool.acquire().await.unwrap();
    let mut rng = Rng(5);
    for p in 1..=6 {
        event(
            &mut conn,
            start(),
            EventKind::Joined,
            Some(p),
            None,
            None,
            None,
        )
        .await;
    }
    for i in 1..=30 {
        let at = start() + Duration::minutes(i);
        let g = game(&mut conn, &mut rng, at).await;
        event(&mut conn, at, EventKind::Game, None, Some(g), None, None).await;
    }
    assert_proven(&mut conn, "before tampering").await;
    for tamper in [
        "UPDATE standings SET score = score + 1 WHERE person_id = 3",
        "DELETE FROM standings WHERE person_id = 2",
        "UPDATE score_steps SET a_after = a_after + 1 WHERE event_id = 20",
        "DELETE FROM score_steps WHERE event_id = 21",
        "UPDATE score_checkpoints SET state = x'02c801'",
        "DELETE FROM score_checkpoints WHERE events = 8",
        "UPDATE score_fold SET since_checkpoint = since_checkpoint + 1",
        "UPDATE score_events SET voided_at = at WHERE id = 15",
        "INSERT INTO score_steps (event_id, a_id, a_before, a_after) VALUES (99999, 1, 100, 101)",
    ] {
        sqlx::query(tamper).execute(&mut *conn).await.unwrap();
        let problems = check(&mut conn, &RULES).await.unwrap();
        assert!(!problems.is_empty(), "{tamper} goes unnoticed");
        rebuild(&mut conn, &RULES).await.unwrap();
        assert_proven(&mut conn, tamper).await;
    }
    let other = Rules { k: 16.0, ..RULES };
    assert!(!check(&mut conn, &other).await.unwrap().is_empty());
    assert!(adopt(&mut conn, &other).await.unwrap());
    assert!(check(&mut conn, &other).await.unwrap().is_empty());
    assert!(!adopt(&mut conn, &other).await.unwrap());
}

#[test]
fn a_state_survives_its_encoding() {
    let scores = HashMap::from([(1, 100), (2, 1500), (9_000_000_000, 100), (7, 100_000)]);
    let bytes = encode_state(&scores);
    assert_eq!(decode_state(&bytes), Some(scores));
    assert_eq!(decode_state(&[]), Some(HashMap::new()));
    assert_eq!(decode_state(&[0x80]), None, "a truncated varint is refused");
}

#[test]
fn a_club_state_takes_a_few_bytes_a_member() {
    let scores: HashMap<i64, i64> = (1..=10_000).map(|p| (p, 100 + p % 1500)).collect();
    assert!(encode_state(&scores).len() <= 10_000 * 4);
}
