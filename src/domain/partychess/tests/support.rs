//! Building positions for the tests: `sq("e5")`, a position from a list of pieces, and the
//! squares a piece moves to or captures on, as names.

use super::super::board::Square;
use super::super::kind::Kind;
use super::super::position::{Position, Seat};
use super::super::reach::{self, Mover};

pub fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// A position from `(kind, owner, square)`.
pub fn position(pieces: &[(Kind, Seat, &str)]) -> Position {
    let mut p = Position::new();
    for (k, o, s) in pieces {
        p.put(*k, *o, sq(s));
    }
    p
}

fn mover(pos: &Position, at: &str) -> Option<Mover> {
    Mover::of(pos, pos.at(sq(at)).expect("a piece there"))
}

/// The empty squares the piece on `at` may move to, sorted by name.
pub fn moves(pos: &Position, at: &str) -> Vec<String> {
    let Some(m) = mover(pos, at) else {
        return vec![];
    };
    let mut v: Vec<String> = reach::moves(pos, &m)
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.sort();
    v
}

/// How many squares the piece on `at` may move to.
pub fn count(pos: &Position, at: &str) -> usize {
    moves(pos, at).len()
}

/// Whether the piece on `at` may move to `to`.
pub fn can_move(pos: &Position, at: &str, to: &str) -> bool {
    moves(pos, at).contains(&to.to_string())
}

/// The opposing pieces the piece on `at` could capture, sorted by name.
pub fn captures(pos: &Position, at: &str) -> Vec<String> {
    let Some(m) = mover(pos, at) else {
        return vec![];
    };
    let mut ts = Vec::new();
    reach::targets(pos, &m, &mut ts);
    let mut v: Vec<String> = ts
        .iter()
        .filter(|t| pos.at(t.at).is_some_and(|p| p.owner != m.owner))
        .map(|t| t.at.to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

pub fn names(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}
