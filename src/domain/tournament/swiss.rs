//! The Qualification: a Swiss paired by the Monrad rule exactly as the ACWC writes it, chosen
//! "so everyone can independently verify the pairings without requiring specialized software".
//!
//! After each round the players are ranked by score, then by the average of their opponents'
//! seeding ratings (a bye is no opponent: a player whose one win is a bye averages zero), then
//! by their own seeding rating; gavel breaks a tie left after that by the order of entry. With
//! an odd number, the lowest-ranked player who has had no bye gets one: a won match. Then the
//! highest-ranked unpaired player meets the nearest-ranked unpaired player they have not met,
//! until all are paired. The rules admit this may leave the last two having met already; then
//! they meet again, and the explanation says so.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use super::{points, EntrantId, Halves};

/// A seeding rating, doubled so that the average of two ratings stays a whole number (ACWC
/// Format: the rating on the date and the year's peak, averaged).
pub type SeedX2 = i64;

/// An entrant, as the pairing needs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub id: EntrantId,
    pub name: String,
    pub seed_x2: SeedX2,
}

/// A pairing of an earlier round and its result in match points (halves: 2 a win, 1 a tie);
/// `second` is `None` for a bye, which counts as a won match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub first: EntrantId,
    pub second: Option<EntrantId>,
    pub first_points: Halves,
    pub second_points: Halves,
}

impl Played {
    /// A bye: a won match with no opponent.
    pub fn bye(who: EntrantId) -> Played {
        Played {
            first: who,
            second: None,
            first_points: 2,
            second_points: 0,
        }
    }
}

/// Where an entrant stands after the rounds played.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Standing {
    pub id: EntrantId,
    pub name: String,
    pub seed_x2: SeedX2,
    pub score: Halves,
    /// The sum of the doubled seeding ratings of the opponents met (byes left out).
    pub opponents_x2: i64,
    pub opponents: i64,
    pub had_bye: bool,
    pub met: BTreeSet<EntrantId>,
}

impl Standing {
    /// Compares the averages of opponents' ratings exactly (no opponents: zero).
    fn average_cmp(&self, other: &Standing) -> Ordering {
        let (a, n) = (i128::from(self.opponents_x2), i128::from(self.opponents));
        let (b, m) = (i128::from(other.opponents_x2), i128::from(other.opponents));
        match (n, m) {
            (0, 0) => Ordering::Equal,
            (0, _) => 0.cmp(&b),
            (_, 0) => a.cmp(&0),
            _ => (a * m).cmp(&(b * n)),
        }
    }

    /// The average of opponents' seeding ratings, to one decimal, for the explanation.
    pub fn average_shown(&self) -> String {
        if self.opponents == 0 {
            return "0".into();
        }
        let tenths = (self.opponents_x2 * 10 + self.opponents) / (2 * self.opponents);
        format!("{}.{}", tenths / 10, tenths % 10)
    }

    /// The entrant's own seeding rating, as written.
    pub fn seed_shown(&self) -> String {
        super::rating_shown(self.seed_x2)
    }
}

/// The ranking rule: score, then the opponents' average, then the own rating (all highest
/// first), then the order of entry.
fn rank_cmp(a: &Standing, b: &Standing) -> Ordering {
    b.score
        .cmp(&a.score)
        .then_with(|| b.average_cmp(a))
        .then_with(|| b.seed_x2.cmp(&a.seed_x2))
        .then_with(|| a.id.cmp(&b.id))
}

/// Every entrant's standing after `rounds`, ranked.
pub fn standings(entrants: &[Entrant], rounds: &[Vec<Played>]) -> Vec<Standing> {
    let seeds: BTreeMap<EntrantId, SeedX2> = entrants.iter().map(|e| (e.id, e.seed_x2)).collect();
    let mut table: BTreeMap<EntrantId, Standing> = entrants
        .iter()
        .map(|e| {
            let s = Standing {
                id: e.id,
                name: e.name.clone(),
                seed_x2: e.seed_x2,
                score: 0,
                opponents_x2: 0,
                opponents: 0,
                had_bye: false,
                met: BTreeSet::new(),
            };
            (e.id, s)
        })
        .collect();
    for played in rounds.iter().flatten() {
        let sides = [
            (played.first, played.second, played.first_points),
            (
                played.second.unwrap_or(played.first),
                Some(played.first),
                played.second_points,
            ),
        ];
        let sides = if played.second.is_some() {
            &sides[..]
        } else {
            &sides[..1]
        };
        for &(me, opponent, score) in sides {
            let Some(s) = table.get_mut(&me) else {
                continue;
            };
            s.score += score;
            match opponent {
                Some(o) => {
                    s.opponents_x2 += seeds.get(&o).copied().unwrap_or(0);
                    s.opponents += 1;
                    s.met.insert(o);
                }
                None => s.had_bye = true,
            }
        }
    }
    let mut ranked: Vec<Standing> = table.into_values().collect();
    ranked.sort_by(rank_cmp);
    ranked
}

/// The Swiss's number of rounds: at least `minimum`, or log₂ of the entrants rounded up when
/// more than `above` play (ACWC Qualification: 5, and 6 for 33-64, 7 for 65-128, ...).
pub fn rounds_for(entrants: usize, minimum: u32, above: usize) -> u32 {
    if entrants <= above || entrants < 2 {
        return minimum;
    }
    let log2_up = usize::BITS - (entrants - 1).leading_zeros();
    minimum.max(log2_up)
}

/// A round's pairings, with the ranking they came from and each step, to check by hand. It is
/// kept as it was made: a later withdrawal or disqualification changes the standings, never
/// the explanation of a round already paired.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundPairing {
    pub pairs: Vec<(EntrantId, EntrantId)>,
    pub bye: Option<EntrantId>,
    pub ranking: Vec<Standing>,
    pub steps: Vec<String>,
}

/// Pairs the next round among `playing` (those not withdrawn or disqualified) after `rounds`.
pub fn pair(
    entrants: &[Entrant],
    rounds: &[Vec<Played>],
    playing: &BTreeSet<EntrantId>,
) -> RoundPairing {
    let ranking: Vec<Standing> = standings(entrants, rounds)
        .into_iter()
        .filter(|s| playing.contains(&s.id))
        .collect();
    pair_ranked(ranking)
}

/// Pairs a round from its ranking (best first), as the rules write it: the bye, then the
/// highest-ranked unpaired player against the nearest they have not met. A stored explanation
/// is checked by pairing its ranking again.
pub fn pair_ranked(ranking: Vec<Standing>) -> RoundPairing {
    // Positions in the ranking: rank = position + 1.
    let position: BTreeMap<EntrantId, usize> =
        ranking.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
    let named = |i: usize| format!("{} ({})", ranking[i].name, i + 1);
    let mut steps = Vec::new();
    let mut taken = vec![false; ranking.len()];
    let mut bye = None;
    if ranking.len() % 2 == 1 {
        // The lowest-ranked player without a bye yet; if everyone has had one, the lowest.
        let at = ranking
            .iter()
            .rposition(|s| !s.had_bye)
            .unwrap_or(ranking.len() - 1);
        taken[at] = true;
        steps.push(format!(
            "{} (rank {}) is the lowest-ranked player without a bye: a bye, counted as a won match.",
            ranking[at].name,
            at + 1
        ));
        bye = Some(ranking[at].id);
    }
    let mut pairs = Vec::new();
    for top in 0..ranking.len() {
        if taken[top] {
            continue;
        }
        taken[top] = true;
        let met = &ranking[top].met;
        let mut skipped = Vec::new();
        let mut partner = None;
        for other in top + 1..ranking.len() {
            if taken[other] {
                continue;
            }
            if met.contains(&ranking[other].id) {
                skipped.push(other);
                continue;
            }
            partner = Some(other);
            break;
        }
        let step = match partner {
            Some(other) if skipped.is_empty() => {
                format!("{} meets {}.", named(top), named(other))
            }
            Some(other) => {
                let names: Vec<String> = skipped.iter().map(|&o| named(o)).collect();
                format!(
                    "{} had met {}, so meets {}.",
                    named(top),
                    names.join(" and "),
                    named(other)
                )
            }
            None => match skipped.first() {
                Some(&other) => {
                    partner = Some(other);
                    format!(
                        "{} has met every player left; they meet {} again, the case the rules admit they may not prevent.",
                        named(top),
                        named(other)
                    )
                }
                None => unreachable!("an even number of players is left"),
            },
        };
        let other = partner.expect("a partner was found");
        taken[other] = true;
        steps.push(step);
        pairs.push((ranking[top].id, ranking[other].id));
    }
    debug_assert!(pairs.len() * 2 + usize::from(bye.is_some()) == position.len());
    RoundPairing {
        pairs,
        bye,
        ranking,
        steps,
    }
}

/// The `count` who go through to the Candidates: most points, ties broken by the sum of all
/// opponents' seeding ratings, then the own rating (ACWC Qualification).
pub fn qualifiers(ranking: &[Standing], count: usize) -> Vec<EntrantId> {
    let mut order: Vec<&Standing> = ranking.iter().collect();
    order.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| b.opponents_x2.cmp(&a.opponents_x2))
            .then_with(|| b.seed_x2.cmp(&a.seed_x2))
            .then_with(|| a.id.cmp(&b.id))
    });
    order.into_iter().take(count).map(|s| s.id).collect()
}

/// The rounds with every finished match of `cheat` given to their opponents (ACWC
/// Disqualification: an engine mark adjudicates all their finished games in the Qualification
/// in favour of their opponents); the standings are then derived again from these.
pub fn awarded_against(rounds: &[Vec<Played>], cheat: EntrantId) -> Vec<Vec<Played>> {
    rounds
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|p| match (p.first == cheat, p.second) {
                    (true, Some(_)) => Played {
                        first_points: 0,
                        second_points: 2,
                        ..*p
                    },
                    (false, Some(s)) if s == cheat => Played {
                        first_points: 2,
                        second_points: 0,
                        ..*p
                    },
                    _ => *p,
                })
                .collect()
        })
        .collect()
}

/// One line of the ranking, for the explanation: "1. alice 2 pts, opp. avg 1990.0, seed 2000".
pub fn ranking_line(rank: usize, s: &Standing) -> String {
    format!(
        "{rank}. {} {} pts, opponents' average {}, seeding {}",
        s.name,
        points(s.score),
        s.average_shown(),
        s.seed_shown()
    )
}

#[cfg(test)]
mod tests;
