//! The commands that only read (`gavel export`, `export --complete`, `check`, `status`,
//! `check-config`, `portal`), through the binary: each leaves the club's database exactly as it
//! was, even when deadlines in it are past due in real time.

use std::path::Path;

use crate::cli::{gavel, tamper, text};
use crate::portal::{free_port, portal_process};

/// A club rehearsed in March 2026: a Nomic proposal whose vote closes at midnight, and the
/// weekly review, both left pending. Every real date this test runs on is later, so both are
/// past due when the reading commands run at the real time.
const CLUB: &str = "\
@ 2026-03-23 09:00
cj: /procedure set name:procedure value:nomic
cj: /turns set member:@alice day:monday
cj: /turns set member:@bob day:friday
@ 2026-03-27 12:00
bob: /propose kind:enact text:\"Clocks go forward on Sunday.\"
bob: /vote proposal:301 choice:yes
";

/// The database as stored: the file and its write-ahead log (absent reads as empty), each as
/// its length and a hash of its bytes. A write of any kind changes one of them; a reading
/// connection cannot checkpoint the log into the file.
fn stored(dir: &Path) -> [(usize, u64); 2] {
    use std::hash::{Hash, Hasher};
    ["club.db", "club.db-wal"].map(|name| {
        let bytes = std::fs::read(dir.join(name)).unwrap_or_default();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut hasher);
        (bytes.len(), hasher.finish())
    })
}

fn run_ok(dir: &Path, args: &[&str]) -> String {
    let out = gavel(dir, args);
    assert!(out.status.success(), "gavel {args:?}: {}", text(&out));
    text(&out)
}

/// Checks (#35): every reading command leaves the database byte for byte as it was, with a
/// vote's close and a weekly review past due: nothing migrated, scheduled, run or recorded.
#[tokio::test]
async fn reading_commands_leave_the_database_as_it_was() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let port = free_port();
    std::fs::write(
        dir.path().join("config.toml"),
        format!("[database]\npath = \"club.db\"\n[portal]\nlisten = \"127.0.0.1:{port}\"\n"),
    )
    .expect("config");
    std::fs::write(dir.path().join("club.gavel"), CLUB).expect("script");
    run_ok(
        dir.path(),
        &["console", "--rehearse", "--script", "club.gavel"],
    );
    let before = stored(dir.path());
    assert!(before[0].0 > 0, "the club's database is there");

    let said = run_ok(dir.path(), &["check"]);
    assert!(
        said.contains("every invariant of the record holds"),
        "{said}"
    );
    run_ok(dir.path(), &["status"]);
    let public = run_ok(dir.path(), &["export"]);
    assert!(public.contains("Clocks go forward on Sunday."), "{public}");
    run_ok(
        dir.path(),
        &["export", "--complete", "--out", "complete.json"],
    );
    run_ok(dir.path(), &["check-config", "--console-only"]);
    assert_eq!(stored(dir.path()), before, "a reading command wrote");

    // The portal alone, asked for a page, then stopped.
    let (answered, ended) = portal_process(dir.path(), port, "/proposals").await;
    assert!(ended.success(), "{ended:?}");
    assert_eq!(
        answered.map(|(code, _)| code),
        Some(200),
        "the portal answered"
    );
    assert_eq!(stored(dir.path()), before, "the portal wrote");

    // The bot's own opening (here `gavel rebuild`, which writes) does catch up: proof that the
    // deadlines above were really past due.
    run_ok(dir.path(), &["rebuild"]);
    assert_ne!(stored(dir.path()), before);
}

/// Checks (#35): a reading command on a database older than this build says so and stops,
/// naming `gavel migrate`, instead of migrating in silence.
#[test]
fn reading_commands_refuse_a_database_that_needs_migrating() {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(
        dir.path().join("config.toml"),
        "[database]\npath = \"club.db\"\n",
    )
    .expect("config");
    run_ok(dir.path(), &["migrate"]);
    // Take the last migration back, as a database written by the previous version would be.
    let db = dir.path().join("club.db");
    tamper(
        &db,
        "DELETE FROM _sqlx_migrations WHERE version = (SELECT MAX(version) FROM _sqlx_migrations)",
    );
    // What a migration or a start would change: the migrations applied, the jobs, the audit log
    // (read through SQL: the repair above closes its connection in the background, so the
    // file's bytes may still settle).
    let before = facts(&db);
    for args in [
        &["check"][..],
        &["status"],
        &["export"],
        &["export", "--complete"],
    ] {
        let out = gavel(dir.path(), args);
        assert!(!out.status.success(), "gavel {args:?} read an old database");
        let said = text(&out);
        assert!(
            said.contains("run `gavel migrate` first"),
            "{args:?}: {said}"
        );
    }
    assert_eq!(facts(&db), before, "a reading command migrated or wrote");
}

/// The last migration applied, and how many jobs and audit entries the database holds.
fn facts(db: &Path) -> (i64, i64, i64) {
    let url = format!("sqlite://{}?mode=ro", db.display());
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        let mut facts = Vec::new();
        for sql in [
            "SELECT MAX(version) FROM _sqlx_migrations",
            "SELECT COUNT(*) FROM jobs",
            "SELECT COUNT(*) FROM audit_log",
        ] {
            facts.push(
                sqlx::query_scalar::<_, i64>(sql)
                    .fetch_one(&pool)
                    .await
                    .unwrap(),
            );
        }
        pool.close().await;
        (facts[0], facts[1], facts[2])
    })
}
