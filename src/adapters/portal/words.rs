//! How the portal words the record's states, in the words the bot's replies use.

use crate::domain::court::{Decision, Ground, Replacement, Stage, Vote};
use crate::domain::kernel::calendar;
use crate::domain::nomic::proposal_record::ProposalKind;

/// An appeal's stage.
pub fn stage(stage: Stage) -> &'static str {
    match stage {
        Stage::AwaitingGrant => "awaiting a grant",
        Stage::Refused => "refused",
        Stage::Granted => "granted, awaiting its bench",
        Stage::Hearing => "being heard",
        Stage::Decided => "decided",
        Stage::EnBanc => "reheard en banc",
        Stage::Final => "final",
    }
}

/// A proposal's kind.
pub fn proposal_kind(kind: ProposalKind) -> &'static str {
    match kind {
        ProposalKind::Enact => "enact",
        ProposalKind::Repeal => "repeal",
        ProposalKind::Amend => "amend",
        ProposalKind::Transmute => "transmute",
        ProposalKind::Suggestion => "suggestion",
        ProposalKind::Draft => "draft",
    }
}

/// A Justice's vote: "uphold", "overturn (void)", "remand (conditions: ...)".
pub fn vote(vote: &Vote) -> String {
    match vote {
        Vote::Uphold => "uphold".into(),
        Vote::Overturn(o) => format!("overturn ({})", replacement(&o.replacement, o.ground)),
        Vote::Remand { conditions } => format!("remand (conditions: {})", conditions.as_str()),
    }
}

/// What the Court decided: "upheld", "overturned (void)", "remanded (conditions: ...)".
pub fn decision(d: &Decision) -> String {
    match d {
        Decision::Uphold => "upheld".into(),
        Decision::Overturn(o) => format!("overturned ({})", replacement(&o.replacement, o.ground)),
        Decision::Remand { conditions } => format!(
            "remanded (conditions: {})",
            conditions
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

fn replacement(r: &Replacement, ground: Option<Ground>) -> String {
    let what = match r {
        Replacement::Void => "void".to_owned(),
        Replacement::BanEnds(d) => format!("the ban ends {}", calendar::show_date(*d)),
        Replacement::LesserStep(s) => format!("step {} of the ladder", s.number()),
        Replacement::Ruling(text) => format!("ruling: {}", text.as_str()),
        Replacement::Points(n) => format!("{n} points instead"),
    };
    match ground {
        Some(Ground::NoProperReasoning) => {
            format!("{what}; no proper reasoning, Terms §III Act 2.4.3")
        }
        None => what,
    }
}

/// Serialises a stored enum as its stored key (`"counted"`, `"in_force"`), for the JSON.
pub fn key<T: crate::store::keys::StoredKey, S: serde::Serializer>(
    value: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(value.key())
}
