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
pub mod replies;
pub mod revision;
pub mod roles;
pub mod tournament;

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
