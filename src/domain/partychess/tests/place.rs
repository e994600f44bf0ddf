//! Placing one of eir off-board pieces (Rule 1230.2 §6.C): off-board HarfyBlobs of different Hn
//! are different pieces (Rule 1230.14), and the Swinger chooses which.

use super::support::*;
use crate::domain::partychess::generate::legal_plays;
use crate::domain::partychess::kind::Kind::{self, *};
use crate::domain::partychess::legal::{judge, PlayError};
use crate::domain::partychess::play::Play;
use crate::domain::partychess::position::Position;

fn defined() -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .filter(|k| !matches!(k, IlNabi | Zombie))
        .collect()
}

fn place(kind: Kind, at: &str, hn: Option<u8>) -> Play {
    Play::Place {
        kind,
        at: sq(at),
        hn,
    }
}

/// Alice (seat 0) with her own HarfyBlob (Hn 1) and one she captured (Hn 6), both off-board.
fn two_harfyblobs() -> Position {
    let mut pos = position(&[(King, 0, "a1"), (King, 1, "t20")]);
    pos.create(HarfyBlob, 0);
    let taken = pos.create(HarfyBlob, 0);
    pos.set_hn(taken, 6);
    pos
}

#[test]
fn a_swinger_chooses_which_off_board_harfyblob_to_place_by_its_hn_1230_2_6c_1230_14() {
    let pos = two_harfyblobs();
    let d = defined();
    let after = judge(&pos, 0, &place(HarfyBlob, "j10", Some(6)), &d)
        .unwrap()
        .after;
    assert_eq!(after.at(sq("j10")).map(|p| p.hn), Some(6));
    let after = judge(&pos, 0, &place(HarfyBlob, "j10", Some(1)), &d)
        .unwrap()
        .after;
    assert_eq!(after.at(sq("j10")).map(|p| p.hn), Some(1));
    // Left out, gavel asks rather than choose for her.
    assert_eq!(
        judge(&pos, 0, &place(HarfyBlob, "j10", None), &d).unwrap_err(),
        PlayError::ChooseHn("1, 6".into())
    );
    assert_eq!(
        judge(&pos, 0, &place(HarfyBlob, "j10", Some(3)), &d).unwrap_err(),
        PlayError::NoSuchHn {
            hn: 3,
            have: "1, 6".into()
        }
    );
    // Both are among her legal plays, each named by its Hn.
    let plays: Vec<String> = legal_plays(&pos, 0, &d)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(plays.contains(&"place HarfyBlob (Hn 6) on j10".to_string()));
    assert!(plays.contains(&"place HarfyBlob (Hn 1) on j10".to_string()));
}

#[test]
fn only_a_harfyblob_is_chosen_by_hn_1230_14() {
    let mut pos = two_harfyblobs();
    pos.create(Rook, 0);
    let d = defined();
    assert_eq!(
        judge(&pos, 0, &place(Rook, "j10", Some(1)), &d).unwrap_err(),
        PlayError::HnNotHarfyBlob(Rook)
    );
    assert!(judge(&pos, 0, &place(Rook, "j10", None), &d).is_ok());
}
