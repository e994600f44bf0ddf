//! The house rules as a rulebook (house rules A.7): read from their plain-text form into
//! sections (A to D, with D's Roman-numbered parts) and numbered items, each with a label as
//! rules cite it ("A.7", "D.I.2"). A heading or number counts only when it is the next one
//! expected, so "1909." at the start of a wrapped line is text, not an item.

use std::fmt;

/// One numbered item: its label, the heading it sits under, and its text.
/// What made a version of an item (A.7): the import, or a rule-change motion the TD approved,
/// that the committee carried over a veto, or that took effect on the TD's silence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made {
    Imported,
    Approved,
    Overridden,
    TookEffect,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub label: String,
    pub heading: String,
    pub text: String,
}

/// The house rules, item by item, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HouseRules {
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HouseRulesError {
    #[error("The file has no section “A.” followed by numbered items; it is not the house rules' plain-text form.")]
    Empty,
    #[error("{0} has no text.")]
    NoText(String),
}

/// Roman numerals I to XX, for D's parts.
fn roman(n: usize) -> String {
    const R: [&str; 20] = [
        "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
        "XV", "XVI", "XVII", "XVIII", "XIX", "XX",
    ];
    R.get(n.saturating_sub(1))
        .copied()
        .unwrap_or("?")
        .to_owned()
}

/// Reads the label the way members type it: "a.7", "A 7", "D.I.2", "D I (2)".
pub fn normalise(label: &str) -> String {
    let cleaned: String = label
        .trim()
        .chars()
        .map(|c| match c {
            '(' | ')' | ' ' => '.',
            c => c.to_ascii_uppercase(),
        })
        .collect();
    cleaned
        .split('.')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(".")
}

/// "a) ...", "iv) ...", "- ...": the start of a list item within an item.
fn starts_list_item(line: &str) -> bool {
    if line.starts_with("- ") {
        return true;
    }
    match line.split_once(')') {
        Some((head, _)) => {
            let head = head.trim_start_matches('(');
            !head.is_empty() && head.len() <= 4 && head.chars().all(|c| c.is_ascii_lowercase())
        }
        None => false,
    }
}

impl HouseRules {
    /// Reads the plain-text house rules.
    pub fn parse(text: &str) -> Result<HouseRules, HouseRulesError> {
        let mut items: Vec<Item> = Vec::new();
        let mut section: Option<char> = None;
        let mut heading = String::new();
        let mut part = 0usize; // D's Roman part, 0 before the first
        let mut next_item = 1usize;
        for line in text.lines() {
            let trimmed = line.trim();
            let expected_section = match section {
                None => 'A',
                Some(c) => (c as u8 + 1) as char,
            };
            if let Some(rest) = trimmed.strip_prefix(&format!("{expected_section}. ")) {
                section = Some(expected_section);
                heading = format!("{expected_section}. {}", rest.trim());
                part = 0;
                next_item = 1;
                continue;
            }
            let Some(s) = section else { continue };
            if s == 'D' {
                if let Some(rest) = trimmed.strip_prefix(&format!("{}. ", roman(part + 1))) {
                    part += 1;
                    heading = format!("D.{}. {}", roman(part), rest.trim());
                    next_item = 1;
                    continue;
                }
                if let Some(rest) = trimmed.strip_prefix(&format!("({next_item})")) {
                    if part > 0 {
                        items.push(Item {
                            label: format!("D.{}.{next_item}", roman(part)),
                            heading: heading.clone(),
                            text: rest.trim().to_owned(),
                        });
                        next_item += 1;
                        continue;
                    }
                }
            } else if let Some(rest) = trimmed.strip_prefix(&format!("{next_item}. ")) {
                items.push(Item {
                    label: format!("{s}.{next_item}"),
                    heading: heading.clone(),
                    text: rest.trim().to_owned(),
                });
                next_item += 1;
                continue;
            }
            if let Some(item) = items.last_mut() {
                if !item.text.is_empty() && !trimmed.is_empty() {
                    // The file wraps its lines; a new line is kept only where a list item starts.
                    item.text
                        .push(if starts_list_item(trimmed) { '\n' } else { ' ' });
                }
                item.text.push_str(trimmed);
            }
        }
        if items.is_empty() {
            return Err(HouseRulesError::Empty);
        }
        for item in &mut items {
            item.text = item.text.trim().to_owned();
            if item.text.is_empty() {
                return Err(HouseRulesError::NoText(item.label.clone()));
            }
        }
        Ok(HouseRules { items })
    }

    pub fn get(&self, label: &str) -> Option<&Item> {
        let label = normalise(label);
        self.items.iter().find(|i| i.label == label)
    }
}

/// A label's parts: its section, D's Roman part (0 elsewhere) and its number.
fn parts(label: &str) -> Option<(char, usize, usize)> {
    let pieces: Vec<&str> = label.split('.').collect();
    let section = pieces.first()?.chars().next()?;
    match pieces.as_slice() {
        [_, n] if section != 'D' => Some((section, 0, n.parse().ok()?)),
        [_, part, n] if section == 'D' => {
            let p = (1..=20).find(|i| roman(*i) == *part)?;
            Some((section, p, n.parse().ok()?))
        }
        _ => None,
    }
}

/// Where an addition labelled `label` goes among the items `labels` (in order): house rules A.7
/// lets the TMC make "changes or revisions" and speaks of a "change or addition". An addition
/// takes the next number of a section (A.13 after A.12), of one of D's parts (D.X.7), or opens
/// D's next part (D.XI.1). Returns the label it follows and whether it opens a new part.
pub fn addition_after(labels: &[&str], label: &str) -> Option<(String, bool)> {
    let (section, part, n) = parts(label)?;
    let same: Vec<(&str, usize)> = labels
        .iter()
        .filter_map(|l| {
            let (s, p, m) = parts(l)?;
            (s == section && p == part).then_some((*l, m))
        })
        .collect();
    if let Some((last, m)) = same.last() {
        return (n == m + 1).then(|| (last.to_string(), false));
    }
    // D's next part, numbered 1.
    let last_d = labels
        .iter()
        .rev()
        .find_map(|l| parts(l).filter(|(s, ..)| *s == 'D').map(|p| (*l, p)))?;
    let (_, (_, last_part, _)) = last_d;
    (section == 'D' && part == last_part + 1 && n == 1).then(|| (last_d.0.to_string(), true))
}

/// The heading of D's part `label` opens ("D.XI.").
pub fn new_part_heading(label: &str) -> String {
    match parts(label) {
        Some((_, part, _)) => format!("D.{}.", roman(part)),
        None => label.to_owned(),
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.label, self.heading, self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "A. General Conditions\n1. Teams of seven.\n2. One TD\nand two ATDs.\n\
        B. Structure\n1. Four rounds\n1909. is text.\n2. Teams.\nC. Scoring\n1. Points.\nD. Gameplay Rules\n\
        I. GM Discretion, Rulebook\n(1) GM Guidelines.\na) follow.\n(2) Disputes.\na) The TMC.\n\
        II. Status of Orders:\n(1) Preliminary.\n";

    #[test]
    fn items_are_labelled_as_the_rules_cite_them_a7() {
        let rules = HouseRules::parse(SAMPLE).unwrap();
        let labels: Vec<&str> = rules.items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(
            labels,
            ["A.1", "A.2", "B.1", "B.2", "C.1", "D.I.1", "D.I.2", "D.II.1"]
        );
        assert_eq!(rules.get("a.2").unwrap().text, "One TD and two ATDs.");
        assert_eq!(rules.get("B.1").unwrap().text, "Four rounds 1909. is text.");
        assert_eq!(rules.get("D.I.2").unwrap().text, "Disputes.\na) The TMC.");
        assert_eq!(
            rules.get("D.I.2").unwrap().heading,
            "D.I. GM Discretion, Rulebook"
        );
    }

    #[test]
    fn labels_are_read_as_members_type_them() {
        assert_eq!(normalise("d i (2)"), "D.I.2");
        assert_eq!(normalise("A 7"), "A.7");
        assert_eq!(normalise("A.7"), "A.7");
    }

    #[test]
    fn an_addition_takes_the_next_number_or_opens_ds_next_part_a7() {
        let labels = ["A.11", "A.12", "B.15", "D.IX.5", "D.X.6"];
        assert_eq!(
            addition_after(&labels, "A.13"),
            Some(("A.12".into(), false))
        );
        assert_eq!(
            addition_after(&labels, "B.16"),
            Some(("B.15".into(), false))
        );
        assert_eq!(
            addition_after(&labels, "D.X.7"),
            Some(("D.X.6".into(), false))
        );
        assert_eq!(
            addition_after(&labels, "D.XI.1"),
            Some(("D.X.6".into(), true))
        );
        assert_eq!(new_part_heading("D.XI.1"), "D.XI.");
        for refused in ["A.14", "D.XI.2", "D.XII.1", "E.1", "C.1", "A.0"] {
            assert_eq!(addition_after(&labels, refused), None, "{refused}");
        }
    }

    #[test]
    fn a_file_without_the_sections_is_refused() {
        assert_eq!(
            HouseRules::parse("# Terms\n1. text"),
            Err(HouseRulesError::Empty)
        );
    }

    #[test]
    fn the_world_masters_house_rules_read_whole() {
        let text = include_str!("../../../examples/world-masters-house-rules.txt");
        let rules = HouseRules::parse(text).unwrap();
        for label in ["A.6", "A.7", "A.12", "B.10", "C.1", "D.I.2", "D.X.1"] {
            assert!(rules.get(label).is_some(), "{label}");
        }
        assert!(rules
            .get("A.7")
            .unwrap()
            .text
            .starts_with("The TMC may issue changes"));
        assert!(rules.get("A.13").is_none());
    }
}
