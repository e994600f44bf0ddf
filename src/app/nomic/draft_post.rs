//! A drafted change's post in #discussion (Terms §IV Act 1, 5): what it changes, its change-log
//! line and, while the club holds advisory votes, Yes and No buttons and the count so far. One
//! text, written when the draft is submitted and rewritten in place at each advisory vote and
//! when the Chief Justice decides.

use sqlx::SqliteConnection;

use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::domain::nomic::revision::TermsEdit;
use crate::domain::nomic::{Ballot, Tally};
use crate::store::{self, nomic::proposals::ProposalRow};

use super::post::QUOTED_MAX;
use super::RulesError;
use crate::app::App;

/// A draft's post.
pub struct DraftPost<'a> {
    pub number: i64,
    pub proposer: &'a str,
    pub edit: Option<&'a TermsEdit>,
    pub text: &'a str,
    pub summary: &'a str,
    pub suggestion: Option<i64>,
}

impl DraftPost<'_> {
    /// The post's text as of `status`; with the advisory count when `tally` is given.
    pub fn render(&self, status: ProposalStatus, tally: Option<Tally>) -> String {
        let (what, act) = match self.edit {
            Some(TermsEdit::Insert { act, .. }) => ("add", act.label()),
            Some(TermsEdit::Remove { act }) => ("remove", act.label()),
            Some(TermsEdit::Replace { act, .. }) => ("amend", act.label()),
            None => ("change", "the Terms".to_owned()),
        };
        let quoted = if self.text.is_empty() {
            ".".to_owned()
        } else if self.whole_text().is_some() {
            ": its text is in the post above.".to_owned()
        } else {
            format!(": “{}”", self.text)
        };
        let taking_up = self
            .suggestion
            .map(|n| format!(", taking up Suggestion {n}"))
            .unwrap_or_default();
        let decision = match status {
            ProposalStatus::Adopted => "The Chief Justice adopted it (Terms §IV Act 1, 2).",
            ProposalStatus::Rejected => "The Chief Justice rejected it (Terms §IV Act 1, 5).",
            _ => "The Chief Justice adopts or rejects it (Terms §IV Act 1, 5).",
        };
        let mut post = format!(
            "Draft {} by {}{taking_up}, to {what} {act}{quoted}\nChange log: {}. {decision}",
            self.number, self.proposer, self.summary
        );
        if let Some(tally) = tally {
            post.push_str(&format!(
                "\nAdvisory votes: Yes {}, No {}.",
                tally.yes, tally.no
            ));
        }
        post
    }

    /// The post of a text too long to quote in the draft's post, sent just before it (the post
    /// is edited, and an edit replaces one Discord message).
    pub fn whole_text(&self) -> Option<String> {
        (self.text.chars().count() > QUOTED_MAX).then(|| {
            format!(
                "The text of Draft {} (Terms §IV Act 5): “{}”",
                self.number, self.text
            )
        })
    }
}

impl App {
    /// Rewrites the post of the draft `row` to read as at `status`, with its advisory count when
    /// the club holds advisory votes or some were cast. A draft posted before posts were
    /// recorded has none to rewrite.
    pub(super) async fn edit_draft_post(
        &self,
        conn: &mut SqliteConnection,
        row: &ProposalRow,
        status: ProposalStatus,
        advisory: bool,
    ) -> Result<(), RulesError> {
        let Some(post) = store::nomic::proposals::post_of(conn, row.number).await? else {
            return Ok(());
        };
        let votes = store::nomic::proposals::votes(conn, row.number).await?;
        let yes = votes.iter().filter(|v| v.ballot == Ballot::Yes).count() as u32;
        let tally = Tally {
            yes,
            no: votes.len() as u32 - yes,
        };
        let (edits, summary, suggestion) = store::nomic::proposals::decode_draft(&row.changes);
        let content = DraftPost {
            number: row.number,
            proposer: &row.proposer,
            edit: edits.first(),
            text: &row.text,
            summary: &summary,
            suggestion,
        }
        .render(status, (advisory || tally.cast() > 0).then_some(tally));
        store::outbox::enqueue_edit(conn, post, &content, self.now()).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::nomic::rulebook::RuleId;

    #[test]
    fn a_long_drafts_text_is_posted_apart_and_its_post_stays_one_message() {
        let act = RuleId::parse("§II 1").expect("an Act");
        let long = "z".repeat(crate::platform::MESSAGE_MAX);
        let edit = TermsEdit::Replace {
            act,
            text: vec![long.clone()],
        };
        let post = DraftPost {
            number: 2,
            proposer: "mod1",
            edit: Some(&edit),
            text: &long,
            summary: "Raised the initial score",
            suggestion: None,
        };
        assert!(post.whole_text().is_some_and(|t| t.contains(&long)));
        let shown = post.render(ProposalStatus::Adopted, Some(Tally { yes: 999, no: 999 }));
        assert!(shown.contains("its text is in the post above."), "{shown}");
        assert!(shown.chars().count() <= crate::platform::MESSAGE_MAX);
    }

    #[test]
    fn a_drafts_post_shows_the_advisory_count_and_then_the_decision() {
        let act = RuleId::parse("§II 1").expect("an Act");
        let edit = TermsEdit::Replace {
            act,
            text: vec!["An initial score of 120".into()],
        };
        let post = DraftPost {
            number: 2,
            proposer: "mod1",
            edit: Some(&edit),
            text: "An initial score of 120",
            summary: "Raised the initial score",
            suggestion: Some(1),
        };
        assert_eq!(
            post.render(ProposalStatus::Submitted, Some(Tally { yes: 1, no: 0 })),
            "Draft 2 by mod1, taking up Suggestion 1, to amend §II 1: “An initial score of 120”\n\
             Change log: Raised the initial score. The Chief Justice adopts or rejects it (Terms §IV Act 1, 5).\n\
             Advisory votes: Yes 1, No 0."
        );
        // Without advisory votes the post is the draft and its change-log line alone.
        assert!(post
            .render(ProposalStatus::Adopted, None)
            .ends_with("Change log: Raised the initial score. The Chief Justice adopted it (Terms §IV Act 1, 2)."));
    }
}
