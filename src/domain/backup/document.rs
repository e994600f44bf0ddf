//! The complete export as a document: its header, the `sqlite_sequence` counters and every
//! table's rows; written one row a line in a stable order, and read back with each fault named
//! by table, row and column.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::cell::{Cell, CellError};

/// What the header's `format` says, so a public export is never mistaken for a complete one.
pub const FORMAT: &str = "gavel complete export";
/// The version of this layout; a reader refuses one it does not know.
pub const FORMAT_VERSION: u32 = 1;

/// Where and when the export was taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub format: String,
    pub format_version: u32,
    /// The gavel that wrote it.
    pub gavel_version: String,
    /// The last migration applied to the database it was taken from.
    pub schema_version: i64,
    pub club: String,
    /// The club's zone: every stored moment is UTC, every club day is read in this zone.
    pub timezone: String,
    /// RFC 3339 in UTC, from the club's clock.
    pub taken_at: String,
}

/// One table's rows.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDump {
    pub name: String,
    /// The table's columns, in the order of each row's cells.
    pub columns: Vec<String>,
    /// Each row begins with its rowid (a table whose rowid is not one of its columns).
    pub rowid: bool,
    pub rows: Vec<Vec<Cell>>,
}

/// The whole complete export.
#[derive(Debug, Clone, PartialEq)]
pub struct Dump {
    pub header: Header,
    /// `sqlite_sequence`: where each AUTOINCREMENT table's ids continue.
    pub sequences: BTreeMap<String, i64>,
    /// By name.
    pub tables: Vec<TableDump>,
}

/// Why a file cannot be read as a complete export.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    #[error("the file is not JSON: {0}")]
    Json(String),
    #[error(
        "the file is not a complete export (its header does not say \"{FORMAT}\"); `gavel export` \
         alone writes the public record, which cannot be restored: take one with \
         `gavel export --complete`"
    )]
    NotComplete,
    #[error(
        "the file is a complete export of format version {0}, and this gavel reads version \
         {FORMAT_VERSION}: restore it with the gavel version that wrote it"
    )]
    FormatVersion(u32),
    #[error("the file is not laid out as a complete export: {0}")]
    Layout(String),
    #[error("table `{table}`, row {row}: {found} cells where its columns need {expected}")]
    RowLength {
        table: String,
        row: usize,
        found: usize,
        expected: usize,
    },
    #[error("table `{table}`, row {row}, column `{column}`: {error}")]
    Cell {
        table: String,
        row: usize,
        column: String,
        error: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDump {
    header: Header,
    sequences: BTreeMap<String, i64>,
    tables: BTreeMap<String, RawTable>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    columns: Vec<String>,
    rowid: bool,
    rows: Vec<Vec<Value>>,
}

impl TableDump {
    /// The name of each cell of a row: `rowid` first when rows carry it.
    pub fn cell_names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.columns.len() + 1);
        if self.rowid {
            names.push("rowid".to_owned());
        }
        names.extend(self.columns.iter().cloned());
        names
    }
}

impl Dump {
    /// The document as text: the header, then each table with one row a line, so two exports
    /// of the same record are equal byte for byte and a `diff` of two shows rows.
    pub fn render(&self) -> String {
        let json = |v: &dyn erased::Json| v.json();
        let mut out = String::new();
        out.push_str("{\n  \"header\": ");
        let header = serde_json::to_string_pretty(&self.header).expect("a header is JSON");
        out.push_str(&header.replace('\n', "\n  "));
        let _ = write!(
            out,
            ",\n  \"sequences\": {},\n  \"tables\": {{",
            json(&self.sequences)
        );
        for (i, table) in self.tables.iter().enumerate() {
            let _ = write!(
                out,
                "{}\n    {}: {{\n      \"columns\": {},\n      \"rowid\": {},\n      \"rows\": [",
                if i == 0 { "" } else { "," },
                json(&table.name),
                json(&table.columns),
                table.rowid
            );
            for (j, row) in table.rows.iter().enumerate() {
                let cells: Vec<Value> = row.iter().map(Cell::to_json).collect();
                let _ = write!(
                    out,
                    "{}\n        {}",
                    if j == 0 { "" } else { "," },
                    json(&cells)
                );
            }
            out.push_str(if table.rows.is_empty() {
                "]\n    }"
            } else {
                "\n      ]\n    }"
            });
        }
        out.push_str(if self.tables.is_empty() {
            "}\n}\n"
        } else {
            "\n  }\n}\n"
        });
        out
    }

    /// Reads a complete export, checking every row's length and every cell.
    pub fn parse(text: &str) -> Result<Dump, DocumentError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| DocumentError::Json(e.to_string()))?;
        match value.pointer("/header/format") {
            Some(Value::String(f)) if f == FORMAT => {}
            _ => return Err(DocumentError::NotComplete),
        }
        if let Some(v) = value
            .pointer("/header/format_version")
            .and_then(Value::as_u64)
        {
            if v != u64::from(FORMAT_VERSION) {
                return Err(DocumentError::FormatVersion(
                    u32::try_from(v).unwrap_or(u32::MAX),
                ));
            }
        }
        let raw: RawDump =
            serde_json::from_value(value).map_err(|e| DocumentError::Layout(e.to_string()))?;
        let mut tables = Vec::with_capacity(raw.tables.len());
        for (name, t) in raw.tables {
            let mut table = TableDump {
                name,
                columns: t.columns,
                rowid: t.rowid,
                rows: Vec::with_capacity(t.rows.len()),
            };
            let names = table.cell_names();
            for (i, row) in t.rows.iter().enumerate() {
                if row.len() != names.len() {
                    return Err(DocumentError::RowLength {
                        table: table.name.clone(),
                        row: i + 1,
                        found: row.len(),
                        expected: names.len(),
                    });
                }
                let mut cells = Vec::with_capacity(row.len());
                for (value, column) in row.iter().zip(&names) {
                    let fault = |error: String| DocumentError::Cell {
                        table: table.name.clone(),
                        row: i + 1,
                        column: column.clone(),
                        error,
                    };
                    let cell =
                        Cell::from_json(value).map_err(|e: CellError| fault(e.to_string()))?;
                    if table.rowid && cells.is_empty() && !matches!(cell, Cell::Integer(_)) {
                        return Err(fault("a rowid must be an integer".into()));
                    }
                    cells.push(cell);
                }
                table.rows.push(cells);
            }
            tables.push(table);
        }
        Ok(Dump {
            header: raw.header,
            sequences: raw.sequences,
            tables,
        })
    }

    /// How many rows the document holds.
    pub fn row_count(&self) -> usize {
        self.tables.iter().map(|t| t.rows.len()).sum()
    }
}

/// Anything `serde_json` writes on one line.
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).expect("serialisable")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            format: FORMAT.into(),
            format_version: FORMAT_VERSION,
            gavel_version: "0.1.0".into(),
            schema_version: 70,
            club: "Club".into(),
            timezone: "Europe/London".into(),
            taken_at: "2026-11-27T12:30:00+00:00".into(),
        }
    }

    fn dump() -> Dump {
        Dump {
            header: header(),
            sequences: BTreeMap::from([("things".to_owned(), 3)]),
            tables: vec![
                TableDump {
                    name: "empty".into(),
                    columns: vec!["a".into()],
                    rowid: false,
                    rows: vec![],
                },
                TableDump {
                    name: "pairs".into(),
                    columns: vec!["a".into(), "b".into()],
                    rowid: true,
                    rows: vec![
                        vec![Cell::Integer(1), Cell::Text("x".into()), Cell::Null],
                        vec![Cell::Integer(4), Cell::Real(1.5), Cell::Blob(vec![1, 2])],
                    ],
                },
            ],
        }
    }

    #[test]
    fn a_rendered_export_reads_back_the_same_and_renders_the_same_bytes() {
        let text = dump().render();
        let back = Dump::parse(&text).unwrap();
        assert_eq!(back, dump());
        assert_eq!(back.render(), text);
        assert!(
            text.contains("\n        [4,1.5,{\"blob\":\"AQI=\"}]\n"),
            "{text}"
        );
    }

    #[test]
    fn a_public_export_is_not_taken_for_a_complete_one() {
        let public = r#"{"club": "Club", "members": []}"#;
        assert_eq!(Dump::parse(public), Err(DocumentError::NotComplete));
    }

    #[test]
    fn a_cell_of_the_wrong_shape_is_named_by_table_row_and_column() {
        let text = dump().render().replace("[4,1.5,", "[4,true,");
        let err = Dump::parse(&text).unwrap_err().to_string();
        assert_eq!(
            err,
            "table `pairs`, row 2, column `a`: a value that is not null, a number, a string, {\"blob\": ...} or {\"real\": ...}"
        );
    }

    #[test]
    fn a_short_row_and_a_rowid_that_is_not_an_integer_are_refused() {
        let short = dump().render().replace("[4,1.5,", "[1.5,");
        assert!(matches!(
            Dump::parse(&short),
            Err(DocumentError::RowLength {
                row: 2,
                found: 2,
                expected: 3,
                ..
            })
        ));
        let text_rowid = dump().render().replace("[1,\"x\"", "[\"1\",\"x\"");
        assert!(Dump::parse(&text_rowid)
            .unwrap_err()
            .to_string()
            .contains("column `rowid`: a rowid must be an integer"));
    }

    #[test]
    fn an_unknown_format_version_and_a_broken_file_are_refused() {
        let later = dump()
            .render()
            .replace("\"format_version\": 1", "\"format_version\": 2");
        assert_eq!(Dump::parse(&later), Err(DocumentError::FormatVersion(2)));
        let cut = &dump().render()[..100];
        assert!(matches!(Dump::parse(cut), Err(DocumentError::Json(_))));
    }
}
