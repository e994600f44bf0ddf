//! C.6-C.13 worked by hand.

use super::*;
use crate::domain::diplomacy::advance::written;

fn player(
    id: u32,
    power: Power,
    score: i64,
    bonus: i64,
    years: &[(u16, u32)],
) -> PlayerResult<u32> {
    PlayerResult {
        id,
        name: format!("p{id}"),
        power,
        score: whole(score),
        bonus: whole(bonus),
        year_ends: years.iter().copied().collect(),
        team_place: Some(id as usize),
    }
}

#[test]
fn a_tie_on_score_goes_to_the_player_of_the_least_successful_country_c7a() {
    let results = vec![
        player(1, Power::France, 20, 8, &[]),
        player(2, Power::Italy, 20, 8, &[]),
        player(3, Power::France, 30, 16, &[]),
    ];
    // France totals 50, Italy 20: Italy is the less successful country.
    let got = round_one(&results, &country_totals(&results), &BTreeMap::new(), 1);
    assert_eq!(got[1].id, 2);
    assert_eq!(got[1].decided_by, "C.7(a) least successful country");
    assert_eq!(got[2].id, 1);
}

#[test]
fn an_advancement_decided_by_count_back_says_so_c7d() {
    // Same score, country total, bonus and 1908 centres; p2 held more at the end of 1907.
    let results = vec![
        player(1, Power::France, 20, 8, &[(1908, 12), (1907, 9)]),
        player(2, Power::Italy, 20, 8, &[(1908, 12), (1907, 10)]),
        player(3, Power::France, 0, 0, &[]),
        player(4, Power::Italy, 0, 0, &[]),
    ];
    let got = round_one(&results, &country_totals(&results), &BTreeMap::new(), 1);
    assert_eq!(got[0].id, 2);
    assert_eq!(
        got[0].decided_by,
        "C.7(d) count-back: centres at the end of 1907"
    );
    assert_eq!(
        written(&got[0]),
        "1. p2 20.00, decided by C.7(d) count-back: centres at the end of 1907"
    );
}

#[test]
fn an_advancement_decided_by_the_recorded_d100_says_so_and_repeats_from_its_seed_c7f() {
    let years: Vec<(u16, u32)> = (1901..=1909).map(|y| (y, 12)).collect();
    let mut a = player(1, Power::France, 20, 8, &years);
    let mut b = player(2, Power::Italy, 20, 8, &years);
    a.team_place = None;
    b.team_place = None;
    let results = vec![
        a,
        b,
        player(3, Power::France, 0, 0, &[]),
        player(4, Power::Italy, 0, 0, &[]),
    ];
    let got = round_one(&results, &country_totals(&results), &BTreeMap::new(), 77);
    assert_eq!(got[0].decided_by, "C.7(f) highest roll of a 100-sided die");
    assert_eq!(got[1].decided_by, "C.7(f) highest roll of a 100-sided die");
    assert!(got[0].rolls > got[1].rolls);
    assert_eq!(
        got,
        round_one(&results, &country_totals(&results), &BTreeMap::new(), 77)
    );
}

#[test]
fn team_credits_count_10_down_to_1_for_the_top_ten_teams_c6() {
    let teams: Vec<TeamResult<u32>> = (1..=12)
        .map(|t| TeamResult {
            id: t,
            name: format!("t{t}"),
            scores: vec![whole(100 - i64::from(t))],
            best_player: t as usize,
        })
        .collect();
    let placings = teams_round_one(&teams);
    assert_eq!(credits(&placings, &1), whole(10));
    assert_eq!(credits(&placings, &10), whole(1));
    assert_eq!(credits(&placings, &11), whole(0));
}

#[test]
fn teams_tied_on_total_compare_with_the_highest_score_removed_c6a() {
    let teams = vec![
        TeamResult {
            id: 1,
            name: "Lions".into(),
            scores: vec![whole(40), whole(10), whole(10)],
            best_player: 1,
        },
        TeamResult {
            id: 2,
            name: "Bears".into(),
            scores: vec![whole(30), whole(20), whole(10)],
            best_player: 2,
        },
    ];
    let got = teams_round_one(&teams);
    assert_eq!(got[0].name, "Bears");
    assert_eq!(
        got[0].decided_by,
        "C.6(a) total without the 1 highest score(s)"
    );
}

#[test]
fn credits_lift_a_player_past_a_higher_raw_score_c7() {
    let results = vec![
        player(1, Power::France, 30, 16, &[]),
        player(2, Power::Italy, 25, 8, &[]),
    ];
    let credits = BTreeMap::from([(2, whole(10))]);
    let got = round_one(&results, &country_totals(&results), &credits, 1);
    assert_eq!(got[0].id, 2);
    assert_eq!(got[0].keys[0], whole(35));
}

#[test]
fn round_two_adds_half_of_round_one_c8() {
    let results = vec![
        player(1, Power::France, 20, 8, &[]),
        player(2, Power::Italy, 24, 8, &[]),
    ];
    let r1 = BTreeMap::from([(1, (whole(11), 1)), (2, (whole(2), 2))]);
    let got = round_two(&results, &country_totals(&results), &r1);
    assert_eq!(got[0].id, 1);
    assert_eq!(got[0].keys[0], Points::new(51, 2));
}

#[test]
fn each_semi_final_board_sends_its_best_to_the_final_with_count_back_from_1911_c9() {
    let boards = vec![vec![
        player(1, Power::France, 20, 8, &[(1911, 9), (1910, 9)]),
        player(2, Power::France, 20, 8, &[(1911, 9), (1910, 8)]),
    ]];
    let got = semi_final(&boards, &all_of(&boards), &BTreeMap::new(), Prior::RoundTwo);
    assert_eq!(got[0][0].id, 1);
    assert_eq!(
        got[0][0].decided_by,
        "C.9(b) count-back: centres at the end of 1910"
    );
}

#[test]
fn the_individual_winner_has_the_most_centres_at_the_end_of_the_final_c11() {
    let f = vec![
        player(1, Power::France, 40, 32, &[(1915, 10), (1914, 9)]),
        player(2, Power::Italy, 40, 32, &[(1915, 10), (1914, 11)]),
    ];
    let got = individual(&f, 1915, &BTreeMap::new());
    assert_eq!(got[0].id, 2);
    assert_eq!(
        got[0].decided_by,
        "C.11(a) count-back: centres at the end of 1914"
    );
}

#[test]
fn the_team_winner_loses_forfeited_points_and_ties_go_to_players_advanced_c12() {
    let t = |id, forfeited: i64, advanced| TeamTotals {
        id,
        name: format!("t{id}"),
        round_one: vec![kept(50)],
        round_two: vec![kept(30 - forfeited), lost(forfeited)],
        advanced,
        place_round_one: id as usize,
    };
    let got = team(&[t(1, 10, 3), t(2, 0, 1)]);
    assert_eq!(got[0].id, 2);
    let got = team(&[t(1, 0, 1), t(2, 0, 3)]);
    assert_eq!(got[0].id, 2);
    assert_eq!(got[0].decided_by, "C.12(a) players advanced to round 2");
}

fn kept(points: i64) -> PositionPoints {
    PositionPoints {
        points: whole(points),
        forfeited: false,
    }
}

fn lost(points: i64) -> PositionPoints {
    PositionPoints {
        points: whole(points),
        forfeited: true,
    }
}

#[test]
fn a_forfeited_position_comes_off_the_team_total_once_in_the_tie_breaks_c12b_b8e() {
    // The review's example: X has round 1 [40, 20], round 2 [66 forfeited, 10] = 70; Y has
    // [30, 20] and [15, 5] = 70. C.12(b) drops each team's highest kept round-2 score: X 60
    // (its forfeited 66 was never counted), Y 55.
    let x = TeamTotals {
        id: 1,
        name: "X".into(),
        round_one: vec![kept(40), kept(20)],
        round_two: vec![lost(66), kept(10)],
        advanced: 2,
        place_round_one: 2,
    };
    let y = TeamTotals {
        id: 2,
        name: "Y".into(),
        round_one: vec![kept(30), kept(20)],
        round_two: vec![kept(15), kept(5)],
        advanced: 2,
        place_round_one: 1,
    };
    assert_eq!(x.forfeited(), whole(66));
    let got = team(&[y, x]);
    assert_eq!(got[0].keys[0], whole(70));
    assert_eq!(got[1].keys[0], whole(70));
    assert_eq!(got[0].id, 1);
    assert_eq!(got[0].keys[2], whole(60));
    assert_eq!(
        got[0].decided_by,
        "C.12(b) total without the 1 highest round 2 score(s)"
    );
}

#[test]
fn the_best_country_prefers_round_two_on_equal_scores_c13a() {
    let results = vec![
        CountryResult {
            result: player(1, Power::Turkey, 30, 16, &[]),
            round: 1,
        },
        CountryResult {
            result: player(2, Power::Turkey, 30, 16, &[]),
            round: 2,
        },
    ];
    let got = best_country(&results, 5);
    let turkey = &got[&Power::Turkey];
    assert_eq!(turkey[0].id, 2);
    assert_eq!(turkey[0].decided_by, "C.13(a) round 2 outranks round 1");
    assert!(!got.contains_key(&Power::France));
}

#[test]
fn the_stand_in_finalist_has_the_best_round_three_bonus_c10() {
    let others = vec![
        player(1, Power::France, 30, 8, &[]),
        player(2, Power::Italy, 20, 16, &[]),
    ];
    let got = stand_in(&others, &BTreeMap::new());
    assert_eq!(got[0].id, 2);
}

#[test]
fn the_semi_final_ranking_orders_board_winners_by_the_c9_criteria_not_by_board_c9_c11b() {
    // Board 1's best scored 25, board 2's 60: board 2's winner ranks first among the
    // qualifiers, and the rest follow by score across the boards.
    let boards = vec![
        vec![
            player(1, Power::France, 25, 16, &[]),
            player(2, Power::Italy, 20, 8, &[]),
        ],
        vec![
            player(3, Power::France, 60, 32, &[]),
            player(4, Power::Italy, 22, 8, &[]),
        ],
    ];
    let per_board = semi_final(&boards, &all_of(&boards), &BTreeMap::new(), Prior::RoundTwo);
    let got = semi_final_overall(
        &boards,
        &all_of(&boards),
        &per_board,
        &BTreeMap::new(),
        Prior::RoundTwo,
    );
    let ids: Vec<u32> = got.iter().map(|p| p.id).collect();
    assert_eq!(ids, vec![3, 1, 4, 2]);
    assert_eq!(got[0].decided_by, "semi-final score (C.9)");
    assert_eq!(got[3].place, 4);
}

fn all_of(boards: &[Vec<PlayerResult<u32>>]) -> BTreeMap<Power, Points> {
    let all: Vec<PlayerResult<u32>> = boards.iter().flatten().cloned().collect();
    country_totals(&all)
}

#[test]
fn the_least_successful_country_is_read_from_the_boards_scores_not_the_players_shares_c7a() {
    // England scored 30 on its board, of which its permanent player holds 20 (C.14); Italy
    // scored 25. By the boards, Italy is the less successful country, so its player ranks
    // first on an equal score.
    let results = vec![
        player(1, Power::England, 20, 8, &[]),
        player(2, Power::Italy, 20, 8, &[]),
    ];
    let boards = board_totals([(Power::England, whole(30)), (Power::Italy, whole(25))]);
    let got = round_one(&results, &boards, &BTreeMap::new(), 1);
    assert_eq!(got[0].id, 2);
    assert_eq!(got[0].decided_by, "C.7(a) least successful country");
}

#[test]
fn a_count_back_through_a_year_with_no_recorded_counts_says_so_c7d() {
    // Both held 12 at the end of 1908; only p2's board recorded 1907, so the count-back
    // reaching 1907 does not pass silently.
    let results = vec![
        player(1, Power::France, 20, 8, &[(1909, 12), (1908, 12)]),
        player(
            2,
            Power::Italy,
            20,
            8,
            &[(1909, 12), (1908, 12), (1907, 10)],
        ),
        player(3, Power::France, 0, 0, &[]),
        player(4, Power::Italy, 0, 0, &[]),
    ];
    let got = round_one(&results, &country_totals(&results), &BTreeMap::new(), 1);
    assert_eq!(got[0].id, 2);
    assert_eq!(
        got[1].decided_by,
        "C.7(d) count-back: centres at the end of 1907 (no counts recorded for 1907 on their board: read as none)"
    );
    assert_eq!(
        got[0].decided_by,
        "C.7(d) count-back: centres at the end of 1907"
    );
}
