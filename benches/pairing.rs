//! The Monrad pairing at scale (ACWC Qualification): one round of 10,000 entrants, after five
//! rounds played with the higher seed winning. The target is at most 100 ms a round; the
//! figures are in the book's Performance chapter.

use std::collections::BTreeSet;

use criterion::{criterion_group, criterion_main, Criterion};
use gavel::domain::tournament::swiss::{pair, Entrant, Played};

fn field(n: i64) -> Vec<Entrant> {
    (1..=n)
        .map(|id| Entrant {
            id,
            name: format!("p{id}"),
            seed_x2: 2 * (30_000 - id),
        })
        .collect()
}

fn pairing(c: &mut Criterion) {
    let entrants = field(10_000);
    let all: BTreeSet<i64> = entrants.iter().map(|e| e.id).collect();
    let mut rounds: Vec<Vec<Played>> = Vec::new();
    for _ in 0..5 {
        let round = pair(&entrants, &rounds, &all);
        rounds.push(
            round
                .pairs
                .iter()
                .map(|&(a, b)| Played {
                    first: a,
                    second: Some(b),
                    first_points: if a < b { 2 } else { 0 },
                    second_points: if a < b { 0 } else { 2 },
                })
                .collect(),
        );
    }
    c.bench_function("pair a round of 10,000 entrants after 5 rounds", |b| {
        b.iter(|| pair(&entrants, &rounds, &all))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = pairing
}
criterion_main!(benches);
