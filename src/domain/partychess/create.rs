//! Creating a new piece for a Swinger (Rule 1230.1 §2.D): any existing type, off-board, in the
//! Swinger's possession, the creator paying A$1 + A$7 × its material value to the Treasury;
//! never past the type's instance limit (§3.G).

use super::kind::Kind;
use super::position::{Position, Seat};
use super::stock;

/// Why a piece cannot be created.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CreateError {
    #[error("“{0}” is the character of no existing type of piece: a new piece is of a type a PartyChessPieceDef rule defines now (Rule 1230.1 §2.D, §3.A). /partychess pieces lists them.")]
    Unknown(String),
    #[error("{owner} already controls {limit} {kind}, its instance limit: a Swinger may not control more (Rule 1230.1 §3.G).")]
    Limit {
        owner: String,
        kind: Kind,
        limit: usize,
    },
    #[error("{owner} receives a {kind} with eir starting pieces (Rule 1230.2 §2.B), which is its instance limit of {limit}: a Swinger may not control more (Rule 1230.1 §3.G).")]
    LimitToCome {
        owner: String,
        kind: Kind,
        limit: usize,
    },
}

/// A piece to be created and what it costs in A$ (Rule 1230.1 §2.D).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Creation {
    pub kind: Kind,
    pub cost: u32,
}

/// Decides a creation of `piece` (a character or a name, case not counting) for `seat`, which
/// is still to receive the pieces `to_come` (its King and the five it chose, before the start
/// or before it has chosen, Rule 1230.2 §2.B, §2.C): they count towards the instance limit.
pub fn decide(
    piece: &str,
    defined: &[Kind],
    pos: &Position,
    seat: Seat,
    to_come: &[Kind],
    owner: &str,
) -> Result<Creation, CreateError> {
    let w = piece.trim();
    let mut chars = w.chars();
    let kind = match (chars.next(), chars.next()) {
        (Some(c), None) => Kind::by_letter(c, defined),
        _ => defined
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(w)),
    }
    .ok_or_else(|| CreateError::Unknown(w.to_owned()))?;
    if let Some(limit) = kind.instance_limit() {
        let held = pos.of(seat).filter(|p| p.kind == kind).count();
        if held >= limit {
            return Err(CreateError::Limit {
                owner: owner.to_owned(),
                kind,
                limit,
            });
        }
        if held + to_come.iter().filter(|k| **k == kind).count() >= limit {
            return Err(CreateError::LimitToCome {
                owner: owner.to_owned(),
                kind,
                limit,
            });
        }
    }
    Ok(Creation {
        kind,
        cost: stock::cost(kind),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defined() -> Vec<Kind> {
        Kind::ALL.to_vec()
    }

    #[test]
    fn a_new_rook_costs_a_1_plus_7_times_its_value_1230_1_2_d() {
        let pos = Position::new();
        let c = decide("R", &defined(), &pos, 1, &[], "alice").unwrap();
        assert_eq!(
            c,
            Creation {
                kind: Kind::Rook,
                cost: 1 + 7 * 9
            }
        );
    }

    #[test]
    fn a_piece_is_named_by_its_character_in_either_case_or_by_its_name_1230_1_3_a_v() {
        let pos = Position::new();
        assert_eq!(
            decide("c", &defined(), &pos, 1, &[], "a").unwrap().kind,
            Kind::Camel
        );
        assert_eq!(
            decide("camel", &defined(), &pos, 1, &[], "a").unwrap().kind,
            Kind::Camel
        );
    }

    #[test]
    fn only_an_existing_type_may_be_created_1230_1_2_d() {
        let pos = Position::new();
        let only_kings = [Kind::King];
        assert!(matches!(
            decide("R", &only_kings, &pos, 1, &[], "a"),
            Err(CreateError::Unknown(_))
        ));
    }

    #[test]
    fn a_second_king_is_refused_by_the_instance_limit_1230_1_3_g() {
        let mut pos = Position::new();
        pos.create(Kind::King, 1);
        assert!(matches!(
            decide("K", &defined(), &pos, 1, &[], "alice"),
            Err(CreateError::Limit { limit: 1, .. })
        ));
        assert!(decide("K", &defined(), &pos, 2, &[], "bob").is_ok());
    }

    #[test]
    fn before_the_start_the_king_and_the_pieces_chosen_count_towards_the_limit_1230_1_2_d_3_g() {
        // §2.D sets no time for a creation: before the start, the King and the five pieces the
        // Office will receive (Rule 1230.2 §2.B) are counted as its own.
        let pos = Position::new();
        let to_come = [Kind::King, Kind::Tornado, Kind::Pawn];
        assert!(matches!(
            decide("K", &defined(), &pos, 1, &to_come, "alice"),
            Err(CreateError::LimitToCome {
                kind: Kind::King,
                ..
            })
        ));
        assert!(matches!(
            decide("T", &defined(), &pos, 1, &to_come, "alice"),
            Err(CreateError::LimitToCome {
                kind: Kind::Tornado,
                ..
            })
        ));
        assert!(decide("R", &defined(), &pos, 1, &to_come, "alice").is_ok());
    }
}
