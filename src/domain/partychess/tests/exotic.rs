//! The exotic pieces, each against its rule's words: CopyCat, Echo, Qball, HarfyBlob, Archer,
//! Kamikaze, Bouncy!Ball, Demon, Tornado, Cantor (Rules 1230.9-1230.20).

use super::support::*;
use crate::domain::partychess::check::in_check;
use crate::domain::partychess::generate::legal_plays;
use crate::domain::partychess::kind::Kind;
use crate::domain::partychess::kind::Kind::*;
use crate::domain::partychess::legal::{judge, PlayError};
use crate::domain::partychess::play::{apply, demon_may_promote, Play};
use crate::domain::partychess::position::Position;
use crate::domain::partychess::reach::Mover;
use crate::domain::partychess::tornado;

fn capture(pos: &mut Position, seat: u32, from: &str, path: &[&str]) {
    apply(
        pos,
        seat,
        &Play::Capture {
            from: sq(from),
            path: path.iter().map(|s| sq(s)).collect(),
            promote: None,
            demons: Vec::new(),
        },
    );
}

#[test]
fn a_copycat_moves_3_or_5_squares_in_any_direction_with_the_squares_between_unoccupied_1230_9_2() {
    let pos = position(&[(CopyCat, 0, "j10")]);
    assert_eq!(count(&pos, "j10"), 16);
    assert!(can_move(&pos, "j10", "j13") && can_move(&pos, "j10", "o15"));
    assert!(!can_move(&pos, "j10", "j14"));
    let blocked = position(&[(CopyCat, 0, "j10"), (Pawn, 1, "j11")]);
    assert!(!can_move(&blocked, "j10", "j13") && !can_move(&blocked, "j10", "j15"));
}

#[test]
fn a_copycat_can_capture_a_rook_using_a_rooks_move_and_a_camel_by_a_camels_1230_9_3() {
    let pos = position(&[
        (CopyCat, 0, "e5"),
        (Rook, 1, "e9"),
        (Camel, 1, "f8"),
        (Pawn, 1, "e6"),
        (Bishop, 1, "h2"),
    ]);
    // The pawn on e6 cannot be taken: a pawn captures only diagonally, and it blocks the Rook's
    // line to e9. The Camel on f8 is a Camel's 3+1 leap; the Bishop on h2 a Bishop's diagonal.
    assert_eq!(captures(&pos, "e5"), names(&["f8", "h2"]));
    let open = position(&[(CopyCat, 0, "e5"), (Rook, 1, "e9")]);
    assert_eq!(captures(&open, "e5"), names(&["e9"]));
}

#[test]
fn a_copycat_captures_another_copycat_only_by_the_copycats_own_move_1230_9_3() {
    let three = position(&[(CopyCat, 0, "e5"), (CopyCat, 1, "e8")]);
    assert_eq!(captures(&three, "e5"), names(&["e8"]));
    let four = position(&[(CopyCat, 0, "e5"), (CopyCat, 1, "e9")]);
    assert!(captures(&four, "e5").is_empty());
}

#[test]
fn an_echo_has_no_legal_move_after_a_pass_or_a_placement_1230_10_2a() {
    let mut pos = position(&[(Echo, 0, "e5"), (Rook, 0, "a1")]);
    assert!(moves(&pos, "e5").is_empty());
    apply(&mut pos, 0, &Play::Pass);
    assert!(moves(&pos, "e5").is_empty());
}

#[test]
fn an_echo_copies_the_swingers_last_moved_piece_1230_10_2b() {
    let mut pos = position(&[(Echo, 0, "e5"), (Rook, 0, "a1"), (Camel, 1, "t20")]);
    apply(
        &mut pos,
        0,
        &Play::Move {
            from: sq("a1"),
            to: sq("a3"),
            promote: None,
            demons: Vec::new(),
        },
    );
    assert!(can_move(&pos, "e5", "e15"), "a Rook's move, up to 10");
    assert!(!can_move(&pos, "e5", "f6"));
    // Another Swinger's play does not change what this Echo copies.
    apply(
        &mut pos,
        1,
        &Play::Move {
            from: sq("t20"),
            to: sq("s17"),
            promote: None,
            demons: Vec::new(),
        },
    );
    assert!(can_move(&pos, "e5", "e15"));
    // Its Swinger's next Placement leaves it no move.
    pos.create(Pawn, 0);
    apply(
        &mut pos,
        0,
        &Play::Place {
            kind: Pawn,
            at: sq("a20"),
            hn: None,
        },
    );
    assert!(moves(&pos, "e5").is_empty());
}

#[test]
fn a_qball_runs_diagonally_to_the_edge_then_at_a_right_angle_1_to_10_squares_1230_13_3() {
    let pos = position(&[(Qball, 0, "e3")]);
    // South-east it reaches the edge at g1, then north-east h2…q11 (south-west is off the board).
    assert!(can_move(&pos, "e3", "h2") && can_move(&pos, "e3", "q11"));
    assert!(!can_move(&pos, "e3", "r12"), "at most 10 squares");
    assert!(!can_move(&pos, "e3", "g1"), "it must make both parts");
    assert!(
        !can_move(&pos, "e3", "f4"),
        "it does not stop before the edge"
    );
}

#[test]
fn a_qball_on_the_edge_must_move_to_another_edge_square_1230_13_3a() {
    let pos = position(&[(Qball, 0, "e1")]);
    // North-west it reaches a5, then north-east b6…; north-east it reaches t16.
    assert!(can_move(&pos, "e1", "b6"));
    assert!(can_move(&pos, "e1", "s17"));
}

#[test]
fn a_qball_may_not_capture_or_jump_in_its_first_part_but_captures_in_its_second_1230_13_3() {
    let pos = position(&[
        (Qball, 0, "e3"),
        (Rook, 1, "g1"),
        (Bishop, 1, "b6"),
        (Pawn, 1, "a7"),
    ]);
    // South-east the Rook on g1 stands on the edge square, which the Qball can neither take
    // nor pass; north-west the Bishop on b6 blocks its way to a7.
    assert!(!can_move(&pos, "e3", "h2"));
    assert!(!captures(&pos, "e3").contains(&"g1".to_string()));
    let b = position(&[(Qball, 0, "e3"), (Rook, 1, "k5")]);
    assert_eq!(
        captures(&b, "e3"),
        names(&["k5"]),
        "g1 then north-east to k5"
    );
}

#[test]
fn a_qball_reaching_a_corner_scratches_and_goes_off_board_to_its_owner_1230_13_3c() {
    let mut pos = position(&[(Qball, 0, "e5")]);
    let mut corners = Vec::new();
    crate::domain::partychess::reach::qball(&pos, sq("e5"), &mut |_| {}, &mut |c| {
        corners.push(c.to_string())
    });
    corners.sort();
    assert_eq!(corners, names(&["a1", "t20"]));
    apply(
        &mut pos,
        0,
        &Play::Move {
            from: sq("e5"),
            to: sq("a1"),
            promote: None,
            demons: Vec::new(),
        },
    );
    assert!(pos.at(sq("a1")).is_none());
    assert_eq!(pos.pieces()[0].owner, 0);
    assert_eq!(pos.pieces()[0].at, None);
}

#[test]
fn a_harfyblob_moves_up_to_hn_which_starts_at_1_and_grows_with_each_capture_1230_14() {
    let mut pos = position(&[(HarfyBlob, 0, "e5"), (Rook, 1, "e6"), (HarfyBlob, 1, "e10")]);
    assert_eq!(count(&pos, "e5"), 7, "Hn 1: one square, e6 being taken");
    capture(&mut pos, 0, "e5", &["e6"]);
    assert_eq!(pos.at(sq("e6")).unwrap().hn, 2);
    assert!(can_move(&pos, "e6", "e8"));
    assert!(!can_move(&pos, "e6", "e9"));
    // Capturing a HarfyBlob adds its Hn.
    let mut p2 = position(&[(HarfyBlob, 0, "e5"), (HarfyBlob, 1, "e6")]);
    let other = p2.at(sq("e6")).unwrap().id;
    p2.set_hn(other, 5);
    capture(&mut p2, 0, "e5", &["e6"]);
    assert_eq!(p2.at(sq("e6")).unwrap().hn, 6);
}

#[test]
fn a_harfyblobs_hn_past_the_boards_20_squares_falls_to_19_1230_14() {
    let mut pos = position(&[(HarfyBlob, 0, "e5"), (HarfyBlob, 1, "e6")]);
    let (a, b) = (pos.at(sq("e5")).unwrap().id, pos.at(sq("e6")).unwrap().id);
    pos.set_hn(a, 15);
    pos.set_hn(b, 7);
    // Hn 15 reaches e6 (distance 1) and takes it: 15 + 7 = 22 > 20, so 19.
    capture(&mut pos, 0, "e5", &["e6"]);
    assert_eq!(pos.at(sq("e6")).unwrap().hn, 19);
}

#[test]
fn an_archer_moves_d1_squares_then_4_minus_d1_at_a_right_angle_1230_15_2() {
    let pos = position(&[(Archer, 0, "j10")]);
    assert_eq!(
        count(&pos, "j10"),
        16,
        "every square 4 steps away orthogonally"
    );
    assert!(
        can_move(&pos, "j10", "j14")
            && can_move(&pos, "j10", "k13")
            && can_move(&pos, "j10", "l12")
    );
    assert!(!can_move(&pos, "j10", "j13"));
    // j11 blocks going up first; k13 is still reached going right first (k10, then up 3).
    let blocked = position(&[(Archer, 0, "j10"), (Pawn, 0, "j11")]);
    assert!(!can_move(&blocked, "j10", "j14"));
    assert!(can_move(&blocked, "j10", "k13"));
}

#[test]
fn an_archer_captures_from_4_away_orthogonally_or_3_diagonally_without_moving_1230_15_3() {
    let mut pos = position(&[
        (Archer, 0, "j10"),
        (Rook, 1, "j14"),
        (Rook, 1, "m13"),
        (Rook, 1, "f10"),
        (Pawn, 1, "g10"),
        (Rook, 1, "k13"),
        (Rook, 1, "n14"),
    ]);
    // f10 is hidden behind the pawn on g10; k13 is only an Archer's move, with which it cannot
    // capture; n14 is 4 away diagonally.
    assert_eq!(captures(&pos, "j10"), names(&["g10", "j14", "m13"]));
    capture(&mut pos, 0, "j10", &["j14"]);
    assert_eq!(
        pos.at(sq("j10")).unwrap().kind,
        Archer,
        "it stays where it was"
    );
    assert!(pos.at(sq("j14")).is_none());
}

#[test]
fn a_kamikaze_moves_1_to_6_then_1_to_6_at_a_right_angle_without_jumping_1230_16_3() {
    let pos = position(&[(Kamikaze, 0, "j10")]);
    assert_eq!(count(&pos, "j10"), 144);
    assert!(!can_move(&pos, "j10", "j12"), "it must make both halves");
    let walled = position(&[
        (Kamikaze, 0, "j10"),
        (Pawn, 0, "j11"),
        (Pawn, 0, "k10"),
        (Pawn, 0, "i10"),
        (Pawn, 0, "j9"),
    ]);
    assert_eq!(count(&walled, "j10"), 0);
}

#[test]
fn a_kamikaze_is_destroyed_immediately_after_its_capture_1230_16_4() {
    let mut pos = position(&[(Kamikaze, 0, "j10"), (Rook, 1, "k12")]);
    assert_eq!(captures(&pos, "j10"), names(&["k12"]));
    capture(&mut pos, 0, "j10", &["k12"]);
    assert!(pos.at(sq("k12")).is_none() && pos.at(sq("j10")).is_none());
    assert_eq!(
        pos.pieces().len(),
        1,
        "only the captured Rook remains, off-board"
    );
    assert_eq!(pos.pieces()[0].owner, 0);
}

#[test]
fn a_bouncy_ball_must_jump_exactly_one_piece_at_sqn_to_land_on_sq2n_1230_17_2() {
    let pos = position(&[(BouncyBall, 0, "e5"), (Pawn, 1, "e7"), (Pawn, 1, "h8")]);
    assert_eq!(moves(&pos, "e5"), names(&["e9", "k11"]));
    let two = position(&[(BouncyBall, 0, "e5"), (Pawn, 1, "e7"), (Pawn, 1, "e8")]);
    assert!(moves(&two, "e5").is_empty(), "e8 lies between SQ2 and SQ4");
    let edge = position(&[(BouncyBall, 0, "e5"), (Pawn, 1, "e14")]);
    assert!(moves(&edge, "e5").is_empty(), "SQ18 is off the board");
    let take = position(&[(BouncyBall, 0, "e5"), (Pawn, 1, "e6"), (Rook, 1, "e7")]);
    assert_eq!(captures(&take, "e5"), names(&["e7"]));
}

#[test]
fn a_demon_moves_1_inside_the_range_5_r_15_e_c_o_and_2_outside_1230_18_2() {
    let inside = position(&[(Demon, 0, "f6")]);
    assert_eq!(moves(&inside, "f6").len(), 8);
    assert!(can_move(&inside, "f6", "e5"));
    let outside = position(&[(Demon, 0, "e6")]);
    assert_eq!(
        moves(&outside, "e6"),
        names(&["c4", "c6", "c8", "e4", "e8", "g4", "g6", "g8"])
    );
    let o = position(&[(Demon, 0, "o10"), (Pawn, 1, "p10")]);
    assert!(!can_move(&o, "o10", "q10"), "no skipping over p10");
    let corner = position(&[(Demon, 0, "t1")]);
    assert_eq!(moves(&corner, "t1"), names(&["r1", "r3", "t3"]));
}

#[test]
fn a_demon_may_promote_between_two_friendly_pieces_of_one_type_within_10_1230_18_3() {
    let pos = position(&[(Demon, 0, "j10"), (Pawn, 0, "h8"), (Pawn, 0, "l12")]);
    let id = pos.at(sq("j10")).unwrap().id;
    assert!(demon_may_promote(&pos, 0, id, sq("j10")));
    let far = position(&[(Demon, 0, "j10"), (Pawn, 0, "a1"), (Pawn, 0, "l12")]);
    assert!(
        !demon_may_promote(&far, 0, id, sq("j10")),
        "a1 to l12 is 11 apart"
    );
    let mixed = position(&[(Demon, 0, "j10"), (Pawn, 0, "h8"), (Rook, 0, "l12")]);
    assert!(!demon_may_promote(&mixed, 0, id, sq("j10")));
    let crossing = position(&[(Demon, 0, "j10"), (Rook, 0, "l8"), (Rook, 0, "h12")]);
    assert!(
        demon_may_promote(&crossing, 0, id, sq("j10")),
        "xC > C > yC"
    );
}

#[test]
fn a_tornados_first_segment_is_up_to_2_squares_with_the_way_clear_1230_19_4a() {
    let pos = position(&[(Tornado, 0, "j10"), (Pawn, 0, "j11")]);
    assert_eq!(
        count(&pos, "j10"),
        14,
        "16 squares less j11 and j12 behind it"
    );
}

#[test]
fn a_tornado_chains_segments_by_the_captured_pieces_value_in_a_new_direction_1230_19_4c() {
    let pos = position(&[
        (Tornado, 0, "j10"),
        (Rook, 1, "j11"),
        (Bishop, 1, "j3"),
        (Pawn, 1, "j15"),
        (Camel, 1, "b11"),
    ]);
    let m = Mover::of(&pos, pos.at(sq("j10")).unwrap()).unwrap();
    let chains: Vec<Vec<String>> = tornado::chains(&pos, &m)
        .into_iter()
        .map(|c| c.iter().map(ToString::to_string).collect())
        .collect();
    let has = |c: &[&str]| chains.iter().any(|x| x == &names_in_order(c));
    assert!(has(&["j11"]));
    // Up to 9 (the Rook's value) in any direction but up: j3 is 8 down.
    assert!(has(&["j11", "j3"]));
    assert!(
        !has(&["j11", "j15"]),
        "not the direction of its last segment"
    );
    // b11 is 8 to the left of j11.
    assert!(has(&["j11", "b11"]));
    // After the Bishop (6), a plain segment ends the sequence.
    assert!(has(&["j11", "j3", "p3"]));
    assert!(!has(&["j11", "j3", "q3"]));
}

fn names_in_order(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_tornado_after_a_harfyblob_moves_up_to_its_hn_1230_19_4c() {
    let mut pos = position(&[
        (Tornado, 0, "j10"),
        (HarfyBlob, 1, "j11"),
        (Pawn, 1, "m11"),
        (Pawn, 1, "n11"),
    ]);
    let h = pos.at(sq("j11")).unwrap().id;
    pos.set_hn(h, 3);
    let m = Mover::of(&pos, pos.at(sq("j10")).unwrap()).unwrap();
    let chains = tornado::chains(&pos, &m);
    assert!(chains.contains(&vec![sq("j11"), sq("m11")]));
    assert!(
        !chains.iter().any(|c| c.contains(&sq("n11"))),
        "n11 is 4 away, behind m11"
    );
}

/// Whether the Tornado on `from` reaches the piece on `at`, asked as Check asks it.
fn tornado_reaches(pos: &Position, from: &str, at: &str) -> bool {
    let m = Mover::of(pos, pos.at(sq(from)).unwrap()).unwrap();
    tornado::reaches(pos, &m, sq(at))
}

#[test]
fn a_tornado_that_takes_a_king_goes_no_further_so_never_passes_over_it_1230_19_4c() {
    // The Rook (9) opens a segment along row 11; the King there is worth 0, so taking it ends
    // the sequence and the Bishop behind it is out of reach.
    let pos = position(&[
        (Tornado, 0, "j10"),
        (Rook, 1, "j11"),
        (King, 2, "e11"),
        (Bishop, 2, "c11"),
    ]);
    assert!(tornado_reaches(&pos, "j10", "e11"));
    assert!(!tornado_reaches(&pos, "j10", "c11"));
    // Without the King, the Rook's segment reaches the Bishop 7 away.
    let open = position(&[(Tornado, 0, "j10"), (Rook, 1, "j11"), (Bishop, 2, "c11")]);
    assert!(tornado_reaches(&open, "j10", "c11"));
}

#[test]
fn a_tornados_last_segment_cannot_continue_the_one_before_even_to_a_king_1230_19_4c() {
    // The only piece a last segment to j15 could start from is the Rook on j11, reached going
    // up: the next segment may go any way but up.
    let pos = position(&[(Tornado, 0, "j10"), (Rook, 1, "j11"), (King, 2, "j15")]);
    assert!(!tornado_reaches(&pos, "j10", "j15"));
    // Taken going left instead, from l11, the Rook's segment may go up.
    let turned = position(&[(Tornado, 0, "l11"), (Rook, 1, "j11"), (King, 2, "j15")]);
    assert!(tornado_reaches(&turned, "l11", "j15"));
}

#[test]
fn a_cantor_moves_one_or_two_diagonally_over_pieces_1230_20() {
    let pos = position(&[(Cantor, 0, "e5"), (Pawn, 1, "f6")]);
    assert_eq!(moves(&pos, "e5").len(), 7, "eight squares, f6 being taken");
    assert!(can_move(&pos, "e5", "g7"));
    assert_eq!(captures(&pos, "e5"), names(&["f6"]));
}

#[test]
fn a_piece_beside_a_cantor_may_move_or_capture_up_to_4_diagonally_over_pieces_1230_20() {
    let pos = position(&[
        (Cantor, 1, "e5"),
        (Rook, 0, "e6"),
        (Pawn, 0, "f7"),
        (Bishop, 1, "a10"),
    ]);
    assert!(can_move(&pos, "e6", "i10"), "over the pawn on f7");
    assert!(!can_move(&pos, "e6", "j11"));
    assert_eq!(captures(&pos, "e6"), names(&["a10", "e5"]));
    let pawn = position(&[(Cantor, 1, "e5"), (Pawn, 0, "d5"), (Rook, 1, "h9")]);
    assert_eq!(
        captures(&pawn, "d5"),
        names(&["h9"]),
        "even a pawn, though not e5, straight beside it"
    );
}

/// The types the published suite defines.
pub(super) fn suite_types() -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .filter(|k| !matches!(k, IlNabi | Zombie))
        .collect()
}

pub(super) fn tornado_capture(path: &[&str]) -> Play {
    Play::Capture {
        from: sq("j10"),
        path: path.iter().map(|s| sq(s)).collect(),
        promote: None,
        demons: Vec::new(),
    }
}

#[test]
fn a_tornados_chain_never_captures_a_friendly_piece_1230_1_4() {
    // After the Rook (going up), a segment to the right meets the Tornado's own Pawn on l11:
    // it may stop on k11, not take the Pawn.
    let pos = position(&[(Tornado, 0, "j10"), (Rook, 1, "j11"), (Pawn, 0, "l11")]);
    let defined = suite_types();
    assert_eq!(
        judge(&pos, 0, &tornado_capture(&["j11", "l11"]), &defined).unwrap_err(),
        PlayError::TornadoSegment(
            "segment 2, j11 to l11: the Pawn there is the Tornado's own, and a piece never captures a friend (Rule 1230.1 §4)".into()
        )
    );
    assert!(judge(&pos, 0, &tornado_capture(&["j11", "k11"]), &defined).is_ok());
    let plays: Vec<String> = legal_plays(&pos, 0, &defined)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(!plays.iter().any(|p| p.contains("xl11")), "{plays:?}");
    // A King of its own likewise: the chain stops short of it.
    let king = position(&[(Tornado, 0, "j10"), (Rook, 1, "j11"), (King, 0, "l11")]);
    assert!(judge(&king, 0, &tornado_capture(&["j11", "l11"]), &defined).is_err());
}

#[test]
fn a_tornado_beside_a_cantor_may_take_up_to_4_diagonally_over_pieces_without_a_chain_1230_20() {
    let pos = position(&[
        (Cantor, 1, "e5"),
        (Tornado, 0, "e6"),
        (Pawn, 1, "g8"),
        (Bishop, 1, "h9"),
    ]);
    let defined = suite_types();
    let take = |path: &[&str]| Play::Capture {
        from: sq("e6"),
        path: path.iter().map(|s| sq(s)).collect(),
        promote: None,
        demons: Vec::new(),
    };
    // h9 is 3 up-right over the Pawn on g8: the Cantor's gift, not a segment of the Tornado's.
    let after = judge(&pos, 0, &take(&["h9"]), &defined).unwrap().after;
    assert_eq!(
        after.at(sq("h9")).map(|p| (p.kind, p.owner)),
        Some((Tornado, 0))
    );
    // The gift starts no chain: the Bishop's value opens no segment after it.
    assert!(judge(&pos, 0, &take(&["h9", "h3"]), &defined).is_err());
    // And a King there would be in Check.
    let king = position(&[(Cantor, 1, "e5"), (Tornado, 0, "e6"), (King, 1, "h9")]);
    assert!(in_check(&king, 1));
}

#[test]
fn a_copycat_taking_an_archer_shoots_as_the_archer_does_and_stays_1230_9_3_1230_15_3() {
    // The Archer on e9 captures up to 4 straight with the way clear: so does the CopyCat on e5,
    // which its own moves (3 or 5) would not bring there, and it stays on e5.
    let pos = position(&[(CopyCat, 0, "e5"), (Archer, 1, "e9")]);
    let play = Play::Capture {
        from: sq("e5"),
        path: vec![sq("e9")],
        promote: None,
        demons: Vec::new(),
    };
    let judged = judge(&pos, 0, &play, &suite_types()).unwrap();
    assert_eq!(
        judged.after.at(sq("e5")).map(|p| p.kind),
        Some(CopyCat),
        "it stays"
    );
    assert!(judged.after.at(sq("e9")).is_none());
    assert!(judged.effects.lines.iter().any(|l| l.contains("shoots")));
}
