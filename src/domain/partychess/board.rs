//! The Party Board (Rule 1230.1 §1, §5, §6): twenty columns a–t and twenty rows 1–20, row 1 at
//! the bottom; squares named letter then number; the eight directions and the distance.

use std::fmt;

/// The number of columns and of rows (Rule 1230.1 §1).
pub const SIZE: u8 = 20;

/// A square of the Party Board: column 0 is a, row 0 is 1.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "String", try_from = "String")]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

/// Why a square's name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("“{0}” is not a square of the Party Board: write a column a–t and a row 1–20, such as e5 or t20 (Rule 1230.1 §1).")]
pub struct SquareError(pub String);

impl Square {
    /// The square at a 0-based column and row, if on the board.
    #[inline]
    pub fn at(col: i16, row: i16) -> Option<Square> {
        let n = i16::from(SIZE);
        ((0..n).contains(&col) && (0..n).contains(&row)).then_some(Square {
            col: col as u8,
            row: row as u8,
        })
    }

    /// Reads `e5`, `T20` (the letter precedes the integer, Rule 1230.1 §1).
    pub fn parse(text: &str) -> Result<Square, SquareError> {
        let t = text.trim();
        let refuse = || SquareError(t.to_owned());
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(refuse)?.to_ascii_lowercase();
        if !('a'..='t').contains(&letter) {
            return Err(refuse());
        }
        let rest = chars.as_str();
        if rest.is_empty() || rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(refuse());
        }
        let row: u8 = rest.parse().map_err(|_| refuse())?;
        if !(1..=SIZE).contains(&row) {
            return Err(refuse());
        }
        Ok(Square {
            col: letter as u8 - b'a',
            row: row - 1,
        })
    }

    /// The index of this square in a row-major array of 400.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.row) * usize::from(SIZE) + usize::from(self.col)
    }

    /// The square at an index of a row-major array of 400.
    pub fn from_index(i: usize) -> Square {
        Square {
            col: (i % usize::from(SIZE)) as u8,
            row: (i / usize::from(SIZE)) as u8,
        }
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..usize::from(SIZE) * usize::from(SIZE)).map(Square::from_index)
    }

    /// SQn (Rule 1230.1 §6.C): the square `n` squares away in `dir`, if on the board.
    #[inline]
    pub fn step(self, dir: Dir, n: i16) -> Option<Square> {
        Square::at(
            i16::from(self.col) + i16::from(dir.dc) * n,
            i16::from(self.row) + i16::from(dir.dr) * n,
        )
    }

    /// The distance between two squares: the greater of the rows' and the columns' differences
    /// (Rule 1230.1 §6.F).
    pub fn distance(self, other: Square) -> u8 {
        self.col
            .abs_diff(other.col)
            .max(self.row.abs_diff(other.row))
    }

    /// Whether this square lies on the board's edge: row 1 or 20, column a or t.
    pub fn on_edge(self) -> bool {
        self.col == 0 || self.row == 0 || self.col == SIZE - 1 || self.row == SIZE - 1
    }

    /// Whether this square is a corner: a1, a20, t1 or t20.
    pub fn is_corner(self) -> bool {
        (self.col == 0 || self.col == SIZE - 1) && (self.row == 0 || self.row == SIZE - 1)
    }

    /// The column's letter.
    pub fn letter(self) -> char {
        char::from(b'a' + self.col)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.row + 1)
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Square {
    type Error = SquareError;
    fn try_from(s: String) -> Result<Square, SquareError> {
        Square::parse(&s)
    }
}

/// One of the eight directions (Rule 1230.1 §5): a step of -1, 0 or 1 in columns and rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dir {
    pub dc: i8,
    pub dr: i8,
}

const fn dir(dc: i8, dr: i8) -> Dir {
    Dir { dc, dr }
}

/// The two horizontal and two vertical directions (Rule 1230.1 §5.A, §5.B).
pub const ORTHOGONAL: [Dir; 4] = [dir(1, 0), dir(-1, 0), dir(0, 1), dir(0, -1)];
/// The four diagonal directions (Rule 1230.1 §5.C).
pub const DIAGONAL: [Dir; 4] = [dir(1, 1), dir(1, -1), dir(-1, 1), dir(-1, -1)];
/// All eight.
pub const ALL: [Dir; 8] = [
    dir(1, 0),
    dir(-1, 0),
    dir(0, 1),
    dir(0, -1),
    dir(1, 1),
    dir(1, -1),
    dir(-1, 1),
    dir(-1, -1),
];

impl Dir {
    /// The two directions at a right angle to this one.
    pub fn perpendicular(self) -> [Dir; 2] {
        [dir(-self.dr, self.dc), dir(self.dr, -self.dc)]
    }

    /// Whether this direction is diagonal.
    pub fn is_diagonal(self) -> bool {
        self.dc != 0 && self.dr != 0
    }

    /// The direction and distance from one square to another along one of the eight
    /// directions, if they lie on one.
    pub fn between(from: Square, to: Square) -> Option<(Dir, u8)> {
        let dc = i16::from(to.col) - i16::from(from.col);
        let dr = i16::from(to.row) - i16::from(from.row);
        if (dc == 0 && dr == 0) || (dc != 0 && dr != 0 && dc.abs() != dr.abs()) {
            return None;
        }
        Some((
            dir(dc.signum() as i8, dr.signum() as i8),
            dc.abs().max(dr.abs()) as u8,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_its_letter_then_its_row_with_row_1_at_the_bottom_1230_1() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!((a1.col, a1.row), (0, 0));
        let t20 = Square::parse("T20").unwrap();
        assert_eq!((t20.col, t20.row), (19, 19));
        assert_eq!(t20.to_string(), "t20");
        assert!(Square::parse("u1").is_err());
        assert!(Square::parse("a21").is_err());
        assert!(Square::parse("a0").is_err());
        assert!(Square::parse("5e").is_err());
    }

    #[test]
    fn distance_is_the_greater_of_the_row_and_column_differences_1230_1_6f() {
        let d = |a: &str, b: &str| {
            Square::parse(a)
                .unwrap()
                .distance(Square::parse(b).unwrap())
        };
        assert_eq!(d("a1", "c2"), 2);
        assert_eq!(d("e5", "e15"), 10);
        assert_eq!(d("a1", "t20"), 19);
    }

    #[test]
    fn sqn_leaves_the_board_at_its_edge_1230_1_6c() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.step(dir(1, 1), 3), Some(Square::parse("d4").unwrap()));
        assert_eq!(a1.step(dir(-1, 0), 1), None);
        assert!(a1.is_corner());
        assert!(Square::parse("a7").unwrap().on_edge());
    }
}
