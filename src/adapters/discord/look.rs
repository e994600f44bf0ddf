//! How a post or a reply looks as a card (a Discord embed): its kind decides the colour, the
//! title's word and the rule the footer cites, all in the one table `LOOKS`. The words are the
//! post's own: a card only arranges them (a title with the number, "Label: value" lines as
//! fields), so the plain text beside it says the same for notifications and screen readers.

pub use crate::commands::Kind;
use crate::commands::Said;

/// The look of one kind: its colour, the word its title starts with, the rule its footer cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    pub kind: Kind,
    /// The card's colour, 0xRRGGBB.
    pub colour: u32,
    /// The title's word: "Case" (then "#14" when the post names its number).
    pub title: &'static str,
    /// The rule the footer cites when the command names none itself.
    pub footer: &'static str,
    /// How a post names a thing of this kind with its number ("case #" in "Declaration, case
    /// #14"), matched without regard to case; empty for a kind without numbers.
    pub marker: &'static str,
}

/// Every kind's look: the one place that decides colours, titles and footers.
pub const LOOKS: &[Look] = &[
    look(
        Kind::Case,
        0xE67E22,
        "Case",
        "Terms §III Act 2 (Moderators)",
        "case #",
    ),
    look(
        Kind::Appeal,
        0x9B59B6,
        "Appeal",
        "Terms §III Act 3 (the Court of Appeals)",
        "appeal #",
    ),
    look(
        Kind::Proposal,
        0x3498DB,
        "Proposal",
        "Nomic 201-203; Terms §IV (changing the rules)",
        "proposal ",
    ),
    look(
        Kind::Point,
        0x1ABC9C,
        "Point of Order",
        "Nomic 214 (Points of Order)",
        "point of order ",
    ),
    look(
        Kind::Points,
        0x2980B9,
        "Points",
        "Nomic 209, 210 (points)",
        "",
    ),
    look(
        Kind::Rule,
        0x34495E,
        "Rule",
        "Nomic 101-118, 201-215; the Terms",
        "",
    ),
    look(
        Kind::Leaderboard,
        0x2ECC71,
        "Leaderboard",
        "Terms §I, §II (the Leaderboard)",
        "",
    ),
    look(Kind::Game, 0x27AE60, "Game", "Terms §I (games)", "game #"),
    look(
        Kind::Tournament,
        0xF1C40F,
        "Tournament",
        "the tournament rules (ACWC)",
        "tournament #",
    ),
    look(
        Kind::Match,
        0xF39C12,
        "Match",
        "the tournament rules (ACWC)",
        "match #",
    ),
    look(
        Kind::Committee,
        0x95A5A6,
        "Committee",
        "Diplomacy house rules A.2, A.6, A.7",
        "motion ",
    ),
    look(
        Kind::Diplomacy,
        0x16A085,
        "Diplomacy",
        "the Diplomacy house rules",
        "",
    ),
    look(
        Kind::PartyChess,
        0xE91E63,
        "Party Chess",
        "the Party Chess rules",
        "",
    ),
    look(
        Kind::Club,
        0x5865F2,
        "The club",
        "the club's constitution",
        "",
    ),
];

const fn look(
    kind: Kind,
    colour: u32,
    title: &'static str,
    footer: &'static str,
    marker: &'static str,
) -> Look {
    Look {
        kind,
        colour,
        title,
        footer,
        marker,
    }
}

/// Which kind a command's reply is, by the command's first word (its group, or the command).
const BY_COMMAND: &[(&str, Kind)] = &[
    ("mod", Kind::Case),
    ("case", Kind::Case),
    ("cases", Kind::Case),
    ("court", Kind::Appeal),
    ("proposal", Kind::Proposal),
    ("propose", Kind::Proposal),
    ("vote", Kind::Proposal),
    ("suggest", Kind::Proposal),
    ("order", Kind::Point),
    ("points", Kind::Points),
    ("rule", Kind::Rule),
    ("procedure", Kind::Rule),
    ("turns", Kind::Rule),
    ("leaderboard", Kind::Leaderboard),
    ("history", Kind::Leaderboard),
    ("profile", Kind::Leaderboard),
    ("join", Kind::Leaderboard),
    ("leave", Kind::Leaderboard),
    ("member", Kind::Leaderboard),
    ("session", Kind::Leaderboard),
    ("game", Kind::Game),
    ("tournament", Kind::Tournament),
    ("match", Kind::Match),
    ("committee", Kind::Committee),
    ("motion", Kind::Committee),
    ("houserule", Kind::Committee),
    ("dispute", Kind::Committee),
    ("observer", Kind::Committee),
    ("diplomacy", Kind::Diplomacy),
    ("team", Kind::Diplomacy),
    ("board", Kind::Diplomacy),
    ("partychess", Kind::PartyChess),
];

/// Which kind an announcement is when its first line names nothing numbered, by its channel.
const BY_CHANNEL: &[(&str, Kind)] = &[
    ("voting", Kind::Proposal),
    ("points", Kind::Points),
    ("tournament", Kind::Tournament),
];

/// Discord's limits on an embed.
pub const TITLE_MAX: usize = 256;
pub const DESCRIPTION_MAX: usize = 4096;
pub const FIELDS_MAX: usize = 25;
pub const FIELD_VALUE_MAX: usize = 1024;
pub const FOOTER_MAX: usize = 2048;
/// Discord's limit on all of an embed's text together.
pub const EMBED_MAX: usize = 6000;
/// The longest label read as a field's name ("Judge", "Voting closes"): longer is a sentence
/// (and well inside Discord's 256 characters for a field's name).
const LABEL_MAX: usize = 24;

/// A post or a reply as a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub colour: u32,
    pub title: String,
    pub description: String,
    pub fields: Vec<(String, String)>,
    pub footer: String,
}

/// The look of `kind`.
pub fn look_of(kind: Kind) -> &'static Look {
    LOOKS
        .iter()
        .find(|l| l.kind == kind)
        .expect("every kind has a look")
}

/// The card of an announcement to `channel`: its kind and number from the first thing its
/// first line names with a number ("Declaration, case #14" is case 14), else its channel's.
pub fn announcement(channel: &str, text: &str) -> Card {
    let first = text.lines().next().unwrap_or_default();
    let (kind, number) = numbered(first, LOOKS.iter().map(|l| l.kind))
        .map(|(kind, n)| (kind, Some(n)))
        .unwrap_or_else(|| {
            let kind = BY_CHANNEL
                .iter()
                .find(|(c, _)| *c == channel)
                .map_or(Kind::Club, |(_, k)| *k);
            (kind, None)
        });
    card(kind, number, text, look_of(kind).footer)
}

/// The card of the reply to `/path`: what the answer says it is about (its kind and number),
/// and the rule the command's declaration cites (else the kind's). Every command answers with
/// what it is about; a page of a listing, which is about many things, has its command's kind
/// and no number. The words are never read for either.
pub fn reply(path: &str, rule: &str, said: &Said) -> Card {
    let (kind, number) = match said.about {
        Some(about) => (about.kind, about.number),
        None => {
            let word = path.split(' ').next().unwrap_or(path);
            let kind = BY_COMMAND
                .iter()
                .find(|(w, _)| *w == word)
                .map_or(Kind::Club, |(_, k)| *k);
            (kind, None)
        }
    };
    let footer = if cites_a_rule(rule) {
        rule
    } else {
        look_of(kind).footer
    };
    card(kind, number, &said.text, footer)
}

/// Whether a declaration's rule text names a rule ("§III Act 3", "Nomic 214", "house rules
/// A.9"), rather than describing the command ("10 a page").
fn cites_a_rule(rule: &str) -> bool {
    ["§", "Nomic", "Terms", "Act", "rule", "Rule"]
        .iter()
        .any(|w| rule.contains(w))
}

/// The earliest thing of one of `kinds` that `line` names with its number.
fn numbered(line: &str, kinds: impl IntoIterator<Item = Kind>) -> Option<(Kind, i64)> {
    let lower = line.to_lowercase();
    kinds
        .into_iter()
        .map(look_of)
        .filter(|l| !l.marker.is_empty())
        .filter_map(|l| {
            let mut from = 0;
            while let Some(at) = lower[from..].find(l.marker) {
                let start = from + at + l.marker.len();
                let digits: String = lower[start..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                if let Ok(n) = digits.parse::<i64>() {
                    return Some((from + at, l.kind, n));
                }
                from = start;
            }
            None
        })
        .min_by_key(|(at, _, _)| *at)
        .map(|(_, kind, n)| (kind, n))
}

/// Lays `text` out: the first line and every line that is not a short "Label: value" go to the
/// description; those lines become fields (at most Discord's 25, the rest stay in the text).
fn card(kind: Kind, number: Option<i64>, text: &str, footer: &str) -> Card {
    let look = look_of(kind);
    let title = match number {
        Some(n) => format!("{} #{n}", look.title),
        None => look.title.to_owned(),
    };
    let title = cut(&title, TITLE_MAX);
    let footer = cut(footer, FOOTER_MAX);
    // Discord refuses an embed of more than 6000 characters in all: the fields take at most
    // half of what the title and footer leave, the description the rest.
    let budget = EMBED_MAX - title.chars().count() - footer.chars().count();
    let mut fields_left = budget / 2;
    let mut description = Vec::new();
    let mut fields = Vec::new();
    for (n, line) in text.lines().enumerate() {
        match field(line) {
            Some((name, value))
                if n > 0
                    && fields.len() < FIELDS_MAX
                    && name.chars().count() + value.chars().count() <= fields_left =>
            {
                fields_left -= name.chars().count() + value.chars().count();
                fields.push((name, value));
            }
            _ => description.push(line),
        }
    }
    let used: usize = fields
        .iter()
        .map(|(n, v)| n.chars().count() + v.chars().count())
        .sum();
    let room = DESCRIPTION_MAX.min(budget - used);
    Card {
        colour: look.colour,
        title,
        description: cut(description.join("\n").trim(), room),
        fields,
        footer,
    }
}

/// A "Label: value" line with a short label of words and a value that fits a field.
fn field(line: &str) -> Option<(String, String)> {
    let (label, value) = line.split_once(": ")?;
    let label_ok = label.chars().count() <= LABEL_MAX
        && label.chars().next().is_some_and(char::is_uppercase)
        && label
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '-');
    let value = value.trim();
    let value_ok = !value.is_empty() && value.chars().count() <= FIELD_VALUE_MAX;
    (label_ok && value_ok).then(|| (label.to_owned(), value.to_owned()))
}

/// `text` within `max` characters, an ellipsis marking a cut.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_declaration_is_a_case_card_titled_with_its_number_citing_terms_iii_act_2() {
        let card = announcement(
            "discussion",
            "Declaration, case #14 (ban of bob until Fri 8 Jan):\nReason: he cheated",
        );
        assert_eq!(card.title, "Case #14");
        assert_eq!(card.colour, look_of(Kind::Case).colour);
        assert_eq!(card.footer, "Terms §III Act 2 (Moderators)");
        assert_eq!(
            card.fields,
            vec![("Reason".to_owned(), "he cheated".to_owned())]
        );
        assert_eq!(
            card.description,
            "Declaration, case #14 (ban of bob until Fri 8 Jan):"
        );
    }

    #[test]
    fn the_first_thing_named_decides_an_appeal_about_a_case_is_an_appeal_under_iii_act_3() {
        let card = announcement("discussion", "Appeal #3 filed by bob against case #14.");
        assert_eq!(card.title, "Appeal #3");
        assert_eq!(card.footer, "Terms §III Act 3 (the Court of Appeals)");
    }

    #[test]
    fn a_vote_on_a_proposal_is_a_proposal_card_under_nomic_201() {
        let card = announcement("voting", "Voting on Proposal 301 is open.");
        assert_eq!(card.title, "Proposal #301");
        let unnumbered = announcement("voting", "Voting closes Tue 24 Nov.");
        assert_eq!(unnumbered.title, "Proposal");
    }

    #[test]
    fn a_post_naming_nothing_numbered_takes_its_channels_look_or_the_clubs() {
        let joined = announcement("discussion", "carol joined the Leaderboard with 100.");
        assert_eq!(joined.title, "The club");
        assert_eq!(joined.description, "carol joined the Leaderboard with 100.");
        assert!(joined.fields.is_empty());
        assert_eq!(announcement("points", "chris: 20 (+10)").title, "Points");
    }

    #[test]
    fn a_reply_takes_its_commands_kind_and_cites_the_commands_rule_when_it_names_one() {
        // Words alone (a page of a listing) are never read for a number.
        let card = reply(
            "mod violation",
            "Terms §II Act 5",
            &Said::words("Case #14 recorded: a violation."),
        );
        assert_eq!(card.title, "Case");
        assert_eq!(card.footer, "Terms §II Act 5");
        let page = reply(
            "leaderboard",
            "10 a page",
            &Said::words("Leaderboard (page 1 of 2):\n1. a 120"),
        );
        assert_eq!(page.title, "Leaderboard");
        assert_eq!(page.footer, look_of(Kind::Leaderboard).footer);
    }

    #[test]
    fn a_typed_answer_is_titled_by_what_it_says_it_is_about_never_by_its_words() {
        // The words name another case first: the card follows the answer's own field.
        let said = Said::about(Kind::Appeal, 3, "Case #14 is appealed: appeal #3 opens.");
        let card = reply("court file", "Terms §III Act 3", &said);
        assert_eq!(card.title, "Appeal #3");
        assert_eq!(card.colour, look_of(Kind::Appeal).colour);
    }

    #[test]
    fn every_kind_has_exactly_one_look() {
        for kind in LOOKS.iter().map(|l| l.kind) {
            assert_eq!(LOOKS.iter().filter(|l| l.kind == kind).count(), 1);
        }
    }

    #[test]
    fn a_card_keeps_within_discords_limits() {
        let long = format!("Case #1\n{}", "x".repeat(5000));
        let card = announcement("discussion", &long);
        assert_eq!(card.description.chars().count(), DESCRIPTION_MAX);
        assert!(card.description.ends_with('…'));
        let many: String = (0..40).map(|n| format!("\nItem: {n}")).collect();
        let card = announcement("discussion", &format!("List{many}"));
        assert_eq!(card.fields.len(), FIELDS_MAX);
        assert!(card.description.contains("Item: 39"));
    }
}
