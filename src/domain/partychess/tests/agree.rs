//! The fast answers agree with the slow ones on many positions drawn from fixed seeds: every
//! legal play against judging every conceivable play one by one, and the Tornado's reach (with
//! its estimate and its memory of where it has been) against walking every sequence.

use crate::domain::partychess::board::Square;
use crate::domain::partychess::generate::legal_plays;
use crate::domain::partychess::kind::Kind::{self, *};
use crate::domain::partychess::legal::judge;
use crate::domain::partychess::play::{off_board_hns, pawn_promotes_on, Play};
use crate::domain::partychess::position::{Copied, Position, Seat};
use crate::domain::partychess::random::Draw;
use crate::domain::partychess::reach::{self, Mover};
use crate::domain::partychess::tornado;

/// The types the published suite defines.
const DEFINED: [Kind; 16] = [
    King, Rook, Camel, Bishop, Pawn, CopyCat, Echo, Jester, Qball, HarfyBlob, Archer, Kamikaze,
    BouncyBall, Demon, Tornado, Cantor,
];

/// A position drawn from `seed`: 2-5 Swingers, each with a King (now and then off-board) and
/// up to `most` other pieces, some off-board, HarfyBlobs with an Hn, Echoes with a copied type.
fn drawn(seed: u64, most: usize) -> (Position, Vec<Seat>) {
    let mut draw = Draw::new(seed);
    let mut squares: Vec<Square> = Square::all().collect();
    draw.shuffle(&mut squares);
    let mut next = squares.into_iter();
    let seats: Vec<Seat> = (0..2 + draw.below(4) as Seat).collect();
    let mut pos = Position::new();
    for &seat in &seats {
        let king = pos.create(King, seat);
        if draw.below(8) != 0 {
            pos.set_square(king, next.next());
        }
        for _ in 0..draw.below(most + 1) {
            let kind = DEFINED[1 + draw.below(DEFINED.len() - 1)];
            if kind == Tornado && pos.of(seat).any(|p| p.kind == Tornado) {
                continue;
            }
            let id = pos.create(kind, seat);
            if draw.below(6) != 0 {
                pos.set_square(id, next.next());
            }
            if kind == HarfyBlob {
                pos.set_hn(id, 1 + draw.below(6) as u8);
            }
        }
        if draw.below(2) == 0 {
            let kind = DEFINED[draw.below(DEFINED.len())];
            let hn = if kind == HarfyBlob { 3 } else { 1 };
            pos.last.insert(seat, Copied { kind, hn });
        }
    }
    (pos, seats)
}

/// Every play the Swinger might conceivably try, each judged on its own.
fn judged_one_by_one(pos: &Position, seat: Seat) -> Vec<String> {
    let mut out = Vec::new();
    let mut keep = |play: Play| {
        if judge(pos, seat, &play, &DEFINED).is_ok() {
            out.push(play.to_string());
        }
    };
    for p in pos.of(seat) {
        let Some(from) = p.at else { continue };
        for to in Square::all() {
            let promotions: Vec<Option<Kind>> = match p.kind {
                Pawn if pawn_promotes_on(to) => DEFINED.iter().map(|k| Some(*k)).collect(),
                Demon => std::iter::once(None)
                    .chain(DEFINED.iter().map(|k| Some(*k)))
                    .collect(),
                _ => vec![None],
            };
            for promote in promotions {
                keep(Play::Move {
                    from,
                    to,
                    promote,
                    demons: Vec::new(),
                });
                if p.kind != Tornado {
                    keep(Play::Capture {
                        from,
                        path: vec![to],
                        promote,
                        demons: Vec::new(),
                    });
                }
            }
        }
        if p.kind == Tornado {
            if let Some(m) = Mover::of(pos, p) {
                for path in tornado::chains(pos, &m) {
                    keep(Play::Capture {
                        from,
                        path,
                        promote: None,
                        demons: Vec::new(),
                    });
                }
            }
        }
    }
    for kind in DEFINED {
        for at in Square::all() {
            keep(Play::Place { kind, at, hn: None });
            // With one Hn among them, naming it is the same play as leaving it out.
            if kind == HarfyBlob && off_board_hns(pos, seat).len() > 1 {
                for hn in 1..=20 {
                    keep(Play::Place {
                        kind,
                        at,
                        hn: Some(hn),
                    });
                }
            }
        }
    }
    keep(Play::Pass);
    keep(Play::Surrender);
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_legal_play_is_exactly_what_judging_each_play_finds_on_drawn_positions_1230_2_6_7() {
    for seed in 0..24 {
        let (pos, seats) = drawn(seed, 6);
        for &seat in &seats {
            let mut fast: Vec<String> = legal_plays(&pos, seat, &DEFINED)
                .iter()
                .map(ToString::to_string)
                .collect();
            fast.sort();
            fast.dedup();
            let slow = judged_one_by_one(&pos, seat);
            let only = |a: &[String], b: &[String]| -> Vec<String> {
                a.iter().filter(|x| !b.contains(x)).cloned().collect()
            };
            assert!(
                fast == slow,
                "seed {seed}, seat {seat}: only the fast way finds {:?}; only judging finds {:?}",
                only(&fast, &slow),
                only(&slow, &fast)
            );
        }
    }
}

/// Whether some sequence of the Tornado ends a segment on `target`, every sequence walked. A
/// friend there counts as reached when the Tornado would take it were it an opposing piece
/// (defence, Rule 1230.2 §5), which is how it is asked.
fn reaches_by_every_sequence(pos: &Position, m: &Mover, target: Square) -> bool {
    let mut asked = pos.clone();
    if let Some(p) = pos.at(target).filter(|p| p.owner == m.owner) {
        asked.set_owner(p.id, m.owner + 100);
    }
    tornado::chains(&asked, m)
        .iter()
        .any(|path| path.contains(&target))
}

#[test]
fn a_tornados_reach_is_what_walking_every_sequence_finds_on_drawn_positions_1230_19_4() {
    let mut reached = 0;
    for seed in 100..400 {
        let (mut pos, _) = drawn(seed, 9);
        // A Tornado somewhere, for the first Swinger.
        let Some(from) = Square::all().find(|s| pos.at(*s).is_none()) else {
            continue;
        };
        let id = pos.put(Tornado, 0, from);
        let m = Mover::of(&pos, pos.piece(id).unwrap()).unwrap();
        let mut targets = Vec::new();
        reach::targets(&pos, &m, &mut targets);
        for p in pos.on_board().filter(|p| p.id != id) {
            let at = p.at.unwrap();
            let slow = reaches_by_every_sequence(&pos, &m, at);
            assert_eq!(tornado::reaches(&pos, &m, at), slow, "seed {seed}, {at}");
            assert_eq!(
                targets.iter().any(|t| t.at == at),
                slow,
                "seed {seed}, {at}"
            );
            reached += usize::from(slow);
        }
    }
    assert!(
        reached > 50,
        "the drawn positions give the Tornado something to reach"
    );
}

#[test]
fn whether_a_piece_takes_one_square_is_what_its_whole_list_of_targets_says_1230_2_5() {
    let mut taken = 0;
    for seed in 400..520 {
        let (pos, _) = drawn(seed, 9);
        for p in pos.on_board() {
            let Some(m) = Mover::of(&pos, p) else {
                continue;
            };
            let mut targets = Vec::new();
            reach::targets(&pos, &m, &mut targets);
            for at in Square::all() {
                let listed = targets.iter().any(|t| t.at == at);
                assert_eq!(
                    reach::takes(&pos, &m, at),
                    listed,
                    "seed {seed}: the {:?} on {} and {at}",
                    p.kind,
                    m.from
                );
                taken += usize::from(listed);
            }
        }
    }
    assert!(
        taken > 200,
        "the drawn positions give pieces something to take"
    );
}
