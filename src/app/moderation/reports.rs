//! Reports of messages to the Moderators: any member files one (privately), a Moderator acts on
//! it with a moderator action against the message's author (Terms §II Acts 3, 5, 9, 10) or
//! dismisses it with a reason. Reports are never public: they go to the Moderators' channel and
//! the mod log alone.

use crate::app::moderation::Moderation;
use sqlx::SqliteConnection;

use crate::app::{Actor, Call, PersonRef, UseCaseError};
use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::kernel::text::{bounded, Reason, TextError};
use crate::domain::moderation::reports::{
    excerpt, NotAnAction, ReportAction, ReportRefusal, LINK_MAX, REPORT_MAX,
};
use crate::store::{self, moderation::reports::NewReport, moderation::reports::ReportRow};

use super::{ActionInput, ActionKind, ModerationError};

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("There is no report #{0}.")]
    NoReport(i64),
    #[error("Nobody called {0} is known to gavel; a report names a member of the club's server.")]
    Unknown(String),
    #[error("You cannot report your own message; ask a Moderator if something is wrong with it.")]
    OwnMessage,
    #[error("A Moderator may not answer a report of their own message (Terms §III Act 2.2: decisions must be free of unreasonable bias).")]
    AboutSelf,
    #[error(transparent)]
    Answered(#[from] ReportRefusal),
    #[error(transparent)]
    Action(#[from] NotAnAction),
    #[error(transparent)]
    Moderation(#[from] ModerationError),
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for ReportError {
    fn is_internal(&self) -> bool {
        match self {
            ReportError::Store(_) => true,
            ReportError::Moderation(e) => e.is_internal(),
            _ => false,
        }
    }
}

/// What a report command did: `commands/moderation_said.rs` puts it into words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportOutcome {
    /// Report `report` went to the Moderators privately.
    Filed { report: i64 },
    /// Report `report` is dismissed; the mod log records why.
    Dismissed { report: i64 },
    /// Report `report` is acted on: `done` is the action taken.
    ActedOn {
        report: i64,
        done: super::ModerationOutcome,
    },
}

/// A report as filed: the message's author, what is wrong, and where the message is.
#[derive(Debug, Clone, Default)]
pub struct ReportInput {
    pub author: Option<PersonRef>,
    pub text: String,
    /// The link to the message (Discord gives it; the console may leave it out).
    pub link: Option<String>,
    /// The message's text, quoted.
    pub quote: Option<String>,
}

/// The buttons under a report in the Moderators' channel.
pub fn report_buttons(report: i64) -> Vec<Button> {
    vec![
        Button::new("Take action", "report act")
            .preset("report", report)
            .style(ButtonStyle::Danger),
        Button::new("Dismiss", "report dismiss")
            .preset("report", report)
            .style(ButtonStyle::Secondary),
    ]
}

impl Moderation<'_> {
    /// `/report file` (and the message menu "Report to Moderators"): any member reports a
    /// message to the Moderators, privately.
    #[tracing::instrument(skip_all)]
    pub async fn file_report(
        &self,
        call: &Call,
        input: &ReportInput,
    ) -> Result<ReportOutcome, ReportError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let author_ref = input
                .author
                .as_ref()
                .ok_or(ReportError::Unknown(String::new()))?;
            let author = author_ref.resolve(conn, now).await?;
            if author.id == actor.id {
                return Err(ReportError::OwnMessage);
            }
            let text = bounded("report", &input.text, REPORT_MAX)?;
            let link = input
                .link
                .as_deref()
                .filter(|l| !l.trim().is_empty())
                .map(|l| bounded("link", l, LINK_MAX))
                .transpose()?;
            let quote = input
                .quote
                .as_deref()
                .filter(|q| !q.trim().is_empty())
                .map(excerpt);
            let number = store::moderation::reports::insert(
                conn,
                &NewReport {
                    reporter_id: actor.id,
                    author_id: author.id,
                    link: link.as_deref(),
                    excerpt: quote.as_deref(),
                    text: &text,
                    at: now,
                },
            )
            .await?;
            let row = load(conn, number).await?;
            let post = describe(&row, &actor.name, &author.name);
            store::outbox::enqueue_with_buttons(
                conn,
                store::outbox::MODERATORS,
                &format!("{post}\nA Moderator may take action or dismiss it."),
                &report_buttons(number),
                now,
            )
            .await?;
            self.log_for_moderators(conn, &post).await?;
            Ok(ReportOutcome::Filed { report: number })
        })
        .await
    }

    /// Whether `call`'s caller may answer report `number` (before its form opens), and if so
    /// the form's title: the report, the member whose message it is and the message's start
    /// ("Report #1: bob, “you are all idiots”"), so a Moderator knows what the form acts on.
    pub async fn may_answer_report(&self, call: &Call, number: i64) -> Result<String, ReportError> {
        let mut title = String::new();
        self.check_before_form::<ReportError>(call, async |conn, actor| {
            let row = answerable(conn, actor, number).await?;
            let (_, author) = names(conn, &row).await?;
            title = form_title(&row, &author);
            Ok(())
        })
        .await?;
        Ok(title)
    }

    /// `/report dismiss` (the report's Dismiss button): a Moderator dismisses an open report,
    /// with a reason, recorded in the mod log.
    #[tracing::instrument(skip_all, fields(report = number))]
    pub async fn dismiss_report(
        &self,
        call: &Call,
        number: i64,
        reason: &str,
    ) -> Result<ReportOutcome, ReportError> {
        self.execute(call, async |conn, actor| {
            let row = answerable(conn, actor, number).await?;
            let reason = Reason::parse(reason)?;
            let status = row.status().dismiss()?;
            let now = self.now();
            store::moderation::reports::answer(
                conn,
                number,
                status,
                actor.id,
                reason.as_str(),
                now,
            )
            .await?;
            let (reporter, author) = names(conn, &row).await?;
            let post = describe(&row, &reporter, &author);
            self.log_for_moderators(
                conn,
                &format!(
                    "Report #{number} dismissed by {}: {}\n{post}",
                    actor.name,
                    reason.as_str()
                ),
            )
            .await?;
            Ok(ReportOutcome::Dismissed { report: number })
        })
        .await
    }

    /// `/report act` (the report's Take action button): a Moderator takes a moderator action
    /// against the reported message's author, for the report (its offence is "report #N"), and
    /// the report is recorded as acted on with the case number. `action` is the form's action
    /// read at the edge, or why it could not be: that refusal waits until the caller is known
    /// to be a Moderator, so anyone else is told that first, whatever they typed.
    #[tracing::instrument(skip_all, fields(report = number))]
    pub async fn act_on_report(
        &self,
        call: &Call,
        number: i64,
        action: &Result<ReportAction, NotAnAction>,
        reason: &str,
    ) -> Result<ReportOutcome, ReportError> {
        self.execute(call, async |conn, actor| {
            let row = answerable(conn, actor, number).await?;
            let action = action.clone()?;
            let kind = match action {
                ReportAction::Monitor => ActionKind::Monitor,
                ReportAction::Violation => ActionKind::Violation { step: None },
                ReportAction::Deduct(points) => ActionKind::Deduction { points },
                ReportAction::Ban(until) => ActionKind::Ban { until },
            };
            let author = store::people::by_id(conn, row.author_id).await?;
            let input = ActionInput {
                target: Some(PersonRef::configured(&author.name, author.discord_id.0)),
                reason: reason.to_owned(),
                incident: Some(format!("report #{number}")),
                ..ActionInput::default()
            };
            let done = self.take_action_in(conn, actor, &kind, &input).await?;
            let case: i64 = sqlx::query_scalar("SELECT MAX(id) FROM actions WHERE actor_id = ?")
                .bind(actor.id)
                .fetch_one(&mut *conn)
                .await?;
            let status = row.status().act(case)?;
            let now = self.now();
            let answer = action.to_string();
            store::moderation::reports::answer(conn, number, status, actor.id, &answer, now)
                .await?;
            let (reporter, author) = names(conn, &row).await?;
            let post = describe(&row, &reporter, &author);
            self.log_for_moderators(
                conn,
                &format!(
                    "Report #{number} acted on by {} in case #{case}.\n{post}",
                    actor.name
                ),
            )
            .await?;
            Ok(ReportOutcome::ActedOn {
                report: number,
                done,
            })
        })
        .await
    }
}

/// The report, open, and the caller a Moderator who is not its subject.
async fn answerable(
    conn: &mut SqliteConnection,
    actor: &Actor,
    number: i64,
) -> Result<ReportRow, ReportError> {
    Power::Moderate.require(&actor.offices, "answer reports", "Terms §III Act 2")?;
    let row = load(conn, number).await?;
    row.status().answerable()?;
    if row.author_id == actor.id {
        return Err(ReportError::AboutSelf);
    }
    Ok(row)
}

async fn load(conn: &mut SqliteConnection, number: i64) -> Result<ReportRow, ReportError> {
    store::moderation::reports::by_id(conn, number)
        .await?
        .ok_or(ReportError::NoReport(number))
}

async fn names(conn: &mut SqliteConnection, row: &ReportRow) -> sqlx::Result<(String, String)> {
    let reporter = store::people::by_id(conn, row.reporter_id).await?.name;
    let author = store::people::by_id(conn, row.author_id).await?.name;
    Ok((reporter, author))
}

/// A report's form title: its number, the member whose message it is, and the message's start
/// (Discord cuts a title at 45 characters; the caller cuts it there).
fn form_title(row: &ReportRow, author: &str) -> String {
    match &row.excerpt {
        Some(quote) => format!("Report #{}: {author}, “{quote}”", row.id),
        None => format!("Report #{}: {author}'s message", row.id),
    }
}

/// A report as the Moderators read it: who filed it, about whom, the message and what is wrong.
fn describe(row: &ReportRow, reporter: &str, author: &str) -> String {
    let mut text = format!(
        "Report #{} from {reporter} about a message by {author}",
        row.id
    );
    match &row.link {
        Some(link) => text.push_str(&format!(": {link}")),
        None => text.push('.'),
    }
    if let Some(quote) = &row.excerpt {
        text.push_str(&format!("\n> {quote}"));
    }
    text.push_str(&format!("\nWhat is wrong: {}", row.text));
    text
}
