//! The choices offered while a member types an option that names a numbered thing: only what
//! that member may act on with that command, newest or most pressing first, at most 25, each
//! labelled. Read-only: offering choices records nothing and takes no write lock.

mod cases;
mod court;
mod games;
mod nomic;

use sqlx::SqliteConnection;

use crate::app::{App, PersonRef};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::choices::{narrow, Choice};
use crate::domain::kernel::office::Offices;
use crate::store;

pub use crate::domain::kernel::choices::{Choice as Offered, ChoiceValue};

/// What an option's choices are drawn from, and for whom: declared beside the option in the
/// command table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Games, newest first (or those of a member whose name is typed).
    Game,
    /// The caller's own games, newest first (Terms §I Act 6: a player objects to their game).
    OwnGame,
    /// Every case, newest first.
    Case,
    /// The caller's own cases not yet declared, within their 7 days (Terms §III Act 2.4).
    CaseToDeclare,
    /// Cases about the caller that may be appealed (Terms §III Act 3).
    CaseToAppeal,
    /// Cases the Court sent back to be decided again (Terms §III Act 3.8c).
    CaseRemanded,
    /// Every appeal, newest first.
    Appeal,
    /// Appeals on the docket (being heard, or with an opinion or answer owed).
    AppealActive,
    /// Appeals awaiting a grant of a hearing (Terms §III Act 3.6).
    AppealToGrant,
    /// Appeals where the caller sits and has not voted (Terms §III Act 3.3).
    AppealToVote,
    /// Every proposal, newest first.
    Proposal,
    /// Proposals in a vote the caller has not voted in (Nomic 203, 204).
    ProposalToVote,
    /// Points of Order still active (Nomic 214).
    Point,
    /// Points of Order awaiting the caller's Judgement (Nomic 214).
    PointToJudge,
    /// Rules and Acts of the rulebook in force.
    Rule,
    /// Tournaments, newest first.
    Tournament,
    /// Tournament matches not yet over first; the caller's own first.
    Match,
    /// Diplomacy boards, those still playing first (house rules A.9, A.12).
    Board,
}

/// Who is typing, as far as choices need: their record (if gavel has met them) and offices.
pub(crate) struct Typist {
    pub id: Option<i64>,
    pub offices: Offices,
}

impl App {
    /// The choices for an option drawn from `pick`, as `caller` types `typed` into a command
    /// that needs `power` (if any). Someone without that power is offered nothing: the command
    /// would refuse them whatever they chose.
    pub async fn choices(
        &self,
        caller: &PersonRef,
        pick: Pick,
        power: Option<Power>,
        typed: &str,
    ) -> sqlx::Result<Vec<Choice>> {
        let mut conn = self.pool().acquire().await?;
        let typist = self.typist(&mut conn, caller).await?;
        if power.is_some_and(|p| !p.held_by(&typist.offices)) {
            return Ok(Vec::new());
        }
        let candidates = self.candidates(&mut conn, &typist, pick, typed).await?;
        Ok(narrow(candidates, typed))
    }

    async fn typist(
        &self,
        conn: &mut SqliteConnection,
        caller: &PersonRef,
    ) -> sqlx::Result<Typist> {
        Ok(match caller.find(conn).await? {
            Some(person) => Typist {
                id: Some(person.id),
                offices: store::offices::offices_of(conn, person.id).await?,
            },
            None => Typist {
                id: None,
                offices: Offices::default(),
            },
        })
    }

    async fn candidates(
        &self,
        conn: &mut SqliteConnection,
        typist: &Typist,
        pick: Pick,
        typed: &str,
    ) -> sqlx::Result<Vec<Choice>> {
        use store::choices::CaseFilter;
        match pick {
            Pick::Game => self.game_choices(conn, typed).await,
            Pick::OwnGame => match typist.id {
                Some(me) => self.own_game_choices(conn, me).await,
                None => Ok(Vec::new()),
            },
            Pick::Case => self.case_choices(conn, CaseFilter::All, typed).await,
            Pick::CaseToDeclare => match typist.id {
                Some(me) => self.cases_to_declare(conn, me, typed).await,
                None => Ok(Vec::new()),
            },
            Pick::CaseToAppeal => match typist.id {
                Some(me) => {
                    self.case_choices(conn, CaseFilter::AppealableAbout(me), typed)
                        .await
                }
                None => Ok(Vec::new()),
            },
            Pick::CaseRemanded => self.case_choices(conn, CaseFilter::Remanded, typed).await,
            Pick::Appeal => self.appeal_choices(conn, false, |_| true).await,
            Pick::AppealActive => self.appeal_choices(conn, true, |_| true).await,
            Pick::AppealToGrant => {
                self.appeal_choices(conn, true, |row| {
                    row.lifecycle.stage_kind() == crate::domain::court::Stage::AwaitingGrant
                })
                .await
            }
            Pick::AppealToVote => match typist.id {
                Some(me) => {
                    self.appeal_choices(conn, true, |row| row.lifecycle.may_vote(me).is_ok())
                        .await
                }
                None => Ok(Vec::new()),
            },
            Pick::Proposal => self.proposal_choices(conn, None).await,
            Pick::ProposalToVote => match typist.id {
                Some(me) => self.proposal_choices(conn, Some(me)).await,
                None => Ok(Vec::new()),
            },
            Pick::Point => self.point_choices(conn, None).await,
            Pick::PointToJudge => match typist.id {
                Some(me) => self.point_choices(conn, Some(me)).await,
                None => Ok(Vec::new()),
            },
            Pick::Rule => self.rule_choices(conn).await,
            Pick::Tournament => self.tournament_choices(conn).await,
            Pick::Match => self.match_choices(conn, typist.id).await,
            Pick::Board => self.board_choices(conn).await,
        }
    }
}
