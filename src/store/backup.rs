//! Every table read and written generically, for the complete export and `gavel restore`: the
//! schema's tables and columns, rows with their storage classes, the triggers, the
//! AUTOINCREMENT counters, the schema version and the foreign keys' check.

use std::collections::BTreeMap;

use sqlx::{Row, SqliteConnection};

use crate::domain::backup::tables::{self, quote};
use crate::domain::backup::{Cell, Column, TableInfo, TableKind};

/// Every table of the schema (`PRAGMA table_list`), with its columns.
pub async fn schema_tables(conn: &mut SqliteConnection) -> sqlx::Result<Vec<TableInfo>> {
    let listed = sqlx::query("SELECT name, type, wr FROM pragma_table_list WHERE schema = 'main'")
        .fetch_all(&mut *conn)
        .await?;
    let mut out = Vec::new();
    for row in listed {
        let name: String = row.get(0);
        let kind: String = row.get(1);
        let Some(kind) = TableKind::parse(&kind) else {
            continue;
        };
        let columns = sqlx::query("SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid")
            .bind(&name)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|c| Column {
                name: c.get(0),
                declared_type: c.get(1),
                pk: c.get(2),
            })
            .collect();
        out.push(TableInfo {
            name,
            kind,
            without_rowid: row.get::<i64, _>(2) != 0,
            columns,
        });
    }
    Ok(out)
}

/// The tables the complete export holds, in its order.
pub async fn dumped_tables(conn: &mut SqliteConnection) -> sqlx::Result<Vec<TableInfo>> {
    Ok(tables::dumped(schema_tables(conn).await?))
}

/// A table's rows in the export's order, each cell as SQLite stores it (`rowid` first when the
/// table keeps it).
pub async fn rows(conn: &mut SqliteConnection, table: &TableInfo) -> sqlx::Result<Vec<Vec<Cell>>> {
    let names = table.cell_names();
    // Each value beside its storage class, so nothing is converted on the way out.
    let select = names
        .iter()
        .map(|n| {
            let q = if n == "rowid" && table.keeps_rowid() {
                "rowid".to_owned()
            } else {
                quote(n)
            };
            format!("typeof({q}), {q}")
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {select} FROM {} ORDER BY {}",
        quote(&table.name),
        table.order_by()
    );
    let mut out = Vec::new();
    for row in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let mut cells = Vec::with_capacity(names.len());
        for i in 0..names.len() {
            let class: String = row.try_get(2 * i)?;
            let at = 2 * i + 1;
            cells.push(match class.as_str() {
                "integer" => Cell::Integer(row.try_get(at)?),
                "real" => Cell::Real(row.try_get(at)?),
                "text" => Cell::Text(row.try_get(at)?),
                "blob" => Cell::Blob(row.try_get(at)?),
                _ => Cell::Null,
            });
        }
        out.push(cells);
    }
    Ok(out)
}

/// Inserts one row; `names` are the row's cells' names (`rowid` first when it is kept).
pub async fn insert(
    conn: &mut SqliteConnection,
    table: &str,
    names: &[String],
    cells: &[Cell],
) -> sqlx::Result<()> {
    let columns = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if i == 0 && n == "rowid" {
                n.clone()
            } else {
                quote(n)
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    let marks = vec!["?"; names.len()].join(", ");
    let sql = format!("INSERT INTO {} ({columns}) VALUES ({marks})", quote(table));
    let mut query = sqlx::query(&sql);
    for cell in cells {
        query = match cell {
            Cell::Null => query.bind(None::<i64>),
            Cell::Integer(i) => query.bind(*i),
            Cell::Real(r) => query.bind(*r),
            Cell::Text(t) => query.bind(t.as_str()),
            Cell::Blob(b) => query.bind(b.as_slice()),
        };
    }
    query.execute(conn).await?;
    Ok(())
}

/// Empties a table (what the migrations seeded), inside the caller's transaction.
pub async fn clear(conn: &mut SqliteConnection, table: &str) -> sqlx::Result<()> {
    sqlx::query(&format!("DELETE FROM {}", quote(table)))
        .execute(conn)
        .await?;
    Ok(())
}

/// The schema's triggers, name and SQL, in the order they were made.
pub async fn triggers(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid")
        .fetch_all(conn)
        .await
}

/// Drops the triggers, inside the caller's transaction (`recreate_triggers` puts them back).
pub async fn drop_triggers(
    conn: &mut SqliteConnection,
    triggers: &[(String, String)],
) -> sqlx::Result<()> {
    for (name, _) in triggers {
        sqlx::query(&format!("DROP TRIGGER {}", quote(name)))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Makes the triggers again from their own SQL.
pub async fn recreate_triggers(
    conn: &mut SqliteConnection,
    triggers: &[(String, String)],
) -> sqlx::Result<()> {
    for (_, sql) in triggers {
        sqlx::query(sql).execute(&mut *conn).await?;
    }
    Ok(())
}

/// `sqlite_sequence`, where AUTOINCREMENT ids continue (empty when no table uses it).
pub async fn sequences(conn: &mut SqliteConnection) -> sqlx::Result<BTreeMap<String, i64>> {
    if !has_sequences(conn).await? {
        return Ok(BTreeMap::new());
    }
    let rows: Vec<(String, i64)> = sqlx::query_as("SELECT name, seq FROM sqlite_sequence")
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Whether the schema has `sqlite_sequence` (some table uses AUTOINCREMENT).
pub async fn has_sequences(conn: &mut SqliteConnection) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'",
    )
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

/// Sets `sqlite_sequence` to these counters, inside the caller's transaction.
pub async fn set_sequences(
    conn: &mut SqliteConnection,
    sequences: &BTreeMap<String, i64>,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sqlite_sequence")
        .execute(&mut *conn)
        .await?;
    for (name, seq) in sequences {
        sqlx::query("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)")
            .bind(name)
            .bind(seq)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The last migration applied to the database, if any.
pub async fn schema_version(conn: &mut SqliteConnection) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
        .fetch_one(conn)
        .await
}

/// The last migration this build carries.
pub fn build_schema_version() -> i64 {
    super::MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// Foreign keys defers to the end of the caller's transaction (reset when it ends).
pub async fn defer_foreign_keys(conn: &mut SqliteConnection) -> sqlx::Result<()> {
    sqlx::query("PRAGMA defer_foreign_keys = ON")
        .execute(conn)
        .await?;
    Ok(())
}

/// Every row whose foreign key finds no parent, as "table row N refers to a missing parent".
pub async fn foreign_key_faults(conn: &mut SqliteConnection) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")
        .fetch_all(conn)
        .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let table: String = r.get(0);
            let rowid: Option<i64> = r.get(1);
            let parent: String = r.get(2);
            match rowid {
                Some(id) => {
                    format!("`{table}` rowid {id} refers to a row of `{parent}` that is not there")
                }
                None => {
                    format!("a row of `{table}` refers to a row of `{parent}` that is not there")
                }
            }
        })
        .collect())
}
