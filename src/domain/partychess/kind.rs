//! The piece types gavel has a reading of, each tied to the rule that defines it (Rules
//! 1230.4–1230.21): its name, character, material value, instance limit and, where the
//! notation fits, its moves in that notation.

use std::fmt;

use super::notation::{ride, ride_skip, Lines, Reach};

/// A type of piece, by the rule that defines it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Kind {
    King,
    Rook,
    Camel,
    Bishop,
    Pawn,
    CopyCat,
    Echo,
    Jester,
    IlNabi,
    Qball,
    HarfyBlob,
    Archer,
    Kamikaze,
    BouncyBall,
    Demon,
    Tornado,
    Cantor,
    Zombie,
}

impl Kind {
    /// Every type gavel has a reading of, in rule order.
    pub const ALL: [Kind; 18] = [
        Kind::King,
        Kind::Rook,
        Kind::Camel,
        Kind::Bishop,
        Kind::Pawn,
        Kind::CopyCat,
        Kind::Echo,
        Kind::Jester,
        Kind::IlNabi,
        Kind::Qball,
        Kind::HarfyBlob,
        Kind::Archer,
        Kind::Kamikaze,
        Kind::BouncyBall,
        Kind::Demon,
        Kind::Tornado,
        Kind::Cantor,
        Kind::Zombie,
    ];

    /// The number of the rule that defines it, after "1230.".
    pub fn rule(self) -> u32 {
        Kind::ALL.iter().position(|k| *k == self).unwrap_or(0) as u32 + 4
    }

    /// "Rule 1230.5".
    pub fn cite(self) -> String {
        format!("Rule 1230.{}", self.rule())
    }

    /// The type defined by rule 1230.`n`, if gavel has a reading of it.
    pub fn of_rule(n: u32) -> Option<Kind> {
        n.checked_sub(4)
            .and_then(|i| Kind::ALL.get(i as usize))
            .copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "King",
            Kind::Rook => "Rook",
            Kind::Camel => "Camel",
            Kind::Bishop => "Bishop",
            Kind::Pawn => "Pawn",
            Kind::CopyCat => "CopyCat",
            Kind::Echo => "Echo",
            Kind::Jester => "Jester",
            Kind::IlNabi => "il-Nabi",
            Kind::Qball => "Qball",
            Kind::HarfyBlob => "HarfyBlob",
            Kind::Archer => "Archer",
            Kind::Kamikaze => "Kamikaze",
            Kind::BouncyBall => "Bouncy!Ball",
            Kind::Demon => "Demon",
            Kind::Tornado => "Tornado",
            Kind::Cantor => "Cantor",
            Kind::Zombie => "Zombie",
        }
    }

    /// The character as its rule writes it.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Camel => 'C',
            Kind::Bishop => 'B',
            Kind::Pawn => 'p',
            Kind::CopyCat => 'O',
            Kind::Echo => 'E',
            Kind::Jester => 'J',
            Kind::IlNabi => 'M',
            Kind::Qball => 'Q',
            Kind::HarfyBlob => 'H',
            Kind::Archer => 'A',
            Kind::Kamikaze | Kind::Zombie => 'Z',
            Kind::BouncyBall => '!',
            Kind::Demon => 'D',
            Kind::Tornado => 'T',
            Kind::Cantor => '%',
        }
    }

    /// The material value its rule gives.
    pub fn value(self) -> u32 {
        match self {
            Kind::King => 0,
            Kind::Pawn => 1,
            Kind::Demon => 2,
            Kind::Jester => 3,
            Kind::Zombie => 4,
            Kind::Camel | Kind::BouncyBall | Kind::Cantor => 5,
            Kind::Bishop | Kind::IlNabi | Kind::Kamikaze => 6,
            Kind::CopyCat | Kind::Echo | Kind::Qball | Kind::HarfyBlob | Kind::Archer => 7,
            Kind::Rook => 9,
            Kind::Tornado => 11,
        }
    }

    /// The most of this type one Swinger may control (Rule 1230.1 §3.G).
    pub fn instance_limit(self) -> Option<usize> {
        match self {
            // Rule 1230.4 A; Rule 1230.19 §3.
            Kind::King | Kind::Tornado => Some(1),
            _ => None,
        }
    }

    /// The moves in the notation where they fit it wholly or in part; the rest is code.
    pub fn notation(self) -> &'static [Reach] {
        const KING: [Reach; 1] = [ride(Lines::Any, 1, 1)];
        const ROOK: [Reach; 1] = [ride(Lines::Orth, 1, 10)];
        const CAMEL: [Reach; 1] = [Reach::Leap { a: 3, b: 1 }];
        const BISHOP: [Reach; 1] = [ride(Lines::Diag, 1, 10)];
        const PAWN: [Reach; 1] = [ride(Lines::Orth, 1, 1)];
        const COPYCAT: [Reach; 2] = [ride(Lines::Any, 3, 3), ride(Lines::Any, 5, 5)];
        const JESTER: [Reach; 1] = [ride_skip(Lines::Any, 2, 2)];
        const TORNADO: [Reach; 1] = [ride(Lines::Any, 1, 2)];
        const CANTOR: [Reach; 1] = [ride_skip(Lines::Diag, 1, 2)];
        const ZOMBIE: [Reach; 1] = [ride(Lines::Orth, 1, 3)];
        match self {
            Kind::King => &KING,
            Kind::Rook => &ROOK,
            Kind::Camel => &CAMEL,
            Kind::Bishop => &BISHOP,
            Kind::Pawn => &PAWN,
            Kind::CopyCat => &COPYCAT,
            Kind::Jester => &JESTER,
            Kind::Tornado => &TORNADO,
            Kind::Cantor => &CANTOR,
            Kind::Zombie => &ZOMBIE,
            _ => &[],
        }
    }

    /// How its moves are described, for `/partychess pieces` and refusals.
    pub fn moves_described(self) -> String {
        let notation = super::notation::write(self.notation());
        let code = match self {
            Kind::Pawn => "; orth 2 while it defends a friendly piece; captures only diag 1",
            Kind::CopyCat => "; captures only as the captured piece captures",
            Kind::Echo => "as the friendly piece that made its Swinger's last Move or Capture",
            Kind::Qball => "diagonally to the edge, then diag 1-10 at a right angle; scratches in a corner",
            Kind::HarfyBlob => "any 1-Hn, Hn growing with its captures",
            Kind::Archer => "orth d then 4-d at a right angle; captures from orth 1-4 or diag 1-3 without moving",
            Kind::Kamikaze => "orth 1-6 then 1-6 at a right angle; destroyed when it captures",
            Kind::BouncyBall => "any direction over exactly one piece at SQn to SQ2n",
            Kind::Demon => "any 1 inside f6-n14, any 2 outside",
            Kind::Tornado => "; after a capture, up to the captured piece's value (or Hn) in a new direction",
            Kind::Cantor => "; pieces beside it also get diag 1-4 skip",
            Kind::IlNabi => "not defined (Rule 1230.12 §2 lists no moves)",
            _ => "",
        };
        format!("{notation}{code}")
    }

    /// The type whose character is `c`, among `kinds`, ignoring case (Rule 1230.1 §3.A(v)).
    pub fn by_letter(c: char, kinds: &[Kind]) -> Option<Kind> {
        kinds
            .iter()
            .copied()
            .find(|k| k.letter().eq_ignore_ascii_case(&c))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
