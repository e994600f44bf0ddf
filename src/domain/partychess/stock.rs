//! The Swingers' pieces as property: the starting choice of five pieces worth at most 30 and a
//! King (Rule 1230.2 §2.B), a new piece's cost (Rule 1230.1 §2.D), pieces of a type no longer
//! defined moved off-board (§3.E), and instance limits enforced, off-board pieces first (§3.G).

use super::kind::Kind;
use super::position::{Position, Seat};
use super::random::Draw;

/// The pieces besides the King each Swinger chooses at the start (Rule 1230.2 §2.B).
pub const START_PIECES: usize = 5;
/// The most their material values may add up to.
pub const START_VALUE_MAX: u32 = 30;

/// A new piece's cost in A$: 1 plus 7 times its material value (Rule 1230.1 §2.D).
pub fn cost(kind: Kind) -> u32 {
    1 + 7 * kind.value()
}

/// Why a starting choice was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("Choose exactly {START_PIECES} pieces by their characters, such as \"R C B p p\"; you gave {0} (Rule 1230.2 §2.B).")]
    Count(usize),
    #[error("“{0}” is the character of no piece defined by a PartyChessPieceDef rule now (Rule 1230.2 §2.B). `/partychess pieces` lists them.")]
    Unknown(String),
    #[error("Those pieces are worth {0} together; the five may be worth at most {START_VALUE_MAX} (Rule 1230.2 §2.B).")]
    TooValuable(u32),
    #[error("A Swinger may control at most {limit} {kind} (Rule 1230.1 §3.G); each Swinger already receives a King.")]
    Limit { kind: Kind, limit: usize },
}

/// Reads a choice such as "R C B p p" (characters, case not counting, Rule 1230.1 §3.A(v)).
pub fn choose(text: &str, defined: &[Kind]) -> Result<Vec<Kind>, ChoiceError> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != START_PIECES {
        return Err(ChoiceError::Count(words.len()));
    }
    let mut kinds = Vec::new();
    for w in words {
        let mut chars = w.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => Kind::by_letter(c, defined),
            _ => defined
                .iter()
                .copied()
                .find(|k| k.name().eq_ignore_ascii_case(w)),
        };
        kinds.push(kind.ok_or_else(|| ChoiceError::Unknown(w.to_owned()))?);
    }
    let total: u32 = kinds.iter().map(|k| k.value()).sum();
    if total > START_VALUE_MAX {
        return Err(ChoiceError::TooValuable(total));
    }
    for k in Kind::ALL {
        if let Some(limit) = k.instance_limit() {
            let n = kinds.iter().filter(|x| **x == k).count() + usize::from(k == Kind::King);
            if n > limit {
                return Err(ChoiceError::Limit { kind: k, limit });
            }
        }
    }
    Ok(kinds)
}

/// What enforcing the rules on the stock did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StockChange {
    /// Moved off-board, keeping its owner: its type is no longer defined (§3.E).
    OffBoard { id: u32, kind: Kind, owner: Seat },
    /// Destroyed as excess over the instance limit (§3.G).
    Destroyed {
        id: u32,
        kind: Kind,
        owner: Seat,
        was_on_board: bool,
    },
}

/// Moves off-board every on-board piece of a type no PartyChessPieceDef rule defines (§3.E).
/// An Echo copying such a type has no move any more: the piece it copied has none
/// (Rule 1230.10 §2.b).
pub fn undefined_off_board(pos: &mut Position, defined: &[Kind]) -> Vec<StockChange> {
    pos.last.retain(|_, copied| defined.contains(&copied.kind));
    let stray: Vec<_> = pos
        .on_board()
        .filter(|p| !defined.contains(&p.kind))
        .map(|p| (p.id, p.kind, p.owner))
        .collect();
    stray
        .into_iter()
        .map(|(id, kind, owner)| {
            pos.set_square(id, None);
            StockChange::OffBoard { id, kind, owner }
        })
        .collect()
}

/// Destroys each Swinger's pieces in excess of an instance limit, off-board ones first; among
/// equals, by a draw from the seed (§3.G: the Chess-Umpire's random determination).
pub fn enforce_limits(pos: &mut Position, seed: u64) -> Vec<StockChange> {
    let mut draw = Draw::new(seed);
    let mut out = Vec::new();
    let mut owners: Vec<Seat> = pos.pieces().iter().map(|p| p.owner).collect();
    owners.sort_unstable();
    owners.dedup();
    for owner in owners {
        for kind in Kind::ALL {
            let Some(limit) = kind.instance_limit() else {
                continue;
            };
            loop {
                let mine: Vec<_> = pos
                    .of(owner)
                    .filter(|p| p.kind == kind)
                    .map(|p| (p.id, p.at.is_some()))
                    .collect();
                if mine.len() <= limit {
                    break;
                }
                let off: Vec<u32> = mine
                    .iter()
                    .filter(|(_, on)| !on)
                    .map(|(id, _)| *id)
                    .collect();
                let pool: Vec<u32> = if off.is_empty() {
                    mine.iter().map(|(id, _)| *id).collect()
                } else {
                    off
                };
                let id = if pool.len() == 1 {
                    pool[0]
                } else {
                    pool[draw.below(pool.len())]
                };
                let was_on_board = pos.piece(id).is_some_and(|p| p.at.is_some());
                pos.destroy(id);
                out.push(StockChange::Destroyed {
                    id,
                    kind,
                    owner,
                    was_on_board,
                });
            }
        }
    }
    out
}
