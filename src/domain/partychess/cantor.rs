//! The Cantor's gift (Rule 1230.20): a piece at distance 1 from a Cantor, whoever's, may also
//! move or capture by moving up to 4 squares diagonally over pieces; a piece's own rule defers
//! to it (Rule 1230.1 §3.F).

use super::board::{Square, ALL};
use super::kind::Kind;
use super::notation::{ride_skip, Lines, Reach};
use super::position::{Position, Seat};

/// The gift's reach: `diag 1-4 skip`.
pub const GIFT: Reach = ride_skip(Lines::Diag, 1, 4);

/// Whether a Cantor stands at distance 1 from `sq`.
pub fn beside_cantor(pos: &Position, sq: Square) -> bool {
    ALL.iter().any(|&d| {
        sq.step(d, 1)
            .and_then(|s| pos.at(s))
            .is_some_and(|p| p.kind == Kind::Cantor)
    })
}

/// The squares of the opposing pieces the piece of `owner` on `from` could take by the gift.
pub fn captures(pos: &Position, from: Square, owner: Seat) -> Vec<Square> {
    let mut out = Vec::new();
    if beside_cantor(pos, from) {
        GIFT.each(pos, from, &mut |s| {
            if pos.at(s).is_some_and(|p| p.owner != owner) {
                out.push(s);
            }
        });
    }
    out
}

/// Whether the piece on `from` could take the piece on `target` by the gift (whoever's: a
/// friend there is defended, Rule 1230.2 §5).
pub fn takes(pos: &Position, from: Square, target: Square) -> bool {
    target != from
        && pos.at(target).is_some()
        && beside_cantor(pos, from)
        && GIFT.hits(pos, from, target)
}
