//! Use cases: each checks authority, applies a rule, writes the change, its audit entry and its
//! announcements in one transaction, and returns an outcome for an adapter to render.

pub mod backup;
pub mod check;
pub mod choices;
pub mod committee;
pub mod court;
pub mod diplomacy;
pub mod export;
pub mod leaderboard;
pub mod menus;
pub mod moderation;
pub mod modlog;
pub mod nomic;
pub mod notify;
pub mod offices;
pub mod partychess;
mod person;
pub mod registration;
pub mod roles;
pub mod scheduler;
pub mod status;
pub mod tournament;

use std::fmt::Display;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sqlx::{Sqlite, SqliteConnection, SqlitePool, Transaction};
use tracing::Instrument;

use crate::clock::Clock;
use crate::config::Config;
use crate::domain::kernel::office::{Office, Offices};
use crate::store::{self, audit};

pub use person::PersonRef;

/// The running club: its database, its configuration and its clock.
#[derive(Clone, Debug)]
pub struct App {
    pool: SqlitePool,
    config: Arc<Config>,
    clock: Arc<dyn Clock>,
    /// Wakes the outbox poster when a transaction commits, so a post goes out at once.
    outbox_waker: Arc<tokio::sync::Notify>,
}

/// Errors of a use case: a refusal the member caused, or a failure of ours.
pub trait UseCaseError: std::error::Error + From<sqlx::Error> + Send + Sync + 'static {
    /// True for failures that are not the member's doing (the database, a bug).
    fn is_internal(&self) -> bool;
}

/// What the audit log records of a command: its name and its arguments.
#[derive(Debug, Clone)]
pub struct Command {
    pub name: &'static str,
    pub args: serde_json::Value,
}

impl Command {
    pub fn new(name: &'static str, args: serde_json::Value) -> Self {
        Self { name, args }
    }
}

/// One invocation of a use case: who asked, through which command, with which options. The
/// command table builds it from a command's declaration, so the audit log names every command
/// as members type it.
#[derive(Debug, Clone)]
pub struct Call {
    pub caller: PersonRef,
    pub command: Command,
}

impl Call {
    pub fn new(caller: PersonRef, command: &'static str, args: serde_json::Value) -> Self {
        Self {
            caller,
            command: Command::new(command, args),
        }
    }
}

/// The name the scheduler and the config bootstrap use in the audit log.
pub fn system_actor() -> PersonRef {
    PersonRef::console("gavel")
}

impl App {
    /// Opens the configured database, runs migrations and applies the bootstrap from config.
    pub async fn open(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        let pool = store::open(&config.database.path).await.map_err(|e| {
            anyhow::anyhow!(
                "cannot open the database at `{}` (database.path): {e}",
                config.database.path
            )
        })?;
        Self::with_pool(pool, config, clock).await
    }

    /// Opens the configured database to read it only (`store::open_to_read`): no migration,
    /// no bootstrap, no job scheduled. The reading commands (`gavel export`, `check`,
    /// `status`) use it, so a look at the record leaves it exactly as it was.
    pub async fn open_to_read(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        let pool = store::open_to_read(&config.database.path).await?;
        Ok(Self::reading(pool, config, clock))
    }

    /// The app on `pool` as it stands: nothing migrated, bootstrapped or scheduled (a restore
    /// checks the record it wrote this way, so the record stays exactly the file's).
    pub(crate) fn reading(pool: SqlitePool, config: Config, clock: Arc<dyn Clock>) -> Self {
        Self {
            pool,
            config: Arc::new(config),
            clock,
            outbox_waker: Arc::default(),
        }
    }

    /// Like `open`, on a pool the caller made.
    pub async fn with_pool(
        pool: SqlitePool,
        config: Config,
        clock: Arc<dyn Clock>,
    ) -> anyhow::Result<Self> {
        store::migrate(&pool).await?;
        let app = Self {
            pool,
            config: Arc::new(config),
            clock,
            outbox_waker: Arc::default(),
        };
        app.leaderboard().adopt_score_rules().await?;
        app.bootstrap().await?;
        Ok(app)
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Now to the millisecond (`Clock::now_exact`): for the poster's waits under a second.
    pub fn now_exact(&self) -> DateTime<Utc> {
        self.clock.now_exact()
    }

    pub fn tz(&self) -> Tz {
        self.config.club.timezone
    }

    /// What the outbox poster awaits; notified after each commit that may have enqueued posts.
    pub fn outbox_waker(&self) -> Arc<tokio::sync::Notify> {
        self.outbox_waker.clone()
    }

    /// Seats the Chief Justice named in config, and schedules the recurring jobs.
    async fn bootstrap(&self) -> anyhow::Result<()> {
        let now = self.now();
        let mut tx = self.begin().await?;
        let cj = PersonRef::configured(
            &self.config.chief_justice.name,
            self.config.chief_justice.discord_id,
        );
        if let Some(id) = cj.discord_id {
            // The configuration is trusted to say which Discord user the named CJ is.
            let taken = cj.find(&mut tx).await?.is_some();
            if !taken {
                store::people::link_discord_id(&mut tx, &cj.name, id).await?;
            }
        }
        let person = cj.resolve(&mut tx, now).await?;
        let holders = store::offices::holders(&mut tx).await?;
        let mut seated = false;
        for (office, id, _, _) in holders {
            if office == Office::ChiefJustice {
                if id == person.id {
                    seated = true;
                } else {
                    store::offices::dismiss(&mut tx, id, Office::ChiefJustice, now).await?;
                }
            }
        }
        if !seated {
            store::offices::appoint(&mut tx, person.id, Office::ChiefJustice, None, now).await?;
            audit::append(
                &mut tx,
                now,
                (&system_actor().name, None),
                "bootstrap chief justice",
                &serde_json::json!({ "name": person.name }),
                audit::Outcome::Done,
                &format!("{} holds the office of Chief Justice (config)", person.name),
            )
            .await?;
        }
        self.ensure_recurring(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Starts a writing transaction. `BEGIN IMMEDIATE` takes SQLite's write lock at the start,
    /// so a second process waits its turn (busy timeout) instead of failing when a transaction
    /// that read first tries to write after the other process has written.
    ///
    /// Every write transaction advances the record's revision here, in the transaction itself:
    /// it counts only if the transaction commits, and a reader (the portal) sees the change and
    /// the new revision together.
    pub async fn begin(&self) -> sqlx::Result<Transaction<'static, Sqlite>> {
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        store::revision::advance(&mut tx).await?;
        Ok(tx)
    }

    /// The routine every use case shares: one write transaction, the caller resolved with the
    /// offices they hold, a tracing span, then `body` (the use case's own rule) and `conclude`.
    /// A refusal changes nothing and is audited alone.
    pub(crate) async fn execute<T, E>(
        &self,
        call: &Call,
        body: impl AsyncFnOnce(&mut SqliteConnection, &Actor) -> Result<T, E>,
    ) -> Result<T, E>
    where
        T: Display,
        E: UseCaseError,
    {
        let span = tracing::info_span!(
            "use_case",
            command = call.command.name,
            caller = %call.caller.name
        );
        async {
            let mut tx = self.begin().await?;
            let result = match self.actor(&mut tx, &call.caller).await {
                Ok(actor) => body(&mut tx, &actor).await,
                Err(error) => Err(E::from(error)),
            };
            self.conclude(tx, &call.caller, call.command.clone(), result)
                .await
        }
        .instrument(span)
        .await
    }

    /// Ends a use case: on success the audit entry joins the transaction and it commits; on a
    /// refusal or failure the transaction rolls back and the audit entry is written alone.
    pub(crate) async fn conclude<T: Display, E: UseCaseError>(
        &self,
        tx: Transaction<'static, Sqlite>,
        caller: &PersonRef,
        command: Command,
        result: Result<T, E>,
    ) -> Result<T, E> {
        self.concluded(tx, (caller, command), result, None).await
    }

    /// As `conclude`, with `said` in the audit log in place of a reply that is not public.
    pub(crate) async fn conclude_saying<T: Display, E: UseCaseError>(
        &self,
        tx: Transaction<'static, Sqlite>,
        caller: &PersonRef,
        command: Command,
        result: Result<T, E>,
        said: &str,
    ) -> Result<T, E> {
        self.concluded(tx, (caller, command), result, Some(said))
            .await
    }

    async fn concluded<T: Display, E: UseCaseError>(
        &self,
        mut tx: Transaction<'static, Sqlite>,
        (caller, command): (&PersonRef, Command),
        result: Result<T, E>,
        said: Option<&str>,
    ) -> Result<T, E> {
        let now = self.now();
        match result {
            Ok(value) => {
                audit::append(
                    &mut tx,
                    now,
                    (&caller.name, caller.discord_id),
                    command.name,
                    &command.args,
                    audit::Outcome::Done,
                    &said.map_or_else(|| value.to_string(), str::to_owned),
                )
                .await?;
                tx.commit().await?;
                self.outbox_waker.notify_one();
                Ok(value)
            }
            Err(error) => {
                tx.rollback().await?;
                let outcome = if error.is_internal() {
                    tracing::error!(command = command.name, error = ?error, "use case failed");
                    audit::Outcome::Failed
                } else {
                    audit::Outcome::Refused
                };
                let mut conn = self.pool.acquire().await?;
                audit::append(
                    &mut conn,
                    now,
                    (&caller.name, caller.discord_id),
                    command.name,
                    &command.args,
                    outcome,
                    &error.to_string(),
                )
                .await?;
                Err(error)
            }
        }
    }

    /// A use case's own checks alone, run before a form asks for its text (Discord): `body`
    /// decides whether the caller may go on. Nothing changes either way; a refusal is audited as
    /// the command's refusal would be, a yes is not (the submitted command is).
    pub(crate) async fn check_before_form<E: UseCaseError>(
        &self,
        call: &Call,
        body: impl AsyncFnOnce(&mut SqliteConnection, &Actor) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut tx = self.begin().await?;
        let result = match self.actor(&mut tx, &call.caller).await {
            Ok(actor) => body(&mut tx, &actor).await,
            Err(error) => Err(E::from(error)),
        };
        match result {
            Ok(()) => Ok(tx.rollback().await?),
            Err(refusal) => self
                .conclude::<&str, E>(tx, &call.caller, call.command.clone(), Err(refusal))
                .await
                .map(drop),
        }
    }

    /// Appends an announcement to the outbox for #discussion, inside the caller's transaction.
    pub(crate) async fn announce(
        &self,
        conn: &mut SqliteConnection,
        text: &str,
    ) -> sqlx::Result<()> {
        store::outbox::enqueue(conn, store::outbox::DISCUSSION, text, self.now()).await?;
        Ok(())
    }
}

/// The caller, resolved, with the offices they hold.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: i64,
    pub name: String,
    pub offices: Offices,
}

impl App {
    /// Resolves the person who typed a command (creating them on first sight) and their offices.
    pub(crate) async fn actor(
        &self,
        conn: &mut SqliteConnection,
        who: &PersonRef,
    ) -> sqlx::Result<Actor> {
        let person = who.resolve(conn, self.now()).await?;
        let offices = store::offices::offices_of(conn, person.id).await?;
        Ok(Actor {
            id: person.id,
            name: person.name,
            offices,
        })
    }
}

impl App {
    /// Records that an outbox entry reached its channel. A declaration of a moderation action
    /// is "made" at this moment (Terms §III Act 2.4), so its action is marked declared here too.
    pub async fn delivered(&self, outbox_id: i64, message_id: Option<i64>) -> sqlx::Result<()> {
        let now = self.now();
        let mut tx = self.begin().await?;
        store::outbox::mark_sent(&mut tx, outbox_id, message_id, now).await?;
        store::moderation::actions::mark_declared(&mut tx, outbox_id, now).await?;
        tx.commit().await
    }
}
