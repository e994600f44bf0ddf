//! Which tables the complete export holds and in what order: every table of the schema save
//! SQLite's own (`sqlite_*`), the migrations' ledger and the shadow tables behind a virtual
//! table (the virtual table is dumped instead), by name; the rows of each by rowid, or by primary
//! key where a table has no rowid. A table a migration adds is dumped with no code to change.

/// What kind of table SQLite says it is (`PRAGMA table_list`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableKind {
    Table,
    /// A virtual table (the portal's full-text search): dumped through its declared columns.
    Virtual,
    /// The storage behind a virtual table, rebuilt when the virtual table's rows are inserted.
    Shadow,
    View,
}

impl TableKind {
    /// Reads SQLite's name for the kind.
    pub fn parse(kind: &str) -> Option<TableKind> {
        match kind {
            "table" => Some(TableKind::Table),
            "virtual" => Some(TableKind::Virtual),
            "shadow" => Some(TableKind::Shadow),
            "view" => Some(TableKind::View),
            _ => None,
        }
    }
}

/// A column as `PRAGMA table_info` gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub declared_type: String,
    /// Its place in the primary key, from 1; 0 when it is not part of it.
    pub pk: i64,
}

/// A table of the schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableInfo {
    pub name: String,
    pub kind: TableKind,
    pub without_rowid: bool,
    pub columns: Vec<Column>,
}

/// The ledger sqlx keeps of the migrations: recorded as the header's schema version instead.
pub const MIGRATIONS_TABLE: &str = "_sqlx_migrations";

impl TableInfo {
    /// Whether the complete export holds this table's rows.
    pub fn is_dumped(&self) -> bool {
        matches!(self.kind, TableKind::Table | TableKind::Virtual)
            && !self.name.starts_with("sqlite_")
            && self.name != MIGRATIONS_TABLE
    }

    /// Whether each row is written with its rowid before its columns: a table whose rowid is
    /// not already a column (`INTEGER PRIMARY KEY`), so a restored row keeps the same rowid.
    pub fn keeps_rowid(&self) -> bool {
        match self.kind {
            TableKind::Virtual => true,
            _ => !self.without_rowid && self.rowid_column().is_none(),
        }
    }

    /// The column that is the rowid under another name (`id INTEGER PRIMARY KEY`), if any.
    pub fn rowid_column(&self) -> Option<&Column> {
        let mut keys = self.columns.iter().filter(|c| c.pk > 0);
        match (keys.next(), keys.next()) {
            (Some(only), None)
                if !self.without_rowid && only.declared_type.eq_ignore_ascii_case("INTEGER") =>
            {
                Some(only)
            }
            _ => None,
        }
    }

    /// The order the rows are written in: by rowid, or by the primary key's columns in the
    /// key's order for a table without one.
    pub fn order_by(&self) -> String {
        if !self.without_rowid {
            return "rowid".into();
        }
        let mut keys: Vec<&Column> = self.columns.iter().filter(|c| c.pk > 0).collect();
        keys.sort_by_key(|c| c.pk);
        keys.iter()
            .map(|c| quote(&c.name))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The names of the cells of each row: `rowid` first when it is kept, then the columns.
    pub fn cell_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        if self.keeps_rowid() {
            names.push("rowid".to_owned());
        }
        names.extend(self.columns.iter().map(|c| c.name.clone()));
        names
    }
}

/// The tables the complete export holds, in the order it writes them (by name).
pub fn dumped(tables: Vec<TableInfo>) -> Vec<TableInfo> {
    let mut out: Vec<TableInfo> = tables.into_iter().filter(TableInfo::is_dumped).collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// An identifier quoted for SQL.
pub fn quote(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(name: &str, declared_type: &str, pk: i64) -> Column {
        Column {
            name: name.into(),
            declared_type: declared_type.into(),
            pk,
        }
    }

    fn table(name: &str, kind: TableKind, columns: Vec<Column>) -> TableInfo {
        TableInfo {
            name: name.into(),
            kind,
            without_rowid: false,
            columns,
        }
    }

    #[test]
    fn tables_are_written_by_name_without_sqlites_own_the_ledger_or_shadow_tables() {
        let all = vec![
            table("votes", TableKind::Table, vec![]),
            table("_sqlx_migrations", TableKind::Table, vec![]),
            table("sqlite_sequence", TableKind::Table, vec![]),
            table("search_index_data", TableKind::Shadow, vec![]),
            table("search_index", TableKind::Virtual, vec![]),
            table("active_bans", TableKind::View, vec![]),
            table("audit_log", TableKind::Table, vec![]),
        ];
        let names: Vec<String> = dumped(all).into_iter().map(|t| t.name).collect();
        assert_eq!(names, ["audit_log", "search_index", "votes"]);
    }

    #[test]
    fn an_integer_primary_key_is_the_rowid_so_no_rowid_is_written_beside_it() {
        let t = table(
            "games",
            TableKind::Table,
            vec![column("id", "INTEGER", 1), column("result", "TEXT", 0)],
        );
        assert!(!t.keeps_rowid());
        assert_eq!(t.cell_names(), ["id", "result"]);
        assert_eq!(t.order_by(), "rowid");
    }

    #[test]
    fn a_table_keyed_otherwise_keeps_its_rowid_first() {
        let t = table(
            "votes",
            TableKind::Table,
            vec![
                column("proposal", "INTEGER", 1),
                column("voter", "INTEGER", 2),
            ],
        );
        assert!(t.keeps_rowid());
        assert_eq!(t.cell_names(), ["rowid", "proposal", "voter"]);
        let text_key = table("keys", TableKind::Table, vec![column("k", "TEXT", 1)]);
        assert!(text_key.keeps_rowid());
    }

    #[test]
    fn a_virtual_table_keeps_its_rowid() {
        let t = table(
            "search_index",
            TableKind::Virtual,
            vec![column("body", "", 0)],
        );
        assert_eq!(t.cell_names(), ["rowid", "body"]);
    }

    #[test]
    fn a_table_without_rowid_is_ordered_by_its_key_in_the_keys_order() {
        let t = TableInfo {
            without_rowid: true,
            ..table(
                "pairs",
                TableKind::Table,
                vec![column("b", "TEXT", 2), column("a\"x", "TEXT", 1)],
            )
        };
        assert!(!t.keeps_rowid());
        assert_eq!(t.order_by(), "\"a\"\"x\", \"b\"");
    }
}
