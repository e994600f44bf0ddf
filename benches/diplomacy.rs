//! Scoring at scale (WM C.1-C.5): 10,000 boards of varied counts, each scored exactly with its
//! working. The figure is in the book's Diplomacy and Performance chapters.

use criterion::{criterion_group, criterion_main, Criterion};
use gavel::domain::diplomacy::score::{score, Ending};
use gavel::domain::diplomacy::{Centres, Power};

/// 10,000 boards whose counts add up to at most 34, with ties, eliminations and solos.
fn boards() -> Vec<Centres> {
    (0..10_000u32)
        .map(|i| {
            let mut left = 34u32;
            let pairs: Vec<(Power, u32)> = Power::ALL
                .into_iter()
                .enumerate()
                .map(|(k, p)| {
                    let n = ((i * 7 + k as u32 * 13) % 11).min(left);
                    left -= n;
                    (p, n)
                })
                .collect();
            Centres::new(pairs).expect("at most 34")
        })
        .collect()
}

fn scoring(c: &mut Criterion) {
    let boards = boards();
    c.bench_function("score 10,000 boards", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|counts| score(counts, &Ending::Played).lines.len())
                .sum::<usize>()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = scoring
}
criterion_main!(benches);
