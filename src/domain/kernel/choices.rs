//! Choices offered while a member types an option (Discord's autocomplete): which of the
//! candidates match what was typed, in what order, how many, and how each is labelled.

use chrono::NaiveDate;

use crate::platform::{CHOICES_MAX, CHOICE_LABEL_MAX as LABEL_MAX};

/// One thing a member may pick: the value the option receives and the label shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The option's value: a number for a numbered thing, a label for a rule.
    pub value: ChoiceValue,
    pub label: String,
}

/// The value a choice gives its option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceValue {
    Number(i64),
    Text(String),
}

impl Choice {
    /// A numbered thing: "#14 ban of bob until Fri 8 Jan", cut to Discord's 100 characters.
    pub fn numbered(number: i64, description: &str) -> Self {
        Self {
            value: ChoiceValue::Number(number),
            label: fit(&format!("#{number} {description}")),
        }
    }

    /// A thing named by text (a rule's label, such as "201" or "§II 5").
    pub fn named(value: &str, description: &str) -> Self {
        Self {
            value: ChoiceValue::Text(value.to_owned()),
            label: fit(&format!("{value} {description}")),
        }
    }

    /// Whether what was typed names this choice, ignoring case and a leading '#': digits name
    /// the things whose number (or text value) begins with them; words, those whose label
    /// contains them.
    pub fn matches(&self, typed: &str) -> bool {
        let typed = typed.trim().trim_start_matches('#').to_lowercase();
        if typed.is_empty() {
            return true;
        }
        let value = match &self.value {
            ChoiceValue::Number(n) => n.to_string(),
            ChoiceValue::Text(t) => t.to_lowercase(),
        };
        if typed.chars().all(|c| c.is_ascii_digit()) {
            return value.starts_with(&typed);
        }
        value.starts_with(&typed) || self.label.to_lowercase().contains(&typed)
    }
}

/// Cuts a label to Discord's limit, ending it with an ellipsis when cut.
pub fn fit(label: &str) -> String {
    if label.chars().count() <= LABEL_MAX {
        return label.to_owned();
    }
    let mut cut: String = label.chars().take(LABEL_MAX - 1).collect();
    cut.push('…');
    cut
}

/// The choices to offer: those matching what was typed, in the order given (the most relevant
/// first), at most 25.
pub fn narrow(candidates: impl IntoIterator<Item = Choice>, typed: &str) -> Vec<Choice> {
    candidates
        .into_iter()
        .filter(|c| c.matches(typed))
        .take(CHOICES_MAX)
        .collect()
}

/// The numbers that begin with the digits typed, as ranges of ids up to `max`: "12" is 12,
/// 120-129, 1200-1299, ... so a lookup by prefix reads an index by range instead of every row.
/// None when what was typed is not a number.
pub fn prefix_ranges(typed: &str, max: i64) -> Option<Vec<(i64, i64)>> {
    let typed = typed.trim().trim_start_matches('#');
    if typed.is_empty() || !typed.chars().all(|c| c.is_ascii_digit()) || typed.len() > 18 {
        return None;
    }
    let start: i64 = typed.parse().ok()?;
    if start == 0 {
        return Some(Vec::new());
    }
    let mut ranges = Vec::new();
    let (mut low, mut width) = (start, 1_i64);
    while low <= max {
        ranges.push((low, (low + width - 1).min(max)));
        low = match low.checked_mul(10) {
            Some(l) => l,
            None => break,
        };
        width = width.saturating_mul(10);
    }
    Some(ranges)
}

/// A short date for a label: "Fri 8 Jan".
pub fn short_date(date: NaiveDate) -> String {
    date.format("%a %-d %b").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases(n: i64) -> Vec<Choice> {
        (1..=n)
            .rev()
            .map(|i| Choice::numbered(i, &format!("ban of member{i}")))
            .collect()
    }

    #[test]
    fn at_most_twenty_five_choices_are_offered_as_discord_allows() {
        assert_eq!(narrow(cases(40), "").len(), CHOICES_MAX);
    }

    #[test]
    fn a_typed_number_offers_the_things_whose_number_begins_with_it() {
        let offered: Vec<String> = narrow(cases(40), "#4")
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert_eq!(offered, ["#40 ban of member40", "#4 ban of member4"]);
        let offered = narrow(cases(40), "1");
        assert_eq!(offered.len(), 11, "1 and 10 to 19: {offered:?}");
    }

    #[test]
    fn a_typed_word_offers_the_things_whose_label_says_it_in_any_case() {
        let offered = narrow(cases(40), "MEMBER2");
        assert_eq!(offered.len(), 11, "{offered:?}");
        assert!(offered.iter().all(|c| c.label.contains("member2")));
    }

    #[test]
    fn the_order_given_is_kept_so_the_most_relevant_come_first() {
        let offered = narrow(cases(3), "");
        assert_eq!(offered[0].value, ChoiceValue::Number(3));
    }

    #[test]
    fn a_label_is_cut_to_discords_hundred_characters() {
        let long = Choice::numbered(7, &"x".repeat(300));
        assert_eq!(long.label.chars().count(), LABEL_MAX);
        assert!(long.label.ends_with('…'));
        assert_eq!(Choice::numbered(7, "short").label, "#7 short");
    }

    #[test]
    fn a_number_prefix_becomes_ranges_of_ids() {
        assert_eq!(
            prefix_ranges("12", 15_000),
            Some(vec![(12, 12), (120, 129), (1200, 1299), (12_000, 12_999)])
        );
        assert_eq!(prefix_ranges("9", 50), Some(vec![(9, 9)]));
        assert_eq!(prefix_ranges("ann", 50), None);
        assert_eq!(prefix_ranges("0", 50), Some(Vec::new()));
        assert_eq!(prefix_ranges("", 50), None);
    }

    #[test]
    fn a_rule_is_offered_by_its_label() {
        let rule = Choice::named("§II 5", "Fraud");
        assert!(rule.matches("§ii"));
        assert!(rule.matches("fraud"));
        assert!(!rule.matches("201"));
    }
}
