//! Attack, defence and Check (Rule 1230.2 §5, §7): a piece attacks an opposing piece it could
//! capture were it its Swinger's turn; a Swinger is in Check when an opposing piece attacks eir
//! King.

use super::board::Square;
use super::kind::Kind;
use super::position::{Piece, Position, Seat};
use super::reach::{self, Mover};

/// How far a type's captures can reach at most, to skip pieces too far away to matter; `None`
/// where a chain, a bounce or a run to the edge reaches anywhere.
fn reach_bound(m: &Mover, target: Kind) -> Option<u8> {
    let plain = match (m.kind, m.echo) {
        (Kind::CopyCat, false) => {
            // It captures as the target captures (or, a CopyCat, by 3 or 5).
            return match target {
                Kind::CopyCat => Some(5),
                Kind::Echo | Kind::Qball | Kind::BouncyBall | Kind::Tornado | Kind::HarfyBlob => {
                    None
                }
                k => reach_bound(&Mover { kind: k, ..*m }, target),
            };
        }
        (Kind::King | Kind::Pawn, _) => 1,
        (Kind::Demon | Kind::Jester | Kind::Cantor, _) => 2,
        (Kind::Camel | Kind::Zombie, _) => 3,
        (Kind::CopyCat, true) => 5,
        (Kind::Archer, _) => 4,
        (Kind::Rook | Kind::Bishop, _) => 10,
        (Kind::Kamikaze, _) => 12,
        (Kind::HarfyBlob, _) => m.hn.max(1),
        (Kind::Tornado, true) => 2,
        (Kind::Echo | Kind::IlNabi, _) => 0,
        (Kind::Qball | Kind::BouncyBall | Kind::Tornado, _) => return None,
    };
    // A Cantor's neighbour also reaches 4 diagonally.
    Some(plain.max(4))
}

/// Whether piece `p` attacks (or, for a friend, defends) the piece on `target`.
pub fn reaches(pos: &Position, p: &Piece, target: Square) -> bool {
    let Some(m) = Mover::of(pos, p) else {
        return false;
    };
    let Some(t) = pos.at(target) else {
        return false;
    };
    if let Some(bound) = reach_bound(&m, t.kind) {
        if m.from.distance(target) > bound {
            return false;
        }
    }
    if m.kind == Kind::Tornado && !m.echo {
        return super::tornado::reaches(pos, &m, target);
    }
    if m.kind == Kind::CopyCat && !m.echo {
        if reach::copycat_takes(pos, &m, target).is_some() {
            return true;
        }
        // The Cantor's gift, which the CopyCat takes itself.
        if super::cantor::beside_cantor(pos, m.from) {
            return reach::takes(pos, &m, target);
        }
        return false;
    }
    reach::takes(pos, &m, target)
}

/// Whether any piece not `seat`'s attacks the piece on `sq`.
pub fn attacked(pos: &Position, seat: Seat, sq: Square) -> bool {
    pos.on_board()
        .filter(|p| p.owner != seat)
        .any(|p| reaches(pos, p, sq))
}

/// Whether a Swinger is in Check: eir King on the board and attacked (Rule 1230.2 §7).
pub fn in_check(pos: &Position, seat: Seat) -> bool {
    pos.king_of(seat).is_some_and(|k| attacked(pos, seat, k))
}

/// The Swingers in Check, in seat order.
pub fn checked(pos: &Position, seats: &[Seat]) -> Vec<Seat> {
    seats
        .iter()
        .copied()
        .filter(|s| in_check(pos, *s))
        .collect()
}

/// Whether a piece attacks at least one opposing piece (Rule 1230.2 §5).
pub fn attacks_any(pos: &Position, p: &Piece) -> bool {
    count(pos, p, false) > 0
}

/// Whether a piece defends at least one friendly piece (Rule 1230.2 §5).
pub fn defends_any(pos: &Position, p: &Piece) -> bool {
    count(pos, p, true) > 0
}

fn count(pos: &Position, p: &Piece, friends: bool) -> usize {
    let Some(m) = Mover::of(pos, p) else { return 0 };
    let mut ts = Vec::new();
    reach::targets(pos, &m, &mut ts);
    ts.iter()
        .filter(|t| {
            pos.at(t.at)
                .is_some_and(|q| (q.owner == p.owner) == friends)
        })
        .count()
}
