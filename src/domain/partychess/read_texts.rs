//! The texts gavel's readings of the Party Chess Rule Suite were written from: the suite as
//! published (`examples/party-chess-rules.txt`). A rule is judged by its text (Rule 1230.1
//! §3.A): a rule whose text, spacing aside, is still the one gavel read keeps gavel's reading
//! whatever its revision number; any other text is one gavel has not read, and what gavel does
//! by that rule is not in effect until its reading is brought up to date.

use std::sync::LazyLock;

use super::suite::{self, SuiteRule};

/// The published suite, whose texts gavel's readings follow.
static READ: LazyLock<Vec<SuiteRule>> = LazyLock::new(|| {
    suite::parse(include_str!("../../../examples/party-chess-rules.txt"))
        .expect("the published suite parses")
});

/// The rules whose text sets what gavel does beyond the pieces (those are judged by
/// `defs`): the turns, their time limit and default plays (1230.2), and the Weights (1230.3).
pub const BOUND: &[(u32, &str)] = &[
    (2, "turns, their time limit and default plays"),
    (3, "the Weights"),
];

fn normal(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `text` is the text gavel read for Rule 1230.`number`.
pub fn is_read(number: u32, text: &str) -> bool {
    READ.iter()
        .any(|r| r.number == number && normal(&r.text) == normal(text))
}

/// The revision of Rule 1230.`number` whose text gavel read.
pub fn read_revision(number: u32) -> Option<u32> {
    READ.iter().find(|r| r.number == number).map(|r| r.revision)
}

/// What gavel does by a bound rule that the suite in force (`rules`) no longer carries in the
/// text gavel read: each such rule's number, and its label with what of gavel's is not in
/// effect by it.
pub fn unread_bound(rules: &[SuiteRule]) -> Vec<(u32, String)> {
    BOUND
        .iter()
        .filter_map(|(number, what)| {
            let in_force = rules.iter().find(|r| r.number == *number);
            let line = match in_force {
                Some(r) if is_read(r.number, &r.text) => return None,
                Some(r) => format!(
                    "{} amended: for {what} gavel still follows the text of revision {} that it reads, so the change is not yet in effect in gavel until that reading is brought up to date",
                    r.label(),
                    read_revision(*number).unwrap_or(0)
                ),
                None if rules.is_empty() => return None,
                None => format!(
                    "Rule {}.{number} repealed: for {what} gavel still follows the text of revision {} that it reads, so the repeal is not yet in effect in gavel until that reading is brought up to date",
                    suite::SUITE,
                    read_revision(*number).unwrap_or(0)
                ),
            };
            Some((*number, line))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_is_judged_by_its_text_not_its_revision_1230_1_3_a() {
        let published = READ.iter().find(|r| r.number == 16).expect("1230.16");
        let spaced = published.text.replace(' ', "  ");
        assert!(is_read(16, &spaced), "spacing aside, the same text");
        assert!(!is_read(16, "A Kamikaze moves like a Rook."));
    }

    #[test]
    fn an_amended_or_repealed_turn_or_weight_rule_is_not_in_effect_1230_2_1230_3() {
        let mut rules: Vec<SuiteRule> = READ.clone();
        assert!(unread_bound(&rules).is_empty());
        let weights = rules.iter_mut().find(|r| r.number == 3).unwrap();
        weights.text = "Each Swinger's Weight is the number of pieces e has.".into();
        weights.revision = 7;
        rules.retain(|r| r.number != 2);
        let unread = unread_bound(&rules);
        assert_eq!(unread.len(), 2, "{unread:?}");
        assert!(
            unread[0].1.starts_with("Rule 1230.2 repealed"),
            "{unread:?}"
        );
        assert!(
            unread[1].1.starts_with("Rule 1230.3/7 amended"),
            "{unread:?}"
        );
        // Re-enacted word for word as a new revision: still read.
        let mut again: Vec<SuiteRule> = READ.clone();
        let turns = again.iter_mut().find(|r| r.number == 2).unwrap();
        turns.revision += 1;
        assert!(unread_bound(&again).is_empty());
        // A suite that has lost both rules reports both.
        let other = READ
            .iter()
            .filter(|r| r.number > 3)
            .cloned()
            .collect::<Vec<_>>();
        assert_eq!(unread_bound(&other).len(), 2);
    }
}
