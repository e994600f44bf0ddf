//! Ending a game by material when time runs out (Terms §I Act 5).
//!
//! Each side's score is the value of the opponent's pieces it captured: pawn 1, bishop and
//! knight 3, rook 5, queen 9. The higher total wins; equal totals are a draw.

use crate::domain::leaderboard::score::GameResult;

/// Why a list of captured pieces was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MaterialError {
    #[error("`{0}` is not a piece; write captured pieces as letters, for example \"q 2r 3p\" (q queen, r rook, b bishop, n knight, p pawn) (Terms §I Act 5)")]
    Piece(String),
    #[error("{side} cannot have captured {count} {piece}: the opponent never has more than {most}, even with promotions (Terms §I Act 5)")]
    TooMany {
        side: &'static str,
        piece: &'static str,
        count: u32,
        most: u32,
    },
    #[error("{side} cannot have captured {pawns} pawn(s) and {promoted} promoted piece(s): the opponent has 8 pawns, and every promoted piece was one of them (Terms §I Act 5)")]
    TooManyPawns {
        side: &'static str,
        pawns: u32,
        promoted: u32,
    },
    #[error("{side} cannot have captured {count} pieces: the opponent has 15 besides the king (Terms §I Act 5)")]
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
    /// Parses e.g. `"q 2r p p"`, `"QRPP"` or `"-"` (nothing captured). `side` names who took
    /// the pieces, for refusals.
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
            // Saturating: an absurd count is refused by `check`, never overflows.
            let slot = match ch.to_ascii_lowercase() {
                'q' => &mut c.queens,
                'r' => &mut c.rooks,
                'b' => &mut c.bishops,
                'n' => &mut c.knights,
                'p' => &mut c.pawns,
                other => return Err(MaterialError::Piece(other.to_string())),
            };
            *slot = slot.saturating_add(n);
        }
        if !count.is_empty() {
            return Err(MaterialError::Piece(count));
        }
        c.check(side)?;
        Ok(c)
    }

    /// The opponent starts with 1 queen, 2 rooks, 2 bishops, 2 knights and 8 pawns, and each
    /// promotion turns one of those pawns into another piece.
    fn check(&self, side: &'static str) -> Result<(), MaterialError> {
        let limits = [
            ("queens", self.queens, 1),
            ("rooks", self.rooks, 2),
            ("bishops", self.bishops, 2),
            ("knights", self.knights, 2),
            ("pawns", self.pawns, 0),
        ];
        for (piece, count, start) in limits {
            let most = start + 8;
            if count > most {
                return Err(MaterialError::TooMany {
                    side,
                    piece,
                    count,
                    most,
                });
            }
        }
        // Every count is now small, so the sums below cannot overflow.
        let promoted = self.queens.saturating_sub(1)
            + self.rooks.saturating_sub(2)
            + self.bishops.saturating_sub(2)
            + self.knights.saturating_sub(2);
        if self.pawns + promoted > 8 {
            return Err(MaterialError::TooManyPawns {
                side,
                pawns: self.pawns,
                promoted,
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
            Err(MaterialError::TooMany {
                count: 9,
                most: 8,
                ..
            })
        ));
        // A second queen is a promoted pawn, so at most 7 pawns can also have been taken.
        assert_eq!(
            Captured::parse("White", "2q 8p"),
            Err(MaterialError::TooManyPawns {
                side: "White",
                pawns: 8,
                promoted: 1
            })
        );
        assert_eq!(
            Captured::parse("White", "x"),
            Err(MaterialError::Piece("x".into()))
        );
        // The king is never captured.
        assert_eq!(
            Captured::parse("Black", "k"),
            Err(MaterialError::Piece("k".into()))
        );
        assert_eq!(
            Captured::parse("White", "2 r"),
            Err(MaterialError::Piece("2".into()))
        );
        assert_eq!(
            Captured::parse("White", "q 3"),
            Err(MaterialError::Piece("3".into()))
        );
    }

    #[test]
    fn a_full_set_with_every_pawn_promoted_is_the_most_there_can_be() {
        // All eight pawns promoted to queens: 9 queens, nothing else.
        assert_eq!(took("9q").points(), 81);
        assert_eq!(took("q 2r 2b 2n 8p").points(), 39);
        assert_eq!(took("2q 2r 2b 2n 7p").points(), 47);
        assert!(matches!(
            Captured::parse("White", "10q"),
            Err(MaterialError::TooMany {
                piece: "queens",
                count: 10,
                most: 9,
                ..
            })
        ));
        // Four extra queens and three extra rooks are seven promoted pawns...
        assert_eq!(took("5q 5r").points(), 70);
        assert_eq!(took("5q 5r p").points(), 71);
        // ...so only one pawn is left to have been captured as a pawn.
        assert!(matches!(
            Captured::parse("White", "5q 5r 2p"),
            Err(MaterialError::TooManyPawns {
                pawns: 2,
                promoted: 7,
                ..
            })
        ));
    }

    #[test]
    fn absurd_counts_are_refused_not_overflowed() {
        for text in [
            "4000000000q 4000000000q",
            "4294967295p 4294967295p",
            "99999999999r",
        ] {
            assert!(Captured::parse("White", text).is_err(), "{text}");
        }
    }

    #[test]
    fn refusals_name_the_act() {
        for text in ["9p", "2q 8p", "x", "10q"] {
            let e = Captured::parse("White", text).unwrap_err().to_string();
            assert!(e.contains("Terms §I Act 5"), "{e}");
        }
        assert_eq!(
            Captured::parse("White", "2q 8p").unwrap_err().to_string(),
            "White cannot have captured 8 pawn(s) and 1 promoted piece(s): the opponent has 8 pawns, and every promoted piece was one of them (Terms §I Act 5)"
        );
    }

    #[test]
    fn separators_and_case_do_not_matter() {
        assert_eq!(took("Q, R, p p"), took("qrpp"));
        assert_eq!(took("none"), Captured::default());
        assert_eq!(took("  "), Captured::default());
        assert_eq!(took("0q"), Captured::default());
    }

    #[test]
    fn only_the_totals_decide_not_the_number_of_pieces() {
        // Terms §I Act 5: "Whichever player has the highest score shall win".
        assert_eq!(decide(&took("q"), &took("3b")), GameResult::Draw);
        assert_eq!(decide(&took("r"), &took("4p")), GameResult::White);
        assert_eq!(decide(&took("-"), &took("p")), GameResult::Black);
        assert_eq!(decide(&took("-"), &took("-")), GameResult::Draw);
    }
}
