//! Autocomplete at scale: the choices Discord asks for while a member types, measured through
//! the app on a club of 10,000 members, 1,000,000 games and 2,000 cases (the scale bench's club,
//! with cases added). Prints the book's table: the median and p99 of each kind of choices.
//!
//! `cargo bench --bench autocomplete` runs at full size; `-- --quick` (or `GAVEL_SCALE_GAMES`)
//! runs small.

#[path = "../scale/club.rs"]
#[allow(dead_code)]
mod club;
#[path = "../scale/measure.rs"]
#[allow(dead_code)]
mod measure;

use std::time::{Duration, Instant};

use gavel::app::choices::Pick;
use gavel::domain::kernel::authority::Power;

use club::{played_at, session_time, write_club, Rng};
use measure::{ms, open_app, who};

/// Cases recorded by the Moderator, every other one still undeclared.
const CASES: i64 = 2_000;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let games: i64 = std::env::var("GAVEL_SCALE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 20_000 } else { 1_000_000 });
    let members = 10_000;
    let samples = if quick { 100 } else { 400 };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let dir = tempfile::tempdir().unwrap();
        let t = Instant::now();
        let pool = write_club(&dir.path().join("club.db"), members, games).await;
        let now = session_time(played_at(games));
        let mut rng = Rng(7);
        for case in 1..=CASES {
            let target = 1 + rng.below(members as u64) as i64;
            let taken = now - chrono::Duration::days(3);
            if case % 2 == 0 {
                // The declaration's post, already sent.
                sqlx::query(
                    "INSERT INTO outbox (id, channel, content, created_at, next_attempt_at, sent_at)
                     VALUES (?, 'discussion', 'declared', ?, ?, ?)",
                )
                .bind(case)
                .bind(taken)
                .bind(taken)
                .bind(taken)
                .execute(&pool)
                .await
                .unwrap();
            }
            sqlx::query(
                "INSERT INTO actions (id, kind, target_id, actor_id, reason, points, taken_at,
                     recorded_at, deadline_at, declaration_outbox_id)
                 VALUES (?, 'deduction', ?, ?, 'bench', 20, ?, ?, ?, ?)",
            )
            .bind(case)
            .bind(target)
            .bind(members + 1)
            .bind(taken)
            .bind(taken)
            .bind(now + chrono::Duration::days(4))
            .bind((case % 2 == 0).then_some(case))
            .execute(&pool)
            .await
            .unwrap();
        }
        println!(
            "autocomplete: {members} members, {games} games, {CASES} cases (written in {:.1} s)",
            t.elapsed().as_secs_f64()
        );
        let (app, _clock) = open_app(pool, now).await;
        let moderator = who("mod");
        let member = who("m12");
        let asks: [(&str, Pick, Option<Power>, &str, &gavel::app::PersonRef); 8] = [
            (
                "`/mod violation game:` (nothing typed)",
                Pick::Game,
                Some(Power::Moderate),
                "",
                &moderator,
            ),
            (
                "`/mod violation game:12`",
                Pick::Game,
                Some(Power::Moderate),
                "12",
                &moderator,
            ),
            (
                "`/mod violation game:99999`",
                Pick::Game,
                Some(Power::Moderate),
                "99999",
                &moderator,
            ),
            (
                "`/mod violation game:m12` (a name)",
                Pick::Game,
                Some(Power::Moderate),
                "m12",
                &moderator,
            ),
            (
                "`/mod declare case:`",
                Pick::CaseToDeclare,
                Some(Power::Moderate),
                "",
                &moderator,
            ),
            ("`/case case:1`", Pick::Case, None, "1", &member),
            (
                "`/court appeal case:`",
                Pick::CaseToAppeal,
                None,
                "",
                &member,
            ),
            (
                "`/mod declare case:` by a member",
                Pick::CaseToDeclare,
                Some(Power::Moderate),
                "",
                &member,
            ),
        ];
        println!();
        println!("| choices for | offered | median | p99 | target |");
        println!("|---|---|---|---|---|");
        for (name, pick, power, typed, caller) in asks {
            let mut times = Vec::with_capacity(samples);
            let mut offered = 0;
            for _ in 0..samples {
                let t = Instant::now();
                offered = app.choices(caller, pick, power, typed).await.unwrap().len();
                times.push(t.elapsed());
            }
            times.sort();
            let median = times[times.len() / 2];
            let p99 = times[(times.len() * 99).div_ceil(100) - 1];
            println!(
                "| {name} | {offered} | {} | {} | p99 ≤ 20 ms |",
                ms(median),
                ms(p99)
            );
            assert!(
                p99 <= Duration::from_millis(20) || quick,
                "{name}: p99 {} over 20 ms",
                ms(p99)
            );
        }
    });
}
