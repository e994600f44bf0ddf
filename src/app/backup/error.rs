//! Why `gavel restore` refused a file or a database; nothing is restored in any of these cases.

use crate::domain::backup::document::DocumentError;

/// A restore refused, with what to do instead.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("The file cannot be restored: {0}.")]
    Document(#[from] DocumentError),
    #[error(
        "The file was taken from a database at schema version {file} (its last migration), and \
         this gavel's migrations end at {build}. Restore it with the gavel version that wrote it \
         ({gavel}), then upgrade to this one: the upgrade brings the database up to date as it \
         opens it."
    )]
    Schema {
        file: i64,
        build: i64,
        gavel: String,
    },
    #[error(
        "The database at {path} already holds a club's data, in these tables: {tables}. A \
         restore goes only into a new or empty database: set database.path to a file that does \
         not exist yet (or move this one aside), then restore again."
    )]
    NotEmpty { path: String, tables: String },
    #[error(
        "database.path is `:memory:`, a database that is gone when gavel exits: name the file \
         to restore into, then restore again."
    )]
    InMemory,
    #[error(
        "The database at {path} is at schema version {found}, not this gavel's {build}, so it is \
         not new. A restore goes only into a new or empty database: set database.path to a file \
         that does not exist yet, then restore again."
    )]
    OtherSchema {
        path: String,
        found: i64,
        build: i64,
    },
    #[error(
        "The file cannot be restored: it has a table `{0}`, which this gavel's schema does not \
         have."
    )]
    UnknownTable(String),
    #[error("The file cannot be restored: it has no table `{0}`, which this gavel's schema has.")]
    MissingTable(String),
    #[error(
        "The file cannot be restored: table `{table}` has the columns {file}, and this gavel's \
         schema has {schema}."
    )]
    Columns {
        table: String,
        file: String,
        schema: String,
    },
    #[error(
        "The file cannot be restored: it has AUTOINCREMENT counters, and no table of this \
         gavel's schema uses AUTOINCREMENT."
    )]
    Sequences,
    #[error(
        "The file cannot be restored: table `{table}`, row {row}: {error}. Nothing was restored."
    )]
    Row {
        table: String,
        row: usize,
        error: String,
    },
    #[error(
        "The file cannot be restored: its rows do not hold together: {0}. Nothing was restored."
    )]
    ForeignKeys(String),
    #[error("cannot open the database at `{path}` (database.path): {error}")]
    Open { path: String, error: String },
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}
