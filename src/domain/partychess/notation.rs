//! The movement notation: a small declarative description of the ordinary pieces' moves, a list
//! of reaches each a leaper (`leap 3,1`) or a rider (`orth 1-10`, `diag 1-2 skip`, `any 2`).
//! A rider moves along one direction between its least and greatest distance; without `skip`
//! every square between must be empty (Rule 1230.1 §3.D). A leaper jumps to its offsets in any
//! orientation, skipping whatever lies between.

use std::fmt;

use super::board::{Dir, Square, ALL, DIAGONAL, ORTHOGONAL};
use super::position::Position;

/// Which directions a rider takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// Horizontal and vertical.
    Orth,
    /// The four diagonals.
    Diag,
    /// All eight.
    Any,
}

impl Lines {
    pub fn dirs(self) -> &'static [Dir] {
        match self {
            Lines::Orth => &ORTHOGONAL,
            Lines::Diag => &DIAGONAL,
            Lines::Any => &ALL,
        }
    }
}

/// One way a piece reaches a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// `a` squares one way and `b` the other, in any orientation, over whatever lies between.
    Leap { a: u8, b: u8 },
    /// Along one direction of `lines`, `min` to `max` squares; `skip` lets it pass over pieces.
    Ride {
        lines: Lines,
        min: u8,
        max: u8,
        skip: bool,
    },
}

/// A rider without skipping.
pub const fn ride(lines: Lines, min: u8, max: u8) -> Reach {
    Reach::Ride {
        lines,
        min,
        max,
        skip: false,
    }
}

/// A rider that passes over pieces.
pub const fn ride_skip(lines: Lines, min: u8, max: u8) -> Reach {
    Reach::Ride {
        lines,
        min,
        max,
        skip: true,
    }
}

impl Reach {
    /// Calls `f` with each square this reach gets to from `from` on `pos`: where the way there
    /// is open, whether or not the square itself is occupied (a move needs it empty, a capture
    /// an opposing piece on it).
    pub fn each(self, pos: &Position, from: Square, f: &mut dyn FnMut(Square)) {
        match self {
            Reach::Leap { a, b } => {
                let (a, b) = (i16::from(a), i16::from(b));
                let mut offsets = [
                    (a, b),
                    (a, -b),
                    (-a, b),
                    (-a, -b),
                    (b, a),
                    (b, -a),
                    (-b, a),
                    (-b, -a),
                ];
                offsets.sort_unstable();
                for (i, &(dc, dr)) in offsets.iter().enumerate() {
                    // A leap with a zero or two equal legs names some squares twice.
                    if i > 0 && offsets[i - 1] == (dc, dr) {
                        continue;
                    }
                    if let Some(to) = Square::at(i16::from(from.col) + dc, i16::from(from.row) + dr)
                    {
                        f(to);
                    }
                }
            }
            Reach::Ride {
                lines,
                min,
                max,
                skip,
            } => {
                for &d in lines.dirs() {
                    for n in 1..=i16::from(max) {
                        let Some(to) = from.step(d, n) else { break };
                        if n >= i16::from(min) {
                            f(to);
                        }
                        if !skip && pos.at(to).is_some() {
                            break;
                        }
                    }
                }
            }
        }
    }
}

impl Reach {
    /// Whether this reach gets to `target` from `from` (`each`, asked of one square): only the
    /// squares between them are looked at.
    pub fn hits(self, pos: &Position, from: Square, target: Square) -> bool {
        match self {
            Reach::Leap { a, b } => {
                let offset = (from.col.abs_diff(target.col), from.row.abs_diff(target.row));
                offset == (a, b) || offset == (b, a)
            }
            Reach::Ride {
                lines,
                min,
                max,
                skip,
            } => {
                let Some((d, n)) = Dir::between(from, target) else {
                    return false;
                };
                lines.dirs().contains(&d)
                    && (min..=max).contains(&n)
                    && (skip
                        || (1..i16::from(n))
                            .all(|k| from.step(d, k).is_some_and(|s| pos.at(s).is_none())))
            }
        }
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reach::Leap { a, b } => write!(f, "leap {a},{b}"),
            Reach::Ride {
                lines,
                min,
                max,
                skip,
            } => {
                let lines = match lines {
                    Lines::Orth => "orth",
                    Lines::Diag => "diag",
                    Lines::Any => "any",
                };
                if min == max {
                    write!(f, "{lines} {min}")?;
                } else {
                    write!(f, "{lines} {min}-{max}")?;
                }
                if skip {
                    f.write_str(" skip")?;
                }
                Ok(())
            }
        }
    }
}

/// A list of reaches written `a + b`.
pub fn write(reaches: &[Reach]) -> String {
    reaches
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}
