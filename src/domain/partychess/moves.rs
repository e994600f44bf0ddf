//! Each piece type's moves in the suite's notation, where the notation fits them wholly or in
//! part, and how its moves are described (Rules 1230.4–1230.21).

use super::kind::Kind;
use super::notation::{self, ride, ride_skip, Lines, Reach};

impl Kind {
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
        let notation = notation::write(self.notation());
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
}
