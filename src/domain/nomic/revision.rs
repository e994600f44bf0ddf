//! Changing the chess club's Terms (Terms §IV): Members suggest (Act 4), Moderators and Justices
//! submit drafted changes (Act 5), the Chief Justice adopts or rejects them or changes the Terms
//! unilaterally (Act 1), and an adopted change applies at once (Act 2) as a new version with a
//! line in the change log.
//!
//! Who may do each step is the app's check ([`crate::domain::kernel::authority::Power`]): anyone who is
//! a Member suggests, `Power::Moderate` drafts, `Power::ChiefJustice` decides.
//!
//! # Readings
//!
//! - **Suggestions are not changes.** A Member's suggestion (Act 4) changes nothing until a
//!   Moderator or Justice drafts it (Act 5) or the Chief Justice makes it (Act 1); a draft may
//!   name the suggestion it comes from.
//! - **The website is the rulebook.** "Any new Terms apply as soon as the website is updated"
//!   (Act 2): gavel's rulebook is the published Terms, so an adopted change applies at the
//!   instant the Chief Justice adopts it.
//! - **Versions.** Each adopted change is the next version: the minor number counts up, and
//!   after `.9` the major number does (the Terms' table went from 1.9 to 2.0). The change log
//!   line is the draft's summary, dated the club day of adoption.
//! - **Edits are checked when adopted**, against the Terms of that moment: a draft whose Act has
//!   since gone, or whose new Act now exists, is refused and stays undecided for the Chief
//!   Justice to reject.
//! - **Removing an Act removes its sub-acts**; a new sub-act needs its Act to exist. Other Acts
//!   are not renumbered: Acts are cited by their numbers.

use chrono::{DateTime, NaiveDate, Utc};

use crate::domain::kernel::text::{bounded, TextError};
use crate::domain::nomic::rulebook::{
    BookError, Mutability, Rule, RuleId, Rulebook, Version, VersionEntry,
};

/// The longest suggestion or summary.
pub const SUMMARY_MAX: usize = 500;

/// A Member's suggestion (Terms §IV Act 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub by: i64,
    pub text: String,
    pub at: DateTime<Utc>,
}

impl Suggestion {
    pub fn new(by: i64, text: &str, at: DateTime<Utc>) -> Result<Self, TextError> {
        Ok(Suggestion {
            by,
            text: bounded("suggestion", text, SUMMARY_MAX)?,
            at,
        })
    }
}

/// One edit to the Terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TermsEdit {
    /// A new Act or sub-act.
    Insert { act: RuleId, text: Vec<String> },
    /// New text for an existing Act.
    Replace { act: RuleId, text: Vec<String> },
    /// Removes an Act and its sub-acts.
    Remove { act: RuleId },
}

/// Why a draft could not be submitted or applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("A change to the Terms must edit at least one Act (Terms §IV Act 5).")]
    NoEdits,
    #[error("The Terms are changed Act by Act: {0} is not a Section and Act such as §II 5 (Terms §IV Act 5).")]
    NotAnAct(RuleId),
    #[error("There is no {0} in the Terms to change (Terms §IV Act 5).")]
    NoSuchAct(RuleId),
    #[error("{0} already exists in the Terms; replace it instead (Terms §IV Act 5).")]
    ActExists(RuleId),
    #[error("{act} cannot be added before {parent}, the Act it belongs to (Terms §IV Act 5).")]
    NoParent { act: RuleId, parent: RuleId },
    #[error("An Act needs text (Terms §IV Act 5).")]
    NoText,
    #[error("The Terms have no version yet to follow (Terms §IV Act 2).")]
    NoVersion,
    #[error(transparent)]
    Text(#[from] TextError),
}

/// The Chief Justice's decision on a draft (Terms §IV Act 1), as `/proposal decide` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DraftDecision {
    Adopt,
    Reject,
}

crate::offered_as_words! {
    DraftDecision {
        DraftDecision::Adopt => "adopt",
        DraftDecision::Reject => "reject",
    }
}

/// Where a drafted change is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftStatus {
    /// Awaiting the Chief Justice (Terms §IV Act 1, 5).
    Submitted,
    /// Adopted as this version; it applied at once (Terms §IV Act 2).
    Adopted { version: Version, at: DateTime<Utc> },
    /// Not accepted: "their acceptance is not guaranteed" (Terms §IV Act 5).
    Rejected {
        at: DateTime<Utc>,
        reason: Option<String>,
    },
}

/// Why the Chief Justice's decision could not be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecideError {
    #[error("This change was already adopted as version {0} (Terms §IV Act 1).")]
    AlreadyAdopted(Version),
    #[error("This change was already rejected (Terms §IV Act 1).")]
    AlreadyRejected,
    #[error(transparent)]
    Edit(#[from] EditError),
}

/// A drafted change to the Terms (Terms §IV Act 5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub by: i64,
    pub submitted_at: DateTime<Utc>,
    pub edits: Vec<TermsEdit>,
    /// The change log line: what the change does.
    pub summary: String,
    /// The suggestion it takes up, if any (Terms §IV Act 4).
    pub suggestion: Option<i64>,
    pub status: DraftStatus,
}

impl Draft {
    /// A Moderator or Justice submits a change (Terms §IV Act 5). The edits are checked against
    /// the current Terms.
    pub fn submit(
        terms: &Rulebook,
        by: i64,
        edits: Vec<TermsEdit>,
        summary: &str,
        suggestion: Option<i64>,
        at: DateTime<Utc>,
    ) -> Result<Draft, EditError> {
        let summary = bounded("summary", summary, SUMMARY_MAX)?;
        // Checked now so a draft that cannot apply is refused at once; dated at adoption.
        apply_edits(terms, &edits, at.date_naive())?;
        Ok(Draft {
            by,
            submitted_at: at,
            edits,
            summary,
            suggestion,
            status: DraftStatus::Submitted,
        })
    }

    /// The Chief Justice adopts it (Terms §IV Act 1): the new Terms, in force at once as the
    /// next version (Act 2). `on` is the club day of `at`.
    pub fn adopt(
        &mut self,
        terms: &Rulebook,
        at: DateTime<Utc>,
        on: NaiveDate,
    ) -> Result<Rulebook, DecideError> {
        self.undecided()?;
        let (updated, version) = publish(terms, &self.edits, &self.summary, on)?;
        self.status = DraftStatus::Adopted { version, at };
        Ok(updated)
    }

    /// The Chief Justice rejects it (Terms §IV Act 1, 5).
    pub fn reject(&mut self, reason: Option<&str>, at: DateTime<Utc>) -> Result<(), DecideError> {
        self.undecided()?;
        let reason = reason
            .map(|r| bounded("reason", r, SUMMARY_MAX))
            .transpose()
            .map_err(EditError::from)?;
        self.status = DraftStatus::Rejected { at, reason };
        Ok(())
    }

    fn undecided(&self) -> Result<(), DecideError> {
        match self.status {
            DraftStatus::Submitted => Ok(()),
            DraftStatus::Adopted { version, .. } => Err(DecideError::AlreadyAdopted(version)),
            DraftStatus::Rejected { .. } => Err(DecideError::AlreadyRejected),
        }
    }
}

/// Applies `edits` and records them as the next version with `summary`, dated `on`: the
/// Chief Justice's own change (Terms §IV Act 1) and an adopted draft both come here.
pub fn publish(
    terms: &Rulebook,
    edits: &[TermsEdit],
    summary: &str,
    on: NaiveDate,
) -> Result<(Rulebook, Version), EditError> {
    let summary = bounded("summary", summary, SUMMARY_MAX)?;
    let version = terms
        .version()
        .map(|v| v.version.next())
        .ok_or(EditError::NoVersion)?;
    let mut updated = apply_edits(terms, edits, on)?;
    updated.versions.insert(
        0,
        VersionEntry {
            version,
            date: on,
            summary,
        },
    );
    Ok((updated, version))
}

/// The Terms with `edits` applied in order, the changed Acts dated `on`; the change log is
/// untouched.
pub fn apply_edits(
    terms: &Rulebook,
    edits: &[TermsEdit],
    on: NaiveDate,
) -> Result<Rulebook, EditError> {
    if edits.is_empty() {
        return Err(EditError::NoEdits);
    }
    let mut out = terms.clone();
    for edit in edits {
        let (TermsEdit::Insert { act, .. }
        | TermsEdit::Replace { act, .. }
        | TermsEdit::Remove { act }) = edit;
        if act.number().is_some() {
            return Err(EditError::NotAnAct(act.clone()));
        }
        match edit {
            TermsEdit::Insert { act, text } => {
                has_text(text)?;
                if let Some(parent) = act.parent().filter(|p| out.get(p).is_none()) {
                    return Err(EditError::NoParent {
                        act: act.clone(),
                        parent,
                    });
                }
                let mut rule = Rule::new(act.clone(), Mutability::Mutable, text.clone());
                rule.since = Some(on);
                out.insert(rule)
                    .map_err(|_| EditError::ActExists(act.clone()))?;
            }
            TermsEdit::Replace { act, text } => {
                has_text(text)?;
                out.amend(act, text.clone(), on).map_err(not_found)?;
            }
            TermsEdit::Remove { act } => {
                out.remove(act).map_err(not_found)?;
            }
        }
    }
    Ok(out)
}

fn has_text(text: &[String]) -> Result<(), EditError> {
    if text.iter().all(|p| p.trim().is_empty()) {
        Err(EditError::NoText)
    } else {
        Ok(())
    }
}

fn not_found(e: BookError) -> EditError {
    match e {
        BookError::NoSuchRule(id) => EditError::NoSuchAct(id),
        BookError::Exists(id) => EditError::ActExists(id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    const TERMS: &str = include_str!("../../../examples/chess-club-terms.md");

    fn terms() -> Rulebook {
        Rulebook::from_markdown(TERMS).unwrap()
    }

    fn act(label: &str) -> RuleId {
        RuleId::parse(label).unwrap()
    }

    fn when() -> (DateTime<Utc>, NaiveDate) {
        let at = Utc.with_ymd_and_hms(2026, 11, 27, 13, 0, 0).unwrap();
        (at, at.date_naive())
    }

    fn ban_draft(t: &Rulebook) -> Draft {
        Draft::submit(
            t,
            7,
            vec![TermsEdit::Replace {
                act: act("§II 9.2"),
                text: vec![
                    "Bans must have an expiry date, which must fall on a Friday or be permanent"
                        .into(),
                ],
            }],
            "Permanent bans need no expiry date",
            Some(3),
            when().0,
        )
        .unwrap()
    }

    #[test]
    fn an_adopted_change_applies_at_once_as_version_two_point_five() {
        // Terms §IV Act 1, 2: the Chief Justice adopts; the next version after 2.4 is 2.5.
        let t = terms();
        let mut draft = ban_draft(&t);
        let (at, on) = when();
        let updated = draft.adopt(&t, at, on).unwrap();
        let v25 = Version { major: 2, minor: 5 };
        assert_eq!(draft.status, DraftStatus::Adopted { version: v25, at });
        let latest = updated.version().unwrap();
        assert_eq!(latest.version, v25);
        assert_eq!(latest.summary, "Permanent bans need no expiry date");
        assert_eq!(latest.date, on);
        let changed = updated.find("§II 9.2").unwrap();
        assert!(changed.text().ends_with("or be permanent"));
        assert_eq!(changed.version, 2);
        assert_eq!(changed.history.len(), 1);
        // The Markdown written back shows the new version first in the change log.
        assert!(updated.to_markdown().contains(
            "## Versions\n\n- 2.5 (2026-11-27): Permanent bans need no expiry date\n- 2.4"
        ));
    }

    #[test]
    fn a_decided_draft_cannot_be_decided_again() {
        // Terms §IV Act 1.
        let t = terms();
        let (at, on) = when();
        let mut adopted = ban_draft(&t);
        adopted.adopt(&t, at, on).unwrap();
        assert_eq!(
            adopted.reject(None, at).unwrap_err().to_string(),
            "This change was already adopted as version 2.5 (Terms §IV Act 1)."
        );
        let mut rejected = ban_draft(&t);
        rejected.reject(Some("Bans must end."), at).unwrap();
        assert_eq!(
            rejected.adopt(&t, at, on),
            Err(DecideError::AlreadyRejected)
        );
    }

    #[test]
    fn the_chief_justice_changes_the_terms_unilaterally() {
        // Terms §IV Act 1: no draft needed; a new Act and a removal.
        let t = terms();
        let (_, on) = when();
        let (updated, version) = publish(
            &t,
            &[
                TermsEdit::Insert {
                    act: act("§IV 6"),
                    text: vec!["Changes are announced in #discussion".into()],
                },
                TermsEdit::Remove {
                    act: act("§II 11")
                },
            ],
            "Announcements; chessclock rule retired",
            on,
        )
        .unwrap();
        assert_eq!(version.to_string(), "2.5");
        assert!(updated.find("§IV 6").is_ok());
        assert!(updated.find("§II 11.4").is_err());
    }

    #[test]
    fn drafts_must_edit_real_acts() {
        // Terms §IV Act 5.
        let t = terms();
        let (at, _) = when();
        let submit = |edits| Draft::submit(&t, 7, edits, "A change", None, at).map(|_| ());
        assert_eq!(submit(vec![]), Err(EditError::NoEdits));
        assert_eq!(
            submit(vec![TermsEdit::Remove {
                act: act("§II 99")
            }]),
            Err(EditError::NoSuchAct(act("§II 99")))
        );
        assert_eq!(
            submit(vec![TermsEdit::Insert {
                act: act("§II 5"),
                text: vec!["x".into()]
            }]),
            Err(EditError::ActExists(act("§II 5")))
        );
        assert_eq!(
            submit(vec![TermsEdit::Insert {
                act: act("§II 13.1"),
                text: vec!["x".into()]
            }])
            .unwrap_err()
            .to_string(),
            "§II 13.1 cannot be added before §II 13, the Act it belongs to (Terms §IV Act 5)."
        );
        assert_eq!(
            submit(vec![TermsEdit::Replace {
                act: act("§II 5"),
                text: vec![" ".into()]
            }]),
            Err(EditError::NoText)
        );
        assert_eq!(
            submit(vec![TermsEdit::Remove {
                act: RuleId::Number(201)
            }]),
            Err(EditError::NotAnAct(RuleId::Number(201)))
        );
    }

    #[test]
    fn a_suggestion_needs_words() {
        // Terms §IV Act 4.
        let (at, _) = when();
        assert!(Suggestion::new(3, "Allow draws by agreement", at).is_ok());
        assert!(Suggestion::new(3, "   ", at).is_err());
    }

    #[test]
    fn a_change_needs_a_summary_and_a_version_to_follow() {
        // Terms §IV Act 2: each change is a new version with a line in the change log.
        let (_, on) = when();
        let edit = [TermsEdit::Remove {
            act: act("§II 11")
        }];
        assert!(matches!(
            publish(&terms(), &edit, "  ", on),
            Err(EditError::Text(TextError::Empty { .. }))
        ));
        let mut unversioned = terms();
        unversioned.versions.clear();
        assert_eq!(
            publish(&unversioned, &edit, "Retire Act 11", on),
            Err(EditError::NoVersion)
        );
    }
}
