//! Labels: where a rule sits (a Nomic number, or a Section and Act of the Terms), read from
//! what a member types and written as a sentence cites it, with the Roman numerals of the
//! Sections.

use std::fmt;

/// Where a rule sits: a Nomic number, or a Section and Act of the Terms.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    /// A numbered rule: `214`.
    Number(u32),
    /// An Act: `§II 6.3` is section 2, path `[6, 3]`. Section 0 is the untitled first section.
    Act { section: u32, path: Vec<u32> },
}

/// Why a label could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "“{0}” is not a rule label: write a number such as 214, or a Section and Act such as §II 5."
)]
pub struct LabelError(pub String);

impl RuleId {
    /// Reads `214`, `Rule 214`, `Nomic 214`, `§II 5`, `§II Act 5`, `Terms §III Act 3.5.1`.
    pub fn parse(text: &str) -> Result<Self, LabelError> {
        let refuse = || LabelError(text.trim().to_owned());
        let mut rest = text.trim();
        for prefix in ["terms ", "nomic ", "rule "] {
            if rest
                .get(..prefix.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
            {
                rest = rest[prefix.len()..].trim_start();
            }
        }
        if let Some(act) = rest.strip_prefix('§') {
            let mut words = act.split_whitespace();
            let section = words.next().and_then(roman_value).ok_or_else(refuse)?;
            let mut path = words.next().ok_or_else(refuse)?;
            if path.eq_ignore_ascii_case("act") {
                path = words.next().ok_or_else(refuse)?;
            }
            if words.next().is_some() {
                return Err(refuse());
            }
            let path = path.trim_end_matches('.');
            let path: Vec<u32> = path
                .split('.')
                .map(|part| part.parse::<u32>().ok().filter(|n| *n > 0))
                .collect::<Option<_>>()
                .ok_or_else(refuse)?;
            return Ok(RuleId::Act { section, path });
        }
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return rest.parse().map(RuleId::Number).map_err(|_| refuse());
        }
        Err(refuse())
    }

    /// The bare label: `214` or `§II 5`.
    pub fn label(&self) -> String {
        match self {
            RuleId::Number(n) => n.to_string(),
            RuleId::Act { section, path } => format!("§{} {}", roman(*section), dotted(path)),
        }
    }

    /// The number of a Nomic rule.
    pub fn number(&self) -> Option<u32> {
        match self {
            RuleId::Number(n) => Some(*n),
            RuleId::Act { .. } => None,
        }
    }

    /// The Act this sub-act belongs to (`§II 6` for `§II 6.3`); none for an Act or a rule.
    pub fn parent(&self) -> Option<RuleId> {
        match self {
            RuleId::Act { section, path } if path.len() > 1 => Some(RuleId::Act {
                section: *section,
                path: path[..path.len() - 1].to_vec(),
            }),
            _ => None,
        }
    }

    /// True when `self` is `other` or one of its sub-acts.
    pub fn is_within(&self, other: &RuleId) -> bool {
        match (self, other) {
            (
                RuleId::Act { section, path },
                RuleId::Act {
                    section: s,
                    path: p,
                },
            ) => section == s && path.starts_with(p),
            _ => self == other,
        }
    }
}

/// "Rule 214" or "§II 5", as a sentence cites it.
impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleId::Number(n) => write!(f, "Rule {n}"),
            act => f.write_str(&act.label()),
        }
    }
}

fn dotted(path: &[u32]) -> String {
    path.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

const ROMAN: [(u32, &str); 6] = [
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
];

/// A section number as the Terms write it: `0`, `I`, `II`, ... (`0` is the untitled section).
pub fn roman(mut n: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let mut out = String::new();
    for (value, letters) in ROMAN {
        while n >= value {
            out.push_str(letters);
            n -= value;
        }
    }
    out.push_str(&"I".repeat(n as usize));
    out
}

/// The value of a section numeral written by [`roman`] (case-insensitive), up to 89.
pub fn roman_value(text: &str) -> Option<u32> {
    if text == "0" {
        return Some(0);
    }
    let upper = text.to_ascii_uppercase();
    (1..90).find(|n| roman(*n) == upper)
}
