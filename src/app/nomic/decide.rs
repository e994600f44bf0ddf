//! `/proposal decide`: the Chief Justice adopts or rejects a drafted change to the Terms (Terms
//! §IV Act 1); an adopted change applies at once as the next version, with a line in the change
//! log (Act 2), announced in #discussion. `/proposal show`: a proposal and its votes.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::app::Call;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::kernel::pages::{Listing, Window};
use crate::domain::nomic::bound;
use crate::domain::nomic::order::PointStage;
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::proposal_record::{
    configured_by, taken_up_by, ProposalKind, ProposalStatus,
};
use crate::domain::nomic::revision::{Draft, DraftDecision, DraftStatus, TermsEdit};
use crate::domain::nomic::rulebook::ChangeKind;
use crate::domain::nomic::Ballot;
use crate::store::{self, nomic::rulebook::Provenance};

use super::bound::Amended;
use super::{Nomic, RulesError};

/// The answer to `/proposal decide`: the draft decided and its announcement.
#[derive(Debug, Clone)]
pub struct Decided {
    pub number: i64,
    pub announced: String,
}

/// The answer to `/proposal list`: a page of the proposals, newest first.
#[derive(Debug, Clone)]
pub struct ProposalList {
    pub rows: Vec<ProposalRow>,
    pub window: Window,
    /// "Page 2 of 3: ..." under a list of several pages.
    pub page_line: Option<String>,
}

/// A proposal's line in `/proposal list`.
#[derive(Debug, Clone)]
pub struct ProposalRow {
    pub number: i64,
    pub kind: ProposalKind,
    /// The rule or Act it changes, as stored ("201", "§II 5").
    pub rule: Option<String>,
    pub proposer: String,
    pub status: ProposalStatus,
}

/// How many proposals a page of `/proposal list` shows.
const LIST_MAX: i64 = 20;

/// The answer to `/proposal show`: a proposal, its votes and where it stands.
#[derive(Debug, Clone)]
pub struct ProposalShown {
    pub number: i64,
    pub kind: ProposalKind,
    /// The rule or Act it changes, as stored ("201", "§II 5").
    pub rule: Option<String>,
    pub proposer: String,
    pub submitted_at: DateTime<Utc>,
    pub status: ProposalStatus,
    /// The rule-change's text as proposed.
    pub text: String,
    pub closes_at: Option<DateTime<Utc>>,
    /// The votes cast, in order.
    pub votes: Vec<(String, Ballot)>,
    /// The result as announced.
    pub result: Option<String>,
    /// The parameters its amendment waits for: (the rule, the parameter's name).
    pub waiting: Vec<(String, String)>,
    /// The Points of Order holding it back (Nomic 214).
    pub held_for: Vec<HeldFor>,
    /// The points it moved: (the player, the change).
    pub points: Vec<(String, i64)>,
    /// The time zone of its procedure's moments.
    pub tz: Tz,
}

/// A Point of Order still awaiting an invoked Judgement on a held proposal, and its Judge now.
#[derive(Debug, Clone)]
pub struct HeldFor {
    pub point: i64,
    pub judge: String,
    pub stage: PointStage,
    pub until: Option<DateTime<Utc>>,
}

impl Nomic<'_> {
    /// `/proposal decide`.
    pub async fn decide(
        &self,
        call: &Call,
        number: i64,
        decision: DraftDecision,
        reason: Option<&str>,
    ) -> Result<Decided, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "adopt or reject a change to the Terms",
                "Terms §IV Act 1",
            )?;
            let settings = self.settings(conn).await?;
            if settings.procedure != Procedure::ChiefJustice {
                return Err(RulesError::DecidedByVote);
            }
            let row = store::nomic::proposals::by_number(conn, number)
                .await?
                .ok_or(RulesError::NoSuchProposal(number))?;
            if row.kind != ProposalKind::Draft {
                return Err(RulesError::NotADraft(number));
            }
            if row.status != ProposalStatus::Submitted {
                return Err(RulesError::Decided(number));
            }
            let (edits, summary, suggestion) = store::nomic::proposals::decode_draft(&row.changes);
            let mut draft = Draft {
                by: row.proposer_id,
                submitted_at: row.submitted_at,
                edits: edits.clone(),
                summary,
                suggestion,
                status: DraftStatus::Submitted,
            };
            let reason_words = reason
                .map(|r| format!(" Reason: {}", r.trim()))
                .unwrap_or_default();
            let announcement = match decision {
                DraftDecision::Adopt => {
                    let terms = self.rulebook(conn, settings.procedure).await?;
                    let on = calendar::local_date(now, self.tz());
                    let updated = draft.adopt(&terms, now, on)?;
                    let version = match draft.status {
                        DraftStatus::Adopted { version, .. } => version,
                        _ => unreachable!("adopt sets the status"),
                    };
                    let line = format!("{version} ({}): {}", on.format("%Y-%m-%d"), draft.summary);
                    let why = Provenance {
                        summary: &line,
                        proposal: Some(number),
                        by: Some(actor.id),
                        at: now,
                    };
                    store::nomic::rulebook::save(conn, &updated, why).await?;
                    for edit in &edits {
                        match edit {
                            TermsEdit::Insert { act, .. } | TermsEdit::Replace { act, .. } => {
                                if let Some(rule) = updated.get(act) {
                                    let kind = if matches!(edit, TermsEdit::Insert { .. }) {
                                        ChangeKind::Enacted
                                    } else {
                                        ChangeKind::Amended
                                    };
                                    store::nomic::rulebook::record(conn, rule, kind, None, why).await?;
                                }
                            }
                            TermsEdit::Remove { act } => {
                                // The Act goes with its sub-acts; each one's record ends here.
                                for rule in terms.rules().filter(|r| r.id.is_within(act)) {
                                    store::nomic::rulebook::record(conn, rule, ChangeKind::Repealed, None, why)
                                        .await?;
                                }
                            }
                        }
                    }
                    // A rule whose number or day is a parameter changes it in the same step
                    // when the new text says it plainly; other configured numbers change when
                    // the administrator changes the keys (the book, "How gavel reads the Terms").
                    let mut amended = Vec::new();
                    let mut keys: Vec<&str> = Vec::new();
                    for edit in &edits {
                        let act = match edit {
                            TermsEdit::Insert { act, .. }
                            | TermsEdit::Replace { act, .. }
                            | TermsEdit::Remove { act } => act,
                        };
                        let label = act.label();
                        let bounds: Vec<_> = bound::terms_bounds(&label).collect();
                        if let (TermsEdit::Replace { .. }, false) = (edit, bounds.is_empty()) {
                            if let (Some(old), Some(new)) = (terms.get(act), updated.get(act)) {
                                for b in bounds {
                                    amended.push(Amended {
                                        bound: b,
                                        cited: label.clone(),
                                        before: old.text(),
                                        after: new.text(),
                                    });
                                }
                            }
                            continue;
                        }
                        for key in configured_by(&label) {
                            if !keys.contains(key) {
                                keys.push(key);
                            }
                        }
                    }
                    let followed = self.follow_amendments(conn, &amended, number, now).await?;
                    // An Act carrying Party Chess rules reaches the suite and the game
                    // (Rule 1230.1 §3.E).
                    let (removed, added) = super::party_chess::terms_texts(&terms, &updated, &edits);
                    let suite_words = self
                        .partychess().follow_changes(conn, &format!("Draft {number}"), &removed, &added)
                        .await
                        .map_err(|e| RulesError::Complete(e.to_string()))?
                        .map(|s| s.follows_words())
                        .unwrap_or_default();
                    let config_words = if keys.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " gavel does not yet apply this Act's new numbers: it takes them from its config ({}), which the club's administrator updates to match.",
                            keys.join(", ")
                        )
                    };
                    let in_force = if followed.waiting.is_empty() && keys.is_empty() {
                        "in force at once (Terms §IV Act 2)"
                    } else {
                        "its text in force at once (Terms §IV Act 2)"
                    };
                    format!(
                        "The Chief Justice adopted Draft {number} (Terms §IV Act 1): the Terms are now version {version} ({}): {}, {in_force}.{}{config_words}{suite_words}{reason_words}",
                        calendar::show_date(on),
                        draft.summary,
                        followed.words
                    )
                }
                DraftDecision::Reject => {
                    draft.reject(reason, now)?;
                    format!(
                        "The Chief Justice rejected Draft {number} (Terms §IV Act 1, 5).{reason_words}"
                    )
                }
            };
            let status = match draft.status {
                DraftStatus::Adopted { .. } => ProposalStatus::Adopted,
                DraftStatus::Rejected { .. } => ProposalStatus::Rejected,
                DraftStatus::Submitted => unreachable!("a decision was recorded"),
            };
            store::nomic::proposals::decide(conn, number, status, &announcement, now, Some(actor.id), reason)
                .await?;
            if let (ProposalStatus::Adopted, Some(s)) = (status, draft.suggestion) {
                // The suggestion a draft took up is adopted with it, not left "suggested".
                let drafts = store::nomic::proposals::drafts_taking_up(conn, s).await?;
                let note = format!(
                    "{} Adopted as Draft {number} (Terms §IV Act 1).",
                    taken_up_by(&drafts)
                );
                store::nomic::proposals::decide(conn, s, ProposalStatus::Adopted, &note, now, Some(actor.id), None)
                    .await?;
            }
            self.edit_draft_post(conn, &row, status, settings.advisory_votes)
                .await?;
            self.announce(conn, &announcement).await?;
            Ok(Decided {
                number,
                announced: announcement,
            })
        })
        .await
    }

    /// `/proposal list [page]`: the proposals, newest first, a page at a time (read with a
    /// limit and an offset).
    pub async fn list_proposals(
        &self,
        call: &Call,
        page: Option<i64>,
    ) -> Result<ProposalList, RulesError> {
        self.execute(call, async |conn, _actor| {
            let listing =
                Listing::new("/proposal list", "The list of proposals", LIST_MAX as usize);
            let total = store::nomic::proposals::count(conn).await?;
            let window = listing.window(page, total as usize)?;
            let rows =
                store::nomic::proposals::recent_page(conn, window.offset, window.limit).await?;
            Ok(ProposalList {
                rows: rows
                    .into_iter()
                    .map(|r| ProposalRow {
                        number: r.number,
                        kind: r.kind,
                        rule: r.rule,
                        proposer: r.proposer,
                        status: r.status,
                    })
                    .collect(),
                page_line: listing.page_line(&window),
                window,
            })
        })
        .await
    }

    /// `/proposal show`.
    pub async fn show_proposal(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<ProposalShown, RulesError> {
        self.execute(call, async |conn, _actor| {
            let row = store::nomic::proposals::by_number(conn, number)
                .await?
                .ok_or(RulesError::NoSuchProposal(number))?;
            let votes = store::nomic::proposals::votes(conn, number).await?;
            let waiting = store::nomic::bound::of_proposal(conn, number).await?;
            let mut held_for = Vec::new();
            if row.status == ProposalStatus::Held {
                // Who holds it back: each Point still awaiting an invoked Judgement, and its
                // Judge now (Nomic 214).
                for p in store::nomic::orders::about_proposal(conn, number).await? {
                    let (Some(judge), true) = (p.point.judge(), p.point.is_active()) else {
                        continue;
                    };
                    held_for.push(HeldFor {
                        point: p.number,
                        judge: store::people::by_id(conn, judge).await?.name,
                        stage: p.point.status.stage(),
                        until: p.point.next_deadline(),
                    });
                }
            }
            let points = store::nomic::proposals::points_of(conn, number).await?;
            Ok(ProposalShown {
                number,
                kind: row.kind,
                rule: row.rule,
                proposer: row.proposer,
                submitted_at: row.submitted_at,
                status: row.status,
                text: row.text,
                closes_at: row.closes_at,
                votes: votes.into_iter().map(|v| (v.voter, v.ballot)).collect(),
                result: row.result,
                waiting: waiting.into_iter().map(|w| (w.rule, w.name)).collect(),
                held_for,
                points: points
                    .into_iter()
                    .map(|(name, change, _)| (name, change))
                    .collect(),
                tz: self.rules_tz(row.procedure),
            })
        })
        .await
    }
}
