//! Replaying the score history: `gavel::domain::leaderboard::score::fold` over a synthetic club of 10,000
//! members and 1,000,000 games, the work behind every standings, `/history` and void.
//!
//! The history is deterministic (a xorshift generator with a fixed seed, so no dependency):
//! 10,000 `Joined` events, then 1,000,000 games between random pairs, 45% won by White, 40% by
//! Black, 15% drawn, and 3% of them online (half weight). Throughput is reported in events
//! folded per second. Run with `cargo bench --bench replay`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gavel::domain::leaderboard::score::{fold, Change, Event, GameResult, Rules};

const MEMBERS: i64 = 10_000;
const GAMES: i64 = 1_000_000;

/// The chess club's rules (Terms §II Act 1-3, §I Act 9.3).
const RULES: Rules = Rules {
    initial: 100,
    floor: 100,
    k: 32.0,
    online_weight: 0.5,
};

/// xorshift64: deterministic and good enough to spread pairs and results.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The synthetic history, in order: every member joins, then the games are played.
fn history() -> Vec<Event> {
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    let mut events = Vec::with_capacity((MEMBERS + GAMES) as usize);
    for person in 1..=MEMBERS {
        events.push(Event {
            id: person,
            person: Some(person),
            change: Change::Joined { initial: None },
        });
    }
    for n in 0..GAMES {
        let white = 1 + rng.below(MEMBERS as u64) as i64;
        // A different member: an offset of 1..MEMBERS-1 around the circle.
        let black = 1 + (white - 1 + 1 + rng.below(MEMBERS as u64 - 1) as i64) % MEMBERS;
        let result = match rng.below(100) {
            0..=44 => GameResult::White,
            45..=84 => GameResult::Black,
            _ => GameResult::Draw,
        };
        events.push(Event {
            id: MEMBERS + 1 + n,
            person: None,
            change: Change::Game {
                white,
                black,
                result,
                online: rng.below(100) < 3,
            },
        });
    }
    events
}

fn replay(c: &mut Criterion) {
    let events = history();
    // Sanity: the history is what it says, and folding it puts everyone on the board.
    assert_eq!(events.len() as i64, MEMBERS + GAMES);
    let ledger = fold(&events, &RULES, false);
    assert_eq!(ledger.scores.len() as i64, MEMBERS);
    assert!(ledger.scores.values().all(|&s| s >= RULES.floor));

    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(events.len() as u64));
    // Scores only: standings, the leaderboard, the weekly review.
    group.bench_function(BenchmarkId::new("fold", "10k members, 1M games"), |b| {
        b.iter(|| fold(black_box(&events), &RULES, false))
    });
    // With every movement kept: `/history`, `/profile` and `gavel export`.
    group.bench_function(
        BenchmarkId::new("fold with movements", "10k members, 1M games"),
        |b| b.iter(|| fold(black_box(&events), &RULES, true)),
    );
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
