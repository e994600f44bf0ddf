//! The ranking engine of C.6-C.13: candidates are ordered by their criteria in turn (the first
//! is the score, the rest the rule's tie-breaks), ties still standing at the end go to the
//! 100-sided die, rolled from a published seed and recorded, and every placing says which
//! criterion decided it.

use super::rng::Draw;
use super::{shown, whole, Points};

/// Rolls of the die for one tie before falling back to the order the candidates were given.
const MAX_ROLLS: usize = 5;

/// A candidate: `keys[i]` is its value on criterion `i`, higher is better.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<I> {
    pub id: I,
    pub name: String,
    pub keys: Vec<Points>,
}

/// A placing in the ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placing<I> {
    pub id: I,
    pub name: String,
    pub place: usize,
    /// The criterion that set this placing apart from its neighbours: the first one (the
    /// score) when there was no tie.
    pub decided_by: String,
    /// The d100 rolls this candidate made, if a tie reached the die.
    pub rolls: Vec<u32>,
    pub keys: Vec<Points>,
}

/// The die, when a rule ends in one: the seed and the label of the draw.
#[derive(Debug, Clone, Copy)]
pub struct Dice<'a> {
    pub seed: u64,
    pub label: &'a str,
    /// The criterion's name: "C.7(f) highest roll on a 100-sided die".
    pub name: &'a str,
}

fn first_difference(a: &[Points], b: &[Points]) -> Option<usize> {
    a.iter().zip(b).position(|(x, y)| x != y)
}

/// Ranks `entries` by `criteria` in order, with `dice` for ties that survive them all.
pub fn rank<I: Clone>(
    criteria: &[String],
    mut entries: Vec<Entry<I>>,
    dice: Option<Dice<'_>>,
) -> Vec<Placing<I>> {
    entries.sort_by(|a, b| b.keys.cmp(&a.keys));
    let mut rolls: Vec<Vec<u32>> = vec![Vec::new(); entries.len()];
    let mut names: Vec<String> = criteria.to_vec();
    if let Some(d) = dice {
        let mut at = 0;
        let mut any = false;
        while at < entries.len() {
            let len = entries[at..]
                .iter()
                .take_while(|e| e.keys == entries[at].keys)
                .count();
            if len > 1 {
                any = true;
                let mut draw =
                    Draw::labelled(d.seed, &format!("{}: tie at place {}", d.label, at + 1));
                for _ in 0..MAX_ROLLS {
                    for r in &mut rolls[at..at + len] {
                        r.push(draw.d100());
                    }
                    let mut seen: Vec<&Vec<u32>> = rolls[at..at + len].iter().collect();
                    seen.sort();
                    seen.dedup();
                    if seen.len() == len {
                        break;
                    }
                }
                let mut group: Vec<(Entry<I>, Vec<u32>)> = entries[at..at + len]
                    .iter()
                    .cloned()
                    .zip(rolls[at..at + len].iter().cloned())
                    .collect();
                group.sort_by(|a, b| b.1.cmp(&a.1));
                for (k, (e, r)) in group.into_iter().enumerate() {
                    entries[at + k] = e;
                    rolls[at + k] = r;
                }
            }
            at += len;
        }
        if any {
            names.push(d.name.to_string());
        }
    }
    // The die's rolls become one more key (their order, read as a number), so that neighbours
    // separated by the die show it.
    let n = entries.len();
    let with_rolls: Vec<Vec<Points>> = (0..n)
        .map(|i| {
            let mut k = entries[i].keys.clone();
            if names.len() > criteria.len() {
                let v = rolls[i]
                    .iter()
                    .fold(0i64, |acc, r| acc * 101 + i64::from(*r));
                k.push(whole(v));
            }
            k
        })
        .collect();
    (0..n)
        .map(|i| {
            let mut deciding: Option<usize> = None;
            for j in [i.checked_sub(1), (i + 1 < n).then_some(i + 1)]
                .into_iter()
                .flatten()
            {
                let d = first_difference(&with_rolls[i], &with_rolls[j]);
                deciding = Some(match (deciding, d) {
                    (Some(a), Some(b)) => a.max(b),
                    (Some(a), None) => a,
                    (None, Some(b)) => b,
                    (None, None) => names.len().saturating_sub(1),
                });
            }
            let decided_by = names
                .get(deciding.unwrap_or(0))
                .cloned()
                .unwrap_or_default();
            Placing {
                id: entries[i].id.clone(),
                name: entries[i].name.clone(),
                place: i + 1,
                decided_by,
                rolls: rolls[i].clone(),
                keys: entries[i].keys.clone(),
            }
        })
        .collect()
}

/// A placing written out: "2. bob 41.00, decided by C.7(d) count-back: centres at the end of 1907".
pub fn written<I>(p: &Placing<I>) -> String {
    let score = p.keys.first().copied().map(shown).unwrap_or_default();
    let rolls = if p.rolls.is_empty() {
        String::new()
    } else {
        let r: Vec<String> = p.rolls.iter().map(u32::to_string).collect();
        format!(" (rolled {})", r.join(", "))
    };
    format!(
        "{}. {} {score}, decided by {}{rolls}",
        p.place, p.name, p.decided_by
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: u32, keys: &[i64]) -> Entry<u32> {
        Entry {
            id,
            name: format!("p{id}"),
            keys: keys.iter().map(|&k| whole(k)).collect(),
        }
    }

    fn criteria() -> Vec<String> {
        vec!["score".into(), "tie-break a".into(), "tie-break b".into()]
    }

    #[test]
    fn each_placing_names_the_criterion_that_decided_it() {
        let got = rank(
            &criteria(),
            vec![
                entry(1, &[10, 0, 0]),
                entry(2, &[20, 0, 0]),
                entry(3, &[10, 0, 5]),
                entry(4, &[5, 9, 9]),
            ],
            None,
        );
        let ids: Vec<u32> = got.iter().map(|p| p.id).collect();
        assert_eq!(ids, [2, 3, 1, 4]);
        assert_eq!(got[0].decided_by, "score");
        assert_eq!(got[1].decided_by, "tie-break b");
        assert_eq!(got[2].decided_by, "tie-break b");
        assert_eq!(got[3].decided_by, "score");
    }

    #[test]
    fn a_tie_through_every_criterion_goes_to_the_seeded_die_and_the_rolls_are_recorded_c7f() {
        let dice = Dice {
            seed: 2026,
            label: "round 1",
            name: "C.7(f) d100",
        };
        let entries = vec![entry(1, &[10, 1, 1]), entry(2, &[10, 1, 1])];
        let a = rank(&criteria(), entries.clone(), Some(dice));
        let b = rank(&criteria(), entries, Some(dice));
        assert_eq!(a, b, "the same seed repeats the same rolls");
        assert_eq!(a[0].decided_by, "C.7(f) d100");
        assert!(!a[0].rolls.is_empty());
        assert!(a[0].rolls > a[1].rolls);
        assert!(written(&a[0]).contains("rolled"));
    }

    #[test]
    fn no_die_is_rolled_when_no_tie_survives() {
        let dice = Dice {
            seed: 1,
            label: "x",
            name: "d100",
        };
        let got = rank(
            &criteria(),
            vec![entry(1, &[1, 0, 0]), entry(2, &[2, 0, 0])],
            Some(dice),
        );
        assert!(got.iter().all(|p| p.rolls.is_empty()));
        assert_eq!(got[0].decided_by, "score");
    }
}
