//! B.5 and B.6 on small fields.

use super::*;

/// `teams` teams of seven; in round 1 each team's players take the seven powers in order.
fn field(teams: i64, round_one: bool) -> Vec<Player> {
    (0..teams * 7)
        .map(|i| Player {
            id: i + 1,
            name: format!("p{}", i + 1),
            team: Some(i / 7 + 1),
            power: round_one.then(|| Power::ALL[(i % 7) as usize]),
            played: vec![],
            met: vec![],
        })
        .collect()
}

fn team_of(players: &[Player], id: i64) -> Option<i64> {
    players.iter().find(|p| p.id == id).and_then(|p| p.team)
}

#[test]
fn round_one_keeps_the_sign_up_powers_and_keeps_team_mates_apart_b5_b6b() {
    let players = field(7, true);
    let d = deal(&players, true, 11).unwrap();
    assert_eq!(d.boards.len(), 7);
    for board in &d.boards {
        for (p, id) in board.iter().enumerate() {
            let pl = players.iter().find(|x| x.id == *id).unwrap();
            assert_eq!(pl.power, Some(Power::ALL[p]), "B.5: the sign-up's power");
        }
        let teams: BTreeSet<_> = board.iter().map(|id| team_of(&players, *id)).collect();
        assert_eq!(teams.len(), 7, "B.6(b): no two team-mates on a board");
    }
    assert!(d.relaxed.iter().all(|r| r.rule > Rule::B));
}

#[test]
fn the_same_seed_repeats_the_deal_b6() {
    let players = field(7, false);
    assert_eq!(
        deal(&players, true, 5).unwrap(),
        deal(&players, true, 5).unwrap()
    );
    assert_ne!(
        deal(&players, true, 5).unwrap().boards,
        deal(&players, true, 6).unwrap().boards
    );
}

#[test]
fn when_b6e_cannot_hold_the_deal_says_it_relaxed_it_and_why_b6() {
    // Seven teams on seven boards: every board holds all seven teams, so each pair of teams
    // meets on every board. 21 × 7 = 147 meetings, but 7 teams make only 21 pairs.
    let players = field(7, true);
    let d = deal(&players, true, 3).unwrap();
    let e = d.relaxed.iter().find(|r| r.rule == Rule::E).unwrap();
    assert_eq!(e.times, 21 * 6);
    assert_eq!(
        e.why,
        "7 boards, each holding 7 teams so that B.6(b) holds as far as it can, make at least 147 meetings of teams, but 7 teams make only 21 pair(s)"
    );
    assert_eq!(
        e.rule.cite(),
        "B.6(e) no two teams meeting more than once in the round"
    );
}

#[test]
fn later_rounds_avoid_a_power_played_before_b6c() {
    let mut players = field(1, false);
    for (i, p) in players.iter_mut().enumerate() {
        p.team = None;
        p.played = vec![Power::ALL[i]];
    }
    let d = deal(&players, false, 9).unwrap();
    for (p, id) in d.boards[0].iter().enumerate() {
        let pl = players.iter().find(|x| x.id == *id).unwrap();
        assert!(!pl.played.contains(&Power::ALL[p]));
    }
    assert!(d.relaxed.is_empty());
}

#[test]
fn players_who_met_before_are_put_on_different_boards_where_possible_b6d() {
    let mut players = field(2, false);
    for p in players.iter_mut() {
        p.team = None;
    }
    // p1..p7 met in round 1; two boards of seven can hold them apart only partly, and the
    // deal must keep that to the least.
    for p in players.iter_mut().take(7) {
        p.met = (1..=7).filter(|&x| x != p.id).collect();
    }
    let d = deal(&players, false, 4).unwrap();
    let first: Vec<i64> = d.boards[0].to_vec();
    let old_on_first = first.iter().filter(|id| **id <= 7).count();
    assert!(old_on_first == 3 || old_on_first == 4, "{first:?}");
    let r = d.relaxed.iter().find(|r| r.rule == Rule::D).unwrap();
    assert_eq!(r.times, 3 + 6, "3 pairs on one board, 6 on the other");
}

#[test]
fn a_field_that_is_not_a_multiple_of_seven_is_refused_b2() {
    let players = field(1, false);
    assert_eq!(deal(&players[..6], false, 1), Err(DealError::NotSevens(6)));
    let mut r1 = field(1, true);
    r1[0].power = Some(Power::England);
    assert!(matches!(deal(&r1, true, 1), Err(DealError::Powers { .. })));
}

/// Round 2 after a round 1 of seven teams on seven boards dealt with `seed`: every player has
/// met the six on their board and played their power.
fn round_two(seed: u64) -> Vec<Player> {
    let first = field(7, true);
    let d = deal(&first, true, seed).unwrap();
    let mut players = first.clone();
    for board in &d.boards {
        for (p, id) in board.iter().enumerate() {
            let pl = players.iter_mut().find(|x| x.id == *id).unwrap();
            pl.power = None;
            pl.played = vec![Power::ALL[p]];
            pl.met = board.iter().copied().filter(|x| x != id).collect();
        }
    }
    players
}

#[test]
fn forty_nine_players_meet_no_one_twice_when_a_deal_keeping_b_c_and_d_exists_b6() {
    // Seed 9 after round 1's seed 1 (and seed 6 after seed 3) stopped, in three attempts, at
    // deals where two pairs met again (or team-mates shared a board), though seeds 1-4 find a
    // deal that keeps (b), (c) and (d): the search goes on until it finds one.
    for (first, seed) in [(1, 9), (3, 6)] {
        let players = round_two(first);
        let d = deal(&players, true, seed).unwrap();
        let broken: Vec<Rule> = d.relaxed.iter().map(|r| r.rule).collect();
        assert_eq!(broken, vec![Rule::E], "round 1 seed {first}, seed {seed}");
        for board in &d.boards {
            for (p, id) in board.iter().enumerate() {
                let pl = players.iter().find(|x| x.id == *id).unwrap();
                assert!(!pl.played.contains(&Power::ALL[p]), "B.6(c)");
                assert!(board.iter().all(|o| !pl.met.contains(o)), "B.6(d)");
            }
        }
    }
}

#[test]
fn one_board_of_players_who_met_says_they_meet_again_however_they_sit_b6d() {
    let mut players = field(1, false);
    for p in players.iter_mut() {
        p.team = None;
        p.met = (1..=7).filter(|&x| x != p.id).collect();
    }
    let d = deal(&players, false, 2).unwrap();
    let r = d.relaxed.iter().find(|r| r.rule == Rule::D).unwrap();
    assert_eq!(r.times, 21);
    assert_eq!(
        r.why,
        "one board holds every player, so those who met before meet again however they sit"
    );
}
