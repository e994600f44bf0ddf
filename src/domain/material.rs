//! Ending a game by material when time runs out (Terms §I Act 5).
//!
//! Each side's score is the value of the opponent's pieces it captured: pawn 1, bishop and
//! knight 3, rook 5, queen 9. The higher total wins; equal totals are a draw.

use super::score::GameResult;

/// Why a list of captured pieces was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MaterialError {
    #[error("`{0}` is not a piece; write captured pieces as letters, for example \"q 2r 3p\" (q queen, r rook, b bishop, n knight, p pawn)")]
    Piece(String),
    #[error("{side} cannot have captured {count} {piece}s: a side starts with {most}, counting promotions")]
    TooMany {
        side: &'static str,
        piece: &'static str,
        count: u32,
        most: u32,
    },
    #[error("{side} cannot have captured {count} pieces: a side has 15 besides the king")]
    TooManyPieces { side: &'static str, count: u32 },
}

/// The pieces one side captured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Captured {
    pub queens: u32,
    pub rooks: u32,
    pub bishops: u32,
    pub knights: u32,
    pub pawns: u32,
}

impl Captured {
    /// Parses e.g. `"q 2r p p"`, `"QRPP"` or `"-"` (nothing captured).
    pub fn parse(side: &'static str, text: &str) -> Result<Self, MaterialError> {
        let mut c = Captured::default();
        let text = text.trim();
        if text.is_empty() || text == "-" || text.eq_ignore_ascii_case("none") {
            return Ok(c);
        }
        let mut count = String::new();
        for ch in text.chars() {
            if ch.is_ascii_digit() {
                count.push(ch);
                continue;
            }
            if ch.is_whitespace() || ch == ',' {
                if !count.is_empty() {
                    return Err(MaterialError::Piece(count));
                }
                continue;
            }
            let n: u32 = if count.is_empty() {
                1
            } else {
                count
                    .parse()
                    .map_err(|_| MaterialError::Piece(count.clone()))?
            };
            count.clear();
            match ch.to_ascii_lowercase() {
                'q' => c.queens += n,
                'r' => c.rooks += n,
                'b' => c.bishops += n,
                'n' => c.knights += n,
                'p' => c.pawns += n,
                other => return Err(MaterialError::Piece(other.to_string())),
            }
        }
        if !count.is_empty() {
            return Err(MaterialError::Piece(count));
        }
        c.check(side)?;
        Ok(c)
    }

    /// A side has 8 pawns, and each promotion turns a pawn into another piece.
    fn check(&self, side: &'static str) -> Result<(), MaterialError> {
        let promoted = self.queens.saturating_sub(1)
            + self.rooks.saturating_sub(2)
            + self.bishops.saturating_sub(2)
            + self.knights.saturating_sub(2);
        if self.pawns + promoted > 8 {
            return Err(MaterialError::TooMany {
                side,
                piece: "pawn",
                count: self.pawns,
                most: 8 - promoted.min(8),
            });
        }
        let total = self.queens + self.rooks + self.bishops + self.knights + self.pawns;
        if total > 15 {
            return Err(MaterialError::TooManyPieces { side, count: total });
        }
        Ok(())
    }

    /// The value of the captured pieces.
    pub fn points(&self) -> u32 {
        self.queens * 9 + self.rooks * 5 + (self.bishops + self.knights) * 3 + self.pawns
    }
}

/// Decides a game by material: White's captures against Black's.
pub fn decide(white_took: &Captured, black_took: &Captured) -> GameResult {
    match white_took.points().cmp(&black_took.points()) {
        std::cmp::Ordering::Greater => GameResult::White,
        std::cmp::Ordering::Less => GameResult::Black,
        std::cmp::Ordering::Equal => GameResult::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn took(text: &str) -> Captured {
        Captured::parse("White", text).unwrap()
    }

    #[test]
    fn pieces_are_valued_as_the_terms_say() {
        // Terms §I Act 5: pawns 1, bishops and knights 3, rooks 5, queen 9.
        assert_eq!(took("p").points(), 1);
        assert_eq!(took("b").points(), 3);
        assert_eq!(took("n").points(), 3);
        assert_eq!(took("r").points(), 5);
        assert_eq!(took("q").points(), 9);
        assert_eq!(took("q 2r 3p").points(), 22);
        assert_eq!(took("QRPP").points(), 16);
        assert_eq!(took("-").points(), 0);
    }

    #[test]
    fn the_higher_total_wins_and_equal_is_a_draw() {
        assert_eq!(decide(&took("r"), &took("b p")), GameResult::White);
        assert_eq!(decide(&took("b"), &took("n")), GameResult::Draw);
        assert_eq!(decide(&took("p"), &took("q")), GameResult::Black);
    }

    #[test]
    fn impossible_captures_are_refused() {
        assert!(matches!(
            Captured::parse("White", "9p"),
            Err(MaterialError::TooMany { .. })
        ));
        assert!(matches!(
            Captured::parse("White", "2q 8p"),
            Err(MaterialError::TooMany { .. })
        ));
        assert_eq!(
            Captured::parse("White", "x"),
            Err(MaterialError::Piece("x".into()))
        );
    }
}
