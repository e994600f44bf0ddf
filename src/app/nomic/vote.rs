//! `/vote`: under Nomic every player has exactly one vote on each proposal, never withdrawn or
//! changed, and none at the weekend (Nomic 105, 113, 201, 208); under the Terms a Member's vote
//! on a draft is advisory, the decision being the Chief Justice's (Terms §IV Act 1).

use crate::app::Call;
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::proposal_record::{Contributor, ProposalKind, ProposalStatus};
use crate::domain::nomic::{Ballot, Tally};
use crate::store;

use super::{cited, Nomic, RulesError};

/// The answer to `/vote`: the ballot recorded and the count so far.
#[derive(Debug, Clone)]
pub struct Voted {
    pub number: i64,
    pub ballot: Ballot,
    pub tally: Tally,
    pub advisory: bool,
}

impl Nomic<'_> {
    /// `/vote`.
    pub async fn vote(
        &self,
        call: &Call,
        number: i64,
        ballot: Ballot,
    ) -> Result<Voted, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let settings = self.settings(conn).await?;
            let row = store::nomic::proposals::by_number(conn, number)
                .await?
                .ok_or(RulesError::NoSuchProposal(number))?;
            let advisory = row.procedure == Procedure::ChiefJustice;
            let mut players = 0;
            if advisory {
                if !settings.advisory_votes {
                    return Err(RulesError::NoAdvisoryVotes);
                }
                let member = store::people::open_membership(conn, actor.id)
                    .await?
                    .is_some();
                Contributor {
                    member,
                    drafts: false,
                }
                .may_vote()?;
                if row.kind != ProposalKind::Draft {
                    return Err(RulesError::NotADraft(number));
                }
                if row.status != ProposalStatus::Submitted {
                    return Err(RulesError::Decided(number));
                }
                let votes = store::nomic::proposals::votes(conn, number).await?;
                if votes.iter().any(|v| v.voter_id == actor.id) {
                    return Err(RulesError::AdvisoryTwice(number));
                }
            } else {
                self.refuse_after_win(conn).await?;
                let game = self.nomic_state(conn, &settings).await?;
                let mut proposal = self.domain_proposal(conn, &row, &settings).await?;
                let book = self.rulebook(conn, Procedure::Nomic).await?;
                game.vote(&mut proposal, actor.id, ballot, now)
                    .map_err(|e| cited(&book, e))?;
                players = game.turns.eligible_voters().len();
            }
            store::nomic::proposals::cast(conn, number, actor.id, ballot, now).await?;
            let votes = store::nomic::proposals::votes(conn, number).await?;
            let tally = Tally {
                yes: votes.iter().filter(|v| v.ballot == Ballot::Yes).count() as u32,
                no: votes.iter().filter(|v| v.ballot == Ballot::No).count() as u32,
            };
            if advisory {
                // The draft's post keeps the count; a vote is not a post of its own.
                self.edit_draft_post(conn, &row, ProposalStatus::Submitted, true)
                    .await?;
            } else {
                // The proposal's post shows the running tally; a vote is not a post of its own.
                self.edit_voting_post(conn, &row, ProposalStatus::Voting, players)
                    .await?;
            }
            Ok(Voted {
                number,
                ballot,
                tally,
                advisory,
            })
        })
        .await
    }
}
