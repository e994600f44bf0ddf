//! `/propose`: under Nomic a player's proposal, numbered, posted in #voting and voted on until
//! the end of the day (Nomic 103, 107, 109, 111, 116, 201, 202, 211); under the Terms §IV a
//! Member's suggestion (Act 4) or a Moderator's or Justice's drafted change (Act 5).

use chrono::{DateTime, TimeDelta, Utc};

use crate::app::Call;
use crate::domain::kernel::authority::Power;
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::proposal_record::{
    taken_up_by, Contributor, ProposalKind, ProposalStatus, RuleChangeKind,
};
use crate::domain::nomic::revision::{Draft, Suggestion, TermsEdit};
use crate::domain::nomic::rulebook::{Mutability, RuleId, Rulebook};
use crate::domain::nomic::{RuleChange, Tally};
use crate::jobs::{self, Job};
use crate::store::{
    self,
    nomic::proposals::NewProposal,
    outbox::{DISCUSSION, VOTING},
};

use super::draft_post::DraftPost;
use super::post::{vote_buttons, Standing, VotingPost};
use super::{cited, Nomic, RulesError};

/// What `/propose` was asked to do.
#[derive(Debug, Clone)]
pub struct ProposalInput {
    /// What the change does; a Member's suggestion needs none.
    pub kind: Option<RuleChangeKind>,
    pub text: Option<String>,
    pub rule: Option<String>,
    pub summary: Option<String>,
    /// The suggestion a draft takes up (Terms §IV Act 4, 5).
    pub suggestion: Option<i64>,
}

/// The answer to `/propose`: the number given, what it is, and when voting closes.
#[derive(Debug, Clone)]
pub struct Proposed {
    pub number: i64,
    pub kind: ProposalKind,
    pub closes_at: Option<DateTime<Utc>>,
    pub tz: chrono_tz::Tz,
}

/// The rule-changes a Nomic proposal makes (Nomic 103). A transmutation flips the rule's
/// mutability, explicitly, and with text also amends it in the same proposal (Nomic 111).
fn nomic_changes(
    book: &Rulebook,
    kind: ProposalKind,
    input: &ProposalInput,
) -> Result<(Vec<RuleChange>, Option<u32>), RulesError> {
    let rule = match &input.rule {
        Some(label) => {
            match RuleId::parse(label).map_err(crate::domain::nomic::rulebook::LookupError::from)? {
                RuleId::Number(n) => Some(n),
                act => return Err(RulesError::NotANumber(act.label())),
            }
        }
        None => None,
    };
    let text = input
        .text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| vec![t.to_owned()]);
    let needs_rule = || RulesError::NeedsRule(kind_word(kind));
    let needs_text = || RulesError::NeedsText(kind_word(kind));
    let changes = match kind {
        ProposalKind::Enact => vec![RuleChange::Enact {
            text: text.ok_or_else(needs_text)?,
        }],
        ProposalKind::Repeal => vec![RuleChange::Repeal {
            rule: rule.ok_or_else(needs_rule)?,
        }],
        ProposalKind::Amend => vec![RuleChange::Amend {
            rule: rule.ok_or_else(needs_rule)?,
            text: text.ok_or_else(needs_text)?,
        }],
        _ => {
            let n = rule.ok_or_else(needs_rule)?;
            let to = match book.get(&RuleId::Number(n)).map(|r| r.mutability) {
                Some(Mutability::Mutable) => Mutability::Immutable,
                _ => Mutability::Mutable,
            };
            let mut changes = vec![RuleChange::Transmute { rule: n, to }];
            if let Some(text) = text {
                changes.push(RuleChange::Amend { rule: n, text });
            }
            changes
        }
    };
    Ok((changes, rule))
}

/// Refuses an option the proposal's kind does not use, so nothing is kept that the players did
/// not vote on: an enactment names no rule (it makes a new one, numbered as the proposal,
/// Nomic 109), a repeal has no text (Nomic 107), and a Nomic proposal has no change-log line.
fn nomic_options(kind: ProposalKind, input: &ProposalInput) -> Result<(), RulesError> {
    let given = |o: &Option<String>| o.as_deref().is_some_and(|t| !t.trim().is_empty());
    if given(&input.summary) {
        return Err(RulesError::OptionNotTaken {
            kind: "A Nomic proposal",
            option: "summary",
            why: "a summary is the change-log line of a drafted change to the Terms, and players vote on the proposal's own words (Nomic 107)",
        });
    }
    match kind {
        ProposalKind::Enact if given(&input.rule) => Err(RulesError::OptionNotTaken {
            kind: "An enactment",
            option: "rule",
            why: "it makes a new rule, numbered as the proposal (Nomic 109)",
        }),
        ProposalKind::Repeal if given(&input.text) => Err(RulesError::OptionNotTaken {
            kind: "A repeal",
            option: "text",
            why: "it removes the rule, and no text of it is voted on (Nomic 107)",
        }),
        _ => Ok(()),
    }
}

/// The kind of a drafted change to the Terms, which has no transmutation (Terms §IV Act 5).
fn terms_kind(kind: Option<RuleChangeKind>) -> Result<ProposalKind, RulesError> {
    match kind {
        Some(RuleChangeKind::Transmute) => Err(RulesError::NoTransmutationInTerms),
        Some(kind) => Ok(kind.into()),
        None => Err(RulesError::NoTermsKind),
    }
}

fn kind_word(kind: ProposalKind) -> &'static str {
    match kind {
        ProposalKind::Enact => "An enactment",
        ProposalKind::Repeal => "A repeal",
        ProposalKind::Amend => "An amendment",
        ProposalKind::Transmute => "A transmutation",
        ProposalKind::Suggestion => "A suggestion",
        ProposalKind::Draft => "A draft",
    }
}

impl Nomic<'_> {
    /// `/propose`, under the club's procedure.
    pub async fn propose(
        &self,
        call: &Call,
        input: &ProposalInput,
    ) -> Result<Proposed, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let settings = self.settings(conn).await?;
            let book = self.rulebook(conn, settings.procedure).await?;
            let text = input.text.clone().unwrap_or_default();
            if settings.procedure == Procedure::ChiefJustice {
                return self
                    .propose_terms(conn, actor, &book, input, settings.advisory_votes, now)
                    .await;
            }
            let kind = ProposalKind::from(input.kind.ok_or(RulesError::NoKind)?);
            if input.suggestion.is_some() {
                return Err(RulesError::OnlyDraftsTakeUp);
            }
            nomic_options(kind, input)?;
            self.refuse_after_win(conn).await?;
            let game = self.nomic_state(conn, &settings).await?;
            let (changes, rule) = nomic_changes(&book, kind, input)?;
            let last = match store::nomic::proposals::last(conn, Procedure::Nomic).await? {
                Some(row) => Some(self.domain_proposal(conn, &row, &settings).await?),
                None => None,
            };
            let proposal = game
                .propose(&book, last.as_ref(), actor.id, changes.clone(), now)
                .map_err(|e| cited(&book, e))?;
            let number = i64::from(proposal.number.get());
            let rule_label = rule.map(|n| n.to_string());
            store::nomic::proposals::insert(
                conn,
                &NewProposal {
                    number,
                    procedure: Procedure::Nomic,
                    kind,
                    proposer_id: actor.id,
                    rule: rule_label.as_deref(),
                    text: &text,
                    changes: store::nomic::proposals::encode_changes(&changes),
                    submitted_at: now,
                    closes_at: Some(proposal.closes_at),
                    status: ProposalStatus::Voting,
                },
            )
            .await?;
            jobs::schedule(
                conn,
                &Job::VoteClose { proposal: number },
                proposal.closes_at,
            )
            .await?;
            let reminder = proposal.closes_at - TimeDelta::hours(1);
            if reminder > now {
                jobs::schedule(conn, &Job::VoteReminder { proposal: number }, reminder).await?;
            }
            let voting = VotingPost {
                number,
                proposer: &actor.name,
                changes: &changes,
                text: &text,
                closes_at: proposal.closes_at,
                tz: crate::domain::nomic::UK_TIME,
            };
            if let Some(whole) = voting.whole_text() {
                store::outbox::enqueue(conn, VOTING, &whole, now).await?;
            }
            let open = Standing::Open {
                tally: Tally::default(),
                players: game.turns.eligible_voters().len(),
            };
            let post_id = store::outbox::enqueue_with_buttons(
                conn,
                VOTING,
                &voting.render(open),
                &vote_buttons(number),
                now,
            )
            .await?;
            store::nomic::proposals::set_post(conn, number, post_id).await?;
            Ok(Proposed {
                number,
                kind,
                closes_at: Some(proposal.closes_at),
                tz: crate::domain::nomic::UK_TIME,
            })
        })
        .await
    }

    /// Under the Terms: a Member's suggestion (Act 4), or, from a Moderator or Justice, a
    /// drafted change to one Act (Act 5), checked against the Terms now.
    async fn propose_terms(
        &self,
        conn: &mut sqlx::SqliteConnection,
        actor: &crate::app::Actor,
        terms: &Rulebook,
        input: &ProposalInput,
        advisory: bool,
        now: DateTime<Utc>,
    ) -> Result<Proposed, RulesError> {
        let text = input.text.clone().unwrap_or_default();
        let text = text.trim();
        let number = store::nomic::proposals::highest_number(conn)
            .await?
            .unwrap_or(0)
            + 1;
        let member = store::people::open_membership(conn, actor.id)
            .await?
            .is_some();
        let contributor = Contributor {
            member,
            drafts: Power::Moderate.held_by(&actor.offices),
        };
        let says = input.kind.is_some();
        let (kind, rule, changes, status, post, apart) = if contributor.proposes(says)?
            == ProposalKind::Draft
        {
            let edit_kind = terms_kind(input.kind)?;
            if edit_kind == ProposalKind::Repeal && !text.is_empty() {
                return Err(RulesError::OptionNotTaken {
                        kind: "A repeal",
                        option: "text",
                        why: "it removes the Act with its sub-acts, and no text of it is decided on (Terms §IV Act 5)",
                    });
            }
            let act = match &input.rule {
                Some(label) => RuleId::parse(label)
                    .map_err(crate::domain::nomic::rulebook::LookupError::from)?,
                None => return Err(RulesError::NeedsAct),
            };
            // " / " separates paragraphs, since a slash command's text is one line.
            let paragraphs: Vec<String> = text
                .split(" / ")
                .map(|p| p.trim().to_owned())
                .filter(|p| !p.is_empty())
                .collect();
            let edit = match edit_kind {
                ProposalKind::Enact => TermsEdit::Insert {
                    act: act.clone(),
                    text: paragraphs,
                },
                ProposalKind::Amend => TermsEdit::Replace {
                    act: act.clone(),
                    text: paragraphs,
                },
                ProposalKind::Repeal => TermsEdit::Remove { act: act.clone() },
                _ => return Err(RulesError::NoTransmutationInTerms),
            };
            let summary = input
                .summary
                .clone()
                .unwrap_or_else(|| default_summary(edit_kind, &act));
            if let Some(n) = input.suggestion {
                let taken = store::nomic::proposals::by_number(conn, n).await?;
                if !taken.is_some_and(|t| t.kind == ProposalKind::Suggestion) {
                    return Err(RulesError::NotASuggestion(n));
                }
                // Every draft that took it up, this one last (Terms §IV Act 4, 5).
                let mut drafts = store::nomic::proposals::drafts_taking_up(conn, n).await?;
                drafts.push(number);
                let note = taken_up_by(&drafts);
                store::nomic::proposals::decide(
                    conn,
                    n,
                    ProposalStatus::Suggested,
                    &note,
                    now,
                    Some(actor.id),
                    None,
                )
                .await?;
            }
            let draft =
                Draft::submit(terms, actor.id, vec![edit], &summary, input.suggestion, now)?;
            let changes = store::nomic::proposals::encode_draft(
                &draft.edits,
                &draft.summary,
                draft.suggestion,
            );
            let shown = DraftPost {
                number,
                proposer: &actor.name,
                edit: draft.edits.first(),
                text,
                summary: &draft.summary,
                suggestion: draft.suggestion,
            };
            let post = shown.render(
                ProposalStatus::Submitted,
                advisory.then_some(Tally::default()),
            );
            (
                ProposalKind::Draft,
                Some(act.label()),
                changes,
                ProposalStatus::Submitted,
                post,
                shown.whole_text(),
            )
        } else {
            if input.suggestion.is_some() {
                return Err(RulesError::OnlyDraftsTakeUp);
            }
            let suggestion = Suggestion::new(actor.id, text, now)?;
            let post = format!(
                "Suggestion {number} by {}: “{}” (Terms §IV Act 4).",
                actor.name, suggestion.text
            );
            (
                ProposalKind::Suggestion,
                input.rule.clone(),
                "[]".to_owned(),
                ProposalStatus::Suggested,
                post,
                None,
            )
        };
        store::nomic::proposals::insert(
            conn,
            &NewProposal {
                number,
                procedure: Procedure::ChiefJustice,
                kind,
                proposer_id: actor.id,
                rule: rule.as_deref(),
                text,
                changes,
                submitted_at: now,
                closes_at: None,
                status,
            },
        )
        .await?;
        if let Some(whole) = apart {
            store::outbox::enqueue(conn, DISCUSSION, &whole, now).await?;
        }
        if kind == ProposalKind::Draft && advisory {
            // Members give their advisory votes with the buttons; the post keeps the count.
            let post_id = store::outbox::enqueue_with_buttons(
                conn,
                DISCUSSION,
                &post,
                &vote_buttons(number),
                now,
            )
            .await?;
            store::nomic::proposals::set_post(conn, number, post_id).await?;
        } else {
            let post_id = store::outbox::enqueue(conn, DISCUSSION, &post, now).await?;
            if kind == ProposalKind::Draft {
                store::nomic::proposals::set_post(conn, number, post_id).await?;
            }
        }
        Ok(Proposed {
            number,
            kind,
            closes_at: None,
            tz: self.tz(),
        })
    }
}

/// The change-log line a draft gets when its author gives none.
fn default_summary(kind: ProposalKind, act: &RuleId) -> String {
    let verb = match kind {
        ProposalKind::Enact => "Added",
        ProposalKind::Repeal => "Removed",
        _ => "Amended",
    };
    format!("{verb} {}", act.label())
}
