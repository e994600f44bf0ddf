//! What a proposal's effect is said to be: the words for what an adopted change did to the
//! rulebook (Nomic 109, 110), the Chief Justice's cue when it changes the rule of adoption
//! (Nomic 204), and what the invoked Judgements on its Points decided (Nomic 214).

use chrono::{DateTime, Utc};

use crate::domain::nomic::order::{combined, ProposalRuling, Ruling};
use crate::domain::nomic::rulebook::Rulebook;
use crate::domain::nomic::{Nomic, RuleChange};
use crate::store::nomic::orders::StoredPoint;

/// The stated effects of the invoked Judgements on a proposal's Points, combined in the order
/// they were invoked (a void one stands), and the first Point whose Judgement made it void.
pub(super) fn invoked_rulings(related: &[StoredPoint]) -> (Ruling, Option<i64>) {
    let mut invoked: Vec<(DateTime<Utc>, i64, Ruling)> = related
        .iter()
        .filter_map(|p| {
            let at = p.point.invoked_at()?;
            Some((at, p.number, p.point.invoked_ruling()?))
        })
        .collect();
    invoked.sort_by_key(|(at, number, _)| (*at, *number));
    let void_by = invoked
        .iter()
        .find(|(_, _, r)| r.proposal == Some(ProposalRuling::Void))
        .map(|(_, number, _)| *number);
    (combined(invoked.into_iter().map(|(_, _, r)| r)), void_by)
}

/// What an adopted proposal did to the rulebook, in words.
pub(super) fn effect_words(changes: &[RuleChange], number: i64) -> String {
    match changes.first() {
        Some(RuleChange::Enact { .. }) => format!(": Rule {number} is enacted (Nomic 109)."),
        Some(RuleChange::Repeal { rule }) => format!(": Rule {rule} is repealed."),
        Some(RuleChange::Amend { rule, .. } | RuleChange::Transmute { rule, .. }) => format!(
            ": Rule {rule} is now Rule {number}, and references to it follow (Nomic 109, 110)."
        ),
        None => ".".to_owned(),
    }
}

/// When an adopted change amends the rule that began as Rule 204, which decides adoption, the
/// Chief Justice's cue to apply what it now says to the parameter in force (Nomic 204): gavel
/// reads a rule's numbers from the parameters, not from its prose.
pub(super) fn adoption_cue(
    game: &Nomic,
    after: &Rulebook,
    changes: &[RuleChange],
    number: i64,
    at: DateTime<Utc>,
) -> String {
    let amends = changes
        .iter()
        .any(|c| matches!(c, RuleChange::Amend { .. }));
    let now_204 = crate::domain::nomic::descendant_of(after, 204).and_then(|r| r.id.number());
    match now_204 {
        Some(n) if amends && i64::from(n) == number => format!(
            " Rule {n} decides adoption: the Chief Justice applies what it now says with /procedure set name:{} (Nomic 204).",
            game.adoption_parameter(at)
        ),
        _ => String::new(),
    }
}
