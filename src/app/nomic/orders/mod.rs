//! Points of Order (Nomic 214): raising one, the Judgement, disputes and opinions, and the
//! windows that invoke a Judgement, overrule a Judge or pass the Point on when a Judge's day
//! ends. One file per use case; the decisions are `domain::nomic::order`'s, and every transition is
//! announced in the voting channel.

mod deadline;
mod judgement;

pub use judgement::RulingInput;
mod left_game;
mod opinion;
mod raise;
mod rules_link;
mod view;

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::calendar;
use crate::domain::nomic::order::{
    DisputeError, Handover, Happened, Invocation, JudgeError, OpinionError, PointOfOrder,
    PointStage, RaiseError,
};
use crate::jobs::{self, Job};
use crate::store;
use crate::store::nomic::orders::StoredPoint;

use crate::app::nomic::RulesError;
use crate::app::{App, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error("There is no Point of Order #{0}.")]
    NoPoint(i64),
    #[error("There is no Proposal {0}.")]
    NoProposal(i64),
    #[error(transparent)]
    Raise(#[from] RaiseError),
    #[error(transparent)]
    Judge(#[from] JudgeError),
    #[error(transparent)]
    Dispute(#[from] DisputeError),
    #[error(transparent)]
    Opinion(#[from] OpinionError),
    #[error(transparent)]
    Ruling(#[from] crate::domain::nomic::order::RulingError),
    #[error(
        "`{0}` is not an effect of a Judgement on a proposal: takes_effect or void (Nomic 214)."
    )]
    NotAnEffect(String),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for OrderError {
    fn is_internal(&self) -> bool {
        match self {
            OrderError::Store(_) => true,
            OrderError::Rules(e) => e.is_internal(),
            _ => false,
        }
    }
}

/// What a Point of Order command did (Nomic 214); its words are in
/// `commands/nomic/orders_said.rs`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderOutcome {
    /// Point `number` is raised; `judge` gives Judgement by `deadline`.
    Raised {
        number: i64,
        judge: String,
        deadline: DateTime<Utc>,
    },
    /// The active Points, oldest first.
    Listed(Vec<ActivePoint>),
    /// Point `number`'s whole thread, in the words of its record.
    Shown { number: i64, thread: String },
    /// What an opinion or a Judgement on Point `number` announced, in order.
    Announced { number: i64, said: Vec<String> },
}

/// One active Point, as `/order list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivePoint {
    pub number: i64,
    pub proposal: Option<i64>,
    pub raiser: String,
    pub judge: Option<String>,
    pub stage: PointStage,
    pub until: Option<DateTime<Utc>>,
}

impl App {
    /// Point `number`, or a refusal naming it.
    async fn point(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<StoredPoint, OrderError> {
        store::nomic::orders::by_number(conn, number)
            .await?
            .ok_or(OrderError::NoPoint(number))
    }

    /// Stores where Point `number` is now and moves its deadline job to the next window's end
    /// (or cancels it once the Point is settled).
    async fn keep_point(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        point: &PointOfOrder,
    ) -> sqlx::Result<()> {
        store::nomic::orders::save(conn, number, point).await?;
        self.schedule_point(conn, number, point).await
    }

    async fn schedule_point(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        point: &PointOfOrder,
    ) -> sqlx::Result<()> {
        let job = Job::OrderDeadline { point: number };
        match point.next_deadline() {
            Some(due) => jobs::schedule(conn, &job, due).await,
            None => jobs::cancel(conn, &job, self.now()).await,
        }
    }

    /// How a post names a Judge: a Discord mention when gavel knows their Discord id (that one
    /// user may be pinged, Nomic 214), otherwise `@name`. Returns the text and the user to ping.
    async fn judge_mention(
        &self,
        conn: &mut SqliteConnection,
        person: i64,
    ) -> sqlx::Result<(String, Option<u64>)> {
        let who = store::people::by_id(conn, person).await?;
        Ok(match who.discord_id.0 {
            Some(id) => (format!("<@{id}>"), Some(id)),
            None => (format!("@{}", who.name), None),
        })
    }

    /// Posts `text` in the voting channel, where Points of Order live (Nomic 214), pinging
    /// `judge` (a person) if given; the Judge may also have asked to be told privately.
    async fn post_voting_pinging(
        &self,
        conn: &mut SqliteConnection,
        text: &str,
        judge: Option<i64>,
    ) -> sqlx::Result<()> {
        let ping = match judge {
            Some(person) => self.judge_mention(conn, person).await?.1,
            None => None,
        };
        let users: Vec<u64> = ping.into_iter().collect();
        store::outbox::enqueue_pinging(conn, store::outbox::VOTING, text, &users, self.now())
            .await?;
        if let Some(person) = judge {
            let notice = crate::domain::notify::Notice::Judgement;
            self.send_notice(conn, person, notice, text, &[]).await?;
        }
        Ok(())
    }

    async fn player_name(&self, conn: &mut SqliteConnection, person: i64) -> sqlx::Result<String> {
        Ok(store::people::by_id(conn, person).await?.name)
    }

    fn when(&self, at: DateTime<Utc>) -> String {
        calendar::show(at, crate::domain::nomic::UK_TIME)
    }

    /// The announcement of one transition of Point `number`.
    async fn tell(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        happened: &Happened,
    ) -> sqlx::Result<String> {
        Ok(match *happened {
            Happened::Judged { dispute_until, .. } => format!(
                "Any other player may dispute it with /order dispute point:{number} until {}; undisputed, it is invoked then (Nomic 214).",
                self.when(dispute_until)
            ),
            Happened::Disputed { by, opinions_until } => format!(
                "{} disputes the Judgement on Point of Order #{number}. Players other than the Judge may /order agree or /order disagree point:{number} until {}: one agreement invokes it; if every opinion disagrees, the Judge is overruled (Nomic 214).",
                self.player_name(conn, by).await?,
                self.when(opinions_until)
            ),
            Happened::Disagreed { by } => format!(
                "{} disagrees with the Judgement on Point of Order #{number} (Nomic 214).",
                self.player_name(conn, by).await?
            ),
            Happened::Invoked { how, .. } => match how {
                Invocation::Undisputed => format!(
                    "Nobody disputed the Judgement on Point of Order #{number} in the time to dispute it: it is invoked and in effect (Nomic 214)."
                ),
                Invocation::Agreed { by } => format!(
                    "{} agrees with the Judgement on Point of Order #{number}: it is invoked and in effect (Nomic 214).",
                    self.player_name(conn, by).await?
                ),
            },
            Happened::HandedOver {
                judge,
                why,
                new_judge,
                later,
                deadline,
            } => match later {
                None => format!(
                    "{} {} Point of Order #{number}; {} is now its Judge and must give Judgement with /order judgement point:{number} before {} (Nomic 214).",
                    self.player_name(conn, judge).await?,
                    handover_words(why),
                    self.judge_mention(conn, new_judge).await?.0,
                    self.when(deadline)
                ),
                Some(from) => format!(
                    "{} {} Point of Order #{number}, and nobody may take it today; {} is its Judge from {} and must give Judgement with /order judgement point:{number} before {} (Nomic 214).",
                    self.player_name(conn, judge).await?,
                    handover_words(why),
                    self.judge_mention(conn, new_judge).await?.0,
                    self.when(from),
                    self.when(deadline)
                ),
            },
            Happened::Unsettled { judge, why, .. } => format!(
                "{} {} Point of Order #{number}, and no player is left who may judge it: it is unsettled, for the players to resolve (Nomic 214, 215).",
                self.player_name(conn, judge).await?,
                handover_words(why)
            ),
        })
    }

    /// Announces every transition and, when one invokes a Judgement on a proposal's Point,
    /// lets a change held back by it take effect (Nomic 214 over 206).
    async fn announce_all(
        &self,
        conn: &mut SqliteConnection,
        stored: &StoredPoint,
        happened: &[Happened],
    ) -> Result<Vec<String>, OrderError> {
        let mut said = Vec::new();
        for h in happened {
            let text = self.tell(conn, stored.number, h).await?;
            // A new Judge is named with a mention, the one ping a Point's posts carry.
            let judge = match *h {
                Happened::HandedOver { new_judge, .. } => Some(new_judge),
                _ => None,
            };
            self.post_voting_pinging(conn, &text, judge).await?;
            said.push(text);
        }
        let invoked = happened
            .iter()
            .any(|h| matches!(h, Happened::Invoked { .. }));
        if let (true, Some(proposal)) = (invoked, stored.proposal) {
            if let Some(text) = self.judgement_invoked_on(conn, proposal).await? {
                said.push(text);
            }
        }
        Ok(said)
    }
}

fn handover_words(why: Handover) -> &'static str {
    match why {
        Handover::Overruled => "is overruled on",
        Handover::Forfeited => "gave no Judgement by the end of their day and forfeits",
        Handover::LeftTheGame => "has left the game (Nomic 115) and so passes on",
    }
}
