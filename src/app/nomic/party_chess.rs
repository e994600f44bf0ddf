//! The texts an adopted Nomic proposal or drafted change to the Terms removed from and added to the rulebook, for the Party
//! Chess Rule Suite to follow when they carry its rules (Rule 1230.1 §3.E).

use crate::domain::nomic::revision::TermsEdit;
use crate::domain::nomic::rulebook::{RuleId, Rulebook};
use crate::domain::nomic::RuleChange;

/// (the texts of the rules the changes repealed or replaced, the texts they enacted or amended
/// a rule to).
pub(super) fn texts(before: &Rulebook, changes: &[RuleChange]) -> (Vec<String>, Vec<String>) {
    let old = |rule: &u32| {
        before
            .get(&RuleId::Number(*rule))
            .map(|r| r.paragraphs.join("\n"))
    };
    let mut removed = Vec::new();
    let mut added = Vec::new();
    for c in changes {
        match c {
            RuleChange::Enact { text } => added.push(text.join("\n")),
            RuleChange::Amend { rule, text } => {
                removed.extend(old(rule));
                added.push(text.join("\n"));
            }
            RuleChange::Repeal { rule } => removed.extend(old(rule)),
            RuleChange::Transmute { .. } => {}
        }
    }
    (removed, added)
}

/// The same for a drafted change to the Terms: the Acts it replaced or removed as they stood
/// `before`, and the Acts it inserted or replaced as they stand `after`.
pub(super) fn terms_texts(
    before: &Rulebook,
    after: &Rulebook,
    edits: &[TermsEdit],
) -> (Vec<String>, Vec<String>) {
    let text = |book: &Rulebook, act: &RuleId| book.get(act).map(|r| r.paragraphs.join("\n"));
    let mut removed = Vec::new();
    let mut added = Vec::new();
    for e in edits {
        match e {
            TermsEdit::Insert { act, .. } => added.extend(text(after, act)),
            TermsEdit::Replace { act, .. } => {
                removed.extend(text(before, act));
                added.extend(text(after, act));
            }
            TermsEdit::Remove { act } => removed.extend(text(before, act)),
        }
    }
    (removed, added)
}
