//! C.1-C.5 worked by hand.

use super::*;

fn c(text: &str) -> Centres {
    Centres::parse(text).unwrap()
}

#[test]
fn a_board_scores_its_positional_bonus_plus_centres_c1_c2() {
    let s = score(&c("A=9 E=7 F=6 G=5 I=4 R=2 T=1"), &Ending::Played);
    let got: Vec<i64> = s.lines.iter().map(|l| l.score.to_integer()).collect();
    assert_eq!(got, [41, 23, 14, 9, 6, 3, 1]);
    assert_eq!(
        s.of(Power::Turkey),
        whole(1),
        "a seventh place earns no bonus"
    );
}

#[test]
fn three_players_tied_on_8_share_first_to_third_and_an_eliminated_player_scores_zero_c3_c1() {
    let s = score(&c("A=8 E=8 F=8 G=5 I=3 R=2"), &Ending::Played);
    let share = Points::new(32 + 16 + 8, 3) + whole(8);
    assert_eq!(s.of(Power::Austria), share);
    assert_eq!(s.of(Power::England), share);
    assert_eq!(s.of(Power::France), share);
    assert_eq!(shown(share), "26.67");
    assert_eq!(s.of(Power::Germany), whole(4 + 5));
    assert_eq!(s.of(Power::Italy), whole(2 + 3));
    assert_eq!(s.of(Power::Russia), whole(1 + 2));
    assert_eq!(s.of(Power::Turkey), whole(0));
    let line = &s.lines[0];
    assert_eq!(line.places, Some((1, 3)));
    assert_eq!(
        line.working,
        "Austria: 1st-3rd shared by 3, bonus (32 + 16 + 8) / 3 = 56/3; + 8 centres = 26.67 (80/3)"
    );
    assert_eq!(s.lines[6].working, "Turkey: eliminated, scores 0 (C.1)");
}

#[test]
fn a_tie_below_first_shares_only_the_places_it_covers_c3() {
    let s = score(&c("A=10 E=6 F=6 G=6 I=6"), &Ending::Played);
    // 2nd-5th: (16 + 8 + 4 + 2) / 4 = 7.5
    assert_eq!(s.of(Power::England), Points::new(15, 2) + whole(6));
    assert_eq!(s.of(Power::Austria), whole(42));
}

#[test]
fn a_solo_of_18_or_more_scores_as_34_centres_with_the_others_eliminated_c4() {
    let s = score(&c("F=18 G=10 E=6"), &Ending::Played);
    assert_eq!(s.solo, Some(Power::France));
    assert_eq!(s.of(Power::France), whole(66));
    assert_eq!(s.of(Power::Germany), whole(0));
    assert!(s.basis.contains("C.4"));
}

#[test]
fn a_conceded_solo_scores_as_a_solo_c5() {
    let s = score(
        &c("A=12 E=10 F=6 G=6"),
        &Ending::Conceded { to: Power::Austria },
    );
    assert_eq!(s.of(Power::Austria), whole(66));
    assert_eq!(s.of(Power::England), whole(0));
    assert!(s.basis.contains("C.5"));
}

#[test]
fn a_conceded_solo_carries_the_counts_to_the_penultimate_year_and_the_solo_to_the_last_c5() {
    let recorded = BTreeMap::from([(1904, c("A=12 E=10 F=6 G=6"))]);
    let years = year_ends(&recorded, 1909, &Ending::Conceded { to: Power::Austria });
    assert_eq!(years[&1904].of(Power::England), 10);
    assert_eq!(years[&1908].of(Power::England), 10);
    assert_eq!(years[&1908].of(Power::Austria), 12);
    assert_eq!(years[&1909].of(Power::Austria), 34);
    assert_eq!(years[&1909].of(Power::England), 0);
    assert_eq!(
        years[&1901].total(),
        0,
        "no counts were recorded before 1904"
    );
}

#[test]
fn a_draw_by_vote_carries_the_current_counts_to_all_remaining_years_c5() {
    let recorded = BTreeMap::from([(1905, c("A=12 E=10 F=12"))]);
    let draw = Ending::Draw {
        members: vec![Power::Austria, Power::England, Power::France],
    };
    let years = year_ends(&recorded, 1909, &draw);
    assert_eq!(years[&1909], c("A=12 E=10 F=12"));
}

#[test]
fn a_draw_that_leaves_out_a_survivor_presumes_its_elimination_d_ix_4() {
    let draw = Ending::Draw {
        members: vec![Power::Austria, Power::France],
    };
    let s = score(&c("A=12 E=10 F=12"), &draw);
    assert_eq!(s.of(Power::England), whole(0));
    // Austria and France share 1st-2nd: (32 + 16) / 2 + 12.
    assert_eq!(s.of(Power::Austria), whole(36));
    assert!(s.basis.contains("leaves out England"));
}
