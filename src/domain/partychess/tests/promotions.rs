//! Promotions by the pieces' own rules (the Zombie's on capture, Rule 1230.21; a Demon's after its
//! Swinger's Move or Capture, Rule 1230.18 §3) and how a Tornado's sequence is refused and
//! written (Rule 1230.19 §4).

use super::exotic::{suite_types, tornado_capture};
use super::support::*;
use crate::domain::partychess::generate::legal_plays;
use crate::domain::partychess::kind::Kind::{self, *};
use crate::domain::partychess::legal::{judge, PlayError};
use crate::domain::partychess::play::{DemonPromotion, Play};

/// The types defined once the Kamikaze's rule no longer claims `Z`: the Zombie's rule does
/// (Rule 1230.1 §3.A(v)).
fn with_zombie() -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .filter(|k| !matches!(k, IlNabi | Kamikaze))
        .collect()
}

#[test]
fn a_zombie_that_captures_promotes_to_the_captured_type_if_its_swinger_says_so_1230_21() {
    let pos = position(&[
        (King, 0, "a1"),
        (Zombie, 0, "e5"),
        (Rook, 1, "e7"),
        (King, 1, "t20"),
    ]);
    let defined = with_zombie();
    let capture = |promote| Play::Capture {
        from: sq("e5"),
        path: vec![sq("e7")],
        promote,
        demons: Vec::new(),
    };
    let promoted = judge(&pos, 0, &capture(Some(Rook)), &defined).expect("the Zombie promotes");
    let now = promoted.after.at(sq("e7")).unwrap();
    assert_eq!((now.kind, now.owner), (Rook, 0));
    let plain = judge(&pos, 0, &capture(None), &defined).expect("or stays a Zombie");
    assert_eq!(plain.after.at(sq("e7")).unwrap().kind, Zombie);
    assert_eq!(
        judge(&pos, 0, &capture(Some(Bishop)), &defined).unwrap_err(),
        PlayError::ZombieTakes {
            asked: Bishop,
            taken: Rook
        }
    );
    // Only on a Capture: a Move promotes no Zombie.
    let moved = Play::Move {
        from: sq("e5"),
        to: sq("f5"),
        promote: Some(Rook),
        demons: Vec::new(),
    };
    assert_eq!(
        judge(&pos, 0, &moved, &defined).unwrap_err(),
        PlayError::NoPromotion(Zombie)
    );
    // Both captures are legal plays of their own.
    let plays = legal_plays(&pos, 0, &defined);
    assert!(plays.contains(&capture(None)) && plays.contains(&capture(Some(Rook))));
}

#[test]
fn a_demon_may_promote_after_its_swinger_moves_another_piece_1230_18_3() {
    // "A Demon can only be Promoted if the Swinger controlling the Demon has just Moved or
    // Captured": the Pawn's move from j12 to k12 sets the Demon on j10 between two Pawns.
    let pos = position(&[
        (King, 0, "a1"),
        (Demon, 0, "j10"),
        (Pawn, 0, "h8"),
        (Pawn, 0, "j12"),
        (King, 1, "t20"),
    ]);
    let defined = suite_types();
    let demon = |at: &str, to| DemonPromotion { at: sq(at), to };
    let pawn = |demons| Play::Move {
        from: sq("j12"),
        to: sq("k12"),
        promote: None,
        demons,
    };
    let judged = judge(&pos, 0, &pawn(vec![demon("j10", Rook)]), &defined).expect("promotes");
    assert_eq!(judged.after.at(sq("j10")).unwrap().kind, Rook);
    assert!(judged
        .effects
        .lines
        .iter()
        .any(|l| l.contains("Demon is promoted to a Rook")));
    assert_eq!(
        pawn(vec![demon("j10", Rook)]).to_string(),
        "move j12-k12, the Demon on j10 promoting to Rook"
    );
    // Before the Pawn's move the Demon stands between no pair: a move elsewhere does not do.
    let king = Play::Move {
        from: sq("a1"),
        to: sq("a2"),
        promote: None,
        demons: vec![demon("j10", Rook)],
    };
    assert_eq!(
        judge(&pos, 0, &king, &defined).unwrap_err(),
        PlayError::DemonNotBetween(sq("j10"))
    );
    // No Demon there, or the Demon that moves named as another: refused.
    assert_eq!(
        judge(&pos, 0, &pawn(vec![demon("k10", Rook)]), &defined).unwrap_err(),
        PlayError::NoDemon(sq("k10"))
    );
    // Not to a type at its instance limit: the Swinger has a King.
    assert_eq!(
        judge(&pos, 0, &pawn(vec![demon("j10", King)]), &defined).unwrap_err(),
        PlayError::BadPromotion(King)
    );
}

#[test]
fn a_refused_tornado_sequence_names_the_segment_that_breaks_the_rule_and_why_1230_19_4() {
    let pos = position(&[
        (King, 0, "a1"),
        (Tornado, 0, "j10"),
        (Rook, 1, "j11"),
        (Bishop, 1, "j3"),
        (Pawn, 1, "j15"),
        (King, 1, "t20"),
    ]);
    let refused = |path: &[&str]| match judge(&pos, 0, &tornado_capture(path), &suite_types()) {
        Err(PlayError::TornadoSegment(why)) => why,
        other => panic!("{path:?}: {other:?}"),
    };
    // j11 is a legal capture: the second segment, going on upwards, is what is wrong.
    let why = refused(&["j11", "j15"]);
    assert!(
        why.starts_with("segment 2, j11 to j15: it goes on in the direction of segment 1"),
        "{why}"
    );
    assert!(refused(&["j11", "j3", "q3"]).starts_with("segment 3, j3 to q3: it is 7 squares long"));
    assert!(refused(&["j15"]).contains("it is 5 squares long, and the first segment goes up to 2"));
    assert!(refused(&["j11", "k11", "k12"])
        .contains("k11 is empty, and a segment that takes nothing ends the sequence"));
}

#[test]
fn a_sequence_ending_on_an_empty_square_is_written_as_a_move_there_1230_19_4b() {
    let pos = position(&[
        (King, 0, "a1"),
        (Tornado, 0, "j10"),
        (Rook, 1, "j11"),
        (Bishop, 1, "j3"),
        (King, 1, "t20"),
    ]);
    let play = tornado_capture(&["j11", "j3", "p3"]);
    assert_eq!(play.written(&pos), "capture j10xj11xj3-p3");
    assert_eq!(
        tornado_capture(&["j11", "j3"]).written(&pos),
        "capture j10xj11xj3"
    );
    let judged = judge(&pos, 0, &play, &suite_types()).expect("legal");
    assert!(judged
        .effects
        .lines
        .iter()
        .any(|l| l.contains("last segment takes nothing: it moves to p3")));
}
