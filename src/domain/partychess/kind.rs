//! The piece types gavel has a reading of, each tied to the rule that defines it (Rules
//! 1230.4–1230.21): its name, character, material value and instance limit. Its moves in the
//! notation are in `moves`, which reads the notation (and the notation reads positions, which
//! hold kinds), so that the three stand in a line, not a circle.

use std::fmt;

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
