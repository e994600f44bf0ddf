//! `gavel export --complete`: every table of the database, its rows with their storage classes,
//! read in one transaction so the file is the record at one moment. It reads and never writes,
//! so taking it changes nothing, not even the record's revision.

use sqlx::SqliteConnection;

use crate::clock::Clock;
use crate::config::Config;
use crate::domain::backup::{Dump, Header, TableDump, FORMAT, FORMAT_VERSION};
use crate::store::{self, backup};

/// The complete export of the configured database, as text.
pub async fn complete_export(config: &Config, clock: &dyn Clock) -> anyhow::Result<String> {
    // An export never makes, migrates or changes the database it was to read.
    let pool = store::open_to_read(&config.database.path).await?;
    let mut tx = pool.begin().await?;
    let Some(schema_version) = backup::schema_version(&mut tx).await.ok().flatten() else {
        anyhow::bail!(
            "the database at `{}` has no migrations applied, so it holds no club: there is \
             nothing to export",
            config.database.path
        );
    };
    let header = Header {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        gavel_version: env!("CARGO_PKG_VERSION").into(),
        schema_version,
        club: config.club.name.clone(),
        timezone: config.club.timezone.name().into(),
        taken_at: clock.now().to_rfc3339(),
    };
    let dump = dump(&mut tx, header).await?;
    tx.rollback().await?;
    pool.close().await;
    Ok(dump.render())
}

/// Every dumped table's rows, and the AUTOINCREMENT counters.
async fn dump(conn: &mut SqliteConnection, header: Header) -> sqlx::Result<Dump> {
    let mut tables = Vec::new();
    for table in backup::dumped_tables(conn).await? {
        tables.push(TableDump {
            name: table.name.clone(),
            columns: table.columns.iter().map(|c| c.name.clone()).collect(),
            rowid: table.keeps_rowid(),
            rows: backup::rows(conn, &table).await?,
        });
    }
    Ok(Dump {
        header,
        sequences: backup::sequences(conn).await?,
        tables,
    })
}
