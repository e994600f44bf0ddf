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

use super::reading::{bar, only, read, tokens, Tok};
use super::rules::{Fraction, Majority, SizeRange, Sitting, TieBreak};

/// What kind of value a binding holds, as stored (a string) and shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A size range, stored "5-8".
    Size,
    /// A whole number from `least` to `most`.
    Count { least: u32, most: u32, unit: &'static str },
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
            Kind::Count { least, most, unit } => format!("a whole number of {unit} from {least} to {most}"),
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

const TMC: &[&str] = &["tmc", "committee"];
const OBSERVING: &[&str] = &["observer", "observers", "observe", "observing"];
const PLAYING: &[&str] = &["play", "plays", "playing"];
const TEAMS: &[&str] = &["team", "teams", "affiliation", "affiliated"];

/// A.2: the TMC "of between 5 and 8 people".
fn tmc_size(text: &str) -> Option<String> {
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
                (Tok::Num(a), Some(to), Some(Tok::Num(b)), _) if to.is(&["to"]) => {
                    Some((*a, *b))
                }
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
fn assistants_most(text: &str) -> Option<String> {
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

fn barred(b: Option<bool>) -> Option<String> {
    b.map(|b| if b { "barred" } else { "allowed" }.to_owned())
}

/// The fractions of a text, each with whether "majority" follows it.
fn fractions(text: &str) -> Vec<((u32, u32), bool)> {
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
fn turnout(text: &str) -> Option<String> {
    let found: Vec<(u32, u32)> = fractions(text)
        .into_iter()
        .filter(|(_, majority)| !majority)
        .map(|(f, _)| f)
        .collect();
    let (a, b) = only(&found)?;
    Some(format!("{a}/{b}"))
}

/// The majority: "a 2/3 majority", or "the majority decision" for a simple one.
fn majority(text: &str) -> Option<String> {
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
fn tie_break(text: &str) -> Option<String> {
    let mut found = Vec::new();
    for s in read(text).iter().filter(|s| s.has(&["tie", "ties", "tied"])) {
        if s.has(&["td", "director"]) {
            found.push(TieBreak::Director);
        } else if s.has(&["reject", "rejects", "rejected", "fails", "fail", "lost", "defeated"]) {
            found.push(TieBreak::Rejects);
        }
    }
    only(&found).map(|t| t.key().to_owned())
}

/// A.6: "Sitting body includes Assistant TD's unless one is in the TD post".
fn sitting(text: &str) -> Option<String> {
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
fn games_in(text: &str, these: &[&str], and: &[&str]) -> Option<String> {
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
    only(&found).filter(|n| (1..=20).contains(n)).map(|n| n.to_string())
}

/// D.VII.4: "At least 3 days ... for each movement turn and at least 1 day ... for each retreat
/// or adjustment turn": the days of the kind of turn `movement` says.
fn turn_days(text: &str, movement: bool) -> Option<String> {
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
                .find(|x| x.is(&["movement", "retreat", "adjustment", "retreats", "adjustments"]));
            if let Some(kind) = kind {
                if kind.is(&["movement"]) == movement {
                    found.push(*n);
                }
            }
        }
    }
    only(&found).filter(|n| (1..=30).contains(n)).map(|n| n.to_string())
}

/// D.VII.5: the one number of `unit` in the sentences about extensions.
fn extension(text: &str, unit: &[&str]) -> Option<String> {
    let mut found = Vec::new();
    for s in read(text).iter().filter(|s| s.has(&["extension", "extensions"])) {
        for w in s.toks.windows(2) {
            if let Tok::Num(n) = w[0] {
                if w[1].is(unit) {
                    found.push(n);
                }
            }
        }
    }
    only(&found).filter(|n| (1..=99).contains(n)).map(|n| n.to_string())
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
        kind: Kind::Count { least: 0, most: 10, unit: "Assistant TDs" },
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
        kind: Kind::Count { least: 1, most: 20, unit: "games" },
        committee: None,
        read: |t| games_in(t, &["permanent"], &["round"]),
    },
    Binding {
        item: "B.9",
        key: "games.at_once",
        what: "the most games a player holds at once, permanent or temporary",
        published: "3",
        kind: Kind::Count { least: 1, most: 20, unit: "games" },
        committee: None,
        read: |t| games_in(t, &["time", "once"], &["permanent", "temporary"]),
    },
    Binding {
        item: "D.VII.4",
        key: "turns.movement_days",
        what: "the shortest movement turn without the survivors' consent",
        published: "3",
        kind: Kind::Count { least: 1, most: 30, unit: "days" },
        committee: None,
        read: |t| turn_days(t, true),
    },
    Binding {
        item: "D.VII.4",
        key: "turns.other_days",
        what: "the shortest retreat or adjustment turn without the survivors' consent",
        published: "1",
        kind: Kind::Count { least: 1, most: 30, unit: "days" },
        committee: None,
        read: |t| turn_days(t, false),
    },
    Binding {
        item: "D.VII.5",
        key: "extensions.days",
        what: "the most extension days a position has in a game",
        published: "7",
        kind: Kind::Count { least: 1, most: 99, unit: "days" },
        committee: None,
        read: |t| extension(t, &["day", "days"]),
    },
    Binding {
        item: "D.VII.5",
        key: "extensions.notice_hours",
        what: "how long before the deadline an extension must be asked",
        published: "12",
        kind: Kind::Count { least: 1, most: 99, unit: "hours" },
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
    APPLIED.iter().find(|(i, _)| *i == item).map(|(_, what)| *what)
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
mod tests {
    use super::*;
    use crate::domain::committee::house_rules::HouseRules;

    fn published() -> HouseRules {
        HouseRules::parse(include_str!("../../../examples/world-masters-house-rules.txt"))
            .expect("the published house rules")
    }

    #[test]
    fn every_binding_reads_its_published_value_from_its_published_text_a7() {
        let rules = published();
        for b in BOUND {
            let item = rules.get(b.item).unwrap_or_else(|| panic!("{}", b.item));
            assert_eq!((b.read)(&item.text).as_deref(), Some(b.published), "{}", b.key);
            assert_eq!(b.kind.parse(b.published).as_deref(), Some(b.published), "{}", b.key);
        }
        for (item, _) in APPLIED {
            assert!(rules.get(item).is_some(), "{item}");
            assert!(of_item(item).next().is_none(), "{item} is bound and applied");
        }
    }

    #[test]
    fn a_tmc_of_three_to_eight_is_read_from_a2() {
        let text = "The tournament governing body will consist of one Tournament Director and up to two Assistant Tournament Directors. In addition there will be a Tournament Management Committee (TMC) of between 3 and 8 people.";
        assert_eq!(tmc_size(text).as_deref(), Some("3-8"));
        assert_eq!(assistants_most(text).as_deref(), Some("2"));
        assert_eq!(tmc_size("There will be a TMC of three to eight people.").as_deref(), Some("3-8"));
        assert_eq!(tmc_size("The TMC has 3-8 members.").as_deref(), Some("3-8"));
        assert_eq!(tmc_size("A TMC of seven people.").as_deref(), Some("7-7"));
        assert_eq!(tmc_size("A TMC of a suitable size."), None);
        assert_eq!(tmc_size("A TMC of 3 to 8, or 5 to 9 in the final."), None);
    }

    #[test]
    fn five_day_movement_turns_are_read_from_d_vii_4() {
        let text = "Games will typically progress at the pace of one season per week. At least five days will normally be allowed for each movement turn and at least 1 day will normally be allowed for each retreat or adjustment turn.";
        assert_eq!(turn_days(text, true).as_deref(), Some("5"));
        assert_eq!(turn_days(text, false).as_deref(), Some("1"));
        assert_eq!(turn_days("Turns last as long as the GM thinks fit.", true), None);
    }

    #[test]
    fn tmc_members_allowed_to_observe_is_read_from_a10() {
        let text = "Tournament Observers may be, but do not have to be, players, captains, GM's or TMC members. Assistant TD's may not serve as Tournament Observers, and a person may not serve as Tournament Observer for a game in which he or one of his teammates is directly involved (ie plays in or is the GM).";
        let read = |key: &str| (by_key(key).unwrap().read)(text);
        assert_eq!(read("observers.tmc").as_deref(), Some("allowed"));
        assert_eq!(read("observers.assistants").as_deref(), Some("barred"));
        assert_eq!(read("observers.own_game").as_deref(), Some("barred"));
        // A text that no longer names TMC members says nothing plainly of them.
        let silent = "Assistant TD's may not serve as Tournament Observers.";
        assert_eq!((by_key("observers.tmc").unwrap().read)(silent), None);
    }

    #[test]
    fn thresholds_and_bars_are_read_from_a4_a6_a7_a8() {
        let a7 = "If the TD vetoes the change, the TMC can override the TD with a three quarters majority. In order for an override to be valid, at least 4/5 of the TMC sitting body must vote.";
        assert_eq!(majority(a7).as_deref(), Some("three_quarters"));
        assert_eq!(turnout(a7).as_deref(), Some("4/5"));
        let a4 = "The Tournament director may not play in the tournament, but may captain a team.";
        assert_eq!(barred(bar(a4, PLAYING, &[])).as_deref(), Some("barred"));
        assert_eq!(barred(bar(a4, TEAMS, &[])).as_deref(), Some("allowed"));
        let a6 = "A TMC decision will require that at least half of the sitting body vote. In the case of a tie, the motion is rejected.";
        assert_eq!(turnout(a6).as_deref(), Some("1/2"));
        assert_eq!(tie_break(a6).as_deref(), Some("rejects"));
        assert_eq!(sitting(a6), None);
    }

    #[test]
    fn two_games_a_round_for_everyone_is_not_the_permanent_limit_b9() {
        let text = "No player will be permitted to play in more than two games in any one round.";
        assert_eq!(games_in(text, &["permanent"], &["round"]), None);
        let plain = "No player will be permitted to be a permanent player in more than two games in any one round, nor shall he be permitted to play as a permanent player and temporary replacement for a total of more than two games at any one time.";
        assert_eq!(games_in(plain, &["permanent"], &["round"]).as_deref(), Some("2"));
        assert_eq!(games_in(plain, &["time", "once"], &["permanent", "temporary"]).as_deref(), Some("2"));
    }
}
