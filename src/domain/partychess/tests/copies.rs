//! What an Echo copies (Rule 1230.10 §2) when the copied type's rule is repealed, and when it
//! copies a Qball's run to a corner.

use super::support::*;
use crate::domain::partychess::kind::Kind::{self, *};
use crate::domain::partychess::play::{apply, Play};
use crate::domain::partychess::stock::undefined_off_board;

#[test]
fn an_echo_copying_a_type_whose_rule_is_repealed_has_no_move_1230_10_2b_1230_1_3e() {
    let mut pos = position(&[(Echo, 0, "e5"), (Rook, 0, "a1")]);
    apply(
        &mut pos,
        0,
        &Play::Move {
            from: sq("a1"),
            to: sq("a3"),
            promote: None,
            demons: Vec::new(),
        },
    );
    assert!(can_move(&pos, "e5", "e15"), "a Rook's move");
    // The Rook's rule is repealed: the Rook goes off-board, and the move the Echo copied is
    // no legal move of anything now.
    let defined: Vec<Kind> = Kind::ALL.into_iter().filter(|k| *k != Rook).collect();
    undefined_off_board(&mut pos, &defined);
    assert!(pos.at(sq("a3")).is_none());
    assert!(moves(&pos, "e5").is_empty());
}

#[test]
fn an_echo_copying_a_qball_into_a_corner_stays_there_the_scratch_is_the_qballs_1230_13_3c() {
    let mut pos = position(&[(Echo, 0, "c3"), (Qball, 0, "k10")]);
    apply(
        &mut pos,
        0,
        &Play::Move {
            from: sq("k10"),
            to: sq("m12"),
            promote: None,
            demons: Vec::new(),
        },
    );
    // The Echo runs diagonally from c3 to the corner a1, as the Qball's part (a) does.
    apply(
        &mut pos,
        0,
        &Play::Move {
            from: sq("c3"),
            to: sq("a1"),
            promote: None,
            demons: Vec::new(),
        },
    );
    assert_eq!(pos.at(sq("a1")).map(|p| p.kind), Some(Echo));
}
