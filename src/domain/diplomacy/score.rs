//! A board's score (C.1-C.5): the positional bonus 32/16/8/4/2/1 plus the centres held; tied
//! places share their bonuses equally; eliminated players score zero; a solo (18 or more) is a
//! 34-centre win with everyone else eliminated; a conceded solo and a voted draw carry the
//! counts forward year by year for the count-backs. Every line says how it was worked.

use std::collections::BTreeMap;

use super::centres::Centres;
use super::{exact, shown, whole, Points, Power};

/// The positional bonuses, first to sixth (C.2). A seventh place earns none.
pub const BONUS: [i64; 6] = [32, 16, 8, 4, 2, 1];

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Played to its last year, or to a solo: the last counts apply (B.3, C.4).
    Played,
    /// A game-end proposal accepted by vote (C.5, D.IX.4): the current counts apply, and the
    /// survivors it leaves out are presumed eliminated.
    Draw { members: Vec<Power> },
    /// A solo conceded by vote to one power (C.5, D.IX.3).
    Conceded { to: Power },
}

/// One power's line of a board's score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub power: Power,
    /// The centres scored (34 for a solo, 0 when eliminated).
    pub centres: u32,
    /// The places shared, first and last (1-based); `None` when eliminated.
    pub places: Option<(usize, usize)>,
    pub bonus: Points,
    pub score: Points,
    /// How the line was worked, for anyone to check by hand.
    pub working: String,
}

/// A board's score, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardScore {
    pub lines: Vec<Line>,
    /// The power that soloed, or was conceded the solo.
    pub solo: Option<Power>,
    /// What the counts scored were, and why.
    pub basis: String,
}

impl BoardScore {
    /// The score of `power`.
    pub fn of(&self, power: Power) -> Points {
        self.lines
            .iter()
            .find(|l| l.power == power)
            .map_or(whole(0), |l| l.score)
    }

    /// The positional bonus of `power`.
    pub fn bonus_of(&self, power: Power) -> Points {
        self.lines
            .iter()
            .find(|l| l.power == power)
            .map_or(whole(0), |l| l.bonus)
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The counts that are scored, and why (C.4, C.5, D.IX.4).
fn scored_counts(counts: &Centres, ending: &Ending) -> (Centres, Option<Power>, String) {
    match ending {
        Ending::Conceded { to } => (
            Centres::solo_for(*to),
            Some(*to),
            format!("{to} was conceded the solo by vote: scored as a 34-centre win, the others eliminated (C.4, C.5)"),
        ),
        _ if counts.solo().is_some() => {
            let w = counts.solo().unwrap_or(Power::Austria);
            (
                Centres::solo_for(w),
                Some(w),
                format!("{w} holds {} centres, a solo: scored as a 34-centre win, the others eliminated (C.4)", counts.of(w)),
            )
        }
        Ending::Draw { members } => {
            let left_out: Vec<String> = Power::ALL
                .into_iter()
                .filter(|p| counts.of(*p) > 0 && !members.contains(p))
                .map(|p| p.to_string())
                .collect();
            let basis = if left_out.is_empty() {
                "a draw of all survivors accepted by vote: the current counts apply (C.5)".to_string()
            } else {
                format!(
                    "a draw accepted by vote that leaves out {}: presumed eliminated (D.IX.4); the current counts apply to the others (C.5)",
                    left_out.join(", ")
                )
            };
            (counts.only(members), None, basis)
        }
        Ending::Played => (
            counts.clone(),
            None,
            "the counts at the end of the game (C.1, B.3)".to_string(),
        ),
    }
}

/// Scores a board from its last counts and how it ended (C.1-C.5).
pub fn score(counts: &Centres, ending: &Ending) -> BoardScore {
    let (scored, solo, basis) = scored_counts(counts, ending);
    let mut survivors: Vec<(Power, u32)> = Power::ALL
        .into_iter()
        .map(|p| (p, scored.of(p)))
        .filter(|(_, n)| *n > 0)
        .collect();
    survivors.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut lines = Vec::with_capacity(7);
    let mut at = 0;
    while at < survivors.len() {
        let n = survivors[at].1;
        let group = survivors[at..].iter().take_while(|(_, m)| *m == n).count();
        let bonuses: Vec<i64> = (at..at + group)
            .map(|i| BONUS.get(i).copied().unwrap_or(0))
            .collect();
        let bonus = Points::new(bonuses.iter().sum(), group as i64);
        let (first, last) = (at + 1, at + group);
        for (power, centres) in &survivors[at..at + group] {
            let total = bonus + whole(i64::from(*centres));
            let place = if group == 1 {
                format!("{} place, bonus {}", ordinal(first), bonuses[0])
            } else {
                let sum: Vec<String> = bonuses.iter().map(i64::to_string).collect();
                format!(
                    "{}-{} shared by {group}, bonus ({}) / {group} = {}",
                    ordinal(first),
                    ordinal(last),
                    sum.join(" + "),
                    exact(bonus)
                )
            };
            lines.push(Line {
                power: *power,
                centres: *centres,
                places: Some((first, last)),
                bonus,
                score: total,
                working: format!(
                    "{power}: {place}; + {centres} centres = {} ({})",
                    shown(total),
                    exact(total)
                ),
            });
        }
        at += group;
    }
    for p in Power::ALL {
        if scored.of(p) == 0 {
            lines.push(Line {
                power: p,
                centres: 0,
                places: None,
                bonus: whole(0),
                score: whole(0),
                working: format!("{p}: eliminated, scores 0 (C.1)"),
            });
        }
    }
    BoardScore { lines, solo, basis }
}

/// The counts at the end of each year from 1901 to `last_year`, as the count-backs read them
/// (C.5): the years after the game stopped carry its counts forward, and a conceded solo
/// carries the counts at the concession to the penultimate year, the solo only in the last.
/// `recorded` holds the Fall counts the GM recorded, by year.
pub fn year_ends(
    recorded: &BTreeMap<u16, Centres>,
    last_year: u16,
    ending: &Ending,
) -> BTreeMap<u16, Centres> {
    let mut out = BTreeMap::new();
    let mut current = Centres::default();
    for year in super::season::FIRST_YEAR..=last_year {
        if let Some(c) = recorded.get(&year) {
            current = c.clone();
        }
        let counts = match ending {
            Ending::Conceded { to } if year == last_year => Centres::solo_for(*to),
            _ => current.clone(),
        };
        out.insert(year, counts);
    }
    out
}

#[cfg(test)]
mod tests;
