//! Advancement and titles (C.6-C.13): the criteria of each rule, in the rule's order, fed to
//! the ranking engine ([`super::advance`]). The app gathers each player's counting game (C.15).

use std::collections::BTreeMap;

use super::advance::{rank, Dice, Entry, Placing};
use super::{whole, Points, Power};

/// A player's result in a round, from their counting game (C.15).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerResult<I> {
    pub id: I,
    pub name: String,
    pub power: Power,
    pub score: Points,
    pub bonus: Points,
    /// Centres held at the end of each year.
    pub year_ends: BTreeMap<u16, u32>,
    /// The place of the player's team (1 = best); `None` for players with no team, who rank
    /// last (C.7(e)).
    pub team_place: Option<usize>,
}

/// Each power's total of these players' results (their shares, C.14). The least successful
/// country is read from the boards' own scores instead: see [`board_totals`].
pub fn country_totals<I>(results: &[PlayerResult<I>]) -> BTreeMap<Power, Points> {
    let mut t: BTreeMap<Power, Points> = Power::ALL.into_iter().map(|p| (p, whole(0))).collect();
    for r in results {
        *t.entry(r.power).or_insert(whole(0)) += r.score;
    }
    t
}

/// Each power's total score across a round's boards (C.7(a), C.8(a), C.9(a): "Great power
/// with lowest total score across the boards"): every board's score of the power in full,
/// whoever held it, from `scores` as (power, the board's score of it).
pub fn board_totals(scores: impl IntoIterator<Item = (Power, Points)>) -> BTreeMap<Power, Points> {
    let mut t: BTreeMap<Power, Points> = Power::ALL.into_iter().map(|p| (p, whole(0))).collect();
    for (p, points) in scores {
        *t.entry(p).or_insert(whole(0)) += points;
    }
    t
}

/// The count-back criteria, from `from` down to 1901.
fn count_back(rule: &str, from: u16) -> Vec<String> {
    (1901..=from)
        .rev()
        .map(|y| format!("{rule} count-back: centres at the end of {y}"))
        .collect()
}

/// Years as "1901-1903, 1906".
fn years_text(years: &[u16]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut at = 0;
    while at < years.len() {
        let mut end = at;
        while end + 1 < years.len() && years[end + 1] == years[end] + 1 {
            end += 1;
        }
        out.push(if end == at {
            years[at].to_string()
        } else {
            format!("{}-{}", years[at], years[end])
        });
        at = end + 1;
    }
    out.join(", ")
}

/// Says so on each placing whose count-back (`rule`, from `from` down) passed a year with no
/// counts recorded for the player: such a year reads as no centres, and the TD may have the
/// GM record it before advancing. `years` gives a candidate's known year-end counts.
fn note_unrecorded<'a, I: 'a>(
    placings: &mut [Placing<I>],
    criteria: &[String],
    rule: &str,
    from: u16,
    years: impl Fn(&I) -> Option<&'a BTreeMap<u16, u32>>,
) {
    let first = format!("{rule} count-back: centres at the end of {from}");
    let Some(start) = criteria.iter().position(|c| *c == first) else {
        return;
    };
    for p in placings.iter_mut() {
        let decided = criteria
            .iter()
            .position(|c| *c == p.decided_by)
            .unwrap_or(usize::MAX);
        if decided < start {
            continue;
        }
        let last = (decided - start).min(usize::from(from - 1901));
        let Some(known) = years(&p.id) else { continue };
        let mut missing: Vec<u16> = (0..=last)
            .map(|k| from - k as u16)
            .filter(|y| !known.contains_key(y))
            .collect();
        missing.sort_unstable();
        if !missing.is_empty() {
            p.decided_by.push_str(&format!(
                " (no counts recorded for {} on their board: read as none)",
                years_text(&missing)
            ));
        }
    }
}

fn centres_back<I>(r: &PlayerResult<I>, from: u16) -> Vec<Points> {
    (1901..=from)
        .rev()
        .map(|y| whole(i64::from(r.year_ends.get(&y).copied().unwrap_or(0))))
        .collect()
}

fn team_key<I>(r: &PlayerResult<I>) -> Points {
    // No team ranks after every team.
    whole(-(r.team_place.unwrap_or(usize::MAX >> 1) as i64))
}

fn place_key(place: Option<usize>) -> Points {
    whole(-(place.unwrap_or(usize::MAX >> 1) as i64))
}

/// Advancement from round 1 (C.7): score with team credits, then least successful country,
/// score without credits, positional bonus, count-back from 1908, team ranking, the die.
/// `credits` are the C.6 credits by player.
pub fn round_one<I: Clone + Ord>(
    results: &[PlayerResult<I>],
    totals: &BTreeMap<Power, Points>,
    credits: &BTreeMap<I, Points>,
    seed: u64,
) -> Vec<Placing<I>> {
    let mut criteria = vec![
        "score with team credits (C.7)".to_string(),
        "C.7(a) least successful country".to_string(),
        "C.7(b) score without team credits".to_string(),
        "C.7(c) positional bonus".to_string(),
    ];
    criteria.extend(count_back("C.7(d)", 1908));
    criteria.push("C.7(e) team ranking".to_string());
    let entries = results
        .iter()
        .map(|r| {
            let credit = credits.get(&r.id).copied().unwrap_or(whole(0));
            let mut keys = vec![r.score + credit, -totals[&r.power], r.score, r.bonus];
            keys.extend(centres_back(r, 1908));
            keys.push(team_key(r));
            Entry {
                id: r.id.clone(),
                name: r.name.clone(),
                keys,
            }
        })
        .collect();
    let dice = Dice {
        seed,
        label: "C.7 round 1",
        name: "C.7(f) highest roll of a 100-sided die",
    };
    let mut out = rank(&criteria, entries, Some(dice));
    note_unrecorded(&mut out, &criteria, "C.7(d)", 1908, |id| {
        results.iter().find(|r| r.id == *id).map(|r| &r.year_ends)
    });
    out
}

/// A team's round-1 result for C.6.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamResult<T> {
    pub id: T,
    pub name: String,
    pub scores: Vec<Points>,
    /// The best C.7 place among its players.
    pub best_player: usize,
}

/// Total less the `k` highest scores, for every `k` from 1 to one less than the longest team.
fn removed(scores: &[Points], upto: usize) -> Vec<Points> {
    let mut s = scores.to_vec();
    s.sort_by(|a, b| b.cmp(a));
    let total: Points = s.iter().copied().sum();
    let mut out = Vec::new();
    let mut running = total;
    for k in 0..upto {
        running -= s.get(k).copied().unwrap_or(whole(0));
        out.push(running);
    }
    out
}

/// The team ranking of round 1 (C.6): total, then the total with the highest scores removed
/// one by one, then the team's highest-ranked player (C.7).
pub fn teams_round_one<T: Clone>(teams: &[TeamResult<T>]) -> Vec<Placing<T>> {
    let longest = teams.iter().map(|t| t.scores.len()).max().unwrap_or(0);
    let upto = longest.saturating_sub(1);
    let mut criteria = vec!["team total (C.6)".to_string()];
    criteria.extend((1..=upto).map(|k| format!("C.6(a) total without the {k} highest score(s)")));
    criteria.push("C.6(b) highest-ranked player (C.7)".to_string());
    let entries = teams
        .iter()
        .map(|t| {
            let mut keys = vec![t.scores.iter().copied().sum()];
            keys.extend(removed(&t.scores, upto));
            keys.push(place_key(Some(t.best_player)));
            Entry {
                id: t.id.clone(),
                name: t.name.clone(),
                keys,
            }
        })
        .collect();
    rank(&criteria, entries, None)
}

/// The credits of C.6: 10 points for each player of the top team, 9 for the second, ... 1 for
/// the tenth. `placings` is [`teams_round_one`]'s answer.
pub fn credits<T: PartialEq>(placings: &[Placing<T>], team: &T) -> Points {
    placings
        .iter()
        .find(|p| &p.id == team)
        .map_or(whole(0), |p| credit_for_place(p.place))
}

/// The C.6 credit of the team in `place`: 10 for the first down to 1 for the tenth, then none.
pub fn credit_for_place(place: usize) -> Points {
    whole(11 - place.min(11) as i64)
}

/// Advancement from round 2 to the semi-final (C.8): round 2 plus half of round 1, then least
/// successful country, positional bonus, count-back from 1908, team ranking, round-1 place.
pub fn round_two<I: Clone + Ord>(
    results: &[PlayerResult<I>],
    totals: &BTreeMap<Power, Points>,
    round_one: &BTreeMap<I, (Points, usize)>,
) -> Vec<Placing<I>> {
    let mut criteria = vec![
        "round 2 plus half of round 1 (C.8)".to_string(),
        "C.8(a) least successful country".to_string(),
        "C.8(b) positional bonus".to_string(),
    ];
    criteria.extend(count_back("C.8(c)", 1908));
    criteria.push("C.8(d) team ranking".to_string());
    criteria.push("C.8(e) round 1 ranking (C.7)".to_string());
    let entries = results
        .iter()
        .map(|r| {
            let (r1, r1_place) = round_one
                .get(&r.id)
                .copied()
                .unwrap_or((whole(0), usize::MAX >> 1));
            let mut keys = vec![r.score + r1 / 2, -totals[&r.power], r.bonus];
            keys.extend(centres_back(r, 1908));
            keys.push(team_key(r));
            keys.push(place_key(Some(r1_place)));
            Entry {
                id: r.id.clone(),
                name: r.name.clone(),
                keys,
            }
        })
        .collect();
    let mut out = rank(&criteria, entries, None);
    note_unrecorded(&mut out, &criteria, "C.8(c)", 1908, |id| {
        results.iter().find(|r| r.id == *id).map(|r| &r.year_ends)
    });
    out
}

/// The round whose ranking breaks the semi-final's last ties (C.9(c)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prior {
    /// Round 2, ranked by C.8.
    RoundTwo,
    /// Round 1, ranked by C.7, where round 2 is the semi-final (B.4).
    RoundOne,
}

/// C.9's criteria, in order: score, least successful country, count-back from 1911, and the
/// ranking of the round before (`prior` says which).
fn semi_final_criteria(prior: Prior) -> Vec<String> {
    let mut criteria = vec![
        "semi-final score (C.9)".to_string(),
        "C.9(a) least successful country".to_string(),
    ];
    criteria.extend(count_back("C.9(b)", 1911));
    criteria.push(match prior {
        Prior::RoundTwo => "C.9(c) round 2 ranking (C.8)".to_string(),
        Prior::RoundOne => {
            "C.9(c) round 1 ranking (C.7), as round 2 is the semi-final (B.4)".to_string()
        }
    });
    criteria
}

/// A semi-finalist's keys for C.9's criteria, `prior_place` the round before's places.
fn semi_final_entry<I: Clone + Ord>(
    r: &PlayerResult<I>,
    totals: &BTreeMap<Power, Points>,
    prior_place: &BTreeMap<I, usize>,
) -> Entry<I> {
    let mut keys = vec![r.score, -totals[&r.power]];
    keys.extend(centres_back(r, 1911));
    keys.push(place_key(prior_place.get(&r.id).copied()));
    Entry {
        id: r.id.clone(),
        name: r.name.clone(),
        keys,
    }
}

/// The semi-final (C.9): the best of each board goes to the final; ties by least successful
/// country across the semi-final boards, count-back from 1911, then the round-2 place (C.8), or
/// round 1's (C.7) where round 2 is itself the semi-final (B.4): `prior` names which.
/// `boards` groups the results by board; answers each board's ranking.
pub fn semi_final<I: Clone + Ord>(
    boards: &[Vec<PlayerResult<I>>],
    totals: &BTreeMap<Power, Points>,
    round_two: &BTreeMap<I, usize>,
    prior: Prior,
) -> Vec<Vec<Placing<I>>> {
    let criteria = semi_final_criteria(prior);
    boards
        .iter()
        .map(|board| {
            let entries = board
                .iter()
                .map(|r| semi_final_entry(r, totals, round_two))
                .collect();
            let mut out = rank(&criteria, entries, None);
            note_unrecorded(&mut out, &criteria, "C.9(b)", 1911, |id| {
                board.iter().find(|r| r.id == *id).map(|r| &r.year_ends)
            });
            out
        })
        .collect()
}

/// The semi-final ranked as one field (C.9, read by C.10(b) and C.11(b)): each board's best
/// (from [`semi_final`]'s `per_board`) first, then everyone else, each group ordered by C.9's
/// own criteria across the boards: score, least successful country, count-back from 1911, the
/// round before's ranking.
pub fn semi_final_overall<I: Clone + Ord>(
    boards: &[Vec<PlayerResult<I>>],
    totals: &BTreeMap<Power, Points>,
    per_board: &[Vec<Placing<I>>],
    prior_place: &BTreeMap<I, usize>,
    prior: Prior,
) -> Vec<Placing<I>> {
    let all: Vec<PlayerResult<I>> = boards.iter().flatten().cloned().collect();
    let winners: Vec<&I> = per_board
        .iter()
        .filter_map(|b| b.first().map(|p| &p.id))
        .collect();
    let criteria = semi_final_criteria(prior);
    let entry = |r: &PlayerResult<I>| semi_final_entry(r, totals, prior_place);
    let (best, rest): (Vec<&PlayerResult<I>>, Vec<&PlayerResult<I>>) =
        all.iter().partition(|r| winners.contains(&&r.id));
    let mut out = rank(&criteria, best.into_iter().map(entry).collect(), None);
    out.extend(rank(&criteria, rest.into_iter().map(entry).collect(), None));
    for (i, p) in out.iter_mut().enumerate() {
        p.place = i + 1;
    }
    note_unrecorded(&mut out, &criteria, "C.9(b)", 1911, |id| {
        all.iter().find(|r| r.id == *id).map(|r| &r.year_ends)
    });
    out
}

/// The stand-in finalist when one declines (C.10): the highest positional bonus in the
/// semi-final (C.10's "Round 3", round 2 where B.4 makes it the semi-final) among those who did
/// not qualify, then the semi-final score, then the C.9 ranking.
pub fn stand_in<I: Clone + Ord>(
    others: &[PlayerResult<I>],
    semi_place: &BTreeMap<I, usize>,
) -> Vec<Placing<I>> {
    let criteria = vec![
        "semi-final (\"Round 3\") positional bonus (C.10)".to_string(),
        "C.10(a) semi-final score".to_string(),
        "C.10(b) semi-final ranking (C.9)".to_string(),
    ];
    let entries = others
        .iter()
        .map(|r| Entry {
            id: r.id.clone(),
            name: r.name.clone(),
            keys: vec![r.bonus, r.score, place_key(semi_place.get(&r.id).copied())],
        })
        .collect();
    rank(&criteria, entries, None)
}

/// The individual winner (C.11): the most centres at the end of the final (played to
/// `last_year`), then count-back, then the semi-final ranking (C.9).
pub fn individual<I: Clone + Ord>(
    finalists: &[PlayerResult<I>],
    last_year: u16,
    semi_place: &BTreeMap<I, usize>,
) -> Vec<Placing<I>> {
    let mut criteria = vec![format!("centres at the end of {last_year} (C.11)")];
    criteria.extend(count_back("C.11(a)", last_year - 1));
    criteria.push("C.11(b) semi-final ranking (C.9)".to_string());
    let entries = finalists
        .iter()
        .map(|r| {
            let mut keys = centres_back(r, last_year);
            keys.push(place_key(semi_place.get(&r.id).copied()));
            Entry {
                id: r.id.clone(),
                name: r.name.clone(),
                keys,
            }
        })
        .collect();
    let mut out = rank(&criteria, entries, None);
    note_unrecorded(&mut out, &criteria, "C.11(a)", last_year - 1, |id| {
        finalists.iter().find(|r| r.id == *id).map(|r| &r.year_ends)
    });
    out
}

/// One position's points in a team round, and whether its team lost them for not providing
/// the replacement (B.8(e)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionPoints {
    pub points: Points,
    pub forfeited: bool,
}

impl PositionPoints {
    /// What the position gives its team: nothing where forfeited (B.8(e)).
    pub fn counted(self) -> Points {
        if self.forfeited {
            whole(0)
        } else {
            self.points
        }
    }
}

/// A team's two team rounds for C.12.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamTotals<T> {
    pub id: T,
    pub name: String,
    pub round_one: Vec<PositionPoints>,
    pub round_two: Vec<PositionPoints>,
    pub advanced: usize,
    pub place_round_one: usize,
}

impl<T> TeamTotals<T> {
    /// The points lost under B.8(e) in both rounds.
    pub fn forfeited(&self) -> Points {
        self.round_one
            .iter()
            .chain(&self.round_two)
            .filter(|p| p.forfeited)
            .map(|p| p.points)
            .sum()
    }
}

fn counted(positions: &[PositionPoints]) -> Vec<Points> {
    positions.iter().map(|p| p.counted()).collect()
}

/// The team winner (C.12): rounds 1 and 2 less forfeits; then players advanced to round 2,
/// the total without the highest round-2 scores, without the highest round-1 scores, and the
/// round-1 team ranking. A forfeited position's points come off once: it counts 0 in its
/// round, so C.12(b) and (c) remove the highest scores the team kept.
pub fn team<T: Clone>(teams: &[TeamTotals<T>]) -> Vec<Placing<T>> {
    let upto2 = teams.iter().map(|t| t.round_two.len()).max().unwrap_or(0);
    let upto1 = teams.iter().map(|t| t.round_one.len()).max().unwrap_or(0);
    let mut criteria = vec![
        "rounds 1 and 2 less forfeited points (C.12, B.8)".to_string(),
        "C.12(a) players advanced to round 2".to_string(),
    ];
    criteria.extend(
        (1..=upto2).map(|k| format!("C.12(b) total without the {k} highest round 2 score(s)")),
    );
    criteria.extend(
        (1..=upto1).map(|k| format!("C.12(c) total without the {k} highest round 1 score(s)")),
    );
    criteria.push("C.12(d) round 1 team ranking".to_string());
    let entries = teams
        .iter()
        .map(|t| {
            let one = counted(&t.round_one);
            let two = counted(&t.round_two);
            let r1: Points = one.iter().copied().sum();
            let r2: Points = two.iter().copied().sum();
            let mut keys = vec![r1 + r2, whole(t.advanced as i64)];
            keys.extend(removed(&two, upto2).into_iter().map(|x| x + r1));
            keys.extend(removed(&one, upto1).into_iter().map(|x| x + r2));
            keys.push(place_key(Some(t.place_round_one)));
            Entry {
                id: t.id.clone(),
                name: t.name.clone(),
                keys,
            }
        })
        .collect();
    rank(&criteria, entries, None)
}

/// A result on one power in a team round, for the best country (C.13).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountryResult<I> {
    pub result: PlayerResult<I>,
    pub round: u8,
}

/// The best country (C.13) for each power: the best score on it in rounds 1 and 2, then round
/// 2 over round 1, count-back from 1908, the die.
pub fn best_country<I: Clone>(
    results: &[CountryResult<I>],
    seed: u64,
) -> BTreeMap<Power, Vec<Placing<I>>> {
    let mut criteria = vec![
        "score (C.13)".to_string(),
        "C.13(a) round 2 outranks round 1".to_string(),
    ];
    criteria.extend(count_back("C.13(b)", 1908));
    let mut out = BTreeMap::new();
    for power in Power::ALL {
        let entries: Vec<Entry<I>> = results
            .iter()
            .filter(|c| c.result.power == power && c.round <= 2)
            .map(|c| {
                let mut keys = vec![c.result.score, whole(i64::from(c.round))];
                keys.extend(centres_back(&c.result, 1908));
                Entry {
                    id: c.result.id.clone(),
                    name: c.result.name.clone(),
                    keys,
                }
            })
            .collect();
        if entries.is_empty() {
            continue;
        }
        let label = format!("C.13 {power}");
        let dice = Dice {
            seed,
            label: &label,
            name: "C.13(c) highest roll of a 100-sided die",
        };
        out.insert(power, rank(&criteria, entries, Some(dice)));
    }
    out
}

#[cfg(test)]
mod tests;
