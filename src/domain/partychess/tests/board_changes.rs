//! After every change of the board, not only a Swinger's own play: Checks found as they begin
//! and move the newly checked up the list, and the automatic plays made one at a time, each on
//! the board the one before left.

use super::support::*;
use crate::domain::partychess::alerts::{review, Checks};
use crate::domain::partychess::kind::Kind::{self, *};
use crate::domain::partychess::settle::settle;
use crate::domain::partychess::turns::{Auto, Turns};

#[test]
fn a_warm_office_uncovered_by_another_warm_offices_surrender_is_checked_and_waits_1230_2_4b_ii() {
    // W1 (seat 1) has been Warm for two whole Rounds; its Bishop on e10 stands between A's Rook
    // (seat 3) on e5 and the King of W2 (seat 2, Warm for one Round) on e15.
    let mut pos = position(&[
        (Bishop, 1, "e10"),
        (King, 1, "t1"),
        (King, 2, "e15"),
        (Rook, 3, "e5"),
        (King, 3, "a1"),
        (King, 4, "t20"),
    ]);
    let mut turns = Turns {
        list: vec![1, 4, 2, 3],
        round_count: 2,
        ..Turns::default()
    };
    turns.warm_since.insert(1, (0, false));
    turns.warm_since.insert(2, (1, false));
    let steps = settle(&mut turns, &mut pos, &[1, 2, 3, 4], &Kind::ALL);
    assert_eq!(steps.len(), 1, "W2 must not pass: it is checked");
    assert_eq!(steps[0].auto, Auto::WarmSurrender(1));
    assert_eq!(
        steps[0].checks,
        Some(Checks {
            begun: vec![2],
            still: vec![]
        })
    );
    // W2 moves to the top (§3.C) and its turn waits (§4.B(ii)).
    assert_eq!(turns.list, vec![2, 4, 3, 1]);
    assert_eq!(turns.checked, vec![2]);
}

#[test]
fn a_warm_office_not_checked_after_the_automatic_play_before_it_still_passes_1230_2_4b_i() {
    let mut pos = position(&[(King, 1, "a1"), (King, 2, "j10"), (King, 3, "t20")]);
    let mut turns = Turns {
        list: vec![1, 2, 3],
        ..Turns::default()
    };
    turns.set_warm(1, true);
    turns.set_warm(2, true);
    let steps = settle(&mut turns, &mut pos, &[1, 2, 3], &Kind::ALL);
    let autos: Vec<Auto> = steps.iter().map(|s| s.auto).collect();
    assert_eq!(autos, vec![Auto::WarmPass(1), Auto::WarmPass(2)]);
    assert_eq!(turns.top(), Some(3));
}

#[test]
fn the_seven_swingers_of_the_skip_are_counted_on_the_board_as_the_last_automatic_play_left_it_1230_2_4b_iii(
) {
    // Seats 0-6 have pieces on the board, seat 7 none; seat 0, Warm for two whole Rounds,
    // surrenders first, leaving 6 Swingers on the board: seat 7 is not skipped.
    let mut pos = position(&[
        (King, 0, "a1"),
        (King, 1, "c1"),
        (King, 2, "e1"),
        (King, 3, "g1"),
        (King, 4, "i1"),
        (King, 5, "k1"),
        (King, 6, "m1"),
    ]);
    let mut turns = Turns {
        list: vec![0, 7, 1, 2, 3, 4, 5, 6],
        round_count: 2,
        ..Turns::default()
    };
    turns.warm_since.insert(0, (0, false));
    let steps = settle(
        &mut turns,
        &mut pos,
        &(0..8).collect::<Vec<_>>(),
        &Kind::ALL,
    );
    let autos: Vec<Auto> = steps.iter().map(|s| s.auto).collect();
    assert_eq!(autos, vec![Auto::WarmSurrender(0)]);
    assert_eq!(
        turns.top(),
        Some(7),
        "7 plays: only 6 Swingers are on the board"
    );
}

#[test]
fn a_check_is_alerted_when_it_begins_and_not_again_while_it_lasts_1230_2_1c_iv() {
    let pos = position(&[(King, 0, "e5"), (Rook, 1, "e12"), (King, 1, "t20")]);
    let mut turns = Turns {
        list: vec![1, 2, 0],
        ..Turns::default()
    };
    let first = review(&mut turns, &pos, &[0, 1, 2]);
    assert_eq!(first.begun, vec![0]);
    assert_eq!(turns.list, vec![0, 1, 2]);
    turns.list = vec![1, 0, 2];
    let again = review(&mut turns, &pos, &[0, 1, 2]);
    assert_eq!(
        again,
        Checks {
            begun: vec![],
            still: vec![0]
        }
    );
    assert_eq!(turns.list, vec![1, 0, 2], "a lasting check moves nobody");
}

#[test]
fn only_the_newly_checked_move_to_the_top_the_still_checked_keep_their_place_1230_2_3c() {
    // 1 and 3 are in Check; 1 was already.
    let pos = position(&[
        (King, 1, "a1"),
        (Rook, 0, "a8"),
        (King, 3, "t20"),
        (Bishop, 2, "m13"),
        (King, 0, "c10"),
        (King, 2, "c18"),
    ]);
    let mut turns = Turns {
        list: vec![0, 1, 2, 3],
        checked: vec![1],
        ..Turns::default()
    };
    let checks = review(&mut turns, &pos, &[0, 1, 2, 3]);
    assert_eq!(
        checks,
        Checks {
            begun: vec![3],
            still: vec![1]
        }
    );
    assert_eq!(turns.list, vec![3, 0, 1, 2]);
    assert_eq!(turns.checked, vec![1, 3]);
    // A check that ends is forgotten: when it begins again it is alerted again.
    let calm = position(&[(King, 1, "a1"), (King, 3, "t20")]);
    assert_eq!(review(&mut turns, &calm, &[0, 1, 2, 3]), Checks::default());
    assert!(turns.checked.is_empty());
}
