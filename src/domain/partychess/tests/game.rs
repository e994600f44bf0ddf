//! The game's rules on worked positions: Check and self-check, the play list after a double
//! check, the default play, Warm Offices, Weights, the PartyChessPieceDef criteria on the
//! published suite, a repeal moving pieces off-board, instance limits, costs, the start.

use super::support::*;
use crate::domain::partychess::check::{checked, in_check};
use crate::domain::partychess::defs::{defined, judge as judge_rules, read_letter, read_value};
use crate::domain::partychess::generate::{default_play, legal_plays};
use crate::domain::partychess::kind::Kind::{self, *};
use crate::domain::partychess::legal::{judge, PlayError};
use crate::domain::partychess::play::Play;
use crate::domain::partychess::stock::{
    choose, cost, enforce_limits, undefined_off_board, ChoiceError, StockChange,
};
use crate::domain::partychess::suite::parse;
use crate::domain::partychess::turns::{Auto, Turns};
use crate::domain::partychess::weights::{halves, weight};
use crate::domain::partychess::SUITE_TEXT;

/// The automatic turns at the top of the list with fixed answers (a board that does not change).
fn settle_fixed(
    turns: &mut Turns,
    on_board: &dyn Fn(u32) -> bool,
    checked: &dyn Fn(u32) -> bool,
) -> Vec<Auto> {
    let mut out = Vec::new();
    for _ in 0..turns.list.len() {
        let Some(a) = turns.auto_at_top(on_board, checked) else {
            break;
        };
        out.push(a);
        turns.end_turn();
    }
    out
}

fn all_defined() -> Vec<Kind> {
    defined(&judge_rules(&parse(SUITE_TEXT).unwrap()))
}

#[test]
fn a_swinger_is_in_check_when_an_opposing_piece_attacks_eir_king_1230_2_7() {
    let pos = position(&[(King, 0, "e5"), (Rook, 1, "e12"), (King, 1, "t20")]);
    assert!(in_check(&pos, 0));
    assert!(!in_check(&pos, 1));
    let far = position(&[(King, 0, "e5"), (Rook, 1, "e16")]);
    assert!(!in_check(&far, 0), "11 squares is beyond the Rook's 10");
}

#[test]
fn no_swinger_may_make_a_play_that_leaves_eir_king_in_check_1230_2_7() {
    let d = all_defined();
    // The Bishop on e6 shields the King on e5 from the Rook on e12.
    let pos = position(&[(King, 0, "e5"), (Bishop, 0, "e6"), (Rook, 1, "e12")]);
    let away = Play::Move {
        from: sq("e6"),
        to: sq("f7"),
        promote: None,
        demons: Vec::new(),
    };
    assert_eq!(judge(&pos, 0, &away, &d).unwrap_err(), PlayError::SelfCheck);
    // Passing while in check is no escape either; surrendering is.
    let checked_pos = position(&[(King, 0, "e5"), (Rook, 1, "e12")]);
    assert_eq!(
        judge(&checked_pos, 0, &Play::Pass, &d).unwrap_err(),
        PlayError::SelfCheck
    );
    assert!(judge(&checked_pos, 0, &Play::Surrender, &d).is_ok());
    let step = Play::Move {
        from: sq("e5"),
        to: sq("f5"),
        promote: None,
        demons: Vec::new(),
    };
    assert!(judge(&checked_pos, 0, &step, &d).is_ok());
}

#[test]
fn the_default_play_is_a_pass_if_legal_otherwise_a_surrender_1230_2_4() {
    let calm = position(&[(King, 0, "e5"), (Rook, 1, "f12")]);
    assert_eq!(default_play(&calm, 0), Play::Pass);
    let checked_pos = position(&[(King, 0, "e5"), (Rook, 1, "e12")]);
    assert_eq!(default_play(&checked_pos, 0), Play::Surrender);
}

#[test]
fn two_swingers_checked_at_once_move_up_keeping_their_order_1230_2_3d() {
    // The list is 0, 1, 2, 3; Swinger 3 moves its Rook to check both 1 and 2.
    let d = all_defined();
    let pos = position(&[
        (King, 1, "c10"),
        (King, 2, "j3"),
        (Rook, 3, "j12"),
        (King, 3, "t20"),
        (King, 0, "a20"),
    ]);
    let play = Play::Move {
        from: sq("j12"),
        to: sq("j10"),
        promote: None,
        demons: Vec::new(),
    };
    let judged = judge(&pos, 3, &play, &d).unwrap();
    let now = checked(&judged.after, &[0, 1, 2, 3]);
    assert_eq!(now, vec![1, 2]);
    let mut turns = Turns {
        list: vec![3, 0, 1, 2],
        ..Turns::default()
    };
    turns.end_turn();
    assert_eq!(turns.list, vec![0, 1, 2, 3]);
    turns.move_up(&now);
    assert_eq!(turns.list, vec![1, 2, 0, 3]);
    // Checked in the other order of the list, the order is still the list's.
    let mut other = Turns {
        list: vec![2, 0, 3, 1],
        ..Turns::default()
    };
    other.move_up(&[1, 2]);
    assert_eq!(other.list, vec![2, 1, 0, 3]);
}

#[test]
fn a_single_checked_swinger_goes_to_the_top_1230_2_3c() {
    let mut turns = Turns {
        list: vec![0, 1, 2, 3],
        ..Turns::default()
    };
    turns.move_up(&[3]);
    assert_eq!(turns.list, vec![3, 0, 1, 2]);
}

#[test]
fn a_round_is_over_when_each_swinger_has_played_at_least_once_1230_2_4c() {
    let mut turns = Turns {
        list: vec![0, 1, 2],
        ..Turns::default()
    };
    turns.end_turn();
    turns.end_turn();
    assert_eq!(turns.round_count, 0);
    turns.end_turn();
    assert_eq!(turns.round_count, 1);
}

#[test]
fn a_warm_office_not_checked_passes_and_after_two_whole_rounds_surrenders_1230_2_4b() {
    let mut turns = Turns {
        list: vec![0, 1],
        ..Turns::default()
    };
    turns.set_warm(1, true);
    let yes = |_| true;
    let no = |_| false;
    assert!(
        settle_fixed(&mut turns, &yes, &no).is_empty(),
        "0 must play"
    );
    turns.end_turn();
    assert_eq!(settle_fixed(&mut turns, &yes, &no), vec![Auto::WarmPass(1)]);
    // Round 1 is now over; in round 2, 1 passes again; after round 2 (two whole rounds) it
    // surrenders.
    turns.end_turn();
    assert_eq!(settle_fixed(&mut turns, &yes, &no), vec![Auto::WarmPass(1)]);
    turns.end_turn();
    assert_eq!(
        settle_fixed(&mut turns, &yes, &no),
        vec![Auto::WarmSurrender(1)]
    );
    // A Warm Office in Check is not played automatically (§4.B(ii)).
    let mut t2 = Turns {
        list: vec![1, 0],
        ..Turns::default()
    };
    t2.set_warm(1, true);
    assert!(settle_fixed(&mut t2, &yes, &yes).is_empty());
}

#[test]
fn with_7_swingers_on_board_one_with_no_pieces_on_board_is_skipped_1230_2_4b_iii() {
    let mut turns = Turns {
        list: (0..8).collect(),
        ..Turns::default()
    };
    let on_board = |s: u32| s != 0;
    assert_eq!(
        settle_fixed(&mut turns, &on_board, &|_| false),
        vec![Auto::Skipped(0)]
    );
    assert_eq!(turns.top(), Some(1));
    // With only 6 on board, nobody is skipped.
    let mut six = Turns {
        list: (0..8).collect(),
        ..Turns::default()
    };
    assert!(settle_fixed(&mut six, &|s: u32| (1..=6).contains(&s), &|_| false).is_empty());
}

#[test]
fn the_play_list_puts_the_nap_swinger_first_and_the_rest_in_the_seeds_order_1230_2_3a() {
    let a = Turns::start(4, &[1, 2, 3, 4, 5], 42);
    let b = Turns::start(4, &[1, 2, 3, 4, 5], 42);
    assert_eq!(a.list[0], 4);
    assert_eq!(a.list, b.list, "the same seed, the same order");
    let mut rest = a.list[1..].to_vec();
    rest.sort();
    assert_eq!(rest, vec![1, 2, 3, 5]);
}

#[test]
fn weights_for_a_worked_position_1230_3() {
    // Swinger 0: King a1, Rook a3, Camel j10. Swinger 1: King t20, Pawn a5.
    let pos = position(&[
        (King, 0, "a1"),
        (Rook, 0, "a3"),
        (Camel, 0, "j10"),
        (King, 1, "t20"),
        (Pawn, 1, "a5"),
    ]);
    let w = weight(&pos, 0, &Kind::ALL);
    // Material 0 + 9 + 5 = 14.
    // King a1: moves a2, b1, b2 (min 1): Mobility = longest move = 1; it defends the Rook?
    //   No: a3 is 2 away. Attacks nothing. Share 0 + 1 = 1.
    // Rook a3: moves a2, a4 (a5 is taken) and b3…k3: longest 10; attacks the pawn on a5 (+5),
    //   defends the King on a1 (+4). Share 9 + 10 + 5 + 4 = 28.
    // Camel j10: 8 moves, each of distance 3 (min 3 > 1, max - min = 0): half of 8 = 4.
    //   Share 5 + 4 = 9.
    // Weight = 1 + 28 + 9 = 38.
    assert_eq!(halves(w.total_x2()), "38");
    let rook = w.pieces.iter().find(|p| p.kind == Rook).unwrap();
    assert_eq!(
        (rook.mobility_x2, rook.attacks, rook.defends),
        (20, true, true)
    );
    let camel = w.pieces.iter().find(|p| p.kind == Camel).unwrap();
    assert_eq!(camel.mobility_why, "half of 8 legal moves");
    // Swinger 1: King t20 (longest 1), Pawn a5 (a4, a6, b5: longest 1; it attacks nothing
    // diagonally). Weight = 0 + 1 + 1 + 1 = 3.
    assert_eq!(halves(weight(&pos, 1, &Kind::ALL).total_x2()), "3");
    // A Swinger whose King is off-board weighs 0.
    let kingless = position(&[(Rook, 0, "a3")]);
    assert_eq!(weight(&kingless, 0, &Kind::ALL).total_x2(), 0);
}

#[test]
fn a_character_claimed_twice_counts_only_for_the_lowest_numbered_rule_1230_1_3a_v() {
    let verdicts = judge_rules(&parse(SUITE_TEXT).unwrap());
    let zombie = verdicts.iter().find(|v| v.number == 21).unwrap();
    assert_eq!(zombie.defines, None);
    assert!(zombie.reason.contains("Rule 1230.16"), "{}", zombie.reason);
    let kamikaze = verdicts.iter().find(|v| v.number == 16).unwrap();
    assert_eq!(kamikaze.defines, Some(Kamikaze));
}

#[test]
fn a_rule_whose_moves_are_not_defined_unambiguously_is_no_piecedef_rule_1230_1_3a_iii() {
    let verdicts = judge_rules(&parse(SUITE_TEXT).unwrap());
    let nabi = verdicts.iter().find(|v| v.number == 12).unwrap();
    assert_eq!(nabi.defines, None);
    assert!(nabi.reason.contains("(iii)"), "{}", nabi.reason);
    let general = verdicts.iter().find(|v| v.number == 2).unwrap();
    assert!(general.reason.contains("(i)"));
}

#[test]
fn the_published_suite_defines_sixteen_types_of_piece_1230_1_3a() {
    let verdicts = judge_rules(&parse(SUITE_TEXT).unwrap());
    let d = defined(&verdicts);
    assert_eq!(d.len(), 16, "{verdicts:#?}");
    assert!(!d.contains(&IlNabi) && !d.contains(&Zombie));
}

#[test]
fn characters_are_read_from_the_rules_own_words_case_not_counting_1230_1_3a_v() {
    assert_eq!(
        read_letter("1. A pawn is represented by the ASCII character p ."),
        Some('p')
    );
    assert_eq!(
        read_letter("F. The ASCII character representing the King is K"),
        Some('K')
    );
    assert_eq!(
        read_letter("An Archer is represented by the ASCII Character \"A\"."),
        Some('A')
    );
    assert_eq!(
        read_letter("worth of 5, represented by the character % ."),
        Some('%')
    );
    assert_eq!(
        read_value("D. The material value of the King is zero."),
        Some(0)
    );
    assert_eq!(
        read_value("4. An Archer has a material value of 7."),
        Some(7)
    );
    assert_eq!(
        read_value("A Cantor is a piece with a material worth of 5"),
        Some(5)
    );
    // Two rules claim Z in the published suite: the lower-numbered, the Kamikaze's, has it.
    let v = judge_rules(&parse(SUITE_TEXT).unwrap());
    let of = |n: u32| v.iter().find(|v| v.number == n).unwrap();
    assert_eq!(of(16).defines, Some(Kamikaze));
    assert_eq!(of(21).defines, None);
    assert!(
        of(21).reason.contains("also claimed by Rule 1230.16"),
        "{}",
        of(21).reason
    );
}

#[test]
fn a_repealed_piece_rule_moves_its_pieces_off_board_keeping_their_owner_1230_1_3e() {
    let rules: Vec<_> = parse(SUITE_TEXT)
        .unwrap()
        .into_iter()
        .filter(|r| r.number != 6)
        .collect();
    let d = defined(&judge_rules(&rules));
    assert!(!d.contains(&Camel));
    let mut pos = position(&[(Camel, 2, "e5"), (Rook, 2, "a1")]);
    let changes = undefined_off_board(&mut pos, &d);
    assert_eq!(changes.len(), 1);
    assert!(matches!(
        changes[0],
        StockChange::OffBoard {
            kind: Camel,
            owner: 2,
            ..
        }
    ));
    assert!(pos.at(sq("e5")).is_none());
    assert_eq!(pos.pieces()[0].owner, 2);
    assert!(pos.at(sq("a1")).is_some());
    // An amended text past gavel's reading has the same effect until it is read again.
    let mut amended = parse(SUITE_TEXT).unwrap();
    amended
        .iter_mut()
        .find(|r| r.number == 6)
        .unwrap()
        .text
        .push_str("\n5. A Camel may also fly.");
    assert!(!defined(&judge_rules(&amended)).contains(&Camel));
    // The same text re-enacted under a new revision is judged by its text: still read
    // (Rule 1230.1 §3.A).
    let mut again = parse(SUITE_TEXT).unwrap();
    again.iter_mut().find(|r| r.number == 6).unwrap().revision = 5;
    assert!(defined(&judge_rules(&again)).contains(&Camel));
}

#[test]
fn excess_over_an_instance_limit_is_destroyed_off_board_pieces_first_1230_1_3g() {
    // Swinger 0 captured Swinger 1's King: it holds two, one on the board.
    let mut pos = position(&[(King, 0, "e5")]);
    let captured = pos.create(King, 0);
    let changes = enforce_limits(&mut pos, 7);
    assert_eq!(
        changes,
        vec![StockChange::Destroyed {
            id: captured,
            kind: King,
            owner: 0,
            was_on_board: false
        }]
    );
    assert!(pos.at(sq("e5")).is_some());
}

#[test]
fn a_new_piece_costs_a1_plus_a7_times_its_value_1230_1_2d() {
    assert_eq!(cost(Rook), 64);
    assert_eq!(cost(King), 1);
    assert_eq!(cost(Tornado), 78);
}

#[test]
fn five_pieces_worth_at_most_30_and_a_king_start_each_swinger_1230_2_2b() {
    let d = all_defined();
    assert_eq!(
        choose("R C B p p", &d).unwrap(),
        vec![Rook, Camel, Bishop, Pawn, Pawn]
    );
    assert_eq!(
        choose("r c b P P", &d).unwrap().len(),
        5,
        "case does not count"
    );
    assert!(choose("R R R p p", &d).is_ok(), "29 is within 30");
    assert_eq!(choose("T R R p p", &d), Err(ChoiceError::TooValuable(31)));
    assert_eq!(choose("R C B p", &d), Err(ChoiceError::Count(4)));
    assert_eq!(
        choose("K R p p p", &d),
        Err(ChoiceError::Limit {
            kind: King,
            limit: 1
        })
    );
    assert_eq!(
        choose("M R p p p", &d),
        Err(ChoiceError::Unknown("M".into()))
    );
}

#[test]
fn a_placement_may_not_attack_an_opposing_piece_and_a_pawn_goes_on_the_edges_1230_2_6c() {
    let d = all_defined();
    let mut pos = position(&[(King, 0, "a1"), (King, 1, "t20"), (Pawn, 1, "e10")]);
    pos.create(Rook, 0);
    pos.create(Pawn, 0);
    let attacking = Play::Place {
        kind: Rook,
        at: sq("e5"),
        hn: None,
    };
    assert!(matches!(
        judge(&pos, 0, &attacking, &d),
        Err(PlayError::PlacementAttacks { .. })
    ));
    assert!(judge(
        &pos,
        0,
        &Play::Place {
            kind: Rook,
            at: sq("f5"),
            hn: None,
        },
        &d
    )
    .is_ok());
    assert_eq!(
        judge(
            &pos,
            0,
            &Play::Place {
                kind: Pawn,
                at: sq("j5"),
                hn: None,
            },
            &d
        )
        .unwrap_err(),
        PlayError::PawnPlacement
    );
    assert!(judge(
        &pos,
        0,
        &Play::Place {
            kind: Pawn,
            at: sq("s5"),
            hn: None,
        },
        &d
    )
    .is_ok());
}

#[test]
fn a_pawn_reaching_the_centre_is_promoted_to_the_swingers_choice_1230_8_4() {
    let d = all_defined();
    let pos = position(&[(King, 0, "a1"), (Pawn, 0, "j9")]);
    let bare = Play::Move {
        from: sq("j9"),
        to: sq("j10"),
        promote: None,
        demons: Vec::new(),
    };
    assert_eq!(
        judge(&pos, 0, &bare, &d).unwrap_err(),
        PlayError::PromotionNeeded(sq("j10"))
    );
    let rook = Play::Move {
        from: sq("j9"),
        to: sq("j10"),
        promote: Some(Rook),
        demons: Vec::new(),
    };
    let after = judge(&pos, 0, &rook, &d).unwrap().after;
    assert_eq!(after.at(sq("j10")).unwrap().kind, Rook);
    let king = Play::Move {
        from: sq("j9"),
        to: sq("j10"),
        promote: Some(King),
        demons: Vec::new(),
    };
    assert_eq!(
        judge(&pos, 0, &king, &d).unwrap_err(),
        PlayError::BadPromotion(King)
    );
}

#[test]
fn every_legal_play_includes_pass_and_surrender_and_no_self_check() {
    let d = all_defined();
    let pos = position(&[(King, 0, "e5"), (Bishop, 0, "e6"), (Rook, 1, "e12")]);
    let plays = legal_plays(&pos, 0, &d);
    assert!(plays.contains(&Play::Pass) && plays.contains(&Play::Surrender));
    assert!(
        !plays
            .iter()
            .any(|p| matches!(p, Play::Move { from, .. } if *from == sq("e6"))),
        "the Bishop is pinned"
    );
    for p in &plays {
        assert!(judge(&pos, 0, p, &d).is_ok(), "{p}");
    }
}

#[test]
fn every_legal_play_on_a_crowded_board_is_exactly_what_judging_each_play_finds() {
    use crate::domain::partychess::board::Square;
    use crate::domain::partychess::position::Position;
    use crate::domain::partychess::random::Draw;
    const OTHERS: [Kind; 15] = [
        Rook, Bishop, Camel, Qball, Tornado, Archer, CopyCat, HarfyBlob, Kamikaze, BouncyBall,
        Demon, Cantor, Echo, Jester, Pawn,
    ];
    let d = all_defined();
    let mut squares: Vec<Square> = Square::all().collect();
    Draw::new(1230).shuffle(&mut squares);
    let mut next = squares.into_iter().step_by(2);
    let mut pos = Position::new();
    for seat in 0..5u32 {
        pos.put(King, seat, next.next().unwrap());
        for i in 0..5 {
            pos.put(
                OTHERS[(seat as usize * 5 + i) % OTHERS.len()],
                seat,
                next.next().unwrap(),
            );
        }
    }
    for seat in 0..5u32 {
        let fast = legal_plays(&pos, seat, &d);
        let mut slow = Vec::new();
        for p in pos.of(seat).filter(|p| p.at.is_some()) {
            let from = p.at.unwrap();
            for to in Square::all() {
                let mv = Play::Move {
                    from,
                    to,
                    promote: None,
                    demons: Vec::new(),
                };
                if judge(&pos, seat, &mv, &d).is_ok() {
                    slow.push(mv);
                }
                if p.kind != Tornado {
                    let cap = Play::Capture {
                        from,
                        path: vec![to],
                        promote: None,
                        demons: Vec::new(),
                    };
                    if judge(&pos, seat, &cap, &d).is_ok() {
                        slow.push(cap);
                    }
                }
            }
        }
        let plain = |p: &&Play| match p {
            Play::Capture { path, .. } => path.len() == 1,
            Play::Move { promote, .. } => promote.is_none(),
            _ => false,
        };
        let tornado_chain = |p: &&Play| matches!(p, Play::Capture { from, .. } if pos.at(*from).is_some_and(|x| x.kind == Tornado));
        let mut a: Vec<String> = fast
            .iter()
            .filter(plain)
            .filter(|p| !tornado_chain(p))
            .map(ToString::to_string)
            .collect();
        let mut b: Vec<String> = slow.iter().map(ToString::to_string).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "seat {seat}");
        for p in &fast {
            assert!(judge(&pos, seat, p, &d).is_ok(), "{p}");
        }
    }
}
