//! The Monrad rule as the ACWC writes it, checked against pairings worked out by hand.

use super::*;

/// `n` entrants p1..pn seeded 2000, 1999, ... (so p1 is the top seed).
fn field(n: i64) -> Vec<Entrant> {
    (1..=n)
        .map(|id| Entrant {
            id,
            name: format!("p{id}"),
            seed_x2: 2 * (2001 - id),
        })
        .collect()
}

/// The round played with the higher seed (lower id) winning every match.
fn higher_seed_wins(pairing: &RoundPairing) -> Vec<Played> {
    let mut round: Vec<Played> = pairing
        .pairs
        .iter()
        .map(|&(a, b)| Played {
            first: a,
            second: Some(b),
            first_points: if a < b { 2 } else { 0 },
            second_points: if a < b { 0 } else { 2 },
        })
        .collect();
    round.extend(pairing.bye.map(Played::bye));
    round
}

fn everyone(entrants: &[Entrant]) -> BTreeSet<EntrantId> {
    entrants.iter().map(|e| e.id).collect()
}

/// Pairs written as "a-b".
fn written(pairing: &RoundPairing) -> Vec<String> {
    pairing
        .pairs
        .iter()
        .map(|(a, b)| format!("{a}-{b}"))
        .collect()
}

#[test]
fn the_number_of_rounds_is_five_or_log2_rounded_up_above_32() {
    // ACWC Qualification: "at least 5 rounds ... 6 rounds for 33-64 players, 7 rounds for
    // 65-128 players".
    assert_eq!(rounds_for(12, 5, 32), 5);
    assert_eq!(rounds_for(32, 5, 32), 5);
    assert_eq!(rounds_for(33, 5, 32), 6);
    assert_eq!(rounds_for(64, 5, 32), 6);
    assert_eq!(rounds_for(65, 5, 32), 7);
    assert_eq!(rounds_for(10_000, 5, 32), 14);
}

#[test]
fn forty_players_are_paired_for_six_rounds_as_worked_out_by_hand() {
    // ACWC Pairing details, with the higher seed winning every match. Worked by hand:
    // - Round 1: everyone on 0, ranked by own seed: 1-2, 3-4, ..., 39-40.
    // - Round 2: winners 1, 3, ..., 39 on 1 point, ranked by their opponent's seed (2 > 4 > ...),
    //   then the losers 2, 4, ..., 40: 1-3, 5-7, ..., 37-39, 2-4, ..., 38-40.
    // - Round 3: on 2 points 1, 5, ..., 37 (ranked by opponents' average); on 1 point 2 and 3
    //   have the same average (1 and 4; 4 and 1), so the own seed puts 2 first: 2, 3, 6, 7, ...;
    //   on 0 points 4, 8, ..., 40. Each meets the next: 1-5, 9-13, ..., 2-3, 6-7, ..., 4-8, ....
    let entrants = field(40);
    let all = everyone(&entrants);
    let mut rounds: Vec<Vec<Played>> = Vec::new();
    let expected: [Vec<String>; 3] = [
        (0..20)
            .map(|i| format!("{}-{}", 2 * i + 1, 2 * i + 2))
            .collect(),
        (0..10)
            .map(|i| format!("{}-{}", 4 * i + 1, 4 * i + 3))
            .chain((0..10).map(|i| format!("{}-{}", 4 * i + 2, 4 * i + 4)))
            .collect(),
        (0..5)
            .map(|i| format!("{}-{}", 8 * i + 1, 8 * i + 5))
            .chain((0..10).map(|i| format!("{}-{}", 4 * i + 2, 4 * i + 3)))
            .chain((0..5).map(|i| format!("{}-{}", 8 * i + 4, 8 * i + 8)))
            .collect(),
    ];
    for (round, want) in expected.iter().enumerate() {
        let pairing = pair(&entrants, &rounds, &all);
        assert_eq!(&written(&pairing), want, "round {}", round + 1);
        assert_eq!(pairing.bye, None);
        rounds.push(higher_seed_wins(&pairing));
    }
    // Rounds 4 to 6: everyone plays once a round, and a pair meets again only where the rules
    // admit it may happen, at the bottom ("the last two players"), and the step says so: in
    // round 6 the last two, 39 and 40, met in round 1.
    for round in 4..=6 {
        let pairing = pair(&entrants, &rounds, &all);
        let mut seen = BTreeSet::new();
        for &(a, b) in &pairing.pairs {
            assert!(
                seen.insert(a) && seen.insert(b),
                "round {round}: {a} or {b} twice"
            );
        }
        assert_eq!(seen.len(), 40, "round {round}");
        let standings = standings(&entrants, &rounds);
        let last = pairing.pairs.len() - 1;
        for (i, &(a, b)) in pairing.pairs.iter().enumerate() {
            let met = &standings.iter().find(|s| s.id == a).unwrap().met;
            if met.contains(&b) {
                assert_eq!(i, last, "round {round}: {a} and {b} meet again, not last");
                assert!(pairing.steps[i].contains("again"), "{:?}", pairing.steps[i]);
            }
        }
        if round == 6 {
            assert_eq!(pairing.pairs[last], (39, 40));
        }
        rounds.push(higher_seed_wins(&pairing));
    }
    // After six rounds the top seed has won everything.
    let table = standings(&entrants, &rounds);
    assert_eq!((table[0].id, table[0].score), (1, 12));
}

#[test]
fn with_an_odd_number_the_lowest_ranked_without_a_bye_gets_one_and_it_averages_zero() {
    // ACWC Pairing details: the bye goes to the lowest-ranked player who has not had one; it is
    // a win that does not enter the opponents' average, and a player whose one win is a bye
    // averages zero.
    let entrants = field(5);
    let all = everyone(&entrants);
    let first = pair(&entrants, &[], &all);
    assert_eq!(first.bye, Some(5));
    assert_eq!(written(&first), ["1-2", "3-4"]);
    assert!(first.steps[0].starts_with("p5 (rank 5) is the lowest-ranked player without a bye"));
    let rounds = vec![higher_seed_wins(&first)];
    let table = standings(&entrants, &rounds);
    let p5 = table.iter().find(|s| s.id == 5).unwrap();
    assert_eq!(
        (p5.score, p5.opponents, p5.average_shown()),
        (2, 0, "0".into())
    );
    // On 1 point: 1 (opponent 1999) and 3 (opponent 1997) rank above 5 (average 0).
    let order: Vec<EntrantId> = table.iter().map(|s| s.id).collect();
    assert_eq!(order, [1, 3, 5, 2, 4]);
    // Round 2: 4 is now the lowest without a bye.
    let second = pair(&entrants, &rounds, &all);
    assert_eq!(second.bye, Some(4));
    assert_eq!(written(&second), ["1-3", "5-2"]);
}

#[test]
fn a_player_skips_those_already_met_and_the_step_says_so() {
    // ACWC Pairing details: "the player closest to them (in ranking) that they have not played
    // yet". Four players: 1 beat 2, 3 beat 4; then 1 and 3 on 1 point have met 2 and 4 only.
    let entrants = field(4);
    let all = everyone(&entrants);
    let rounds = vec![vec![
        Played {
            first: 1,
            second: Some(2),
            first_points: 2,
            second_points: 0,
        },
        Played {
            first: 3,
            second: Some(4),
            first_points: 1,
            second_points: 1,
        },
    ]];
    // Ranking: 1 (1 pt), then 3 and 4 (0.5; 3's opponent 4 is rated below 4's opponent 3,
    // so 4 ranks first), then 2. 1 meets 4; 3 has met 4... 3 meets 2.
    let pairing = pair(&entrants, &rounds, &all);
    let order: Vec<EntrantId> = pairing.ranking.iter().map(|s| s.id).collect();
    assert_eq!(order, [1, 4, 3, 2]);
    assert_eq!(written(&pairing), ["1-4", "3-2"]);
    // Another round where the top player has met the next: 1 met 2 and 4; skipping them.
    let mut rounds = rounds;
    rounds.push(vec![
        Played {
            first: 1,
            second: Some(4),
            first_points: 2,
            second_points: 0,
        },
        Played {
            first: 3,
            second: Some(2),
            first_points: 2,
            second_points: 0,
        },
    ]);
    // Round 3: 1 (two wins) has met 2 and 4; 3 is next and unmet.
    let pairing = pair(&entrants, &rounds, &all);
    let order: Vec<EntrantId> = pairing.ranking.iter().map(|s| s.id).collect();
    assert_eq!(order, [1, 3, 4, 2]);
    assert_eq!(written(&pairing), ["1-3", "4-2"]);
    // Round 4 of four players: everyone has met everyone, so each meets the next again, the
    // case the rules admit they may not prevent, and the step says so.
    rounds.push(higher_seed_wins(&pairing));
    let pairing = pair(&entrants, &rounds, &all);
    assert_eq!(pairing.pairs.len(), 2);
    assert!(
        pairing.steps.iter().all(|s| s.contains("again")),
        "{:?}",
        pairing.steps
    );
    // And a skip named in its step: 1 on top has met 3, ranked next, and meets 4 beyond.
    let skip = pair(
        &entrants,
        &[vec![
            Played {
                first: 1,
                second: Some(3),
                first_points: 2,
                second_points: 0,
            },
            Played {
                first: 2,
                second: Some(4),
                first_points: 0,
                second_points: 2,
            },
        ]],
        &all,
    );
    let order: Vec<EntrantId> = skip.ranking.iter().map(|s| s.id).collect();
    assert_eq!(order, [4, 1, 3, 2]);
    assert_eq!(written(&skip), ["4-1", "3-2"]);
    let skip = pair(
        &entrants,
        &[vec![
            Played {
                first: 1,
                second: Some(2),
                first_points: 2,
                second_points: 0,
            },
            Played {
                first: 3,
                second: Some(4),
                first_points: 2,
                second_points: 0,
            },
        ]],
        &all,
    );
    // 1 and 3 on a point; 1 meets 3, then 2 and 4.
    assert_eq!(written(&skip), ["1-3", "2-4"]);
    let with_skip = pair(
        &entrants,
        &[
            vec![
                Played {
                    first: 1,
                    second: Some(2),
                    first_points: 2,
                    second_points: 0,
                },
                Played {
                    first: 3,
                    second: Some(4),
                    first_points: 2,
                    second_points: 0,
                },
            ],
            vec![
                Played {
                    first: 1,
                    second: Some(3),
                    first_points: 1,
                    second_points: 1,
                },
                Played {
                    first: 2,
                    second: Some(4),
                    first_points: 1,
                    second_points: 1,
                },
            ],
        ],
        &all,
    );
    // 1 and 3 on 1.5 (1 ranked first by opponents' average), 2 and 4 on 0.5: 1 has met 3,
    // the next, so 1 meets 2... no: 1 has met 2 as well; 1 meets 4.
    assert_eq!(with_skip.ranking[0].id, 1);
    assert_eq!(with_skip.pairs[0], (1, 4));
    assert!(
        with_skip.steps[0].contains("had met p3 (2) and p2"),
        "{:?}",
        with_skip.steps
    );
}

#[test]
fn an_engine_disqualification_gives_every_finished_match_to_the_opponents() {
    // ACWC Disqualification: "all of their finished games in the Qualification will be
    // adjudicated in favor of their opponents"; the standings are derived again.
    let entrants = field(4);
    let all = everyone(&entrants);
    let first = pair(&entrants, &[], &all);
    let rounds = vec![higher_seed_wins(&first)];
    let cleared = awarded_against(&rounds, 1);
    let table = standings(&entrants, &cleared);
    let score = |id| table.iter().find(|s| s.id == id).unwrap().score;
    assert_eq!((score(1), score(2)), (0, 2));
    assert_eq!((score(3), score(4)), (2, 0));
}

#[test]
fn the_qualifiers_are_the_top_scores_with_ties_broken_by_the_sum_of_opponents_seeds() {
    // ACWC Qualification: "In case of a tie, the sum of all opponents' seeds is used".
    let entrants = field(4);
    let rounds = vec![vec![
        Played {
            first: 1,
            second: Some(2),
            first_points: 1,
            second_points: 1,
        },
        Played {
            first: 3,
            second: Some(4),
            first_points: 1,
            second_points: 1,
        },
    ]];
    let table = standings(&entrants, &rounds);
    // All on half a point: 4's opponent (3) is rated above 3's (4), 2's (1) above 1's (2).
    assert_eq!(qualifiers(&table, 3), [2, 1, 4]);
}
