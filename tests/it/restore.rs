//! `gavel export --complete` and `gavel restore`, through the binary: a club with a rich record
//! restored into a new database is the same record, and a restore that cannot be faithful is
//! refused with the database left as it was.

use std::path::Path;

use gavel::domain::backup::{Cell, Dump};

use crate::cli::{gavel, text};

/// The scenarios run against the club's file: a Court case, a tournament, Diplomacy (with gray
/// press) and Nomic.
const SCRIPTS: &[&str] = &[
    "court_ban_solo_en_banc",
    "tournament_swiss",
    "diplomacy_round",
    "rules_nomic_proposals",
];

fn config(dir: &Path, name: &str) -> String {
    let file = format!("{name}.toml");
    std::fs::write(
        dir.join(&file),
        format!("[database]\npath = \"{name}.db\"\n"),
    )
    .unwrap();
    file
}

/// Runs `gavel` with `--config` and asserts it succeeded.
fn ok(dir: &Path, config: &str, args: &[&str]) -> String {
    let mut all = vec!["--config", config];
    all.extend_from_slice(args);
    let out = gavel(dir, &all);
    assert!(out.status.success(), "gavel {args:?}: {}", text(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `gavel` with `--config` and asserts it failed; what it printed.
fn refused(dir: &Path, config: &str, args: &[&str]) -> String {
    let mut all = vec!["--config", config];
    all.extend_from_slice(args);
    let out = gavel(dir, &all);
    assert!(
        !out.status.success(),
        "gavel {args:?} succeeded: {}",
        text(&out)
    );
    text(&out)
}

/// A club's database with the scenarios' record in it, and its complete export.
fn club(dir: &Path) -> (String, String) {
    let club = config(dir, "club");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    for script in SCRIPTS {
        let file = root.join(format!("{script}.gavel"));
        ok(
            dir,
            &club,
            &["console", "--rehearse", "--script", file.to_str().unwrap()],
        );
    }
    ok(dir, &club, &["export", "--complete", "--out", "club.json"]);
    let exported = std::fs::read_to_string(dir.join("club.json")).unwrap();
    (club, exported)
}

fn table<'a>(dump: &'a Dump, name: &str) -> &'a gavel::domain::backup::TableDump {
    dump.tables.iter().find(|t| t.name == name).expect(name)
}

fn column(dump: &Dump, table_name: &str, column: &str) -> usize {
    let t = table(dump, table_name);
    t.cell_names()
        .iter()
        .position(|c| c == column)
        .expect(column)
}

/// The public export without the moment it was taken.
fn public(dir: &Path, config: &str) -> serde_json::Value {
    let mut doc: serde_json::Value = serde_json::from_str(&ok(dir, config, &["export"])).unwrap();
    doc.as_object_mut().unwrap().remove("exported_at");
    doc
}

#[test]
fn a_complete_export_restored_into_a_new_database_is_the_same_record() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let (club, exported) = club(dir);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("club.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "as private as the database");
    }
    let before = Dump::parse(&exported).unwrap();
    assert_eq!(before.header.schema_version, latest_migration());
    assert_eq!(before.header.timezone, "Europe/London");
    // Gray and dark-gray press keep no author in the database, so none in the file either.
    let press = table(&before, "dip_press");
    let (kind, author) = (
        column(&before, "dip_press", "kind"),
        column(&before, "dip_press", "author_id"),
    );
    assert!(press.rows.len() >= 2);
    for row in &press.rows {
        if row[kind] != Cell::Text("white".into()) {
            assert_eq!(row[author], Cell::Null, "{row:?}");
        }
    }
    assert!(!table(&before, "observer_reports").columns.is_empty());
    let public_before = public(dir, &club);

    let new = config(dir, "new");
    let said = ok(dir, &new, &["restore", "club.json"]);
    assert!(said.starts_with("Restored "), "{said}");
    assert!(
        said.contains("every invariant of the record holds"),
        "{said}"
    );
    ok(dir, &new, &["check"]);
    // The portal's full-text index was rebuilt from its rows, and finds what it found before.
    let url = format!("sqlite://{}", dir.join("new.db").display());
    let found: i64 = tokio::runtime::Runtime::new().unwrap().block_on(async {
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        sqlx::query("INSERT INTO search_index (search_index) VALUES ('integrity-check')")
            .execute(&pool)
            .await
            .unwrap();
        let n = sqlx::query_scalar(
            "SELECT COUNT(*) FROM search_index WHERE search_index MATCH 'trusted'",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        pool.close().await;
        n
    });
    assert_eq!(found, 1);

    // The second export is the first, byte for byte, but for the moment it was taken, the
    // restore's own audit entry and the revision counter that every write advances.
    ok(dir, &new, &["export", "--complete", "--out", "new.json"]);
    let mut after = Dump::parse(&std::fs::read_to_string(dir.join("new.json")).unwrap()).unwrap();
    after.header.taken_at = before.header.taken_at.clone();
    let command = column(&after, "audit_log", "command");
    let audit = after
        .tables
        .iter_mut()
        .find(|t| t.name == "audit_log")
        .unwrap();
    let last = audit.rows.pop().unwrap();
    assert_eq!(last[command], Cell::Text("restore".into()));
    let detail = format!("{last:?}");
    assert!(
        detail.contains("restored from club.json taken at "),
        "{detail}"
    );
    let revision = after
        .tables
        .iter_mut()
        .find(|t| t.name == "record_revision")
        .unwrap();
    revision.rows = table(&before, "record_revision").rows.clone();
    assert_eq!(after.render(), exported);

    // The public record is the same too, with the restore in its audit log.
    let mut public_after = public(dir, &new);
    let entries = public_after["audit"].as_array_mut().unwrap();
    assert_eq!(entries.pop().unwrap()["command"], "restore");
    assert_eq!(public_after, public_before);
}

#[test]
fn a_restore_into_a_database_that_holds_a_club_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let (club, exported) = club(dir);
    let said = refused(dir, &club, &["restore", "club.json"]);
    assert!(said.contains("already holds a club's data"), "{said}");
    assert!(said.contains("audit_log ("), "{said}");
    assert!(said.contains("people ("), "{said}");
    ok(dir, &club, &["export", "--complete", "--out", "again.json"]);
    let again = std::fs::read_to_string(dir.join("again.json")).unwrap();
    let strip = |t: &str| {
        t.lines()
            .filter(|l| !l.contains("\"taken_at\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&again), strip(&exported));
}

#[test]
fn a_file_of_another_schema_a_corrupt_file_and_a_public_export_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let (club, exported) = club(dir);
    let new = config(dir, "new");
    let attempt = |name: &str, content: &str| {
        std::fs::write(dir.join(name), content).unwrap();
        refused(dir, &new, &["restore", name])
    };

    let latest = latest_migration();
    let older = exported.replace(
        &format!("\"schema_version\": {latest}"),
        "\"schema_version\": 12",
    );
    let said = attempt("older.json", &older);
    assert!(said.contains("schema version 12"), "{said}");
    assert!(
        said.contains(&format!("migrations end at {latest}")),
        "{said}"
    );
    assert!(
        said.contains("with the gavel version that wrote it"),
        "{said}"
    );
    assert!(!dir.join("new.db").exists(), "nothing was made");

    let said = refused(dir, &new, &["export", "--complete"]);
    assert!(said.contains("there is no database at `new.db`"), "{said}");
    assert!(!dir.join("new.db").exists(), "an export makes no database");

    let said = attempt("cut.json", &exported[..exported.len() / 2]);
    assert!(said.contains("not JSON"), "{said}");

    let said = attempt(
        "cell.json",
        &exported.replace(
            "\"France cannot be trusted.\",null",
            "\"France cannot be trusted.\",true",
        ),
    );
    assert!(
        said.contains("table `dip_press`, row 1, column `author_id`"),
        "{said}"
    );

    std::fs::write(dir.join("public.json"), ok(dir, &club, &["export"])).unwrap();
    let said = refused(dir, &new, &["restore", "public.json"]);
    assert!(said.contains("not a complete export"), "{said}");
    assert!(!dir.join("new.db").exists(), "nothing was made");

    std::fs::write(dir.join("memory.toml"), "[database]\npath = \":memory:\"\n").unwrap();
    let said = refused(dir, "memory.toml", &["restore", "club.json"]);
    assert!(said.contains("`:memory:`"), "{said}");

    // A row whose parent is missing is found at the end, and the whole restore rolls back.
    let dump = Dump::parse(&exported).unwrap();
    let memberships = table(&dump, "memberships");
    let first = serde_json::to_string(
        &memberships.rows[0]
            .iter()
            .map(Cell::to_json)
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let person = column(&dump, "memberships", "person_id");
    let mut orphan: Vec<serde_json::Value> =
        memberships.rows[0].iter().map(Cell::to_json).collect();
    orphan[person] = serde_json::json!(99999);
    let said = attempt(
        "orphan.json",
        &exported.replacen(&first, &serde_json::to_string(&orphan).unwrap(), 1),
    );
    assert!(said.contains("do not hold together"), "{said}");
    assert!(said.contains("`memberships`"), "{said}");
    ok(dir, &new, &["restore", "club.json"]);
}

/// The number of the last migration this build carries (`migrations/NNNN_*.sql`).
fn latest_migration() -> i64 {
    std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.split('_').next()?.parse::<i64>().ok()
        })
        .max()
        .unwrap()
}
