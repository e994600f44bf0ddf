//! What kind of proposal a stored one is, and where it stands, under either procedure: a Nomic
//! proposal's stage (Nomic 104, 108, 113, 206, 214) or a suggestion or drafted change to the
//! Terms and its decision (Terms §IV Acts 1, 4, 5).

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
