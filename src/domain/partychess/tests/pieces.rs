//! The ordinary pieces, described in the notation: King, Rook, Camel, Bishop, Pawn, Jester
//! (Rules 1230.4-1230.11), at the edges and corners, blocked and skipping.

use super::support::*;
use crate::domain::partychess::kind::Kind::*;

#[test]
fn the_king_may_move_exactly_one_square_in_any_direction_1230_4_b() {
    let pos = position(&[(King, 0, "e5")]);
    assert_eq!(count(&pos, "e5"), 8);
    assert_eq!(
        moves(&pos, "e5"),
        names(&["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"])
    );
}

#[test]
fn a_king_in_the_corner_a1_has_three_squares_1230_4_b() {
    let pos = position(&[(King, 0, "a1")]);
    assert_eq!(moves(&pos, "a1"), names(&["a2", "b1", "b2"]));
}

#[test]
fn a_rook_moves_up_to_a_distance_of_10_vertically_or_horizontally_1230_5_2() {
    let pos = position(&[(Rook, 0, "a1")]);
    assert!(can_move(&pos, "a1", "a11"));
    assert!(!can_move(&pos, "a1", "a12"), "11 squares is beyond 10");
    assert!(can_move(&pos, "a1", "k1"));
    assert!(!can_move(&pos, "a1", "b2"), "no diagonal");
    assert_eq!(count(&pos, "a1"), 20);
}

#[test]
fn a_rook_needs_all_the_squares_between_unoccupied_1230_5_2() {
    let pos = position(&[(Rook, 0, "e5"), (Pawn, 0, "e8"), (Bishop, 1, "h5")]);
    assert!(can_move(&pos, "e5", "e7"));
    assert!(!can_move(&pos, "e5", "e9"), "the pawn on e8 blocks");
    assert!(!can_move(&pos, "e5", "i5"), "the bishop on h5 blocks");
    assert_eq!(
        captures(&pos, "e5"),
        names(&["h5"]),
        "it captures the opposing bishop, not its own pawn"
    );
}

#[test]
fn a_camel_moves_3_and_1_and_skips_over_any_pieces_1230_6() {
    let pos = position(&[
        (Camel, 0, "e5"),
        (Pawn, 1, "e6"),
        (Pawn, 1, "e7"),
        (Pawn, 1, "f6"),
        (Pawn, 1, "f7"),
    ]);
    assert_eq!(
        moves(&pos, "e5"),
        names(&["b4", "b6", "d2", "d8", "f2", "f8", "h4", "h6"])
    );
}

#[test]
fn a_camel_near_the_corner_keeps_only_the_squares_on_the_board_1230_6() {
    let pos = position(&[(Camel, 0, "b2")]);
    assert_eq!(moves(&pos, "b2"), names(&["a5", "c5", "e1", "e3"]));
}

#[test]
fn a_bishop_moves_diagonally_up_to_10_with_the_squares_between_unoccupied_1230_7() {
    let pos = position(&[(Bishop, 0, "a1"), (Rook, 1, "f6")]);
    assert!(can_move(&pos, "a1", "e5"));
    assert!(!can_move(&pos, "a1", "g7"));
    assert_eq!(captures(&pos, "a1"), names(&["f6"]));
    let open = position(&[(Bishop, 0, "a1")]);
    assert!(can_move(&open, "a1", "k11"));
    assert!(!can_move(&open, "a1", "l12"));
}

#[test]
fn a_pawn_moves_one_square_horizontally_or_vertically_1230_8_2() {
    let pos = position(&[(Pawn, 0, "e5")]);
    assert_eq!(moves(&pos, "e5"), names(&["d5", "e4", "e6", "f5"]));
}

#[test]
fn a_pawn_defending_a_friendly_piece_may_move_two_squares_1230_8_2() {
    // The pawn on e5 defends the rook on f6 (it would capture it diagonally were it opposing).
    let pos = position(&[(Pawn, 0, "e5"), (Rook, 0, "f6")]);
    assert!(can_move(&pos, "e5", "e7"));
    assert!(can_move(&pos, "e5", "c5"));
    assert!(!can_move(&pos, "e5", "e8"));
    // Blocked on the way: no skipping (Rule 1230.1 §3.D).
    let blocked = position(&[(Pawn, 0, "e5"), (Rook, 0, "f6"), (King, 1, "e6")]);
    assert!(!can_move(&blocked, "e5", "e7"));
}

#[test]
fn a_pawn_captures_only_diagonally_one_square_1230_8_3() {
    let pos = position(&[
        (Pawn, 0, "e5"),
        (Rook, 1, "e6"),
        (Rook, 1, "f6"),
        (Rook, 1, "d4"),
    ]);
    assert_eq!(captures(&pos, "e5"), names(&["d4", "f6"]));
}

#[test]
fn a_jester_moves_exactly_two_squares_skipping_the_piece_between_1230_11() {
    let pos = position(&[(Jester, 0, "e5"), (Rook, 1, "e6"), (Rook, 1, "f6")]);
    assert_eq!(count(&pos, "e5"), 8);
    assert!(can_move(&pos, "e5", "e7"));
    assert!(can_move(&pos, "e5", "g7"));
    assert!(!can_move(&pos, "e5", "e6"));
}

#[test]
fn the_notation_writes_the_ordinary_pieces_as_the_book_does() {
    use crate::domain::partychess::notation::write;
    assert_eq!(write(King.notation()), "any 1");
    assert_eq!(write(Rook.notation()), "orth 1-10");
    assert_eq!(write(Camel.notation()), "leap 3,1");
    assert_eq!(write(Bishop.notation()), "diag 1-10");
    assert_eq!(write(Jester.notation()), "any 2 skip");
    assert_eq!(write(CopyCat.notation()), "any 3 + any 5");
    assert_eq!(write(Cantor.notation()), "diag 1-2 skip");
}
