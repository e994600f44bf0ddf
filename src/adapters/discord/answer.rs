//! Answering interactions truthfully when Discord fails. A command's reply says what happened:
//! its use case's result, success or refusal. When Discord does not take that reply (an outage,
//! a server error, a 429), it is not replaced by a guess: the answer is kept in the database,
//! like a post in the outbox, and the replier delivers it as a follow-up (or an edit of the
//! original response) once Discord answers, while the interaction's token is valid (15 minutes).
//! "Nothing was changed" is said only when it is known: a refusal, or a use case that failed
//! before its commit (both roll back).

use std::time::{Duration as StdDuration, Instant};

use chrono::{DateTime, Duration, Utc};
use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};

use super::reply::{no_pings, split};
use super::rest::{Failure, Rest};
use super::Lifecycle;
use crate::app::App;
use crate::commands::Reply;
use crate::store::{self, replies::Part, replies::Step};

/// How long Discord keeps an interaction's token valid: follow-ups and edits work until then.
pub const TOKEN_LIFE: Duration = Duration::minutes(15);
/// Discord wants an interaction's first response within 3 seconds; gavel retries a failed one
/// only while it can still arrive in time.
const CALLBACK_WINDOW: StdDuration = StdDuration::from_millis(2500);
/// Discord's code for a second response to an interaction already answered.
const ALREADY_ACKNOWLEDGED: i64 = 40060;
/// Discord's code for a message that does not exist.
const UNKNOWN_MESSAGE: i64 = 10008;
/// Discord's "only you can see this" message flag.
const EPHEMERAL: u64 = 64;
/// The longest wait between attempts of a kept reply: a member waits at most this long after
/// Discord is back.
const MAX_REPLY_WAIT: Duration = Duration::seconds(30);

/// The interaction being answered.
#[derive(Debug, Clone)]
pub struct Asked {
    pub id: serenity::InteractionId,
    pub token: String,
    /// When it arrived by gavel's clock: its token lasts `TOKEN_LIFE` from then.
    at: DateTime<Utc>,
    /// When it arrived by the machine's clock, for Discord's 3 seconds.
    arrived: Instant,
    /// Its answer is for the caller alone even when it succeeds (`/mod ... later:true`).
    private: bool,
    /// The command it runs, whose card a success shows (none for a refusal before one is known).
    path: Option<&'static str>,
}

impl Asked {
    pub fn new(app: &App, id: serenity::InteractionId, token: &str) -> Self {
        Self {
            id,
            token: token.to_owned(),
            at: app.now_exact(),
            arrived: Instant::now(),
            private: false,
            path: None,
        }
    }

    /// The same interaction, running `/path`: its success is shown with the command's card.
    pub fn running(mut self, path: &'static str) -> Self {
        self.path = Some(path);
        self
    }

    /// The same interaction, answered privately whatever its outcome.
    pub fn privately(mut self, private: bool) -> Self {
        self.private = private;
        self
    }
}

/// What one answer sends, in order: the interaction's response, then kept-able steps.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Action {
    /// The first response: a message (type 4).
    Respond {
        content: String,
        private: bool,
    },
    Then(Part),
}

impl Action {
    /// The same action kept for later: a response not given becomes a follow-up.
    fn kept(self) -> Part {
        match self {
            Action::Respond { content, private } => Part {
                step: Step::Followup,
                content,
                private,
            },
            Action::Then(part) => part,
        }
    }
}

/// The actions that deliver `reply`: the first part answers the interaction (or, after a
/// deferral, replaces the "thinking..."; a refusal after a deferral replaces it with a private
/// follow-up, since Discord fixed the deferral's visibility), the rest follow it.
fn plan(reply: Reply, deferred: bool, private_success: bool) -> Vec<Action> {
    let (text, private) = match reply {
        Ok(said) => (said.text, private_success),
        Err(text) => (text, true),
    };
    // Every reader sees the times in their own time zone.
    let parts = split(&super::timestamps::for_discord(&text));
    let then = |step, content: &String| {
        Action::Then(Part {
            step,
            content: content.clone(),
            private,
        })
    };
    let mut actions = Vec::with_capacity(parts.len() + 1);
    let (first, rest) = parts.split_first().expect("split gives at least one part");
    match (deferred, private) {
        (false, _) => actions.push(Action::Respond {
            content: first.clone(),
            private,
        }),
        (true, false) => actions.push(then(Step::Edit, first)),
        // A private command's deferral was private already: its answer replaces it.
        (true, true) if private_success => actions.push(then(Step::Edit, first)),
        (true, true) => {
            actions.push(then(Step::Delete, &String::new()));
            actions.push(then(Step::Followup, first));
        }
    }
    actions.extend(rest.iter().map(|part| then(Step::Followup, part)));
    actions
}

/// Runs a command's work and answers with its result. When the work outlasts
/// `discord.defer_after_ms`, the interaction is deferred first ("thinking..."), so Discord never
/// gives up on it; a deferral Discord does not take changes nothing: the work still finishes
/// and its answer is delivered (or kept).
pub async fn run(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    work: impl std::future::Future<Output = Reply>,
) {
    run_with_rows(ctx, app, asked, async { (work.await, Vec::new()) }).await;
}

/// Like `run`, for work whose success carries buttons under its first message (a page's
/// Previous and Next).
pub async fn run_with_rows(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    work: impl std::future::Future<Output = (Reply, Vec<serenity::CreateActionRow>)>,
) {
    let after = app.config().discord.defer_after();
    tokio::pin!(work);
    let ((reply, rows), deferred) = if after.is_zero() {
        let deferred = defer(ctx, asked).await;
        (work.await, deferred)
    } else {
        tokio::select! {
            biased;
            done = &mut work => (done, false),
            () = tokio::time::sleep(after) => {
                let deferred = defer(ctx, asked).await;
                (work.await, deferred)
            }
        }
    };
    reply_with(ctx, app, asked, reply, deferred, rows).await;
}

/// Acknowledges the interaction with "thinking..." (type 5); false when Discord did not take it.
async fn defer(ctx: &serenity::Context, asked: &Asked) -> bool {
    let thinking = serenity::CreateInteractionResponse::Defer(
        serenity::CreateInteractionResponseMessage::new().ephemeral(asked.private),
    );
    match respond(&Rest::new(ctx.http.clone()), asked, &thinking).await {
        Ok(()) => true,
        Err(failure) => {
            tracing::warn!(interaction = asked.id.get(), error = %failure, "cannot defer; the answer will follow");
            false
        }
    }
}

/// Opens a form (a modal). Opening one changes nothing, so when Discord does not take it the
/// member is told so, as a private follow-up.
pub async fn open_form(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    modal: serenity::CreateModal,
) {
    let form = serenity::CreateInteractionResponse::Modal(modal);
    if let Err(failure) = respond(&Rest::new(ctx.http.clone()), asked, &form).await {
        tracing::warn!(interaction = asked.id.get(), error = %failure, "Discord did not open a form");
        let sorry = Part {
            step: Step::Followup,
            content: "Discord did not open the form; nothing was changed. Please try again.".into(),
            private: true,
        };
        keep(ctx, app, asked, vec![sorry], &failure).await;
    }
}

/// Answers with `reply` (after a deferral, if `deferred`). What Discord does not take is kept
/// and delivered later by the replier; nothing is ever replaced by a guess.
pub async fn reply_to(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    reply: Reply,
    deferred: bool,
) {
    reply_with(ctx, app, asked, reply, deferred, Vec::new()).await;
}

/// Like `reply_to`, with buttons under a success's first message. A success is shown with its
/// command's card too (the same words stay as the content); a kept part, delivered later,
/// is the plain content alone.
pub async fn reply_with(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    reply: Reply,
    deferred: bool,
    rows: Vec<serenity::CreateActionRow>,
) {
    let rest = Rest::new(ctx.http.clone());
    let mut dress = match (&reply, asked.path) {
        (Ok(said), Some(path)) => Some(Dress {
            embed: super::embed::for_reply(
                path,
                &crate::commands::Said {
                    text: super::timestamps::for_discord(&said.text),
                    about: said.about,
                },
            ),
            rows,
        }),
        _ => None,
    };
    let mut actions = plan(reply, deferred, asked.private).into_iter();
    while let Some(action) = actions.next() {
        // Only the first message of a success wears the card and the buttons.
        let dressed = dress.take();
        let sent = match &action {
            Action::Respond { content, private } => {
                let mut message = serenity::CreateInteractionResponseMessage::new()
                    .content(content)
                    .ephemeral(*private)
                    .allowed_mentions(no_pings());
                if let Some(dress) = dressed {
                    message = message.embed(dress.embed).components(dress.rows);
                }
                let response = serenity::CreateInteractionResponse::Message(message);
                respond(&rest, asked, &response).await
            }
            Action::Then(part) => {
                send(&rest, asked.id.get(), &asked.token, part, dressed.as_ref()).await
            }
        };
        if let Err(failure) = sent {
            let kept: Vec<Part> = std::iter::once(action)
                .chain(actions)
                .map(Action::kept)
                .collect();
            keep(ctx, app, asked, kept, &failure).await;
            return;
        }
    }
}

/// Keeps the parts Discord did not take, for the replier, and wakes it.
async fn keep(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    parts: Vec<Part>,
    failure: &Failure,
) {
    tracing::warn!(
        interaction = asked.id.get(), parts = parts.len(), error = %failure,
        "Discord did not take a reply; it is kept and will follow"
    );
    let expires = asked.at + TOKEN_LIFE;
    let kept = async {
        let mut conn = app.pool().acquire().await?;
        let id = asked.id.get();
        store::replies::keep(
            &mut conn,
            id,
            &asked.token,
            &parts,
            app.now_exact(),
            expires,
        )
        .await
    };
    match kept.await {
        Ok(()) => Lifecycle::of(ctx).await.wake_replies(),
        Err(e) => tracing::error!(interaction = asked.id.get(), error = ?e, "cannot keep a reply"),
    }
}

/// Sends an interaction's first response as `respond` does (a page turned in place).
pub(super) async fn respond_now(
    ctx: &serenity::Context,
    asked: &Asked,
    response: &serenity::CreateInteractionResponse,
) -> Result<(), Failure> {
    respond(&Rest::new(ctx.http.clone()), asked, response).await
}

/// Sends the interaction's first response, retrying a failure while the response can still
/// reach Discord within its 3 seconds. A second response to an interaction already
/// acknowledged (code 40060: an earlier attempt did arrive) is a failure too: the answer then
/// follows as a follow-up, which an acknowledged interaction accepts.
async fn respond(
    rest: &Rest,
    asked: &Asked,
    response: &serenity::CreateInteractionResponse,
) -> Result<(), Failure> {
    let mut wait = StdDuration::from_millis(250);
    loop {
        let route = Route::InteractionResponse {
            interaction_id: asked.id,
            token: &asked.token,
        };
        let failure = match rest.call(route, LightMethod::Post, Some(response)).await {
            Ok(_) => return Ok(()),
            Err(failure) => failure,
        };
        if failure.is_permanent() || failure.has_code(ALREADY_ACKNOWLEDGED) {
            return Err(failure);
        }
        if let Failure::RateLimited {
            retry_after: Some(s),
            ..
        } = &failure
        {
            wait = StdDuration::from_secs_f64(s.clamp(0.0, 3.0));
        }
        if asked.arrived.elapsed() + wait > CALLBACK_WINDOW {
            return Err(failure);
        }
        tokio::time::sleep(wait).await;
        wait *= 2;
    }
}

/// What a success's first message shows beside its words: the command's card and its buttons.
struct Dress {
    embed: serenity::CreateEmbed,
    rows: Vec<serenity::CreateActionRow>,
}

/// Sends one kept-able step with the interaction's token (dressed when it is a success's first
/// message, sent now).
async fn send(
    rest: &Rest,
    interaction: u64,
    token: &str,
    part: &Part,
    dress: Option<&Dress>,
) -> Result<(), Failure> {
    let application_id = rest
        .http
        .application_id()
        .ok_or_else(|| Failure::Unavailable("the application id is not known yet".into()))?;
    let original = Route::WebhookOriginalInteractionResponse {
        application_id,
        token,
    };
    let sent = match part.step {
        Step::Followup => {
            let mut message = serenity::CreateInteractionResponseFollowup::new()
                .content(&part.content)
                .allowed_mentions(no_pings());
            if let Some(dress) = dress {
                message = message
                    .embed(dress.embed.clone())
                    .components(dress.rows.clone());
            }
            let mut body = serde_json::to_value(message)
                .map_err(|e| Failure::Refused(format!("interaction {interaction}: {e}")))?;
            if part.private {
                body["flags"] = EPHEMERAL.into();
            }
            let route = Route::WebhookFollowupMessages {
                application_id,
                token,
            };
            rest.call(route, LightMethod::Post, Some(&body)).await
        }
        Step::Edit => {
            let mut edit = serenity::EditInteractionResponse::new()
                .content(&part.content)
                .allowed_mentions(no_pings());
            if let Some(dress) = dress {
                edit = edit
                    .embed(dress.embed.clone())
                    .components(dress.rows.clone());
            }
            rest.call(original, LightMethod::Patch, Some(&edit)).await
        }
        Step::Delete => match rest.call(original, LightMethod::Delete, None::<&()>).await {
            // Already gone: what the deletion wanted.
            Err(failure) if failure.has_code(UNKNOWN_MESSAGE) => Ok(serde_json::Value::Null),
            sent => sent,
        },
    };
    sent.map(drop)
}

/// How long a kept reply waits after a failure: a 429's `retry_after`, else 1 s doubling with
/// its server errors, at most 30 s (a member is answered within 30 s of Discord's return).
fn wait(failure: &Failure, server_errors: i64) -> Duration {
    let wait = match failure {
        Failure::RateLimited {
            retry_after: Some(s),
            ..
        } if s.is_finite() && *s >= 0.0 => Duration::milliseconds((s * 1000.0).ceil() as i64),
        _ => Duration::seconds(1) * (1i32 << server_errors.clamp(0, 5)),
    };
    wait.clamp(Duration::milliseconds(100), MAX_REPLY_WAIT)
}

/// Delivers kept replies, in order per interaction, until their token expires.
pub struct Replier {
    app: App,
    rest: Rest,
}

impl Replier {
    pub fn new(app: App, http: std::sync::Arc<serenity::Http>) -> Self {
        Self {
            app,
            rest: Rest::new(http),
        }
    }

    /// Gives up what has expired, then sends what is due; returns when the next kept part is
    /// due, if any is waiting. `stop` is checked between parts.
    pub async fn deliver_due(
        &self,
        stop: impl Fn() -> bool,
    ) -> anyhow::Result<Option<DateTime<Utc>>> {
        let app = &self.app;
        let now = app.now_exact();
        let pool = app.pool();
        // Read first: with an in-memory database the pool holds one connection.
        let expired = store::replies::expired(&mut *pool.acquire().await?, now).await?;
        for interaction in expired {
            let why = "the interaction's token expired before Discord took the reply";
            let lost =
                store::replies::give_up(&mut *pool.acquire().await?, interaction, why, now).await?;
            tracing::error!(
                interaction,
                parts = lost,
                "{why}: the member was not answered"
            );
        }
        loop {
            let due = store::replies::due(&mut *pool.acquire().await?, now, 50).await?;
            if due.is_empty() {
                break;
            }
            for kept in due {
                if stop() {
                    return Ok(None);
                }
                let sent = send(
                    &self.rest,
                    kept.interaction_id,
                    &kept.token,
                    &kept.part,
                    None,
                )
                .await;
                let mut conn = pool.acquire().await?;
                match sent {
                    Ok(()) => store::replies::mark_delivered(&mut conn, kept.id, now).await?,
                    Err(failure) if failure.is_permanent() => {
                        let why = failure.to_string();
                        store::replies::give_up(&mut conn, kept.interaction_id, &why, now).await?;
                        tracing::error!(interaction = kept.interaction_id, error = %why, "Discord refuses a kept reply: the member was not answered");
                    }
                    Err(failure) => {
                        let retry_at = now + wait(&failure, kept.server_errors);
                        let error = failure.to_string();
                        let server = failure.is_server_error();
                        store::replies::mark_failed(&mut conn, kept.id, &error, server, retry_at)
                            .await?;
                    }
                }
            }
        }
        Ok(store::replies::next_due(&mut *pool.acquire().await?).await?)
    }
}

#[cfg(test)]
mod tests;
