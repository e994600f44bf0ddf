//! SQLite storage: opening the database, migrations, and one module of queries per aggregate.
//!
//! Queries take `&mut SqliteConnection`, so a use case runs several of them in one transaction.

pub mod audit;
pub mod backup;
pub mod choices;
pub mod committee;
pub mod court;
pub mod diplomacy;
pub mod discord;
pub mod jobs;
pub mod keys;
pub mod leaderboard;
pub mod moderation;
pub mod nomic;
pub mod notify;
pub mod offices;
pub mod outbox;
pub mod partychess;
pub mod people;
pub mod privacy;
pub mod replies;
pub mod revision;
pub mod roles;
pub mod tournament;
pub mod written;

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

/// The migrations, embedded in the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The path that means "a database in memory, gone when the process ends".
pub const IN_MEMORY: &str = ":memory:";

/// Opens (creating if missing) the database at `path`, with WAL and foreign keys on.
///
/// WAL plus a busy timeout lets a second gavel process (`gavel export` beside `gavel run`)
/// read and write the same file safely: SQLite serialises the writers.
pub async fn open(path: &str) -> Result<SqlitePool, sqlx::Error> {
    let in_memory = path == IN_MEMORY;
    let options = if in_memory {
        SqliteConnectOptions::from_str("sqlite::memory:")?
    } else {
        SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
    }
    .foreign_keys(true)
    .busy_timeout(Duration::from_secs(10));
    // Every connection to ":memory:" is a database of its own, so keep exactly one.
    let max = if in_memory { 1 } else { 4 };
    SqlitePoolOptions::new()
        .max_connections(max)
        .min_connections(if in_memory { 1 } else { 0 })
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(options)
        .await
}

/// Opens the database at `path` to read it and nothing else: the commands that only read
/// (`gavel export`, `check`, `status`, `portal`) open it this way, so they cannot schedule,
/// migrate or record anything even by mistake (SQLite refuses the write).
///
/// Refused, with what to do, when there is no database at `path` (a mistyped path is not a new
/// club), when it is in memory (a new, empty one), and when this build has migrations the
/// database has not had: reading commands do not migrate in silence.
pub async fn open_to_read(path: &str) -> anyhow::Result<SqlitePool> {
    if path == IN_MEMORY {
        anyhow::bail!(
            "database.path is {IN_MEMORY}: a database in memory is new and empty, so there is \
             nothing to read"
        );
    }
    if !std::path::Path::new(path).exists() {
        anyhow::bail!(
            "there is no database at `{path}` (database.path): `gavel migrate` or `gavel run` \
             makes it, and a command that only reads never does"
        );
    }
    let options = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .busy_timeout(Duration::from_secs(10))
        .pragma("query_only", "true");
    let pool = SqlitePoolOptions::new()
        .max_connections(4)
        .min_connections(0)
        .connect_with(options)
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the database at `{path}` to read it: {e}"))?;
    let mut conn = pool.acquire().await?;
    let at = backup::schema_version(&mut conn).await.ok().flatten();
    drop(conn);
    let built = backup::build_schema_version();
    match at {
        Some(at) if at == built => Ok(pool),
        Some(at) if at > built => anyhow::bail!(
            "the database at `{path}` has migration {at}, newer than this gavel knows \
             (it stops at {built}): use the gavel version that wrote it"
        ),
        at => anyhow::bail!(
            "the database at `{path}` is at migration {} and this gavel expects {built}: run \
             `gavel migrate` first (a command that only reads changes nothing, migrations \
             included)",
            at.map_or_else(|| "none".to_owned(), |v| v.to_string())
        ),
    }
}

/// Runs the embedded migrations that have not run yet.
pub async fn migrate(pool: &SqlitePool) -> Result<(), sqlx::migrate::MigrateError> {
    MIGRATOR.run(pool).await
}

/// The one place Discord snowflakes become database integers. Snowflakes fit in 63 bits.
pub fn snowflake_to_db(id: u64) -> i64 {
    i64::try_from(id).expect("Discord snowflakes fit in 63 bits")
}

/// The one place database integers become Discord snowflakes.
pub fn snowflake_from_db(id: i64) -> u64 {
    u64::try_from(id).expect("stored snowflakes are positive")
}
