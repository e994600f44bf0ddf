//! Rules whose number or day gavel keeps as a parameter (Terms §0 Act 5, §II Acts 1, 8 and 9.2,
//! §III Act 2.4;
//! Nomic 205, 207, 210, 211), and the reading of an amended text's new value: an adopted
//! change to such a rule changes its parameter in the same step when the new text states the
//! new value unambiguously, and otherwise waits for the parameter to be set.

use chrono::Weekday;

pub use super::reading::Reading;
use super::session_text;

/// What kind of value a rule's parameter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A whole number ("an initial score of 100", "loses 10 points").
    Number,
    /// A day of the week ("must fall on a Friday").
    Day,
    /// The first time of day of two ("between 12:30 and 13:10").
    Start,
    /// The second time of day of two.
    End,
    /// A room, named after "in" following the times ("in 322").
    Place,
}

/// A rule whose number or day is a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// The Act's label under the Terms ("§II 1"), or the number the rule began as under Nomic
    /// ("207"); an amended Nomic rule is found by what it began as (Nomic 109).
    pub rule: &'static str,
    /// The parameter's name, as `/procedure set` and `gavel status` show it.
    pub key: &'static str,
    pub kind: Kind,
}

/// The Terms' Acts whose number, day, times or room is a parameter.
pub const TERMS: &[Bound] = &[
    Bound {
        rule: "§0 5",
        key: "session.day",
        kind: Kind::Day,
    },
    Bound {
        rule: "§0 5",
        key: "session.start",
        kind: Kind::Start,
    },
    Bound {
        rule: "§0 5",
        key: "session.end",
        kind: Kind::End,
    },
    Bound {
        rule: "§0 5",
        key: "session.place",
        kind: Kind::Place,
    },
    Bound {
        rule: "§II 1",
        key: "scores.initial",
        kind: Kind::Number,
    },
    Bound {
        rule: "§II 8",
        key: "leaderboard.leave_days",
        kind: Kind::Number,
    },
    Bound {
        rule: "§II 9.2",
        key: "moderation.ban_day",
        kind: Kind::Day,
    },
    Bound {
        rule: "§III 2.4",
        key: "moderation.declaration_days",
        kind: Kind::Number,
    },
];

/// The Nomic rules whose one number is a parameter (Rule 203 has two, and Rule 204 decides
/// adoption, which the Chief Justice applies: see `adoption_cue`).
pub const NOMIC: &[Bound] = &[
    Bound {
        rule: "205",
        key: "dissent_award",
        kind: Kind::Number,
    },
    Bound {
        rule: "207",
        key: "defeat_penalty",
        kind: Kind::Number,
    },
    Bound {
        rule: "210",
        key: "winning_points",
        kind: Kind::Number,
    },
    Bound {
        rule: "211",
        key: "max_mutable_rules",
        kind: Kind::Number,
    },
];

/// The Terms' parameters `/procedure set` takes besides the Nomic ones.
pub fn is_terms_key(key: &str) -> bool {
    TERMS.iter().any(|b| b.key == key)
}

/// The parameters the Terms' Act `act` carries (§0 Act 5 carries four).
pub fn terms_bounds(act: &str) -> impl Iterator<Item = Bound> + '_ {
    TERMS.iter().copied().filter(move |b| b.rule == act)
}

/// The Terms' parameter called `key`.
pub fn terms_key(key: &str) -> Option<Bound> {
    TERMS.iter().copied().find(|b| b.key == key)
}

/// Reads the new value of a rule's parameter from its text before and after an amendment.
pub fn read(kind: Kind, before: &str, after: &str, current: &str) -> Reading {
    match kind {
        Kind::Number => read_number(before, after, current.parse().unwrap_or(i64::MIN)),
        Kind::Day => match parse_day(current) {
            Some(day) => read_day(before, after, day),
            None => Reading::Unclear,
        },
        Kind::Start | Kind::End => {
            let index = usize::from(kind == Kind::End);
            match chrono::NaiveTime::parse_from_str(current, "%H:%M") {
                Ok(now) => session_text::read_time(before, after, index, now),
                Err(_) => Reading::Unclear,
            }
        }
        Kind::Place => session_text::read_place(before, after, current),
    }
}

/// Whether a rule's `text` states `value`, the value gavel enforces for it: the number among
/// its numbers, the day among its days, the time or the room in its words. `gavel check` asks it
/// of every amended rule whose value was neither read from the amendment nor left waiting.
pub fn states(kind: Kind, text: &str, value: &str) -> bool {
    match kind {
        Kind::Number => value
            .parse::<i64>()
            .is_ok_and(|n| numbers(text).0.contains(&n)),
        Kind::Day => parse_day(value).is_some_and(|day| names_day(text, day)),
        Kind::Start | Kind::End => text.contains(value.trim()),
        Kind::Place => text.to_lowercase().contains(&value.trim().to_lowercase()),
    }
}

/// The whole numbers in a text, in order, and the text with each replaced by `#`.
fn numbers(text: &str) -> (Vec<i64>, String) {
    let mut found = Vec::new();
    let mut skeleton = String::with_capacity(text.len());
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            found.push(digits.parse().unwrap_or(i64::MAX));
            skeleton.push('#');
            digits.clear();
        }
        skeleton.push(c);
    }
    skeleton.pop();
    (found, skeleton)
}

/// The new number: where the words are the same and only numbers moved, every moved number
/// must have been the current value and become one same new value; where the words changed
/// too, the current value must be gone and exactly one number be new.
pub fn read_number(before: &str, after: &str, current: i64) -> Reading {
    let (old, old_words) = numbers(before);
    let (new, new_words) = numbers(after);
    if old_words == new_words {
        let moved: Vec<(i64, i64)> = old
            .iter()
            .zip(&new)
            .filter(|(o, n)| o != n)
            .map(|(o, n)| (*o, *n))
            .collect();
        return match moved.as_slice() {
            [] => Reading::Unchanged,
            [(_, to), ..] if moved.iter().all(|(o, n)| *o == current && n == to) => {
                Reading::Set(to.to_string())
            }
            _ => Reading::Unclear,
        };
    }
    let fresh: Vec<i64> = {
        let mut f: Vec<i64> = new.iter().copied().filter(|n| !old.contains(n)).collect();
        f.dedup();
        f
    };
    match (new.contains(&current), fresh.as_slice()) {
        (true, []) => Reading::Unchanged,
        (false, [one]) => Reading::Set(one.to_string()),
        _ => Reading::Unclear,
    }
}

const DAYS: [(&str, Weekday); 7] = [
    ("monday", Weekday::Mon),
    ("tuesday", Weekday::Tue),
    ("wednesday", Weekday::Wed),
    ("thursday", Weekday::Thu),
    ("friday", Weekday::Fri),
    ("saturday", Weekday::Sat),
    ("sunday", Weekday::Sun),
];

/// A day's name ("Wednesday", "wednesdays", "Wed"), or none.
pub fn parse_day(word: &str) -> Option<Weekday> {
    let w = word.trim().to_lowercase();
    let w = w
        .strip_suffix('s')
        .filter(|s| s.ends_with("day"))
        .unwrap_or(&w);
    DAYS.iter()
        .find(|(name, _)| *name == w || (w.len() == 3 && name.starts_with(w)))
        .map(|(_, d)| *d)
}

/// The days a text names, in order, without repeats.
fn days(text: &str) -> Vec<Weekday> {
    let mut found = Vec::new();
    for word in text.split(|c: char| !c.is_alphabetic()) {
        if word.len() < 6 {
            continue; // whole day names only: "Wed" in prose is not a day
        }
        if let Some(d) = parse_day(word) {
            if !found.contains(&d) {
                found.push(d);
            }
        }
    }
    found
}

/// Whether a text names `day` ("must fall on a Friday").
pub fn names_day(text: &str, day: Weekday) -> bool {
    days(text).contains(&day)
}

/// The new day: the old text named the current day, and the new one names one other day.
pub fn read_day(before: &str, after: &str, current: Weekday) -> Reading {
    let old = days(before);
    let new = days(after);
    if old == new {
        return Reading::Unchanged;
    }
    match new.as_slice() {
        [one] if old.contains(&current) || old.is_empty() => {
            Reading::Set(day_name(*one).to_owned())
        }
        _ => Reading::Unclear,
    }
}

/// A day's full name, as the parameter stores it.
pub fn day_name(day: Weekday) -> &'static str {
    DAYS.iter()
        .find(|(_, d)| *d == day)
        .map(|(n, _)| *n)
        .unwrap_or("friday")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_initial_score_of_1200_sets_the_initial_score_terms_ii_1() {
        let before =
            "Any student is freely permitted to join the Leaderboard with an initial score of 100";
        let after =
            "Any student is freely permitted to join the Leaderboard with an initial score of 1200";
        assert_eq!(read_number(before, after, 100), Reading::Set("1200".into()));
    }

    #[test]
    fn a_rewritten_penalty_with_one_new_number_is_read_nomic_207() {
        let before =
            "When a proposed rule-change is defeated, the player who proposed it loses 10 points.";
        let after = "A player whose proposal is defeated loses 5 points.";
        assert_eq!(read_number(before, after, 10), Reading::Set("5".into()));
    }

    #[test]
    fn an_amendment_that_leaves_the_number_leaves_the_parameter_nomic_207() {
        let before =
            "When a proposed rule-change is defeated, the player who proposed it loses 10 points.";
        let after = "When a proposal is defeated, its proposer loses 10 points.";
        assert_eq!(read_number(before, after, 10), Reading::Unchanged);
    }

    #[test]
    fn two_new_numbers_are_not_a_plain_statement_of_one_value_nomic_207() {
        let before =
            "When a proposed rule-change is defeated, the player who proposed it loses 10 points.";
        let after = "A defeated proposer loses 5 points, or 8 points on a second defeat.";
        assert_eq!(read_number(before, after, 10), Reading::Unclear);
        // Words without a number at all say nothing plain either.
        assert_eq!(
            read_number(before, "A defeated proposer loses some points.", 10),
            Reading::Unclear
        );
    }

    #[test]
    fn a_number_that_was_not_the_parameter_moving_is_unclear_terms_ii_1() {
        // The parameter is 100 but the text said 150: gavel cannot tell which it means.
        assert_eq!(
            read_number("an initial score of 150", "an initial score of 1200", 100),
            Reading::Unclear
        );
    }

    #[test]
    fn bans_falling_on_a_wednesday_set_the_ban_day_terms_ii_9_2() {
        let before = "Bans must have an expiry date, which must fall on a Friday";
        let after = "Bans must have an expiry date, which must fall on a Wednesday";
        assert_eq!(
            read_day(before, after, Weekday::Fri),
            Reading::Set("wednesday".into())
        );
    }

    #[test]
    fn a_text_naming_two_days_does_not_say_which_terms_ii_9_2() {
        let before = "Bans must have an expiry date, which must fall on a Friday";
        let after = "Bans must have an expiry date, which must fall on a Monday or a Wednesday";
        assert_eq!(read_day(before, after, Weekday::Fri), Reading::Unclear);
        assert_eq!(read_day(before, before, Weekday::Fri), Reading::Unchanged);
    }

    #[test]
    fn day_names_are_read_whole_or_short_terms_0_5() {
        assert_eq!(parse_day("Wednesday"), Some(Weekday::Wed));
        assert_eq!(parse_day("fridays"), Some(Weekday::Fri));
        assert_eq!(parse_day("thu"), Some(Weekday::Thu));
        assert_eq!(parse_day("someday"), None);
    }

    #[test]
    fn a_text_states_the_value_it_names_terms_ii_8() {
        let act = "the Chief Justice must comply with this request within seven (7) days";
        assert!(states(Kind::Number, act, "7"));
        assert!(!states(Kind::Number, act, "14"));
        let session = "Any games that do not take place on a Friday, between 12:30 and 13:10 in 322 are considered invalid";
        assert!(states(Kind::Day, session, "friday"));
        assert!(!states(Kind::Day, session, "wednesday"));
        assert!(states(Kind::Start, session, "12:30"));
        assert!(!states(Kind::End, session, "13:30"));
        assert!(states(Kind::Place, session, "322"));
        assert!(!states(Kind::Place, session, "room 101"));
    }

    #[test]
    fn the_bound_rules_name_their_parameters() {
        let keys = |act| terms_bounds(act).map(|b| b.key).collect::<Vec<_>>();
        assert_eq!(keys("§II 1"), ["scores.initial"]);
        assert_eq!(keys("§II 9.2"), ["moderation.ban_day"]);
        assert_eq!(
            keys("§0 5"),
            [
                "session.day",
                "session.start",
                "session.end",
                "session.place"
            ]
        );
        assert_eq!(keys("§III 2.4"), ["moderation.declaration_days"]);
        assert!(keys("§II 13").is_empty());
        assert!(is_terms_key("session.day"));
        assert!(NOMIC
            .iter()
            .any(|b| b.rule == "207" && b.key == "defeat_penalty"));
    }
}
