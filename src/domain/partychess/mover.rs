//! A piece as it moves on one play (an Echo as the type it copies) and a piece it could take.

use super::board::Square;
use super::kind::Kind;
use super::position::{Piece, Position, Seat};

/// A piece as it moves on this play: an Echo takes the type it copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mover {
    pub id: u32,
    /// The type whose moves it makes.
    pub kind: Kind,
    pub hn: u8,
    pub from: Square,
    pub owner: Seat,
    /// An Echo moving as another type: it captures only by Rule 1230.1 §4 (onto a square it
    /// could otherwise move to), and none of the copied type's own capture rules or effects.
    pub echo: bool,
}

impl Mover {
    /// The piece as it moves now, if it is on the board and has moves at all (an Echo whose
    /// Swinger last Passed or Placed has none, Rule 1230.10 §2.a).
    pub fn of(pos: &Position, p: &Piece) -> Option<Mover> {
        let from = p.at?;
        if p.kind == Kind::Echo {
            let copied = pos.last.get(&p.owner)?;
            return Some(Mover {
                id: p.id,
                kind: copied.kind,
                hn: copied.hn,
                from,
                owner: p.owner,
                echo: true,
            });
        }
        Some(Mover {
            id: p.id,
            kind: p.kind,
            hn: p.hn,
            from,
            owner: p.owner,
            echo: false,
        })
    }
}

/// One piece the mover could take: the square it stands on, and whether the mover lands there
/// (an Archer shoots from where it stands, Rule 1230.15 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub at: Square,
    pub lands: bool,
}
