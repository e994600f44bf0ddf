//! The Candidates (ACWC Format, Candidates): a round robin of matches, one round a week; most
//! match points wins, ties broken by the sum of the game points of every match.

use std::collections::BTreeMap;

use super::{EntrantId, Halves};

/// The rounds of a round robin by the circle method: with an odd number one player rests each
/// round (`None`). Four players play three rounds.
pub fn schedule(players: &[EntrantId]) -> Vec<Vec<(EntrantId, Option<EntrantId>)>> {
    let mut seats: Vec<Option<EntrantId>> = players.iter().copied().map(Some).collect();
    if seats.len() % 2 == 1 {
        seats.push(None);
    }
    let n = seats.len();
    let mut rounds = Vec::new();
    for _ in 0..n.saturating_sub(1) {
        let mut round = Vec::new();
        for i in 0..n / 2 {
            match (seats[i], seats[n - 1 - i]) {
                (Some(a), b) => round.push((a, b)),
                (None, Some(b)) => round.push((b, None)),
                (None, None) => {}
            }
        }
        rounds.push(round);
        // Keep the first seat; turn the others one place.
        let last = seats.pop().expect("at least two seats");
        seats.insert(1, last);
    }
    rounds
}

/// One finished Candidates match: both players with their game points, and who forfeited it
/// if it ended by a forfeit rather than on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finished {
    pub first: EntrantId,
    pub second: EntrantId,
    pub first_games: Halves,
    pub second_games: Halves,
    pub forfeited_by: Option<EntrantId>,
}

impl Finished {
    /// The match points each player takes, in halves: a forfeit is a won match for the
    /// appearing player (ACWC Match rules: "the match will be forfeited in favor of the
    /// appearing player"), otherwise the games decide (ACWC Candidates: "A won match gives 1
    /// point, a tie (5-5) gives 0.5 points").
    pub fn match_points(&self) -> (Halves, Halves) {
        match self.forfeited_by {
            Some(p) if p == self.first => (0, 2),
            Some(p) if p == self.second => (2, 0),
            _ => match self.first_games.cmp(&self.second_games) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Less => (0, 2),
                std::cmp::Ordering::Equal => (1, 1),
            },
        }
    }
}

/// The Candidates' order: match points, then the sum of game points, highest first; players
/// withdrawn or disqualified are left out with all their games (ACWC Disqualification:
/// "all of their games will be disregarded"). The rules stop there; a tie on both counts keeps
/// the order `players` are given in, which the app gives highest seeding rating first (gavel's
/// reading, as the Swiss ends its ranking with the own seeding rating).
pub fn ranking(
    players: &[EntrantId],
    matches: &[Finished],
    out: &[EntrantId],
) -> Vec<(EntrantId, Halves, Halves)> {
    let mut table: BTreeMap<EntrantId, (Halves, Halves)> = players
        .iter()
        .filter(|p| !out.contains(p))
        .map(|&p| (p, (0, 0)))
        .collect();
    for m in matches {
        if out.contains(&m.first) || out.contains(&m.second) {
            continue;
        }
        let (a, b) = m.match_points();
        for (who, points, games) in [(m.first, a, m.first_games), (m.second, b, m.second_games)] {
            if let Some(row) = table.get_mut(&who) {
                row.0 += points;
                row.1 += games;
            }
        }
    }
    let mut rows: Vec<(EntrantId, Halves, Halves)> = players
        .iter()
        .filter_map(|p| table.get(p).map(|(m, g)| (*p, *m, *g)))
        .collect();
    // A stable sort: equal rows keep the order given.
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_candidates_meet_each_other_once_in_three_rounds() {
        let rounds = schedule(&[1, 2, 3, 4]);
        assert_eq!(rounds.len(), 3);
        let mut met = std::collections::BTreeSet::new();
        for round in &rounds {
            assert_eq!(round.len(), 2);
            for &(a, b) in round {
                let b = b.expect("nobody rests among four");
                assert!(met.insert((a.min(b), a.max(b))), "{a} and {b} twice");
            }
        }
        assert_eq!(met.len(), 6);
    }

    #[test]
    fn a_tie_on_match_points_is_broken_by_the_sum_of_game_points() {
        // ACWC Candidates: "In case of a tie, the sub-scores per match get added up".
        let m = |first, second, a, b| Finished {
            first,
            second,
            first_games: a,
            second_games: b,
            forfeited_by: None,
        };
        let matches = [
            m(1, 2, 12, 8),
            m(3, 4, 11, 9),
            m(1, 3, 8, 12),
            m(2, 4, 10, 10),
            m(1, 4, 13, 7),
            m(2, 3, 14, 6),
        ];
        // 1: 2+0+2 = 4 halves, games 33; 2: 0+1+2 = 3; 3: 2+2+0 = 4, games 29; 4: 0+1+0 = 1.
        let table = ranking(&[1, 2, 3, 4], &matches, &[]);
        let order: Vec<EntrantId> = table.iter().map(|r| r.0).collect();
        assert_eq!(order, [1, 3, 2, 4]);
        assert_eq!((table[0].1, table[0].2), (4, 33));
        // A disqualified Candidate's games are all disregarded: without 1, 2 has 3 halves
        // (a tie with 4, a win over 3), 3 has 2, 4 has 1.
        let table = ranking(&[1, 2, 3, 4], &matches, &[1]);
        let order: Vec<EntrantId> = table.iter().map(|r| r.0).collect();
        assert_eq!(order, [2, 3, 4]);
    }

    #[test]
    fn a_tie_on_both_counts_keeps_the_seeding_order() {
        // Two 5-5 matches: equal on match and game points; the order given (highest seed
        // first) decides.
        let m = |first, second| Finished {
            first,
            second,
            first_games: 10,
            second_games: 10,
            forfeited_by: None,
        };
        let table = ranking(&[7, 3], &[m(3, 7)], &[]);
        assert_eq!(table.iter().map(|r| r.0).collect::<Vec<_>>(), [7, 3]);
        let table = ranking(&[3, 7], &[m(3, 7)], &[]);
        assert_eq!(table.iter().map(|r| r.0).collect::<Vec<_>>(), [3, 7]);
    }

    #[test]
    fn a_forfeited_candidates_match_is_a_won_match_for_the_appearing_player_match_rules() {
        // ACWC Match rules (applying at all stages): "the match will be forfeited in favor of
        // the appearing player"; Candidates: "A won match gives 1 point". Cat did not show up
        // against Ann, and no game was played.
        let (ann, ben, cat) = (1, 2, 3);
        let forfeit = Finished {
            first: ann,
            second: cat,
            first_games: 0,
            second_games: 0,
            forfeited_by: Some(cat),
        };
        let played = Finished {
            first: ben,
            second: cat,
            first_games: 9,
            second_games: 11,
            forfeited_by: None,
        };
        assert_eq!(forfeit.match_points(), (2, 0));
        // Ann and Cat have a won match each; Cat's games played put Cat first.
        let table = ranking(&[ben, cat, ann], &[forfeit, played], &[]);
        assert_eq!(table, [(cat, 2, 11), (ann, 2, 0), (ben, 0, 9)]);
    }
}
