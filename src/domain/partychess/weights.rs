//! The Swingers' Weights (Rule 1230.3), with the working: the material on the board, each
//! piece's Mobility, 5 for each piece attacking and 4 for each defending. Mobility can be half a
//! move, so Weights are kept in halves.

use std::fmt;

use super::board::Square;
use super::check;
use super::kind::Kind;
use super::position::{Position, Seat};
use super::reach::{self, Mover};

/// One piece's part of its Swinger's Weight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceWeight {
    pub kind: Kind,
    pub at: Square,
    pub value: u32,
    /// Mobility, in halves.
    pub mobility_x2: u32,
    /// How it was found: "half of 8 moves" or "its longest move, 10".
    pub mobility_why: String,
    pub attacks: bool,
    pub defends: bool,
}

impl PieceWeight {
    /// This piece's share, in halves.
    pub fn total_x2(&self) -> u32 {
        2 * self.value
            + self.mobility_x2
            + if self.attacks { 10 } else { 0 }
            + if self.defends { 8 } else { 0 }
    }
}

/// A Swinger's Weight and its working.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weight {
    pub seat: Seat,
    /// Weight is 0 while the King is off-board.
    pub king_on_board: bool,
    pub pieces: Vec<PieceWeight>,
}

impl Weight {
    /// The Weight, in halves.
    pub fn total_x2(&self) -> u32 {
        if self.king_on_board {
            self.pieces.iter().map(PieceWeight::total_x2).sum()
        } else {
            0
        }
    }
}

/// A number of halves written as a number: 25 → "12.5".
pub fn halves(x2: u32) -> String {
    if x2.is_multiple_of(2) {
        (x2 / 2).to_string()
    } else {
        format!("{}.5", x2 / 2)
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.king_on_board {
            return f.write_str("0 (the King is off-board)");
        }
        write!(f, "{}", halves(self.total_x2()))?;
        for p in &self.pieces {
            write!(
                f,
                "\n  {} {}: value {} + Mobility {} ({}){}{}",
                p.kind.letter(),
                p.at,
                p.value,
                halves(p.mobility_x2),
                p.mobility_why,
                if p.attacks { " + 5 attacking" } else { "" },
                if p.defends { " + 4 defending" } else { "" },
            )?;
        }
        Ok(())
    }
}

/// Mobility (Rule 1230.3), in halves, and why: from the moves it has now without capturing,
/// each's distance (Rule 1230.1 §6.F). When its shortest move is longer than 1 and its longest
/// at most 2 longer, half the number of those moves; otherwise its longest move.
pub fn mobility(pos: &Position, m: &Mover) -> (u32, String) {
    let mut tos: Vec<Square> = reach::moves(pos, m).iter().collect();
    if m.kind == Kind::Qball {
        reach::qball(pos, m.from, &mut |_| {}, &mut |c| tos.push(c));
    }
    let dists: Vec<u32> = tos.iter().map(|t| u32::from(m.from.distance(*t))).collect();
    let (Some(min), Some(max)) = (dists.iter().min(), dists.iter().max()) else {
        return (0, "no moves".into());
    };
    if *min > 1 && max - min <= 2 {
        (dists.len() as u32, format!("half of {} moves", dists.len()))
    } else {
        (2 * max, format!("its longest move, {max}"))
    }
}

/// Every Swinger's Weight.
pub fn weights(pos: &Position, seats: &[Seat]) -> Vec<Weight> {
    seats.iter().map(|s| weight(pos, *s)).collect()
}

/// One Swinger's Weight.
pub fn weight(pos: &Position, seat: Seat) -> Weight {
    let pieces = pos
        .of(seat)
        .filter_map(|p| {
            let at = p.at?;
            let (mobility_x2, mobility_why) = match Mover::of(pos, p) {
                Some(m) => mobility(pos, &m),
                None => (0, "no moves".into()),
            };
            Some(PieceWeight {
                kind: p.kind,
                at,
                value: p.kind.value(),
                mobility_x2,
                mobility_why,
                attacks: check::attacks_any(pos, p),
                defends: check::defends_any(pos, p),
            })
        })
        .collect();
    Weight {
        seat,
        king_on_board: pos.king_of(seat).is_some(),
        pieces,
    }
}
