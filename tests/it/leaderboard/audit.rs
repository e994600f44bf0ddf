//! The audit log: it refuses updates and deletes, and a refused command changes nothing but
//! the one `refused` row it adds there.

use gavel::app::leaderboard::games::GameInput;
use gavel::domain::leaderboard::score::GameResult;
use sqlx::SqlitePool;

use super::{call, console_after, count, who};

#[tokio::test]
async fn the_audit_log_refuses_updates_and_deletes() {
    let mut console = console_after("@ 2026-11-27 12:30\nalice: /join\nbob: /join\n").await;
    let app = console.app().await.expect("app").clone();
    let pool = app.pool();
    let rows = count(pool, "SELECT COUNT(*) FROM audit_log").await;
    assert!(rows >= 2);
    let update = sqlx::query("UPDATE audit_log SET detail = 'nothing happened' WHERE id = 1")
        .execute(pool)
        .await
        .expect_err("updates are refused");
    assert!(update.to_string().contains("append-only"), "{update}");
    let delete = sqlx::query("DELETE FROM audit_log")
        .execute(pool)
        .await
        .expect_err("deletes are refused");
    assert!(delete.to_string().contains("append-only"), "{delete}");
    assert_eq!(count(pool, "SELECT COUNT(*) FROM audit_log").await, rows);
    let detail: String = sqlx::query_scalar("SELECT detail FROM audit_log WHERE id = 1")
        .fetch_one(pool)
        .await
        .expect("first row");
    assert_ne!(detail, "nothing happened");
}

/// Every row of every table but the audit log, as text. The portal's search index (an FTS5
/// table and its shadow tables, kept by triggers from the tables compared here) is left out.
async fn snapshot(pool: &SqlitePool) -> Vec<(String, Vec<String>)> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         AND name NOT LIKE 'search_index%'
         AND name NOT IN ('audit_log', '_sqlx_migrations') ORDER BY name",
    )
    .fetch_all(pool)
    .await
    .expect("tables");
    let mut out = Vec::new();
    for table in tables {
        let columns: Vec<String> = sqlx::query_scalar(&format!(
            "SELECT name FROM pragma_table_info('{table}') ORDER BY cid"
        ))
        .fetch_all(pool)
        .await
        .expect("columns");
        let row = columns
            .iter()
            .map(|c| format!("quote(\"{c}\")"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        // Sorted here rather than by rowid: the search index's shadow tables have none.
        let mut rows: Vec<String> = sqlx::query_scalar(&format!("SELECT {row} FROM \"{table}\""))
            .fetch_all(pool)
            .await
            .expect("rows");
        rows.sort();
        out.push((table, rows));
    }
    out
}

/// Runs a call that must be refused, and checks that it changed nothing but the audit log, to
/// which it added one `refused` row naming the command and giving the refusal's text.
async fn refused<T: std::fmt::Debug, E: std::fmt::Display>(
    pool: &SqlitePool,
    command: &str,
    call: impl std::future::Future<Output = Result<T, E>>,
) -> String {
    let before = snapshot(pool).await;
    let audit_rows = count(pool, "SELECT COUNT(*) FROM audit_log").await;
    let error = call
        .await
        .map(|ok| panic!("{command} should be refused, but did: {ok:?}"))
        .unwrap_err()
        .to_string();
    assert_eq!(snapshot(pool).await, before, "{command} changed something");
    assert_eq!(
        count(pool, "SELECT COUNT(*) FROM audit_log").await,
        audit_rows + 1,
        "{command}"
    );
    let (logged, outcome, detail): (String, String, String) =
        sqlx::query_as("SELECT command, outcome, detail FROM audit_log ORDER BY id DESC LIMIT 1")
            .fetch_one(pool)
            .await
            .expect("last audit row");
    assert_eq!(
        (logged.as_str(), outcome.as_str(), detail.as_str()),
        (command, "refused", error.as_str())
    );
    assert!(
        error.contains("Terms §"),
        "a refusal cites its rule: {error}"
    );
    error
}

#[tokio::test]
async fn a_refused_command_changes_nothing_but_adds_one_refused_audit_row() {
    let mut console = console_after(
        r#"
@ 2026-11-27 12:30
cj: /office appoint member:@mod1 office:moderator
mod1: /session open
alice: /join
bob: /join
alice: /session here
bob: /session here
alice: /game register white:@alice black:@bob result:white
mod1: /game adjudicate white:@alice black:@bob white_took:"r" black_took:"p"
alice: /leave
"#,
    )
    .await;
    let app = console.app().await.expect("app").clone();
    let pool = app.pool().clone();
    let input = |white: &str, black: &str, online: bool| GameInput {
        white: who(white),
        black: who(black),
        result: GameResult::White,
        online,
        clock: false,
    };
    // Several callers are people gavel has never seen: resolving them inside the use case
    // would add a person, so these also check that the refusal rolls that back.
    let games = [
        input("alice", "bob", false),
        input("alice", "newcomer", true),
    ];
    refused(
        &pool,
        "game register",
        app.leaderboard()
            .register_game(&call("zed", "game register"), &games[0]),
    )
    .await;
    refused(
        &pool,
        "game register",
        app.leaderboard()
            .register_game(&call("alice", "game register"), &games[1]),
    )
    .await;
    refused(
        &pool,
        "game void",
        app.leaderboard()
            .void_game(&call("bob", "game void"), 1, "bob says it was never played"),
    )
    .await;
    refused(
        &pool,
        "game adjudicate",
        app.leaderboard().adjudicate(
            &call("mod1", "game adjudicate"),
            &who("alice"),
            &who("bob"),
            "9p",
            "-",
        ),
    )
    .await;
    refused(
        &pool,
        "game object",
        app.leaderboard()
            .object(&call("stranger", "game object"), 2),
    )
    .await;
    refused(
        &pool,
        "game object",
        app.leaderboard().object(&call("alice", "game object"), 1),
    )
    .await;
    refused(
        &pool,
        "game rematch",
        app.leaderboard().record_rematch(
            &call("newmod", "game rematch"),
            2,
            Some(GameResult::Black),
            None,
        ),
    )
    .await;
    refused(
        &pool,
        "session open",
        app.leaderboard()
            .session_open(&call("alice", "session open")),
    )
    .await;
    refused(
        &pool,
        "session mark",
        app.leaderboard()
            .mark_present(&call("bob", "session mark"), &who("visitor")),
    )
    .await;
    refused(
        &pool,
        "member remove",
        app.leaderboard()
            .remove_member(&call("mod1", "member remove"), &who("alice")),
    )
    .await;
    refused(
        &pool,
        "member remove",
        app.leaderboard()
            .remove_member(&call("cj", "member remove"), &who("bob")),
    )
    .await;
    refused(
        &pool,
        "leave",
        app.leaderboard().leave(&call("passer-by", "leave")),
    )
    .await;
    refused(
        &pool,
        "join",
        app.leaderboard().join(&call("alice", "join")),
    )
    .await;
}
