//! Mobility from legal moves only (Rule 1230.3, "legal moves currently available"; Rule 1230.2
//! §7), and the Weight of a Swinger whose King was destroyed (Rule 1230.1 §3.G).

use super::support::*;
use crate::domain::partychess::kind::Kind::{self, *};
use crate::domain::partychess::weights::weight;

#[test]
fn mobility_counts_only_the_legal_moves_a_pinned_piece_keeps_1230_3_1230_2_7() {
    // Rule 1230.3: "the number of legal moves currently available to it"; Rule 1230.2 §7: no
    // play may leave the Swinger's King attacked. The Jester on e5 shields the King on e1 from
    // the Rook on e10: of its 8 moves only e3 and e7 keep the shield.
    let jester = position(&[(King, 0, "e1"), (Jester, 0, "e5"), (Rook, 1, "e10")]);
    let w = weight(&jester, 0, &Kind::ALL);
    let j = w.pieces.iter().find(|p| p.kind == Jester).unwrap();
    assert_eq!(j.mobility_why, "half of 2 legal moves");
    assert_eq!(j.mobility_x2, 2);
    // A pinned Rook on e5: e2-e4 and e6-e9 stay on the line; its longest legal move is e9, 4
    // squares, not the 10 squares along row 5.
    let rook = position(&[(King, 0, "e1"), (Rook, 0, "e5"), (Rook, 1, "e10")]);
    let w = weight(&rook, 0, &Kind::ALL);
    let r = w.pieces.iter().find(|p| p.at == sq("e5")).unwrap();
    assert_eq!(r.mobility_why, "its longest legal move, 4");
    assert_eq!(r.mobility_x2, 8);
    // A King's moves onto attacked squares are no legal moves either: on d1 beside the Rook's
    // file e, it keeps c1, c2 and d2, not e1 or e2.
    let king = position(&[(King, 0, "d1"), (Rook, 1, "e10")]);
    let w = weight(&king, 0, &Kind::ALL);
    assert_eq!(w.pieces[0].mobility_why, "its longest legal move, 1");
    // Unpinned, the same Jester has its 8 moves.
    let free = position(&[(King, 0, "a1"), (Jester, 0, "e5"), (Rook, 1, "e10")]);
    let w = weight(&free, 0, &Kind::ALL);
    let j = w.pieces.iter().find(|p| p.kind == Jester).unwrap();
    assert_eq!(j.mobility_why, "half of 8 legal moves");
}

#[test]
fn a_king_captured_and_destroyed_as_excess_is_said_to_be_destroyed_1230_1_3g_1230_3() {
    let mut pos = position(&[(Rook, 0, "e5")]);
    let gone = weight(&pos, 0, &Kind::ALL);
    assert_eq!(gone.total_x2(), 0);
    assert!(
        gone.to_string().contains("captured and destroyed"),
        "{gone}"
    );
    let king = pos.create(King, 0);
    assert_eq!(
        weight(&pos, 0, &Kind::ALL).to_string(),
        "0 (the King is off-board)"
    );
    pos.destroy(king);
    pos.destroy(pos.at(sq("e5")).unwrap().id);
    assert_eq!(
        weight(&pos, 0, &Kind::ALL).to_string(),
        "0 (e controls no King)"
    );
}

#[test]
fn a_harfyblobs_hn_is_shown_in_the_working_of_its_weight_1230_14() {
    let mut pos = position(&[(King, 0, "a1"), (HarfyBlob, 0, "e5")]);
    let id = pos.at(sq("e5")).unwrap().id;
    pos.set_hn(id, 3);
    let w = weight(&pos, 0, &Kind::ALL);
    assert!(
        w.to_string()
            .contains("\n  H(Hn3) e5: value 7 + Mobility 3 (its longest legal move, 3)"),
        "{w}"
    );
}
