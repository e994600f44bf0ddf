//! An online game in progress (`/game start`) has no result: none stored, none shown on the
//! games list, the game's page, the member's page, `/api/v1/games` or the export, and no score
//! moved, until its result is registered (issue #43). A database from before migration 0110,
//! which stored such a game as a draw, loses that draw when it migrates.

use std::borrow::Cow;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

use super::Club;

/// Checks: a started game has no result anywhere, moves no score and passes `gavel check`;
/// registering its result shows that result everywhere.
#[tokio::test]
async fn a_game_in_progress_has_no_result_anywhere() {
    let mut club = Club::new(false, |_| {}).await;
    club.run(&[
        "alice: /join",
        "bob: /join",
        "alice: /game start white:@alice black:@bob",
    ])
    .await;
    let app = club.console.app().await.expect("the app").clone();
    let stored: Option<String> = sqlx::query_scalar("SELECT result FROM games WHERE id = 1")
        .fetch_one(app.pool())
        .await
        .expect("the game");
    assert_eq!(stored, None, "a game in progress stores no result");
    let alice: i64 = sqlx::query_scalar("SELECT id FROM people WHERE name = 'alice'")
        .fetch_one(app.pool())
        .await
        .expect("alice");

    let list = club.json("/api/v1/games").await;
    assert_eq!(list["games"][0]["status"], "in_progress", "{list}");
    assert!(list["games"][0]["result"].is_null(), "{list}");
    let one = club.json("/api/v1/games/1").await;
    assert!(one["result"].is_null(), "{one}");
    assert_eq!(one["changes"], serde_json::json!([]), "{one}");
    for path in ["/games", "/games/1", &format!("/games?member={alice}")] {
        let (status, page) = club.page(path).await;
        assert_eq!(status, 200, "{path}");
        assert!(!page.contains("drawn"), "{path}: {page}");
        assert!(page.contains("none yet"), "{path}: {page}");
    }
    let member = club.json(&format!("/api/v1/members/{alice}")).await;
    assert_eq!(member["games"][0]["outcome"], "playing", "{member}");
    let (_, page) = club.page(&format!("/members/{alice}")).await;
    assert!(!page.contains("drew"), "{page}");
    let export = gavel::app::export::export(&app).await.expect("the export");
    let game = &export["games"][0];
    assert_eq!(game["status"], "in_progress", "{game}");
    assert!(game["result"].is_null(), "{game}");
    let board = club.json("/api/v1/leaderboard").await;
    for row in board["rows"].as_array().unwrap() {
        assert_eq!(row["score"], 100, "no score moved: {board}");
    }
    assert_eq!(
        app.check_record().await.expect("gavel check"),
        Vec::<String>::new()
    );

    club.run(&["bob: /game register white:@alice black:@bob result:white online:true"])
        .await;
    let list = club.json("/api/v1/games").await;
    assert_eq!(list["games"][0]["result"], "white", "{list}");
    assert_eq!(list["games"][0]["status"], "counted", "{list}");
    let (_, page) = club.page("/games").await;
    assert!(page.contains("(white) won"), "{page}");
    let member = club.json(&format!("/api/v1/members/{alice}")).await;
    assert_eq!(member["games"][0]["outcome"], "won", "{member}");
    assert_eq!(
        app.check_record().await.expect("gavel check"),
        Vec::<String>::new()
    );
}

/// Checks: migration 0110 takes the "draw" away from a game stored in progress before it, keeps
/// every other game's result, row and id, and leaves the references to games whole.
#[tokio::test]
async fn the_migration_takes_the_draw_away_from_a_game_in_progress() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let options = SqliteConnectOptions::new()
        .filename(dir.path().join("old.db"))
        .create_if_missing(true)
        .foreign_keys(true);
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .expect("a database");
    let before: Vec<_> = gavel::store::MIGRATOR
        .iter()
        .filter(|m| m.version < 110)
        .cloned()
        .collect();
    let old = sqlx::migrate::Migrator {
        migrations: Cow::Owned(before),
        ..sqlx::migrate::Migrator::DEFAULT
    };
    old.run(&pool).await.expect("the migrations before 0110");
    for sql in [
        "INSERT INTO people (id, name, created_at) VALUES (1, 'alice', '2026-06-10T18:00:00Z'), (2, 'bob', '2026-06-10T18:00:00Z')",
        "INSERT INTO games (id, white_id, black_id, result, online, played_at, club_date, registered_by, status)
         VALUES (1, 1, 2, 'white', 0, '2026-06-10T18:00:00Z', '2026-06-10', 1, 'counted'),
                (2, 2, 1, 'draw', 1, '2026-06-11T18:00:00Z', '2026-06-11', 2, 'in_progress')",
        "INSERT INTO rematches (game_id, petitioner_id, filed_at) VALUES (1, 2, '2026-06-10T19:00:00Z')",
    ] {
        sqlx::query(sql).execute(&pool).await.expect(sql);
    }
    gavel::store::MIGRATOR
        .run(&pool)
        .await
        .expect("migration 0110");
    let games: Vec<(i64, Option<String>, String)> =
        sqlx::query_as("SELECT id, result, status FROM games ORDER BY id")
            .fetch_all(&pool)
            .await
            .expect("the games");
    assert_eq!(
        games,
        [
            (1, Some("white".to_owned()), "counted".to_owned()),
            (2, None, "in_progress".to_owned()),
        ]
    );
    let broken: Vec<(String, i64)> =
        sqlx::query_as("SELECT \"table\", rowid FROM pragma_foreign_key_check")
            .fetch_all(&pool)
            .await
            .expect("the check");
    assert_eq!(broken, []);
    // A counted game without a result is refused.
    assert!(sqlx::query("UPDATE games SET result = NULL WHERE id = 1")
        .execute(&pool)
        .await
        .is_err());
}
