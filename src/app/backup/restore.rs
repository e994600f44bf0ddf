//! `gavel restore FILE`: a complete export made the configured database again. The file is read
//! and checked whole first; then, in one transaction on a new or empty database, every row goes
//! back with its rowid, the triggers stand aside (the rows already hold what they did), the
//! foreign keys are checked at the end and the restore is audited. `gavel check` runs after.

use std::fmt;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::SqliteConnection;

use super::error::RestoreError;
use crate::app::{system_actor, App};
use crate::clock::Clock;
use crate::config::Config;
use crate::domain::backup::document::Dump;
use crate::domain::backup::TableInfo;
use crate::domain::kernel::calendar;
use crate::store::{self, audit, backup};

/// A restore done, and what `gavel check` found after it.
#[derive(Debug)]
pub struct Restored {
    pub file: String,
    pub taken_at: String,
    pub gavel_version: String,
    pub tables: usize,
    pub rows: usize,
    /// The file's club zone, when the configuration names another.
    pub other_zone: Option<(String, String)>,
    /// The invariants `gavel check` found broken; empty when the record holds.
    pub problems: Vec<String>,
}

impl fmt::Display for Restored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Restored {} rows in {} tables from {}, taken at {} by gavel {}.",
            self.rows, self.tables, self.file, self.taken_at, self.gavel_version
        )?;
        if let Some((file, config)) = &self.other_zone {
            writeln!(
                f,
                "The file's club kept its days in {file}; this configuration says {config}. \
                 Stored moments are UTC and unchanged, but every club day from now on is read \
                 in {config}: set club.timezone = \"{file}\" unless the club has moved."
            )?;
        }
        if self.problems.is_empty() {
            write!(
                f,
                "`gavel check`: the scores and checkpoints equal a full fold of the history, and \
                 every invariant of the record holds."
            )
        } else {
            writeln!(f, "`gavel check`: the record breaks these invariants:")?;
            let lines: Vec<String> = self.problems.iter().map(|p| format!("- {p}")).collect();
            write!(f, "{}", lines.join("\n"))
        }
    }
}

/// Restores the complete export `text`, read from `file`, into the configured database.
pub async fn restore(
    config: Config,
    clock: Arc<dyn Clock>,
    file: &str,
    text: &str,
) -> Result<Restored, RestoreError> {
    let dump = Dump::parse(text)?;
    let build = backup::build_schema_version();
    if dump.header.schema_version != build {
        return Err(RestoreError::Schema {
            file: dump.header.schema_version,
            build,
            gavel: dump.header.gavel_version.clone(),
        });
    }
    let path = config.database.path.clone();
    if path == store::IN_MEMORY {
        return Err(RestoreError::InMemory);
    }
    let pool = store::open(&path).await.map_err(|e| RestoreError::Open {
        path: path.clone(),
        error: e.to_string(),
    })?;
    // A database at another schema version is not new, and is left as it is.
    let mut conn = pool.acquire().await?;
    let found = backup::schema_version(&mut conn).await.ok().flatten();
    drop(conn);
    if let Some(found) = found.filter(|v| *v != build) {
        return Err(RestoreError::OtherSchema {
            path: full_path(&path),
            found,
            build,
        });
    }
    store::migrate(&pool).await?;
    let now = clock.now();
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let tables = backup::dumped_tables(&mut tx).await?;
    matches_schema(&dump, &tables)?;
    let holding = holding_club_data(&mut tx, &tables).await?;
    if !holding.is_empty() {
        return Err(RestoreError::NotEmpty {
            path: full_path(&path),
            tables: holding.join(", "),
        });
    }
    backup::defer_foreign_keys(&mut tx).await?;
    // The triggers index text and queue role syncs as rows arrive; the file's rows already hold
    // what they did, so they are dropped for the inserts and made again from their own SQL.
    let triggers = backup::triggers(&mut tx).await?;
    backup::drop_triggers(&mut tx, &triggers).await?;
    for table in &dump.tables {
        // What the migrations seeded (the revision counter, the fold's row) gives way to the file.
        backup::clear(&mut tx, &table.name).await?;
        let names = table.cell_names();
        for (i, row) in table.rows.iter().enumerate() {
            backup::insert(&mut tx, &table.name, &names, row)
                .await
                .map_err(|e| RestoreError::Row {
                    table: table.name.clone(),
                    row: i + 1,
                    error: e.to_string(),
                })?;
        }
    }
    backup::recreate_triggers(&mut tx, &triggers).await?;
    if backup::has_sequences(&mut tx).await? {
        backup::set_sequences(&mut tx, &dump.sequences).await?;
    } else if !dump.sequences.is_empty() {
        return Err(RestoreError::Sequences);
    }
    let faults = backup::foreign_key_faults(&mut tx).await?;
    if !faults.is_empty() {
        return Err(RestoreError::ForeignKeys(faults.join("; ")));
    }
    audit_restore(&mut tx, &config, &dump, file, now).await?;
    store::revision::advance(&mut tx).await?;
    tx.commit().await?;
    let taken_at = shown(&dump.header.taken_at, &config);
    let other_zone = (dump.header.timezone != config.club.timezone.name()).then(|| {
        (
            dump.header.timezone.clone(),
            config.club.timezone.name().to_owned(),
        )
    });
    // The record is checked as restored: opening it for the bot would schedule this week's
    // jobs into it, and the file is to come back exactly as it was taken.
    let app = App::reading(pool, config, clock);
    let problems = app.check_record().await?;
    Ok(Restored {
        file: file.to_owned(),
        taken_at,
        gavel_version: dump.header.gavel_version.clone(),
        tables: dump.tables.len(),
        rows: dump.row_count(),
        other_zone,
        problems,
    })
}

/// The file holds exactly the schema's tables, each with the schema's columns.
fn matches_schema(dump: &Dump, tables: &[TableInfo]) -> Result<(), RestoreError> {
    for t in &dump.tables {
        let Some(schema) = tables.iter().find(|s| s.name == t.name) else {
            return Err(RestoreError::UnknownTable(t.name.clone()));
        };
        let columns: Vec<String> = schema.columns.iter().map(|c| c.name.clone()).collect();
        if t.columns != columns || t.rowid != schema.keeps_rowid() {
            let list = |cols: &[String], rowid: bool| {
                let mut all: Vec<String> = cols.iter().map(|c| format!("`{c}`")).collect();
                if rowid {
                    all.insert(0, "the rowid".into());
                }
                all.join(", ")
            };
            return Err(RestoreError::Columns {
                table: t.name.clone(),
                file: list(&t.columns, t.rowid),
                schema: list(&columns, schema.keeps_rowid()),
            });
        }
    }
    match tables
        .iter()
        .find(|s| !dump.tables.iter().any(|t| t.name == s.name))
    {
        Some(missing) => Err(RestoreError::MissingTable(missing.name.clone())),
        None => Ok(()),
    }
}

/// The tables holding rows that the migrations alone would not have written, as "name (N rows)".
async fn holding_club_data(
    conn: &mut SqliteConnection,
    tables: &[TableInfo],
) -> Result<Vec<String>, RestoreError> {
    // A database just migrated, to tell the migrations' own seed rows from a club's.
    let fresh = store::open(store::IN_MEMORY).await?;
    store::migrate(&fresh).await?;
    let mut seed = fresh.acquire().await?;
    let mut out = Vec::new();
    for table in tables {
        let rows = backup::rows(conn, table).await?;
        if !rows.is_empty() && rows != backup::rows(&mut seed, table).await? {
            let s = if rows.len() == 1 { "" } else { "s" };
            out.push(format!("{} ({} row{s})", table.name, rows.len()));
        }
    }
    drop(seed);
    fresh.close().await;
    Ok(out)
}

/// The audit entry: which file, taken when, by which gavel.
async fn audit_restore(
    conn: &mut SqliteConnection,
    config: &Config,
    dump: &Dump,
    file: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    let taken = match DateTime::parse_from_rfc3339(&dump.header.taken_at) {
        Ok(at) => calendar::show(at.with_timezone(&Utc), config.club.timezone),
        Err(_) => dump.header.taken_at.clone(),
    };
    audit::append(
        conn,
        now,
        (&system_actor().name, None),
        "restore",
        &json!({
            "file": file,
            "taken_at": dump.header.taken_at,
            "gavel_version": dump.header.gavel_version,
            "schema_version": dump.header.schema_version,
        }),
        audit::Outcome::Done,
        &format!("restored from {file} taken at {taken}"),
    )
    .await
}

/// The header's moment in club time, as members read dates.
fn shown(taken_at: &str, config: &Config) -> String {
    match DateTime::parse_from_rfc3339(taken_at) {
        Ok(at) => calendar::show_club(at.with_timezone(&Utc), config.club.timezone),
        Err(_) => taken_at.to_owned(),
    }
}

/// The database's path in full, as gavel names it elsewhere.
fn full_path(path: &str) -> String {
    let p = std::path::Path::new(path);
    std::path::absolute(p)
        .unwrap_or_else(|_| p.to_owned())
        .display()
        .to_string()
}
