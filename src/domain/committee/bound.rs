//! What gavel enforces by the house rules, item by item, and how it is read from their text
//! (house rules A.7: "The TMC may issue changes or revisions to these House Rules").
//!
//! `BOUND` is the table of bindings: each number or condition gavel enforces names the item it
//! comes from, the value the published text states, and a reader that finds the value in the
//! item as it now reads. When the TMC's change to a bound item is adopted, gavel reads the new
//! text: a value stated plainly is enforced from then on; otherwise the change is adopted but
//! not yet in effect in gavel until the officer sets the value. `APPLIED` lists the items gavel
//! follows as first published without a reader: a change to one of them is adopted but not yet
//! in effect in gavel.

mod readers;

use readers::*;

use super::reading::bar;
use super::rules::{Fraction, Majority, Sitting, SizeRange, TieBreak};

/// What kind of value a binding holds, as stored (a string) and shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A size range, stored "5-8".
    Size,
    /// A whole number from `least` to `most`.
    Count {
        least: u32,
        most: u32,
        unit: &'static str,
    },
    /// A fraction of the sitting body, stored "2/3".
    Fraction,
    /// A majority, stored as `Majority::key` ("simple", "two_thirds").
    Majority,
    /// Who breaks a tie, stored as `TieBreak::key`.
    TieBreak,
    /// Who sits, stored as `Sitting::key`.
    Sitting,
    /// A condition, stored "barred" or "allowed".
    Bar,
}

impl Kind {
    /// The value as stored, from what an officer typed, if it is one.
    pub fn parse(self, typed: &str) -> Option<String> {
        let t = typed.trim();
        match self {
            Kind::Size => t
                .parse::<SizeRange>()
                .ok()
                .map(|s| format!("{}-{}", s.least, s.most)),
            Kind::Count { least, most, .. } => t
                .parse::<u32>()
                .ok()
                .filter(|n| (least..=most).contains(n))
                .map(|n| n.to_string()),
            Kind::Fraction => t.parse::<Fraction>().ok().map(|f| f.to_string()),
            Kind::Majority => t.parse::<Majority>().ok().map(|m| m.key()),
            Kind::TieBreak => t.parse::<TieBreak>().ok().map(|b| b.key().to_owned()),
            Kind::Sitting => t.parse::<Sitting>().ok().map(|s| s.key().to_owned()),
            Kind::Bar => match t {
                "barred" | "allowed" => Some(t.to_owned()),
                _ => None,
            },
        }
    }

    /// What a value of this kind is typed as, for a refusal.
    pub fn wants(self) -> String {
        match self {
            Kind::Size => "a size range such as 5-8".into(),
            Kind::Count { least, most, unit } => {
                format!("a whole number of {unit} from {least} to {most}")
            }
            Kind::Fraction => "a fraction such as 2/3".into(),
            Kind::Majority => "simple, two_thirds, three_quarters or a fraction such as 3/5".into(),
            Kind::TieBreak => "director or rejects".into(),
            Kind::Sitting => "members or members_and_assistants".into(),
            Kind::Bar => "barred or allowed".into(),
        }
    }

    /// A stored value in words.
    pub fn show(self, value: &str) -> String {
        match self {
            Kind::Size => value
                .parse::<SizeRange>()
                .map(|s| format!("{s} members"))
                .unwrap_or_else(|_| value.to_owned()),
            Kind::Count { unit, .. } => format!("{value} {unit}"),
            Kind::Fraction => format!("{value} of the sitting body"),
            Kind::Majority => value
                .parse::<Majority>()
                .map(|m| m.to_string())
                .unwrap_or_else(|_| value.to_owned()),
            Kind::TieBreak => match value {
                "director" => "broken by the TD".into(),
                _ => "a tie rejects".into(),
            },
            Kind::Sitting => match value {
                "members" => "its members".into(),
                _ => "its members and the Assistant TDs".into(),
            },
            Kind::Bar => value.to_owned(),
        }
    }
}

/// A number or condition gavel enforces, bound to the house rule it comes from.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    /// The item, as the rules cite it ("A.2").
    pub item: &'static str,
    /// The setting's name, as `/houserule set` and `gavel status` show it.
    pub key: &'static str,
    /// What it is, in words.
    pub what: &'static str,
    /// The value the published text states.
    pub published: &'static str,
    pub kind: Kind,
    /// For a committee's own rule: the `/committee set` option that sets it on the TMC.
    pub committee: Option<&'static str>,
    /// Reads the value from the item's text; `None` when the text does not state it plainly.
    pub read: fn(&str) -> Option<String>,
}

impl Binding {
    /// The command an officer sets it with.
    pub fn command(&self, value: &str) -> String {
        match self.committee {
            Some(option) => format!("/committee set committee:TMC {option}:{value}"),
            None => format!("/houserule set name:{} value:{value}", self.key),
        }
    }

    /// Who sets it.
    pub fn officer(&self) -> &'static str {
        "the TD (or the Chief Justice)"
    }
}

/// Every number and condition gavel enforces by the house rules, with the item it comes from.
pub const BOUND: &[Binding] = &[
    Binding {
        item: "A.2",
        key: "tmc.size",
        what: "the TMC's size",
        published: "5-8",
        kind: Kind::Size,
        committee: Some("members"),
        read: tmc_size,
    },
    Binding {
        item: "A.2",
        key: "assistants.most",
        what: "the most Assistant TDs",
        published: "2",
        kind: Kind::Count {
            least: 0,
            most: 10,
            unit: "Assistant TDs",
        },
        committee: None,
        read: assistants_most,
    },
    Binding {
        item: "A.4",
        key: "director.plays",
        what: "the TD playing in the tournament",
        published: "barred",
        kind: Kind::Bar,
        committee: None,
        read: |t| barred(bar(t, PLAYING, &[])),
    },
    Binding {
        item: "A.4",
        key: "director.team",
        what: "the TD belonging to a team",
        published: "barred",
        kind: Kind::Bar,
        committee: None,
        read: |t| barred(bar(t, TEAMS, &[])),
    },
    Binding {
        item: "A.6",
        key: "tmc.turnout",
        what: "the TMC's turnout",
        published: "2/3",
        kind: Kind::Fraction,
        committee: Some("turnout"),
        read: turnout,
    },
    Binding {
        item: "A.6",
        key: "tmc.majority",
        what: "the TMC's majority",
        published: "simple",
        kind: Kind::Majority,
        committee: Some("majority"),
        read: majority,
    },
    Binding {
        item: "A.6",
        key: "tmc.tie_break",
        what: "the TMC's tie-break",
        published: "director",
        kind: Kind::TieBreak,
        committee: Some("tie_break"),
        read: tie_break,
    },
    Binding {
        item: "A.6",
        key: "tmc.sitting",
        what: "the TMC's sitting body",
        published: "members_and_assistants",
        kind: Kind::Sitting,
        committee: Some("sitting"),
        read: sitting,
    },
    Binding {
        item: "A.7",
        key: "override.majority",
        what: "the majority that overrides the TD's veto",
        published: "two_thirds",
        kind: Kind::Majority,
        committee: None,
        read: majority,
    },
    Binding {
        item: "A.7",
        key: "override.turnout",
        what: "the turnout an override needs",
        published: "3/4",
        kind: Kind::Fraction,
        committee: None,
        read: turnout,
    },
    Binding {
        item: "A.8",
        key: "tmc.plays",
        what: "TMC members (and Assistant TDs, who sit with them) playing in the tournament",
        published: "barred",
        kind: Kind::Bar,
        committee: None,
        read: |t| barred(bar(t, PLAYING, &[])),
    },
    Binding {
        item: "A.8",
        key: "tmc.team",
        what: "TMC members (and Assistant TDs) belonging to a team",
        published: "barred",
        kind: Kind::Bar,
        committee: None,
        read: |t| barred(bar(t, TEAMS, &[])),
    },
    Binding {
        item: "A.10",
        key: "observers.assistants",
        what: "Assistant TDs serving as Tournament Observers",
        published: "barred",
        kind: Kind::Bar,
        committee: None,
        read: |t| barred(bar(t, &["assistant", "assistants"], OBSERVING)),
    },
    Binding {
        item: "A.10",
        key: "observers.tmc",
        what: "TMC members serving as Tournament Observers",
        published: "barred",
        kind: Kind::Bar,
        committee: None,
        read: |t| barred(bar(t, &["tmc"], OBSERVING)),
    },
    Binding {
        item: "A.10",
        key: "observers.own_game",
        what: "observing a game one plays in or GMs, or a team-mate does",
        published: "barred",
        kind: Kind::Bar,
        committee: None,
        read: |t| barred(bar(t, &["teammate", "teammates", "involved"], OBSERVING)),
    },
    Binding {
        item: "B.9",
        key: "games.permanent",
        what: "the most games a player holds permanently in a round",
        published: "3",
        kind: Kind::Count {
            least: 1,
            most: 20,
            unit: "games",
        },
        committee: None,
        read: |t| games_in(t, &["permanent"], &["round"]),
    },
    Binding {
        item: "B.9",
        key: "games.at_once",
        what: "the most games a player holds at once, permanent or temporary",
        published: "3",
        kind: Kind::Count {
            least: 1,
            most: 20,
            unit: "games",
        },
        committee: None,
        read: |t| games_in(t, &["time", "once"], &["permanent", "temporary"]),
    },
    Binding {
        item: "D.VII.4",
        key: "turns.movement_days",
        what: "the shortest movement turn without the survivors' consent",
        published: "3",
        kind: Kind::Count {
            least: 1,
            most: 30,
            unit: "days",
        },
        committee: None,
        read: |t| turn_days(t, true),
    },
    Binding {
        item: "D.VII.4",
        key: "turns.other_days",
        what: "the shortest retreat or adjustment turn without the survivors' consent",
        published: "1",
        kind: Kind::Count {
            least: 1,
            most: 30,
            unit: "days",
        },
        committee: None,
        read: |t| turn_days(t, false),
    },
    Binding {
        item: "D.VII.5",
        key: "extensions.days",
        what: "the most extension days a position has in a game",
        published: "7",
        kind: Kind::Count {
            least: 1,
            most: 99,
            unit: "days",
        },
        committee: None,
        read: |t| extension(t, &["day", "days"]),
    },
    Binding {
        item: "D.VII.5",
        key: "extensions.notice_hours",
        what: "how long before the deadline an extension must be asked",
        published: "12",
        kind: Kind::Count {
            least: 1,
            most: 99,
            unit: "hours",
        },
        committee: None,
        read: |t| extension(t, &["hour", "hours"]),
    },
];

/// The bindings of one item.
pub fn of_item(item: &str) -> impl Iterator<Item = &'static Binding> + '_ {
    BOUND.iter().filter(move |b| b.item == item)
}

/// The binding called `key`.
pub fn by_key(key: &str) -> Option<&'static Binding> {
    BOUND.iter().find(|b| b.key == key)
}

/// The items gavel follows as first published, with what it does by each, and reads no value
/// from: a change to one is adopted but not yet in effect in gavel.
pub const APPLIED: &[(&str, &str)] = &[
    ("A.1", "teams of at least seven"),
    ("A.3", "the TD's duties: the tie-break, referrals"),
    ("A.9", "Observers per game and their reports"),
    ("A.11", "one Chief-GM"),
    ("A.12", "the GM's neutrality"),
    ("B.2", "teams and individual sign-ups"),
    ("B.3", "each round's last year"),
    ("B.4", "the second round's boards"),
    ("B.5", "powers in the first round"),
    ("B.6", "the deal"),
    ("B.7", "replacements and their four seasons"),
    ("B.8", "who chooses a replacement, and when"),
    ("B.10", "the TD's rejection of a replacement"),
    ("C.1", "scores"),
    ("C.2", "the positional bonuses"),
    ("C.3", "shared bonuses"),
    ("C.4", "solo wins"),
    ("C.5", "results by vote"),
    ("C.6", "team credits"),
    ("C.7", "advancement from round one"),
    ("C.8", "advancement from round two"),
    ("C.9", "advancement from the semi-final"),
    ("C.10", "a finalist who declines"),
    ("C.11", "the individual title"),
    ("C.12", "the team title"),
    ("C.13", "the best countries"),
    ("C.14", "pro-rated scores"),
    ("C.15", "which game counts for advancement"),
    ("D.I.2", "disputes"),
    ("D.VII.2", "adjudication times and unavailable periods"),
    ("D.VII.3", "orders after the deadline"),
    ("D.VII.6", "NMRs and replacements"),
    ("D.IX.1", "votes"),
    ("D.IX.2", "secret votes and proposals"),
    ("D.IX.3", "wins"),
    ("D.IX.4", "game end proposals"),
    ("D.X.1", "press"),
    ("D.X.2", "authorship of press"),
];

/// What gavel does by an item it follows as first published, if it does.
pub fn applied(item: &str) -> Option<&'static str> {
    APPLIED
        .iter()
        .find(|(i, _)| *i == item)
        .map(|(_, what)| *what)
}

/// What the house rules bar and allow, as gavel enforces them (A.2, A.4, A.8, A.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bars {
    /// The most Assistant TDs (A.2).
    pub assistants_most: u32,
    /// The TD may not play (A.4).
    pub director_plays: bool,
    /// The TD may not belong to a team (A.4).
    pub director_team: bool,
    /// TMC members, and the Assistant TDs who sit with them, may not play (A.8).
    pub tmc_plays: bool,
    /// Nor belong to a team (A.8).
    pub tmc_team: bool,
    /// Assistant TDs may not observe (A.10).
    pub observer_assistants: bool,
    /// TMC members may not observe (A.10).
    pub observer_tmc: bool,
    /// No one observes a game they or a team-mate play in or GM (A.10).
    pub observer_own_game: bool,
}

impl Bars {
    /// As the house rules were published.
    pub const PUBLISHED: Bars = Bars {
        assistants_most: 2,
        director_plays: true,
        director_team: true,
        tmc_plays: true,
        tmc_team: true,
        observer_assistants: true,
        observer_tmc: true,
        observer_own_game: true,
    };

    /// From the values gavel enforces, by key.
    pub fn from(value: impl Fn(&str) -> String) -> Bars {
        let on = |key: &str| value(key) != "allowed";
        Bars {
            assistants_most: value("assistants.most").parse().unwrap_or(2),
            director_plays: on("director.plays"),
            director_team: on("director.team"),
            tmc_plays: on("tmc.plays"),
            tmc_team: on("tmc.team"),
            observer_assistants: on("observers.assistants"),
            observer_tmc: on("observers.tmc"),
            observer_own_game: on("observers.own_game"),
        }
    }
}

impl Default for Bars {
    fn default() -> Self {
        Bars::PUBLISHED
    }
}

#[cfg(test)]
mod tests;
