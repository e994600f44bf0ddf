//! Loading a game of Nomic for a use case: its parameters, players, time zone and start, and a
//! stored proposal as the domain's [`Proposal`].

use std::collections::BTreeMap;

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::domain::nomic::tally::Vote;
use crate::domain::nomic::{Nomic, Proposal, ProposalNumber, Stage, UK_TIME};
use crate::store::{self, nomic::proposals::ProposalRow};

use super::RulesError;
use crate::domain::nomic::parameters::{Procedure, Settings};

impl App {
    /// The game as it stands; refused before any player has an allocated day (Nomic 201).
    pub(crate) async fn nomic_state(
        &self,
        conn: &mut SqliteConnection,
        settings: &Settings,
    ) -> Result<Nomic, RulesError> {
        let turns = store::nomic::turns::load(conn)
            .await?
            .ok_or(RulesError::NoPlayers)?;
        let started = store::nomic::turns::started_on(conn)
            .await?
            .ok_or(RulesError::NoPlayers)?;
        Ok(Nomic {
            params: settings.nomic.clone(),
            turns,
            tz: UK_TIME,
            started,
            switched_at: store::nomic::turns::switched_at(conn).await?,
            overruled: store::nomic::orders::overrulings(conn).await?,
        })
    }

    /// The time zone a procedure's times are in: UK time for Nomic (Nomic 106), the club's own
    /// for the Terms.
    pub(crate) fn rules_tz(&self, procedure: Procedure) -> chrono_tz::Tz {
        match procedure {
            Procedure::Nomic => UK_TIME,
            Procedure::ChiefJustice => self.tz(),
        }
    }

    /// A stored proposal with its votes, as the domain reads it.
    pub(crate) async fn domain_proposal(
        &self,
        conn: &mut SqliteConnection,
        row: &ProposalRow,
        settings: &Settings,
    ) -> Result<Proposal, RulesError> {
        let number = u32::try_from(row.number)
            .ok()
            .and_then(|n| ProposalNumber::new(n, &settings.nomic))
            .ok_or(RulesError::NoSuchProposal(row.number))?;
        let votes = store::nomic::proposals::votes(conn, row.number)
            .await?
            .into_iter()
            .map(|v| {
                (
                    v.voter_id,
                    Vote {
                        ballot: v.ballot,
                        at: v.cast_at,
                    },
                )
            })
            .collect::<BTreeMap<_, _>>();
        let stage = match row.status {
            ProposalStatus::Voting => Stage::Voting,
            ProposalStatus::Held => Stage::Held,
            ProposalStatus::InEffect => Stage::InEffect {
                since: row.decided_at.unwrap_or(row.submitted_at),
            },
            // A proposal that is not voting, held or in effect is out of the game; the committee
            // and suggestion statuses never reach it, but are written out so a new one must be
            // placed here.
            ProposalStatus::Defeated
            | ProposalStatus::Void
            | ProposalStatus::Suggested
            | ProposalStatus::Submitted
            | ProposalStatus::Adopted
            | ProposalStatus::Rejected => Stage::Defeated,
        };
        Ok(Proposal {
            number,
            by: row.proposer_id,
            submitted_at: row.submitted_at,
            closes_at: row.closes_at.unwrap_or(row.submitted_at),
            changes: store::nomic::proposals::decode_changes(&row.changes),
            votes,
            stage,
        })
    }
}
