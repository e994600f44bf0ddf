//! Party Chess on a crowded board: every legal play of each of 8 Swingers with 48 pieces on the
//! board (a King and five others each, of every type), Check filtered out. The target is at most
//! 1 ms for all eight; the figures are in the book's Performance chapter.

use criterion::{criterion_group, criterion_main, Criterion};
use gavel::domain::partychess::board::Square;
use gavel::domain::partychess::generate::legal_plays;
use gavel::domain::partychess::kind::Kind;
use gavel::domain::partychess::position::Position;
use gavel::domain::partychess::random::Draw;

/// The crowded board: squares drawn from a fixed seed, the types rotated among the Swingers.
fn crowded() -> Position {
    const OTHERS: [Kind; 15] = [
        Kind::Rook,
        Kind::Bishop,
        Kind::Camel,
        Kind::Qball,
        Kind::Tornado,
        Kind::Archer,
        Kind::CopyCat,
        Kind::HarfyBlob,
        Kind::Kamikaze,
        Kind::BouncyBall,
        Kind::Demon,
        Kind::Cantor,
        Kind::Echo,
        Kind::Jester,
        Kind::Pawn,
    ];
    let mut squares: Vec<Square> = Square::all().collect();
    Draw::new(1230).shuffle(&mut squares);
    let mut next = squares.into_iter();
    let mut pos = Position::new();
    for seat in 0..8u32 {
        pos.put(Kind::King, seat, next.next().unwrap());
        for i in 0..5 {
            let kind = OTHERS[(seat as usize * 5 + i) % OTHERS.len()];
            pos.put(kind, seat, next.next().unwrap());
        }
    }
    pos
}

fn generation(c: &mut Criterion) {
    let pos = crowded();
    let defined: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|k| !matches!(k, Kind::IlNabi | Kind::Zombie))
        .collect();
    let total: usize = (0..8).map(|s| legal_plays(&pos, s, &defined).len()).sum();
    println!("{total} legal plays for 8 Swingers with 48 pieces");
    c.bench_function("every legal play of 8 Swingers with 48 pieces", |b| {
        b.iter(|| {
            (0..8u32)
                .map(|s| legal_plays(&pos, s, &defined).len())
                .sum::<usize>()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = generation
}
criterion_main!(benches);
