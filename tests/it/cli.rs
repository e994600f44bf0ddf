//! The `gavel` binary: config checking, the missing token, migrations, export, transcript
//! checking, and two processes sharing one database file.

use std::path::Path;
use std::process::{Command, Output};

/// Runs the `gavel` binary in `dir` with no token and no config from the environment.
pub(crate) fn gavel(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gavel"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "error")
        .output()
        .expect("gavel runs")
}

/// What a run printed, stdout then stderr.
pub(crate) fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn check_config_names_the_key_at_fault_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.toml"),
        "[club]\ntimezone = \"Mars/Base\"\n",
    )
    .unwrap();
    let out = gavel(dir.path(), &["check-config"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("timezone"), "{}", text(&out));

    std::fs::write(
        dir.path().join("config.toml"),
        "[club]\nname = \"Chess\"\ncolour = 1\n",
    )
    .unwrap();
    let out = gavel(dir.path(), &["check-config"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("colour"), "{}", text(&out));

    std::fs::write(
        dir.path().join("config.toml"),
        include_str!("../../config.example.toml"),
    )
    .unwrap();
    // The example is valid, but leaves out what only its club knows, which `gavel run` needs:
    // check-config names each key, as run would refuse it.
    let out = gavel(dir.path(), &["check-config"]);
    assert!(!out.status.success(), "{}", text(&out));
    for key in [
        "discord.guild_id",
        "discord.discussion_channel_id",
        "chief_justice.discord_id",
    ] {
        assert!(text(&out).contains(&format!("- {key}: ")), "{}", text(&out));
    }
    let out = gavel(dir.path(), &["check-config", "--console-only"]);
    assert!(out.status.success(), "{}", text(&out));
    let filled = include_str!("../../config.example.toml")
        .replace("# guild_id = ", "guild_id = ")
        .replace("# discussion_channel_id = ", "discussion_channel_id = ")
        .replace("# discord_id = ", "discord_id = ");
    std::fs::write(dir.path().join("config.toml"), filled).unwrap();
    let out = gavel(dir.path(), &["check-config"]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn run_without_a_token_says_how_to_give_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = gavel(dir.path(), &["run"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("DISCORD_TOKEN"), "{}", text(&out));
    assert!(
        !dir.path().join("gavel.db").exists(),
        "nothing is created before the token check"
    );
}

#[test]
fn migrate_creates_the_database_and_export_prints_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let out = gavel(dir.path(), &["migrate"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(dir.path().join("gavel.db").exists());
    // The migrations alone make the tables; the first command seats the configured Chief Justice.
    std::fs::write(dir.path().join("join.gavel"), "alice: /join\n").unwrap();
    assert!(gavel(dir.path(), &["console", "--script", "join.gavel"])
        .status
        .success());
    let out = gavel(dir.path(), &["export"]);
    assert!(out.status.success(), "{}", text(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for key in [
        "members",
        "games",
        "actions",
        "appeals",
        "proposals",
        "rules",
        "points_of_order",
        "audit",
    ] {
        assert!(doc.get(key).is_some(), "export lacks {key}");
    }
    // The Chief Justice from the default config is seated.
    assert_eq!(doc["members"][0]["name"], "cj");
    assert_eq!(doc["members"][0]["offices"][0], "chief_justice");
}

#[test]
fn console_check_passes_a_true_transcript_and_fails_a_false_one() {
    let dir = tempfile::tempdir().unwrap();
    let good = "@ 2026-11-27 12:30\nalice: /join\n< Welcome to the Leaderboard, alice: your score is 100 (Terms §II Act 1).\n#discussion> alice joined the Leaderboard with a score of 100.\n";
    std::fs::write(dir.path().join("good.gavel"), good).unwrap();
    let out = gavel(
        dir.path(),
        &["console", "--memory", "--check", "--script", "good.gavel"],
    );
    assert!(out.status.success(), "{}", text(&out));
    std::fs::write(dir.path().join("bad.gavel"), good.replace("100 (", "150 (")).unwrap();
    let out = gavel(
        dir.path(),
        &["console", "--memory", "--check", "--script", "bad.gavel"],
    );
    assert!(!out.status.success());
    assert!(text(&out).contains("differs at line 3"), "{}", text(&out));
}

#[test]
fn two_processes_on_one_database_file_both_land_their_changes() {
    // WAL and a busy timeout let SQLite serialise the writers; nothing is lost or corrupted.
    let dir = tempfile::tempdir().unwrap();
    assert!(gavel(dir.path(), &["migrate"]).status.success());
    let script = |prefix: &str| {
        let mut s = String::from("@ 2026-11-27 12:30\n");
        for i in 0..30 {
            s.push_str(&format!("{prefix}{i}: /join\n"));
        }
        s
    };
    std::fs::write(dir.path().join("a.gavel"), script("a")).unwrap();
    std::fs::write(dir.path().join("b.gavel"), script("b")).unwrap();
    let spawn = |file: &str| {
        Command::new(env!("CARGO_BIN_EXE_gavel"))
            .args(["console", "--rehearse", "--script", file])
            .current_dir(dir.path())
            .env("RUST_LOG", "error")
            .output()
            .expect("gavel runs")
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| spawn("a.gavel"));
        let b = s.spawn(|| spawn("b.gavel"));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert!(
        a.status.success() && b.status.success(),
        "{}{}",
        text(&a),
        text(&b)
    );
    assert!(
        !text(&a).contains("\n! ") && !text(&b).contains("\n! "),
        "{}{}",
        text(&a),
        text(&b)
    );
    let out = gavel(dir.path(), &["export"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let members = doc["members"].as_array().unwrap();
    let joined = members.iter().filter(|m| m["status"] == "member").count();
    assert_eq!(joined, 60, "every join from both processes landed");
}

#[test]
fn run_without_the_chief_justices_discord_id_refuses_to_start() {
    // On Discord the Chief Justice is known only by user id: a username proves nothing.
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gavel"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env_remove("GAVEL_CONFIG")
        .output()
        .expect("gavel runs");
    assert!(!out.status.success());
    assert!(
        text(&out).contains("chief_justice.discord_id"),
        "{}",
        text(&out)
    );
}

/// Checks: `gavel run` with no `discord.guild_id` refuses to start, naming the key, before it
/// opens (or creates) the database: it never registers its commands globally.
#[test]
fn run_without_the_clubs_server_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.toml"),
        "[chief_justice]\ndiscord_id = 900\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gavel"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env_remove("GAVEL_CONFIG")
        .output()
        .expect("gavel runs");
    assert!(!out.status.success());
    assert!(text(&out).contains("discord.guild_id"), "{}", text(&out));
    assert!(
        !dir.path().join("gavel.db").exists(),
        "the database was opened"
    );
}

/// Checks: `gavel status` on a new database says every post has been delivered; after a
/// console `/join` with a Discord channel configured (so the post is left for the bot), it
/// reports one post waiting, the oldest in #discussion with no attempt and no error yet.
#[test]
fn status_shows_the_outbox_backlog() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.toml"),
        "[discord]\ndiscussion_channel_id = 3000\n",
    )
    .unwrap();
    // `gavel status` only reads: it makes no database.
    let out = gavel(dir.path(), &["status"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("there is no database at"),
        "{}",
        text(&out)
    );
    assert!(gavel(dir.path(), &["migrate"]).status.success());
    let out = gavel(dir.path(), &["status"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "Outbox: every post has been delivered."
    );
    std::fs::write(dir.path().join("join.gavel"), "alice: /join\n").unwrap();
    assert!(gavel(dir.path(), &["console", "--script", "join.gavel"])
        .status
        .success());
    let out = gavel(dir.path(), &["status"]);
    let printed = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], "Outbox: 1 post not yet delivered.", "{printed}");
    assert!(
        lines[1].starts_with("Oldest: #discussion, written ")
            && lines[1].ends_with(" ago, 0 attempts, no error yet"),
        "{printed}"
    );
}

/// Runs SQL on a database file, as a repair done by other means would.
pub(crate) fn tamper(db: &Path, sql: &str) {
    let url = format!("sqlite://{}", db.display());
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        sqlx::query(sql).execute(&pool).await.unwrap();
        pool.close().await;
    });
}

#[test]
fn check_proves_the_scores_and_rebuild_mends_them_after_a_repair_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("club.gavel"),
        "@ 2026-11-27 12:30\ncj: /office appoint member:@mod1 office:moderator\n\
         mod1: /session open\nalice: /join\nbob: /join\ncarol: /join\n\
         alice: /session here\nbob: /session here\ncarol: /session here\n\
         alice: /game register white:@alice black:@bob result:white\n\
         carol: /game register white:@carol black:@alice result:draw\n\
         mod1: /game void game:1 reason:\"never played\"\n",
    )
    .unwrap();
    let out = gavel(
        dir.path(),
        &["console", "--rehearse", "--script", "club.gavel"],
    );
    assert!(out.status.success(), "{}", text(&out));
    let out = gavel(dir.path(), &["check"]);
    assert!(out.status.success(), "{}", text(&out));

    // A stored score nobody's history explains.
    tamper(
        &dir.path().join("gavel.db"),
        "UPDATE standings SET score = score + 7 WHERE person_id = (SELECT id FROM people WHERE name = 'bob')",
    );
    let out = gavel(dir.path(), &["check"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("stored score"), "{}", text(&out));
    let out = gavel(dir.path(), &["rebuild"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(gavel(dir.path(), &["check"]).status.success());

    // Events repaired by hand: the void is undone outside gavel, so the scores are stale
    // until they are rebuilt from the events.
    tamper(
        &dir.path().join("gavel.db"),
        "UPDATE score_events SET voided_at = NULL, void_reason = NULL WHERE game_id = 1",
    );
    let out = gavel(dir.path(), &["check"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(gavel(dir.path(), &["rebuild"]).status.success());
    let out = gavel(dir.path(), &["check"]);
    assert!(out.status.success(), "{}", text(&out));
    let doc: serde_json::Value =
        serde_json::from_slice(&gavel(dir.path(), &["export"]).stdout).expect("JSON");
    let score = |name: &str| {
        doc["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .map(|m| m["score"].clone())
    };
    // With game 1 back, alice won it (116) and drew carol from there.
    assert_eq!(score("bob"), Some(serde_json::json!(100)));
    assert_ne!(score("alice"), Some(serde_json::json!(100)));
}

/// Checks: a configuration file named on purpose that does not exist is an error, not a new,
/// empty club; a relative `database.path` is read from the config file's folder, wherever gavel
/// is started; and a command that opens a database says which, in full.
#[test]
fn a_missing_named_config_is_refused_and_the_database_is_found_beside_the_config() {
    let dir = tempfile::tempdir().unwrap();
    let out = gavel(dir.path(), &["--config", "club/confg.toml", "status"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("club/confg.toml does not exist"),
        "{}",
        text(&out)
    );
    assert!(
        !dir.path().join("gavel.db").exists(),
        "a new database was created"
    );

    std::fs::create_dir(dir.path().join("club")).unwrap();
    std::fs::write(
        dir.path().join("club/config.toml"),
        "[database]\npath = \"records/club.db\"\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("club/records")).unwrap();
    let out = gavel(dir.path(), &["--config", "club/config.toml", "migrate"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(dir.path().join("club/records/club.db").exists());
    assert!(!dir.path().join("records").exists());
    let said = text(&out);
    let full = dir.path().join("club/records/club.db");
    assert!(
        said.contains(&format!("the club's database is {}", full.display())),
        "{said}"
    );
    assert_eq!(said.matches("the club's database is").count(), 1, "{said}");
}

/// Checks: on the club's own database the console is one more way to type commands. The clock
/// does not move (events would be written out of order with the real clock), and posts wait for
/// the bot, saying so, even with no Discord channel configured; `--rehearse` on a copy moves the
/// clock and delivers.
#[test]
fn the_console_on_the_clubs_database_moves_no_clock_and_leaves_posts_for_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("day.gavel"),
        "@ 2026-11-27 12:30\nalice: /join\n",
    )
    .unwrap();
    let out = gavel(dir.path(), &["console", "--script", "day.gavel"]);
    assert!(out.status.success(), "{}", text(&out));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.contains("! The clock moves only in a rehearsal"),
        "{printed}"
    );
    assert!(
        printed.contains("< These posts wait for `gavel run` to post them to Discord"),
        "{printed}"
    );
    let status = gavel(dir.path(), &["status"]);
    assert!(
        String::from_utf8_lossy(&status.stdout).starts_with("Outbox: 1 post not yet delivered."),
        "{}",
        text(&status)
    );
    // A rehearsal on a copy: the clock moves and the console delivers.
    let out = gavel(
        dir.path(),
        &["console", "--rehearse", "--script", "day.gavel"],
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(!printed.contains("! The clock"), "{printed}");
    assert!(!printed.contains("These posts wait"), "{printed}");
}

/// Checks: the console's `@` alone shows its clock in club time, saying whose clock it is.
#[tokio::test]
async fn the_console_shows_its_clock_in_club_time() {
    let mut config = gavel::config::Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = gavel::adapters::console::Console::new(config);
    console.execute("@ 2026-11-27 12:30").await.expect("clock");
    assert_eq!(
        console.clock_shown(),
        "It is Fri 27 Nov 2026 12:30 GMT (the rehearsal's clock)."
    );
}
