//! The Court of Appeals (Terms §III Act 3; §II Acts 6.3, 9.3-9.5, 10.5-10.6): filing, granting,
//! benches, votes and the effects of a decision, en banc, opinions, a Moderator's answer to a
//! petition, and the docket. One file per use case; this module holds their errors, their reply
//! and the steps they share (loading an appeal, the Court as it stands, recording a step).

mod assign;
mod before_form;
mod bench;
mod buttons;
mod close;
mod deadlines;
mod docket;
mod effects;
mod en_banc;
mod export;
mod facts;
mod file;
mod grant;
mod opinion;
mod redecide;
mod refuse;
mod respond;
mod suggest;
mod vote;

pub use export::export_appeals;
pub use file::Against;
pub use opinion::OPINION_MAX;
pub use redecide::{Outcome, RedecideInput, Redecision};
pub use vote::VoteInput;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sqlx::SqliteConnection;

use crate::domain::court::{
    Acting, BenchRefusal, EnBancRefusal, GrantRefusal, Justice, NotAppealable, Opinion,
    OpinionRefusal, PanelRefusal, Response, ResponseRefusal, Subject, VoteRefusal,
};
use crate::domain::kernel::authority::Unauthorised;
use crate::domain::kernel::button::Button;
use crate::domain::kernel::office::Office;
use crate::domain::kernel::text::TextError;
use crate::domain::moderation::ladder::BanDateError;
use crate::domain::moderation::CaseRefusal;
use crate::store::{self, court::appeals::AppealRow, outbox::DISCUSSION};

use super::{Actor, App, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum CourtError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    NotAppealable(#[from] NotAppealable),
    #[error(transparent)]
    Grant(#[from] GrantRefusal),
    #[error(transparent)]
    Bench(#[from] BenchRefusal),
    #[error(transparent)]
    Panel(#[from] PanelRefusal),
    #[error(transparent)]
    Vote(#[from] VoteRefusal),
    #[error(transparent)]
    EnBanc(#[from] EnBancRefusal),
    #[error(transparent)]
    Opinion(#[from] OpinionRefusal),
    #[error(transparent)]
    Response(#[from] ResponseRefusal),
    #[error(transparent)]
    BanDate(#[from] BanDateError),
    #[error(transparent)]
    Harsher(#[from] crate::domain::court::Harsher),
    #[error(transparent)]
    Case(#[from] CaseRefusal),
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("There is no appeal #{0}.")]
    NoAppeal(i64),
    #[error("There is no case #{0}.")]
    NoCase(i64),
    #[error("The {0} must say in a few words what is brought to the Court and why, not one (Terms §III Act 3).")]
    OneWordFiling(&'static str),
    #[error("Case #{0} has become void since the appeal was filed, so nothing is left to hear; the Chief Justice may refuse the appeal (Terms §III Acts 2.4.2, 3.6).")]
    CaseVoid(i64),
    #[error("Nobody called {0} is known to gavel.")]
    Unknown(String),
    #[error("Say what is appealed: case:N for a moderator action, deduction:YYYY-MM-DD for a weekly absence or inactivity deduction, or matter:\"...\" for another matter concerning the Leaderboard (Terms §III Act 3).")]
    NothingAppealed,
    #[error("Appeal one thing at a time: case, deduction or matter (Terms §III Act 3).")]
    TwoThingsAppealed,
    #[error("You already brought this matter, against the same parties, in appeal #{0}, which is still open; it is not filed twice (Terms §III Act 3).")]
    DuplicateMatter(i64),
    #[error("`party` names someone a matter concerns; a case or a deduction has its own parties (who acted, whom it was against), so leave `party` out or appeal a matter. Nothing was filed (Terms §III Act 3).")]
    PartyWithoutMatter,
    #[error("{0} had no absence or inactivity deduction on {1} (Terms §II Act 6.3).")]
    NoDeduction(String, String),
    #[error("{0}")]
    BadVote(String),
    #[error("This appeal is not a petition against a monitor still in place after the session following it, so no answer is owed (Terms §II Act 10.5).")]
    NoAnswerOwed,
    #[error(
        "Appeal #{0} is no longer being heard, so no answer is owed now (Terms §II Act 10.5)."
    )]
    NoLongerHeard(i64),
    #[error("Case #{0} is not remanded to its Moderator, so there is nothing to re-decide (Terms §III Act 3.8).")]
    NotRemanded(i64),
    #[error("Only the Moderator who took case #{0} re-decides it on remand (Terms §III Act 3.8).")]
    NotTheModerator(i64),
    #[error("The 7 days to re-decide case #{0} ended on {1}; the penalty is void (Terms §III Act 2.4.2).")]
    RedecideTooLate(i64, String),
    #[error("An opinion is at most {max} characters; this one is {len}. It is published whole, never cut, so shorten it (Terms §III Act 3.10).")]
    OpinionTooLong { len: usize, max: usize },
    #[error(transparent)]
    Moderation(#[from] crate::app::moderation::ModerationError),
    #[error(transparent)]
    Closure(#[from] crate::domain::court::ClosureRefusal),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for CourtError {
    fn is_internal(&self) -> bool {
        match self {
            CourtError::Moderation(e) => e.is_internal(),
            other => matches!(other, CourtError::Store(_)),
        }
    }
}

/// What a Court command did: data for `commands/court_said.rs` to put into words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CourtOutcome {
    /// Appeal `appeal` took a step; `announced` is what #discussion was told, with the steps
    /// that followed from it (a seating, a judgement and its effects).
    Stepped { appeal: i64, announced: String },
    /// Appeal `appeal` is filed; `announced` is its filing as #discussion was told.
    Filed { appeal: i64, announced: String },
    /// The Court's opinion on appeal `appeal` is published in #discussion.
    OpinionPublished { appeal: i64 },
    /// A conflict-free panel suggested by rotation; nothing changed.
    Suggested(Suggestion),
    /// The appeals open, oldest first.
    Docket(Vec<DocketEntry>),
    /// One appeal and every step it took.
    History {
        entry: DocketEntry,
        steps: Vec<(DateTime<Tz>, String)>,
    },
    /// Case `case` is re-decided on remand; `announced` is its declaration.
    Redecided { case: i64, announced: String },
}

/// A panel suggested for an appeal (Terms §III Acts 3.5, 3.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub appeal: i64,
    /// The Justices suggested: three when a panel can sit, else the few who may.
    pub panel: Vec<String>,
    /// Whether a panel of three can sit.
    pub full: bool,
    /// Whether no bench at all can hear it, the Chief Justice having a conflict too.
    pub no_bench: bool,
    /// Each Justice who sits with a conflict set aside, and the conflict.
    pub set_aside: Vec<(String, String)>,
    /// Each Justice left out, and why.
    pub left_out: Vec<(String, String)>,
}

/// An appeal as the docket lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocketEntry {
    pub appeal: i64,
    pub appellant: String,
    /// What is appealed, as its announcements name it ("case #3").
    pub subject: String,
    /// Its stage, with what is still owed.
    pub stage: String,
    pub next_deadline: Option<DateTime<Tz>>,
}

/// The Court's use cases: `app.court().grant_appeal(...)`.
pub struct Court<'a>(&'a App);

impl App {
    pub fn court(&self) -> Court<'_> {
        Court(self)
    }
}

impl std::ops::Deref for Court<'_> {
    type Target = App;
    fn deref(&self) -> &App {
        self.0
    }
}

/// The caller as the Court's rules see them.
fn acting(actor: &Actor) -> Acting {
    Acting {
        id: actor.id,
        offices: actor.offices.clone(),
    }
}

impl Court<'_> {
    /// An appeal by number, or a refusal naming it.
    async fn appeal(&self, conn: &mut SqliteConnection, n: i64) -> Result<AppealRow, CourtError> {
        store::court::appeals::by_id(conn, n)
            .await?
            .ok_or(CourtError::NoAppeal(n))
    }

    /// The Court as it stands: every Justice and the Chief Justice, with when they were
    /// appointed and last sat.
    async fn justices(&self, conn: &mut SqliteConnection) -> sqlx::Result<Vec<Justice>> {
        let mut court: Vec<Justice> = Vec::new();
        for (office, id, _, since) in store::offices::holders(conn).await? {
            let chief = office == Office::ChiefJustice;
            if !chief && office != Office::Justice {
                continue;
            }
            match court.iter_mut().find(|j| j.id == id) {
                Some(j) => {
                    j.chief |= chief;
                    j.appointed_at = j.appointed_at.min(since);
                }
                None => court.push(Justice {
                    id,
                    chief,
                    appointed_at: since,
                    last_sat: None,
                }),
            }
        }
        let ids: Vec<i64> = court.iter().map(|j| j.id).collect();
        let sat = store::court::appeals::last_sat(conn, &ids).await?;
        for j in &mut court {
            j.last_sat = sat.get(&j.id).copied();
        }
        Ok(court)
    }

    async fn name(&self, conn: &mut SqliteConnection, id: i64) -> sqlx::Result<String> {
        Ok(store::people::by_id(conn, id).await?.name)
    }

    async fn names(&self, conn: &mut SqliteConnection, ids: &[i64]) -> sqlx::Result<String> {
        let mut names = Vec::with_capacity(ids.len());
        for id in ids {
            names.push(self.name(conn, *id).await?);
        }
        Ok(names.join(", "))
    }

    /// Adds `text` to the appeal's history and announces it in #discussion.
    async fn record(
        &self,
        conn: &mut SqliteConnection,
        appeal: i64,
        text: &str,
    ) -> sqlx::Result<()> {
        self.record_with(conn, appeal, text, &[]).await
    }

    /// Like `record`, with buttons under the announcement.
    async fn record_with(
        &self,
        conn: &mut SqliteConnection,
        appeal: i64,
        text: &str,
        buttons: &[Button],
    ) -> sqlx::Result<()> {
        store::court::appeals::add_step(conn, appeal, self.now(), text).await?;
        store::outbox::enqueue_with_buttons(conn, DISCUSSION, text, buttons, self.now()).await?;
        // The Court's record is copied to the mod log as it happens.
        self.log_for_moderators(conn, text).await?;
        Ok(())
    }

    /// Saves the appeal with its place on the docket worked out again.
    async fn persist(&self, conn: &mut SqliteConnection, row: &mut AppealRow) -> sqlx::Result<()> {
        let (active, next) = docket_place(row);
        row.active = active;
        row.next_deadline = next;
        store::court::appeals::save(conn, row).await
    }

    /// "case #3", "the weekly absence deduction of Mon 21 Dec 2026", "the matter “...”".
    pub(crate) fn subject_words(&self, row: &AppealRow) -> String {
        match (&row.filing.subject, row.case_id) {
            (Subject::Matter(m), _) => format!("the matter “{}”", m.description.as_str()),
            (Subject::Action(_), Some(case)) => format!("case #{case}"),
            (Subject::Action(a), None) => a.name(),
        }
    }
}

/// Whether the appeal is on the docket, and its next deadline: a hearing in progress, an
/// opinion due, an answer owed or a re-decision awaited.
fn docket_place(row: &AppealRow) -> (bool, Option<DateTime<Utc>>) {
    let mut deadlines = Vec::new();
    for o in &row.opinions {
        if let Opinion::Due { due_at, .. } = o.opinion {
            deadlines.push(due_at);
        }
    }
    if let Some(Response::Owed { due_at, .. }) = row.response {
        if row.lifecycle.is_hearing() {
            deadlines.push(due_at);
        }
    }
    if let (Some(due), None) = (row.redecide_due_at, row.redecided_at) {
        deadlines.push(due);
    }
    let active = row.lifecycle.is_hearing() || !deadlines.is_empty();
    (active, deadlines.into_iter().min())
}
