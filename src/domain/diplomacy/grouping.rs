//! Individual sign-ups grouped into teams (B.2): at the deadline the individuals are shuffled
//! by a seeded draw, taken seven at a time into teams, each with a captain appointed from among
//! its seven (the first drawn); the remainder, fewer than seven, start the official reserve
//! list in the order drawn.

use super::rng::Draw;

/// The players of a team (B.2).
pub const TEAM_SIZE: usize = 7;

/// A team made of individuals: its seven players, the captain first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grouped<P> {
    pub captain: P,
    pub players: Vec<P>,
}

/// The grouping: the teams and the reserve list, best-ranked (first drawn) first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grouping<P> {
    pub teams: Vec<Grouped<P>>,
    pub reserves: Vec<P>,
}

/// Groups `individuals` (in sign-up order) by the draw of `seed` (B.2).
pub fn group<P: Clone>(individuals: &[P], seed: u64) -> Grouping<P> {
    let mut drawn = individuals.to_vec();
    Draw::labelled(seed, "B.2 grouping").shuffle(&mut drawn);
    let whole = drawn.len() / TEAM_SIZE * TEAM_SIZE;
    let teams = drawn[..whole]
        .chunks(TEAM_SIZE)
        .map(|c| Grouped {
            captain: c[0].clone(),
            players: c.to_vec(),
        })
        .collect();
    Grouping {
        teams,
        reserves: drawn[whole..].to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn individuals_are_taken_in_sevens_and_the_rest_start_the_reserve_list_b2() {
        let people: Vec<u32> = (1..=17).collect();
        let g = group(&people, 42);
        assert_eq!(g.teams.len(), 2);
        assert!(g.teams.iter().all(|t| t.players.len() == 7));
        assert_eq!(g.reserves.len(), 3);
        let mut all: Vec<u32> = g.teams.iter().flat_map(|t| t.players.clone()).collect();
        all.extend(&g.reserves);
        all.sort();
        assert_eq!(all, people);
    }

    #[test]
    fn each_team_has_a_captain_appointed_from_its_seven_b2() {
        let people: Vec<u32> = (1..=14).collect();
        for t in group(&people, 7).teams {
            assert_eq!(t.captain, t.players[0]);
        }
    }

    #[test]
    fn the_grouping_is_random_yet_repeatable_from_its_published_seed_b2() {
        let people: Vec<u32> = (1..=21).collect();
        assert_eq!(group(&people, 5), group(&people, 5));
        assert_ne!(group(&people, 5), group(&people, 6));
        assert_ne!(group(&people, 5).teams[0].players, people[..7].to_vec());
    }

    #[test]
    fn fewer_than_seven_individuals_make_no_team_b2() {
        let g = group(&["a", "b", "c"], 1);
        assert!(g.teams.is_empty());
        assert_eq!(g.reserves.len(), 3);
    }
}
