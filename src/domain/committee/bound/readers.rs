//! The readers of the house rules' bound items: each finds one value in an item's text, and
//! answers nothing when the text does not state it plainly (house rules A.7).

use super::super::reading::{bar, only, read, tokens, Tok};
use super::super::rules::{Fraction, Majority, Sitting, SizeRange, TieBreak};

pub(super) const TMC: &[&str] = &["tmc", "committee"];
pub(super) const OBSERVING: &[&str] = &["observer", "observers", "observe", "observing"];
pub(super) const PLAYING: &[&str] = &["play", "plays", "playing"];
pub(super) const TEAMS: &[&str] = &["team", "teams", "affiliation", "affiliated"];

/// A.2: the TMC "of between 5 and 8 people".
pub(super) fn tmc_size(text: &str) -> Option<String> {
    let mut found = Vec::new();
    let mut single = Vec::new();
    for s in read(text).iter().filter(|s| s.has(TMC)) {
        let t = &s.toks;
        for i in 0..t.len() {
            let range = match (&t[i], t.get(i + 1), t.get(i + 2), t.get(i + 3)) {
                (Tok::Word(w), Some(Tok::Num(a)), Some(and), Some(Tok::Num(b)))
                    if w == "between" && and.is(&["and"]) =>
                {
                    Some((*a, *b))
                }
                (Tok::Num(a), Some(to), Some(Tok::Num(b)), _) if to.is(&["to"]) => Some((*a, *b)),
                (Tok::Num(a), Some(people), ..) if people.is(&["people", "members", "persons"]) => {
                    single.push((*a, *a));
                    None
                }
                _ => None,
            };
            found.extend(range);
        }
    }
    let (a, b) = if found.is_empty() {
        only(&single)?
    } else {
        only(&found)?
    };
    format!("{a}-{b}").parse::<SizeRange>().ok()?;
    Some(format!("{a}-{b}"))
}

/// A.2: "up to two Assistant Tournament Directors".
pub(super) fn assistants_most(text: &str) -> Option<String> {
    let mut found = Vec::new();
    let mut named = false;
    for s in read(text) {
        for w in s.toks.windows(2) {
            if w[1].is(&["assistant", "assistants"]) {
                named = true;
                if let Tok::Num(n) = w[0] {
                    found.push(n);
                }
            }
        }
    }
    if !named {
        return None;
    }
    only(&found).filter(|n| *n <= 10).map(|n| n.to_string())
}

pub(super) fn barred(b: Option<bool>) -> Option<String> {
    b.map(|b| if b { "barred" } else { "allowed" }.to_owned())
}

/// The fractions of a text, each with whether "majority" follows it.
pub(super) fn fractions(text: &str) -> Vec<((u32, u32), bool)> {
    let t = tokens(text);
    t.iter()
        .enumerate()
        .filter_map(|(i, tok)| match tok {
            Tok::Frac(a, b) => Some(((*a, *b), t.get(i + 1).is_some_and(|n| n.is(&["majority"])))),
            _ => None,
        })
        .collect()
}

/// The one fraction of the sitting body that must vote (A.6's 2/3, A.7's 3/4).
pub(super) fn turnout(text: &str) -> Option<String> {
    let found: Vec<(u32, u32)> = fractions(text)
        .into_iter()
        .filter(|(_, majority)| !majority)
        .map(|(f, _)| f)
        .collect();
    let (a, b) = only(&found)?;
    Some(format!("{a}/{b}"))
}

/// The majority: "a 2/3 majority", or "the majority decision" for a simple one.
pub(super) fn majority(text: &str) -> Option<String> {
    let found: Vec<(u32, u32)> = fractions(text)
        .into_iter()
        .filter(|(_, majority)| *majority)
        .map(|(f, _)| f)
        .collect();
    if found.is_empty() {
        return tokens(text)
            .iter()
            .any(|t| t.is(&["majority"]))
            .then(|| Majority::Simple.key());
    }
    let (a, b) = only(&found)?;
    Some(Majority::AtLeast(Fraction { num: a, den: b }).key())
}

/// A.6: "In the case of a tie, the TD will cast the tie-breaking vote".
pub(super) fn tie_break(text: &str) -> Option<String> {
    let mut found = Vec::new();
    for s in read(text)
        .iter()
        .filter(|s| s.has(&["tie", "ties", "tied"]))
    {
        if s.has(&["td", "director"]) {
            found.push(TieBreak::Director);
        } else if s.has(&[
            "reject", "rejects", "rejected", "fails", "fail", "lost", "defeated",
        ]) {
            found.push(TieBreak::Rejects);
        }
    }
    only(&found).map(|t| t.key().to_owned())
}

/// A.6: "Sitting body includes Assistant TD's unless one is in the TD post".
pub(super) fn sitting(text: &str) -> Option<String> {
    match bar(text, &["assistant", "assistants"], &["sitting"]) {
        Some(true) => Some(Sitting::Members.key().to_owned()),
        Some(false) => None,
        None => {
            let includes = read(text).iter().any(|s| {
                s.clauses.iter().any(|c| {
                    c.has(&["assistant", "assistants"])
                        && c.has(&["includes", "include", "including"])
                        && c.mood.is_none()
                })
            });
            includes.then(|| Sitting::MembersAndAssistants.key().to_owned())
        }
    }
}

/// B.9: the number of games in the clause that names `these` (and `and`).
pub(super) fn games_in(text: &str, these: &[&str], and: &[&str]) -> Option<String> {
    let mut found = Vec::new();
    for s in read(text) {
        for c in &s.clauses {
            if !c.has(these) || !c.has(and) {
                continue;
            }
            for w in c.toks.windows(2) {
                if let (Tok::Num(n), g) = (&w[0], &w[1]) {
                    if g.is(&["games", "game"]) {
                        found.push(*n);
                    }
                }
            }
        }
    }
    only(&found)
        .filter(|n| (1..=20).contains(n))
        .map(|n| n.to_string())
}

/// D.VII.4: "At least 3 days ... for each movement turn and at least 1 day ... for each retreat
/// or adjustment turn": the days of the kind of turn `movement` says.
pub(super) fn turn_days(text: &str, movement: bool) -> Option<String> {
    let mut found = Vec::new();
    for s in read(text) {
        let t = &s.toks;
        for i in 0..t.len() {
            let (Tok::Num(n), Some(days)) = (&t[i], t.get(i + 1)) else {
                continue;
            };
            if !days.is(&["day", "days"]) {
                continue;
            }
            // The kind of turn named next, before the next number of days.
            let kind = t[i + 2..]
                .iter()
                .take_while(|x| !matches!(x, Tok::Num(_)))
                .find(|x| {
                    x.is(&[
                        "movement",
                        "retreat",
                        "adjustment",
                        "retreats",
                        "adjustments",
                    ])
                });
            if let Some(kind) = kind {
                if kind.is(&["movement"]) == movement {
                    found.push(*n);
                }
            }
        }
    }
    only(&found)
        .filter(|n| (1..=30).contains(n))
        .map(|n| n.to_string())
}

/// D.VII.5: the one number of `unit` in the sentences about extensions.
pub(super) fn extension(text: &str, unit: &[&str]) -> Option<String> {
    let mut found = Vec::new();
    for s in read(text)
        .iter()
        .filter(|s| s.has(&["extension", "extensions"]))
    {
        for w in s.toks.windows(2) {
            if let Tok::Num(n) = w[0] {
                if w[1].is(unit) {
                    found.push(n);
                }
            }
        }
    }
    only(&found)
        .filter(|n| (1..=99).contains(n))
        .map(|n| n.to_string())
}
