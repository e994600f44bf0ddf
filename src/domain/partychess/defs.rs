//! Which rules are PartyChessPieceDef rules (Rule 1230.1 §3.A): each of the five criteria judged
//! for each rule of the suite, with the reason. The character and material value are read from
//! the rule's own text; the moves are gavel's reading of that rule at that revision, so a rule
//! amended past the revision gavel reads has no moves gavel can call unambiguous until gavel's
//! reading is brought up to date.

use super::kind::Kind;
use super::read_texts;
use super::suite::SuiteRule;

/// The revision of each piece rule gavel's reading is of.
pub fn read_revision(kind: Kind) -> u32 {
    match kind {
        Kind::King | Kind::Rook | Kind::Camel | Kind::Bishop | Kind::IlNabi => 4,
        Kind::Pawn => 8,
        Kind::CopyCat | Kind::Echo => 5,
        Kind::Jester => 3,
        Kind::Qball => 2,
        Kind::HarfyBlob | Kind::Archer | Kind::Kamikaze | Kind::BouncyBall | Kind::Tornado => 1,
        Kind::Demon | Kind::Cantor | Kind::Zombie => 0,
    }
}

/// The verdict on one rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub number: u32,
    pub revision: u32,
    pub title: String,
    /// The type it defines, when it is a PartyChessPieceDef rule.
    pub defines: Option<Kind>,
    /// The character it claims and the value it gives, as read from its text.
    pub letter: Option<char>,
    pub value: Option<u32>,
    /// Why it is or is not one, citing the criterion.
    pub reason: String,
}

/// The character a rule's text gives its piece: after "represented by (the) (ASCII) character"
/// or "ASCII character representing the X is", quotes and a full stop aside.
pub fn read_letter(text: &str) -> Option<char> {
    let lower = text.to_ascii_lowercase();
    for needle in [
        "represented by the ascii character",
        "represented by ascii character",
        "represented by the character",
        "ascii character representing the",
    ] {
        if let Some(i) = lower.find(needle) {
            let mut rest = &text[i + needle.len()..];
            if needle.ends_with("representing the") {
                // "… representing the King is K"
                let j = rest.to_ascii_lowercase().find(" is ")?;
                rest = &rest[j + 4..];
            }
            let rest = rest.trim_start().trim_start_matches('"');
            let c = rest.chars().next()?;
            return (c.is_ascii_graphic()).then_some(c);
        }
    }
    None
}

/// The material value a rule's text gives: "material value (of the X) is N", "material value
/// of N", "material worth of N"; a number in words up to twelve is read too.
pub fn read_value(text: &str) -> Option<u32> {
    let lower = text.to_ascii_lowercase();
    let i = lower
        .find("material value")
        .or_else(|| lower.find("material worth"))?;
    let words: Vec<&str> = lower[i..]
        .split(|c: char| c.is_whitespace() || c == '.' || c == ',')
        .filter(|w| !w.is_empty())
        .take(8)
        .collect();
    const NAMES: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    words.iter().skip(2).find_map(|w| {
        w.parse::<u32>()
            .ok()
            .or_else(|| NAMES.iter().position(|n| n == w).map(|n| n as u32))
    })
}

/// Judges every rule of the suite by the five criteria of Rule 1230.1 §3.A.
pub fn judge(rules: &[SuiteRule]) -> Vec<Verdict> {
    // First the four criteria other than the character's uniqueness.
    let mut verdicts: Vec<Verdict> = rules.iter().map(four_criteria).collect();
    // (v): a character claimed by several rules meeting the other four goes to the lowest.
    let mut order: Vec<usize> = (0..verdicts.len()).collect();
    order.sort_by_key(|i| verdicts[*i].number);
    let mut taken: Vec<(char, u32)> = Vec::new();
    for i in order {
        let v = &mut verdicts[i];
        let (Some(kind), Some(c)) = (v.defines, v.letter) else {
            continue;
        };
        let upper = c.to_ascii_uppercase();
        if let Some((_, by)) = taken.iter().find(|(t, _)| *t == upper) {
            v.reason = format!(
                "Not a PartyChessPieceDef rule: its character {c} is also claimed by Rule 1230.{by}, and only the lowest-numbered rule claiming a character counts, upper and lower case being one (Rule 1230.1 §3.A(v))."
            );
            v.defines = None;
        } else {
            taken.push((upper, v.number));
            v.reason = format!(
                "A PartyChessPieceDef rule: it defines the {kind} ({c}, value {}), its moves ({}), and its character is its own (Rule 1230.1 §3.A).",
                v.value.unwrap_or(0),
                kind.moves_described()
            );
        }
    }
    verdicts
}

fn four_criteria(r: &SuiteRule) -> Verdict {
    let letter = read_letter(&r.text);
    let value = read_value(&r.text);
    let mut v = Verdict {
        number: r.number,
        revision: r.revision,
        title: r.title.clone(),
        defines: None,
        letter,
        value,
        reason: String::new(),
    };
    let title = r.title.to_ascii_lowercase();
    let names_piece = title.contains("partychesspiece") || title.contains("party chess piece");
    // (i) exactly one type of piece.
    if !names_piece || letter.is_none() && value.is_none() {
        v.reason =
            "Not a PartyChessPieceDef rule: it defines no type of piece (Rule 1230.1 §3.A(i))."
                .into();
        return v;
    }
    let Some(kind) =
        Kind::of_rule(r.number).filter(|k| title.contains(&k.name().to_ascii_lowercase()))
    else {
        v.reason = "Not a PartyChessPieceDef rule as gavel reads it: gavel has no reading of this rule's moves, so it cannot hold them unambiguous (Rule 1230.1 §3.A(iii)).".into();
        return v;
    };
    // (iii) the moves, unambiguously.
    if kind == Kind::IlNabi {
        v.reason = "Not a PartyChessPieceDef rule: its §2 says il-Nabi “may move in any of the following ways” and lists none, so its legal moves are not unambiguously defined (Rule 1230.1 §3.A(iii)).".into();
        return v;
    }
    // A rule is judged by its text, not its revision number: the text gavel read, re-enacted
    // word for word under a new revision, is still read.
    if !read_texts::is_read(r.number, &r.text) {
        v.reason = format!(
            "Not a PartyChessPieceDef rule as gavel reads it: gavel's reading of the {kind}'s moves is of the text of revision {}, and this text differs; until it is read again its moves are not defined for gavel (Rule 1230.1 §3.A(iii)).",
            read_revision(kind)
        );
        return v;
    }
    // (iv) a material value.
    if value.is_none() {
        v.reason = "Not a PartyChessPieceDef rule: it gives the piece no material value (Rule 1230.1 §3.A(iv)).".into();
        return v;
    };
    // (v) a non-space ASCII character (its uniqueness is judged across the rules).
    if letter.is_none() {
        v.reason = "Not a PartyChessPieceDef rule: it gives the piece no ASCII character (Rule 1230.1 §3.A(v)).".into();
        return v;
    };
    v.defines = Some(kind);
    v
}

/// The types defined now.
pub fn defined(verdicts: &[Verdict]) -> Vec<Kind> {
    verdicts.iter().filter_map(|v| v.defines).collect()
}
