//! The Discord adapter: poise slash commands over the use cases, buttons and forms that run the
//! same commands, plus the outbox poster and the scheduler loop, started once when the gateway
//! is ready.

mod answer;
mod autocomplete;
mod components;
mod direct;
mod embed;
mod gate;
mod lifecycle;
mod look;
mod menus;
mod pages;
mod poster;
mod reply;
mod rest;
mod roles;
pub mod slash;
pub mod timestamps;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::app::App;

pub use lifecycle::Lifecycle;
pub use poster::{channel_id, Pass, Poster};

/// The error type poise commands return (only for unexpected failures: refusals are replies).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The context every command receives; its data is the app.
pub type Context<'a> = poise::Context<'a, App, Error>;

/// How often the poster and the scheduler look for work unwoken (the poster is woken by each
/// commit, and by its own retries coming due; another process writing the database is not).
const TICK: Duration = Duration::from_secs(2);
/// How often start-up says it still cannot reach Discord.
const CONNECT_REPORT: Duration = Duration::from_secs(5);
/// How long a stop waits for the gateway to close before ending without it.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// The serenity client, with what it needs to shut down cleanly.
pub struct Bot {
    pub client: serenity::Client,
    lifecycle: Arc<Lifecycle>,
}

impl Bot {
    /// Runs until `stop` completes, then shuts down: new interactions are turned away, those in
    /// flight and the post being sent are finished, and the gateway is closed.
    pub async fn run_until(self, stop: impl Future<Output = ()>) -> anyhow::Result<()> {
        let Self {
            mut client,
            lifecycle,
        } = self;
        let shards = client.shard_manager.clone();
        tracing::info!("connecting to Discord");
        let mut running = tokio::spawn(async move { client.start().await });
        let watch = lifecycle.clone();
        let watchdog = tokio::spawn(async move {
            // One plain line while Discord does not answer, instead of silence.
            loop {
                tokio::time::sleep(CONNECT_REPORT).await;
                if watch.is_connected() {
                    break;
                }
                tracing::warn!(
                    "cannot reach Discord, retrying in {} s (a stop request still ends gavel at once)",
                    CONNECT_REPORT.as_secs()
                );
            }
        });
        tokio::select! {
            ended = &mut running => {
                watchdog.abort();
                ended??;
                return Ok(()); // the gateway ended on its own
            }
            () = stop => {}
        }
        watchdog.abort();
        tracing::info!("shutting down: finishing interactions in flight and the post being sent");
        lifecycle.shut_down().await;
        shards.shutdown_all().await;
        // A gateway that never connected may keep retrying inside serenity: a stop request
        // ends gavel within seconds all the same.
        match tokio::time::timeout(STOP_GRACE, &mut running).await {
            Ok(ended) => ended??,
            Err(_) => {
                running.abort();
                tracing::warn!("Discord did not close in time; stopped without it");
            }
        }
        tracing::info!("stopped");
        Ok(())
    }
}

/// Builds the serenity client with the poise framework. With `discord.proxy_url`, every REST
/// call goes through that proxy and serenity's own rate limiter is off (the proxy limits).
pub async fn build_client(app: App, token: &str) -> anyhow::Result<Bot> {
    let mut http = serenity::HttpBuilder::new(token);
    if let Some(proxy) = &app.config().discord.proxy_url {
        http = http
            .proxy(proxy.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let http = http.build();
    let guild = club_server(app.config())?;
    let lifecycle = Arc::new(Lifecycle::default());
    let background = lifecycle.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: slash::framework_commands()
                .into_iter()
                .chain(menus::framework_commands())
                .collect(),
            on_error: |error| Box::pin(reply::on_error(error)),
            // Button presses and form submissions (poise routes only slash commands).
            event_handler: |framework, event| Box::pin(components::on_event(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord");
                background.mark_connected();
                let _ = framework; // routing is built from the table; so is registration
                register_if_changed(&app, &ctx.http, guild).await?;
                // Roles that follow offices: everyone concerned is checked once at start.
                let queued = app.queue_role_reconciliation().await?;
                if queued > 0 {
                    tracing::info!(members = queued, "checking the roles that follow offices");
                }
                spawn_background(app.clone(), ctx.http.clone(), &background);
                Ok(app)
            })
        })
        .build();
    let client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .type_map_insert::<lifecycle::LifecycleKey>(lifecycle.clone())
        .await?;
    Ok(Bot { client, lifecycle })
}

/// Registers the command table in the club's server, unless the same set was registered
/// before (its hash is kept): a restart with the same commands makes no registration call.
async fn register_if_changed(app: &App, http: &serenity::Http, guild: u64) -> Result<(), Error> {
    let commands = slash::registration();
    let hash = crate::app::registration::command_set_hash(&serde_json::to_string(&commands)?);
    if !app.registration_needed(guild, &hash).await? {
        tracing::info!("commands unchanged since they were registered; not registering them again");
        return Ok(());
    }
    // Registered in the club's server alone: never globally, where every server gavel is in
    // (and direct messages) would offer them.
    serenity::GuildId::new(guild)
        .set_commands(http, commands)
        .await?;
    // Commands once registered globally would show beside the guild's (stale, and answered
    // only with an apology): remove them.
    if let Err(e) = serenity::Command::set_global_commands(http, Vec::new()).await {
        tracing::error!(error = ?e, "cannot remove stale global commands");
    }
    app.record_registration(guild, &hash).await?;
    tracing::info!(hash, "commands registered");
    Ok(())
}

/// The club's server (`discord.guild_id`). gavel will not start without it: its commands would
/// otherwise be registered globally, offered in every server it is in and in direct messages.
pub fn club_server(config: &crate::config::Config) -> anyhow::Result<u64> {
    config.discord.guild_id.ok_or_else(|| {
        anyhow::anyhow!(
            "discord.guild_id is not set: gavel serves one server, the club's, and will not \
             register its commands anywhere else (right-click the server with developer mode \
             on, Copy Server ID)."
        )
    })
}

/// Runs the bot until SIGTERM or Ctrl-C, then shuts down cleanly.
pub async fn run(app: App, token: &str) -> anyhow::Result<()> {
    // Listen before connecting: a signal that comes while the gateway is still starting must
    // stop gavel cleanly too, not kill it.
    let stop = termination();
    build_client(app, token).await?.run_until(stop).await
}

/// Completes on Ctrl-C (SIGINT) or, on unix, SIGTERM (what a service manager sends). The
/// handlers are installed when this is called, not when the future is first polled.
fn termination() -> impl Future<Output = ()> {
    #[cfg(unix)]
    let term = {
        use tokio::signal::unix::{signal, SignalKind};
        signal(SignalKind::terminate())
            .map_err(|e| tracing::error!(error = ?e, "cannot listen for SIGTERM; Ctrl-C still stops gavel"))
            .ok()
    };
    let interrupt = tokio::signal::ctrl_c();
    async move {
        #[cfg(unix)]
        if let Some(mut term) = term {
            tokio::select! {
                _ = interrupt => {}
                _ = term.recv() => {}
            }
            return;
        }
        let _ = interrupt.await;
    }
}

/// The replier (kept replies to interactions), the poster and the scheduler: each only sleeps
/// and calls its `run_due`-style step, so a restart loses nothing (the work is rows in the
/// database).
fn spawn_background(app: App, http: Arc<serenity::Http>, lifecycle: &Lifecycle) {
    let replier = answer::Replier::new(app.clone(), http.clone());
    let replier_app = app.clone();
    let wake = lifecycle.replies_waker();
    let mut stopping = lifecycle.stopping();
    lifecycle.keep(tokio::spawn(async move {
        while !*stopping.borrow() {
            let stop = stopping.clone();
            let wait = match replier.deliver_due(|| *stop.borrow()).await {
                Ok(next) => until(next, replier_app.now_exact()),
                Err(e) => {
                    tracing::error!(error = ?e, "delivering kept replies failed");
                    TICK
                }
            };
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
                _ = stopping.changed() => {}
            }
        }
    }));
    let keeper = roles::RoleKeeper::new(app.clone(), http.clone());
    let poster = Poster::new(app.clone(), http);
    let poster_app = app.clone();
    let mut stopping = lifecycle.stopping();
    lifecycle.keep(tokio::spawn(async move {
        let wake = poster_app.outbox_waker();
        while !*stopping.borrow() {
            let stop = stopping.clone();
            let mut wait = match poster.deliver_due(|| *stop.borrow()).await {
                Ok(pass) => until(pass.next_retry, poster_app.now_exact()),
                Err(e) => {
                    tracing::error!(error = ?e, "outbox delivery failed");
                    TICK
                }
            };
            // The roles that follow offices go with the posts: both are woken by a commit.
            match keeper.sync_due(|| *stop.borrow()).await {
                Ok(next) => wait = wait.min(until(next, poster_app.now_exact())),
                Err(e) => tracing::error!(error = ?e, "changing roles failed"),
            }
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
                _ = stopping.changed() => {}
            }
        }
    }));
    let mut stopping = lifecycle.stopping();
    lifecycle.keep(tokio::spawn(async move {
        while !*stopping.borrow() {
            if let Err(e) = crate::app::scheduler::run_due(&app, app.now()).await {
                tracing::error!(error = ?e, "scheduler failed");
            }
            tokio::select! {
                () = tokio::time::sleep(TICK) => {}
                _ = stopping.changed() => {}
            }
        }
    }));
}

/// How long the poster may sleep: until the first held-back post is due, at most a tick.
fn until(
    next_retry: Option<chrono::DateTime<chrono::Utc>>,
    now: chrono::DateTime<chrono::Utc>,
) -> Duration {
    next_retry
        .map(|at| (at - now).to_std().unwrap_or(Duration::ZERO))
        .unwrap_or(TICK)
        .min(TICK)
}
