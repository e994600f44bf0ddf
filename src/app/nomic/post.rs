//! A Nomic proposal's post in #voting: what it does, when voting closes (a timestamp each reader
//! sees in their own time on Discord) and the running tally, with Yes and No buttons. One text,
//! written when the proposal is made and rewritten in place at each vote and at the close, so
//! the voting channel holds one post per proposal (Nomic 105, 107, 113, 208).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::kernel::calendar;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::domain::nomic::rulebook::Mutability;
use crate::domain::nomic::{Ballot, RuleChange, Tally};
use crate::store::{self, nomic::proposals::ProposalRow};

use super::RulesError;
use crate::app::App;

/// A proposal's text longer than this is posted whole on its own, just before its voting post,
/// which then refers to it: the voting post is edited at each vote, and an edit replaces one
/// Discord message, so the voting post stays well within one.
pub const QUOTED_MAX: usize = 1500;

/// The buttons under a proposal's post: each runs `/vote` for whoever presses it, so the same
/// checks decide (a player, one vote, before the close) and a second press is refused.
pub fn vote_buttons(number: i64) -> [Button; 2] {
    [
        Button::new("Yes", "vote")
            .preset("proposal", number)
            .preset("choice", "yes")
            .style(ButtonStyle::Success),
        Button::new("No", "vote")
            .preset("proposal", number)
            .preset("choice", "no")
            .style(ButtonStyle::Danger),
    ]
}

/// Where the vote stands, for the post's second line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Open: the tally so far, of how many players may vote (Nomic 105).
    Open { tally: Tally, players: usize },
    /// Completed at the close (Nomic 113), and where the proposal now stands.
    Closed {
        tally: Tally,
        status: ProposalStatus,
    },
}

/// A proposal's post, as it reads at `standing`.
pub struct VotingPost<'a> {
    pub number: i64,
    pub proposer: &'a str,
    pub changes: &'a [RuleChange],
    pub text: &'a str,
    pub closes_at: DateTime<Utc>,
    pub tz: chrono_tz::Tz,
}

impl VotingPost<'_> {
    /// The post's text: what the proposal does, then the close and the tally.
    pub fn render(&self, standing: Standing) -> String {
        let text = self.text.trim();
        let what = if text.chars().count() > QUOTED_MAX {
            describe(self.changes, None)
        } else {
            describe(self.changes, Some(text))
        };
        let close = calendar::show(self.closes_at, self.tz);
        let status = match standing {
            Standing::Open { tally, players } => {
                let noun = if players == 1 { "player" } else { "players" };
                // "1 of 2 players has voted", "0 of 1 player has voted", "2 of 3 players have".
                let verb = if tally.cast() == 1 || players == 1 {
                    "has"
                } else {
                    "have"
                };
                format!(
                    "Voting closes {close} (Nomic 113). Yes {}, No {}: {} of {players} {noun} {verb} voted.",
                    tally.yes,
                    tally.no,
                    tally.cast()
                )
            }
            Standing::Closed { tally, status } => format!(
                "Voting closed {close} (Nomic 113): Yes {}, No {} ({} cast). {}",
                tally.yes,
                tally.no,
                tally.cast(),
                outcome(status)
            ),
        };
        format!(
            "Proposal {} by {}, to {what}\n{status}",
            self.number, self.proposer
        )
    }

    /// The post of a text too long to quote in the voting post, sent just before it.
    pub fn whole_text(&self) -> Option<String> {
        let text = self.text.trim();
        (text.chars().count() > QUOTED_MAX)
            .then(|| format!("The text of Proposal {} (Nomic 107): “{text}”", self.number))
    }
}

/// What the proposal now is, in a few words.
fn outcome(status: ProposalStatus) -> &'static str {
    match status {
        ProposalStatus::Defeated => "It is defeated (Nomic 104).",
        ProposalStatus::Held => {
            "It is adopted, and takes effect when every related Judgement is invoked (Nomic 214)."
        }
        ProposalStatus::InEffect => "It is adopted and in effect (Nomic 108, 206).",
        ProposalStatus::Void => "It was adopted, but could not take effect.",
        _ => "Voting is over.",
    }
}

/// A closed voting post for an adopted amendment that waits for its parameter to be set: it is
/// not called in effect until then.
fn not_yet_in_effect(content: String, waiting: &[store::nomic::bound::Waiting]) -> String {
    if waiting.is_empty() {
        return content;
    }
    let names: Vec<&str> = waiting.iter().map(|w| w.name.as_str()).collect();
    content.replace(
        outcome(ProposalStatus::InEffect),
        &format!(
            "It is adopted, and not in effect until the Chief Justice sets {} (Nomic 108, 206).",
            names.join(" and ")
        ),
    )
}

/// What a Nomic proposal does, in words; `text` quoted, or referred to when it is posted apart.
fn describe(changes: &[RuleChange], text: Option<&str>) -> String {
    let quoted = match text {
        Some(text) => format!("“{text}”"),
        None => "its text is in the post above.".to_owned(),
    };
    match changes {
        [RuleChange::Enact { .. }] => format!("enact a new rule: {quoted}"),
        [RuleChange::Repeal { rule }] => format!("repeal Rule {rule}."),
        [RuleChange::Amend { rule, .. }] => format!("amend Rule {rule}: {quoted}"),
        [RuleChange::Transmute { rule, to }, rest @ ..] => {
            let amended = if rest.is_empty() {
                ".".to_owned()
            } else {
                format!(", and amend it: {quoted}")
            };
            let article = match to {
                Mutability::Immutable => "an",
                Mutability::Mutable => "a",
            };
            format!("transmute Rule {rule} into {article} {to} rule{amended}")
        }
        _ => quoted,
    }
}

/// The tally of a proposal's stored votes.
async fn tally_of(conn: &mut SqliteConnection, number: i64) -> sqlx::Result<Tally> {
    let votes = store::nomic::proposals::votes(conn, number).await?;
    let yes = votes.iter().filter(|v| v.ballot == Ballot::Yes).count() as u32;
    Ok(Tally {
        yes,
        no: votes.len() as u32 - yes,
    })
}

impl App {
    /// Rewrites the post of the proposal `row` to read as at `status`, with its stored votes:
    /// still open, of `players` eligible voters; or completed. A proposal posted before posts
    /// were recorded has none to rewrite.
    pub(super) async fn edit_voting_post(
        &self,
        conn: &mut SqliteConnection,
        row: &ProposalRow,
        status: ProposalStatus,
        players: usize,
    ) -> Result<(), RulesError> {
        let (Some(post), Some(closes_at)) = (
            store::nomic::proposals::post_of(conn, row.number).await?,
            row.closes_at,
        ) else {
            return Ok(());
        };
        let tally = tally_of(conn, row.number).await?;
        let standing = match status {
            ProposalStatus::Voting => Standing::Open { tally, players },
            status => Standing::Closed { tally, status },
        };
        let changes = store::nomic::proposals::decode_changes(&row.changes);
        let content = VotingPost {
            number: row.number,
            proposer: &row.proposer,
            changes: &changes,
            text: &row.text,
            closes_at,
            tz: crate::domain::nomic::UK_TIME,
        }
        .render(standing);
        let content = match status {
            ProposalStatus::InEffect => {
                let waiting = store::nomic::bound::of_proposal(conn, row.number).await?;
                not_yet_in_effect(content, &waiting)
            }
            _ => content,
        };
        store::outbox::enqueue_edit(conn, post, &content, self.now()).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post<'a>(changes: &'a [RuleChange], text: &'a str) -> VotingPost<'a> {
        VotingPost {
            number: 301,
            proposer: "chris",
            changes,
            text,
            closes_at: DateTime::parse_from_rfc3339("2026-11-24T00:00:00Z")
                .expect("time")
                .to_utc(),
            tz: chrono_tz::Europe::London,
        }
    }

    fn enact(text: &str) -> Vec<RuleChange> {
        vec![RuleChange::Enact {
            text: vec![text.to_owned()],
        }]
    }

    #[test]
    fn the_post_shows_the_close_as_a_moment_and_the_running_tally_nomic_113() {
        let changes = enact("A player may pass.");
        let open = post(&changes, "A player may pass.").render(Standing::Open {
            tally: Tally { yes: 2, no: 1 },
            players: 5,
        });
        let shown = crate::domain::kernel::moment::in_club_time(&open);
        assert_eq!(
            shown,
            "Proposal 301 by chris, to enact a new rule: “A player may pass.”\n\
             Voting closes Tue 24 Nov 2026 00:00 GMT (Nomic 113). Yes 2, No 1: 3 of 5 players have voted."
        );
        // On Discord the close is a timestamp each reader sees in their own time.
        let unix = 1_795_478_400;
        assert!(crate::adapters::discord::timestamps::for_discord(&open)
            .contains(&format!("<t:{unix}:F> (<t:{unix}:R>)")));
    }

    #[test]
    fn the_closed_post_says_how_the_vote_ended_nomic_104_113() {
        let changes = enact("A player may pass.");
        let closed = post(&changes, "A player may pass.").render(Standing::Closed {
            tally: Tally { yes: 4, no: 1 },
            status: ProposalStatus::Defeated,
        });
        assert!(
            crate::domain::kernel::moment::in_club_time(&closed).ends_with(
                "Voting closed Tue 24 Nov 2026 00:00 GMT (Nomic 113): Yes 4, No 1 (5 cast). It is defeated (Nomic 104)."
            ),
            "{closed}"
        );
    }

    #[test]
    fn a_text_too_long_to_quote_is_posted_on_its_own_and_the_post_stays_one_message() {
        let long = "x".repeat(crate::platform::MESSAGE_MAX);
        let changes = enact(&long);
        let p = post(&changes, &long);
        assert!(p.whole_text().is_some_and(|t| t.contains(&long)));
        let worst = Standing::Closed {
            tally: Tally {
                yes: 1_000,
                no: 1_000,
            },
            status: ProposalStatus::Held,
        };
        let shown = crate::adapters::discord::timestamps::for_discord(&p.render(worst));
        assert!(shown.contains("its text is in the post above."), "{shown}");
        assert!(shown.chars().count() <= crate::platform::MESSAGE_MAX);
        // A text that fits is quoted whole, and nothing is posted apart.
        let fits = "y".repeat(QUOTED_MAX);
        let changes = enact(&fits);
        let p = post(&changes, &fits);
        assert!(p.whole_text().is_none());
        let shown = crate::adapters::discord::timestamps::for_discord(&p.render(worst));
        assert!(shown.contains(&fits));
        assert!(shown.chars().count() <= crate::platform::MESSAGE_MAX);
    }

    #[test]
    fn yes_is_green_and_no_is_red_and_both_run_vote() {
        let [yes, no] = vote_buttons(301);
        assert_eq!(
            yes.custom_id().as_deref(),
            Ok("b/vote?proposal=301&choice=yes")
        );
        assert_eq!(
            no.custom_id().as_deref(),
            Ok("b/vote?proposal=301&choice=no")
        );
        assert_eq!(
            (yes.style, no.style),
            (ButtonStyle::Success, ButtonStyle::Danger)
        );
        // The command and its options are the table's.
        assert_eq!(crate::commands::button::check(&yes), Ok(()));
        assert_eq!(crate::commands::button::check(&no), Ok(()));
    }
}
