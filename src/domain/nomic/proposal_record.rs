//! What kind of proposal a stored one is, and where it stands, under either procedure: a Nomic
//! proposal's stage (Nomic 104, 108, 113, 206, 214) or a suggestion or drafted change to the
//! Terms and its decision (Terms §IV Acts 1, 4, 5), and who may contribute which under the
//! Terms.

/// What a proposal does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalKind {
    /// Enacts a new rule (Nomic 103).
    Enact,
    /// Repeals a mutable rule (Nomic 103).
    Repeal,
    /// Amends a mutable rule (Nomic 103).
    Amend,
    /// Transmutes a rule, and may amend it too (Nomic 103, 111).
    Transmute,
    /// A Member's suggestion (Terms §IV Act 4).
    Suggestion,
    /// A Moderator's or Justice's drafted change (Terms §IV Act 5).
    Draft,
}

impl ProposalKind {
    /// The word a list names it by ("enact", "draft").
    pub fn word(self) -> &'static str {
        match self {
            ProposalKind::Enact => "enact",
            ProposalKind::Repeal => "repeal",
            ProposalKind::Amend => "amend",
            ProposalKind::Transmute => "transmute",
            ProposalKind::Suggestion => "suggestion",
            ProposalKind::Draft => "draft",
        }
    }
}

/// What a rule-change does, as `/propose kind:` offers it (Nomic 103; the Terms have no
/// transmutation, Terms §IV Act 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleChangeKind {
    Enact,
    Repeal,
    Amend,
    Transmute,
}

crate::offered_as_words! {
    RuleChangeKind {
        RuleChangeKind::Enact => "enact",
        RuleChangeKind::Repeal => "repeal",
        RuleChangeKind::Amend => "amend",
        RuleChangeKind::Transmute => "transmute",
    }
}

impl From<RuleChangeKind> for ProposalKind {
    fn from(kind: RuleChangeKind) -> ProposalKind {
        match kind {
            RuleChangeKind::Enact => ProposalKind::Enact,
            RuleChangeKind::Repeal => ProposalKind::Repeal,
            RuleChangeKind::Amend => ProposalKind::Amend,
            RuleChangeKind::Transmute => ProposalKind::Transmute,
        }
    }
}

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalStatus {
    /// Open for votes until the end of its day (Nomic 113).
    Voting,
    /// Not adopted (Nomic 104, 207).
    Defeated,
    /// Adopted, waiting for related Judgements (Nomic 214).
    Held,
    /// Adopted and in effect (Nomic 108, 206).
    InEffect,
    /// Adopted, but it no longer fitted the rules when it was to take effect (Nomic 103).
    Void,
    /// A suggestion, taken up or not by a draft (Terms §IV Act 4).
    Suggested,
    /// A draft awaiting the Chief Justice (Terms §IV Act 1, 5).
    Submitted,
    /// Adopted by the Chief Justice; applied at once (Terms §IV Act 2).
    Adopted,
    /// Rejected by the Chief Justice (Terms §IV Act 1, 5).
    Rejected,
}

impl ProposalStatus {
    /// How a member reads it.
    pub fn describe(self) -> &'static str {
        match self {
            ProposalStatus::Voting => "open for votes",
            ProposalStatus::Defeated => "defeated",
            ProposalStatus::Held => "adopted, waiting for Judgements",
            ProposalStatus::InEffect => "adopted and in effect",
            ProposalStatus::Void => "adopted but void",
            ProposalStatus::Suggested => "suggested",
            ProposalStatus::Submitted => "awaiting the Chief Justice",
            ProposalStatus::Adopted => "adopted",
            ProposalStatus::Rejected => "rejected",
        }
    }
}

/// Who is asking to change the Terms, as far as the Terms care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contributor {
    /// Has joined the Leaderboard and not been removed: a Member (Terms §I Act 9).
    pub member: bool,
    /// Holds a Moderator's or Justice's office (Terms §IV Act 5).
    pub drafts: bool,
}

/// Why someone may not contribute to a change of the Terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ContributionError {
    #[error("Only Members may suggest changes to the Terms, and a Member is a student who has joined the Leaderboard: /join first (Terms §IV Act 4, §I Act 9).")]
    SuggestNotAMember,
    #[error("Only Moderators and Justices draft changes to the Terms (Terms §IV Act 5), and only Members suggest them (Terms §IV Act 4); a Member is a student who has joined the Leaderboard: /join, then suggest the change without kind (Terms §I Act 9).")]
    NeitherDraftsNorSuggests,
    #[error("Only Members may suggest changes to the Terms, and you have not joined the Leaderboard (Terms §IV Act 4, §I Act 9); as a Moderator or Justice you may draft the change instead, saying what it does with kind: enact, amend or repeal and the Act with rule: (Terms §IV Act 5).")]
    DraftInstead,
    #[error("Only Members give advisory votes on drafted changes to the Terms, and a Member is a student who has joined the Leaderboard: /join first (Terms §IV Act 4, §I Act 9).")]
    VoteNotAMember,
}

impl Contributor {
    /// What `/propose` is under the Terms: a drafted change when a Moderator or Justice says
    /// what it does (Act 5), otherwise a Member's suggestion (Act 4), which a Moderator or
    /// Justice may make like any Member.
    pub fn proposes(self, says_what_it_does: bool) -> Result<ProposalKind, ContributionError> {
        if self.drafts && says_what_it_does {
            Ok(ProposalKind::Draft)
        } else if self.member {
            Ok(ProposalKind::Suggestion)
        } else if self.drafts {
            Err(ContributionError::DraftInstead)
        } else if says_what_it_does {
            Err(ContributionError::NeitherDraftsNorSuggests)
        } else {
            Err(ContributionError::SuggestNotAMember)
        }
    }

    /// Whether they may give an advisory vote on a draft: Members only (Act 4).
    pub fn may_vote(self) -> Result<(), ContributionError> {
        if self.member {
            Ok(())
        } else {
            Err(ContributionError::VoteNotAMember)
        }
    }
}

/// What a suggestion's record says of the drafts that took it up, every one of them in the
/// order drafted (Terms §IV Act 4, 5): "Taken up by Drafts 2 and 4 (Terms §IV Act 5)."
pub fn taken_up_by(drafts: &[i64]) -> String {
    let numbers: Vec<String> = drafts.iter().map(i64::to_string).collect();
    let listed = match numbers.as_slice() {
        [] => return String::new(),
        [one] => return format!("Taken up by Draft {one} (Terms §IV Act 5)."),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    format!("Taken up by Drafts {listed} (Terms §IV Act 5).")
}

/// The Acts whose numbers gavel takes from its config rather than from their text, with the
/// keys that carry them (as `config.example.toml` documents them).
const CONFIGURED: &[(&str, &[&str])] = &[
    ("§I 9.3", &["scores.online_weight"]),
    ("§II 1", &["scores.initial"]),
    ("§II 2", &["scores.floor"]),
    ("§II 3", &["scores.elo_k"]),
    ("§II 6", &["decay.weeks"]),
    ("§II 6.1", &["decay.weeks", "decay.absence_points"]),
    ("§II 6.2", &["decay.weeks", "decay.inactivity_points"]),
    ("§II 10.5", &["court.response_days"]),
];

/// The config keys that carry the numbers of the Act labelled `act` (such as "§II 1"): an
/// adopted change to its text applies at once (Terms §IV Act 2), but gavel acts on the keys,
/// which the club's administrator updates to match.
pub fn configured_by(act: &str) -> &'static [&'static str] {
    CONFIGURED
        .iter()
        .find(|(label, _)| *label == act)
        .map_or(&[], |(_, keys)| keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRANGER: Contributor = Contributor {
        member: false,
        drafts: false,
    };
    const MEMBER: Contributor = Contributor {
        member: true,
        drafts: false,
    };
    const MODERATOR: Contributor = Contributor {
        member: true,
        drafts: true,
    };

    #[test]
    fn the_initial_score_of_section_two_act_one_is_configured() {
        // Terms §II Act 1: "an initial score of 100", which gavel reads from scores.initial.
        assert_eq!(configured_by("§II 1"), &["scores.initial"]);
        assert!(configured_by("§II 13").is_empty());
    }

    #[test]
    fn a_suggestion_names_every_draft_that_took_it_up() {
        // Terms §IV Act 4, 5: two drafts may take up one suggestion; its record names both.
        assert_eq!(taken_up_by(&[2]), "Taken up by Draft 2 (Terms §IV Act 5).");
        assert_eq!(
            taken_up_by(&[2, 4]),
            "Taken up by Drafts 2 and 4 (Terms §IV Act 5)."
        );
        assert_eq!(
            taken_up_by(&[2, 4, 7]),
            "Taken up by Drafts 2, 4 and 7 (Terms §IV Act 5)."
        );
    }

    #[test]
    fn only_members_suggest_and_vote_on_the_terms() {
        // Terms §IV Act 4 "Members may suggest changes"; §I Act 9: a Member has joined.
        assert_eq!(
            STRANGER.proposes(false),
            Err(ContributionError::SuggestNotAMember)
        );
        assert_eq!(STRANGER.may_vote(), Err(ContributionError::VoteNotAMember));
        assert_eq!(
            STRANGER.proposes(true),
            Err(ContributionError::NeitherDraftsNorSuggests)
        );
        assert_eq!(MEMBER.proposes(false), Ok(ProposalKind::Suggestion));
        assert_eq!(MEMBER.may_vote(), Ok(()));
    }

    #[test]
    fn a_moderator_drafts_when_saying_what_the_change_does_and_otherwise_suggests() {
        // Terms §IV Act 5 (drafts) and Act 4 (suggestions, open to every Member).
        assert_eq!(MODERATOR.proposes(true), Ok(ProposalKind::Draft));
        assert_eq!(MODERATOR.proposes(false), Ok(ProposalKind::Suggestion));
        // A Moderator need not be a Member to draft (Terms §II Act 8.2: removal leaves the office).
        let outside = Contributor {
            member: false,
            drafts: true,
        };
        assert_eq!(outside.proposes(true), Ok(ProposalKind::Draft));
        assert_eq!(
            outside.proposes(false),
            Err(ContributionError::DraftInstead)
        );
    }
}
