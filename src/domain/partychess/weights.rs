//! The Swingers' Weights (Rule 1230.3), with the working: the material on the board, each
//! piece's Mobility, 5 for each piece attacking and 4 for each defending. Mobility can be half a
//! move, so Weights are kept in halves.

use std::fmt;

use super::board::Square;
use super::check;
use super::generate::{legal_moves, Guard};
use super::kind::Kind;
use super::position::{Piece, Position, Seat};

/// One piece's part of its Swinger's Weight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceWeight {
    pub kind: Kind,
    /// A HarfyBlob's Hn (Rule 1230.14); 1 for every other piece.
    pub hn: u8,
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

/// Where a Swinger's King is, which decides whether e has a Weight (Rule 1230.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum King {
    OnBoard,
    OffBoard,
    /// The Swinger controls no King: captured and destroyed as over its captor's instance limit
    /// (Rule 1230.1 §3.G), or not yet received (Rule 1230.2 §2.B).
    None,
}

/// A Swinger's Weight and its working.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weight {
    pub seat: Seat,
    /// Weight is 0 unless the King is on the board.
    pub king: King,
    /// Whether the Swinger controls any piece, on the board or off it.
    pub controls_pieces: bool,
    /// The pieces on the board.
    pub pieces: Vec<PieceWeight>,
}

impl Weight {
    /// The Weight, in halves.
    pub fn total_x2(&self) -> u32 {
        if self.king == King::OnBoard {
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
        match self.king {
            King::OnBoard => {}
            King::OffBoard => return f.write_str("0 (the King is off-board)"),
            King::None if !self.controls_pieces => return f.write_str("0 (e controls no King)"),
            King::None => return f.write_str(
                "0 (no King: it was captured and destroyed, as over its captor's limit of one King, Rule 1230.1 §3.G)",
            ),
        }
        write!(f, "{}", halves(self.total_x2()))?;
        for p in &self.pieces {
            write!(
                f,
                "\n  {}{} {}: value {} + Mobility {} ({}){}{}",
                p.kind.letter(),
                if p.kind == Kind::HarfyBlob {
                    format!("(Hn{})", p.hn)
                } else {
                    String::new()
                },
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

/// Mobility (Rule 1230.3), in halves, and why: from the legal moves the piece has now without
/// capturing ("the number of legal moves currently available to it"), a move that would leave
/// its Swinger's King attacked not being legal (Rule 1230.2 §7), each move's distance (Rule
/// 1230.1 §6.F). When its shortest move is longer than 1 and its longest at most 2 longer, half
/// the number of those moves; otherwise its longest move.
pub fn mobility(
    pos: &Position,
    scratch: &mut Position,
    guard: &Guard,
    p: &Piece,
    defined: &[Kind],
) -> (u32, String) {
    let Some(from) = p.at else {
        return (0, "no moves".into());
    };
    let tos = legal_moves(pos, scratch, guard, p, defined);
    let dists: Vec<u32> = tos.iter().map(|t| u32::from(from.distance(*t))).collect();
    let (Some(min), Some(max)) = (dists.iter().min(), dists.iter().max()) else {
        return (0, "no legal moves".into());
    };
    if *min > 1 && max - min <= 2 {
        (
            dists.len() as u32,
            format!("half of {} legal moves", dists.len()),
        )
    } else {
        (2 * max, format!("its longest legal move, {max}"))
    }
}

/// Every Swinger's Weight, with `defined` the types defined by PartyChessPieceDef rules now.
pub fn weights(pos: &Position, seats: &[Seat], defined: &[Kind]) -> Vec<Weight> {
    seats.iter().map(|s| weight(pos, *s, defined)).collect()
}

/// One Swinger's Weight.
pub fn weight(pos: &Position, seat: Seat, defined: &[Kind]) -> Weight {
    let guard = Guard::new(pos, seat);
    let mut scratch = pos.clone();
    let pieces = pos
        .of(seat)
        .filter_map(|p| {
            let at = p.at?;
            let (mobility_x2, mobility_why) = mobility(pos, &mut scratch, &guard, p, defined);
            Some(PieceWeight {
                kind: p.kind,
                hn: p.hn,
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
        king: if pos.king_of(seat).is_some() {
            King::OnBoard
        } else if pos.of(seat).any(|p| p.kind == Kind::King) {
            King::OffBoard
        } else {
            King::None
        },
        controls_pieces: pos.of(seat).next().is_some(),
        pieces,
    }
}
