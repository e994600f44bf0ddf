//! The bot's life on the gateway: heartbeats that keep the session, shutdown that finishes
//! what is in flight, and `gavel run` exiting cleanly on SIGTERM.

use std::time::Duration;

use super::{ephemeral_reply, public_reply, Bot, CJ_ID};
use crate::discord::fake::{FakeDiscord, SlashCommand, User, CHANNEL_ID, GUILD_ID, TIMEOUT};

/// Checks: the gateway session holds: with HELLO asking for a heartbeat every 300 ms, the bot
/// heartbeats (op 1) carrying the last sequence number it saw, the fake's op 11 acks keep the
/// one connection alive (no second IDENTIFY, no RESUME, no reconnection), and a slash command
/// sent after several heartbeats is still answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged_and_the_session_holds() {
    let bot = Bot::start_with(FakeDiscord::with_heartbeat_interval(300).await).await;
    let ready_seq = bot.fake.last_sequence();
    bot.fake
        .wait_for_frame("a heartbeat with READY's sequence", |f| {
            f["op"] == 1 && f["d"] == ready_seq
        })
        .await;
    let dave = User::new(504, "dave");
    let profile = bot.run(SlashCommand::new(&dave, "profile")).await;
    assert!(public_reply(&profile).starts_with("dave: not a member"));
    let seq = bot.fake.last_sequence();
    assert!(seq > ready_seq);
    bot.fake
        .wait_for_frame("a heartbeat with the interaction's sequence", |f| {
            f["op"] == 1 && f["d"] == seq
        })
        .await;
    // Let several more intervals pass: each heartbeat must be acked or the bot reconnects.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(bot.fake.gateway_frames_with_op(1).len() >= 4);
    assert_eq!(
        bot.fake.gateway_frames_with_op(2).len(),
        1,
        "identified again"
    );
    assert!(bot.fake.gateway_frames_with_op(6).is_empty(), "resumed");
    assert_eq!(bot.fake.gateway_connections(), 1, "reconnected");
    bot.assert_no_refused_requests();
}

/// Checks: on shutdown (what SIGTERM and Ctrl-C trigger), while bob's `/profile` is in flight
/// (held up on the database) and alice's announcement is on its way (the fake holds posts for
/// 1.5 s), the bot does not stop: `/profile` is answered, the post is delivered and marked sent;
/// carol's `/join` sent meanwhile is turned away privately and changes nothing; then the bot
/// closes the gateway with a close frame and `run_until` returns Ok.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_finishes_what_is_in_flight_then_closes_the_gateway() {
    let mut bot = Bot::start().await;
    bot.fake.delay_posts(Duration::from_millis(1500));
    let announcement = "alice joined the Leaderboard with a score of 100.";
    bot.run(SlashCommand::new(&User::new(501, "alice"), "join"))
        .await;
    // The commit woke the poster: the post is now held by the fake.
    tokio::time::sleep(Duration::from_millis(200)).await;
    // The in-memory pool has one connection: holding it keeps bob's command in flight.
    let held = bot.app.pool().acquire().await.expect("connection");
    let profile = bot
        .fake
        .send(SlashCommand::new(&User::new(502, "bob"), "profile"));
    tokio::time::sleep(Duration::from_millis(200)).await;
    bot.shut_down();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let join = bot
        .fake
        .send(SlashCommand::new(&User::new(503, "carol"), "join"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !bot.client.is_finished(),
        "stopped with a command in flight"
    );
    assert_eq!(bot.fake.gateway_closes(), 0, "closed the gateway too soon");
    drop(held);

    let ended = tokio::time::timeout(TIMEOUT, &mut bot.client)
        .await
        .expect("the bot stops");
    ended.expect("no panic").expect("run_until returns Ok");
    let answered = bot.fake.wait_for_callback(profile).await;
    assert!(
        public_reply(&answered).starts_with("bob: not a member"),
        "{answered}"
    );
    assert_eq!(bot.posts_with(announcement).len(), 1);
    assert!(
        bot.outbox_row(announcement).await.expect("row").1,
        "the post in flight was not marked sent"
    );
    assert_eq!(bot.fake.gateway_closes(), 1, "the gateway was not closed");
    let turned_away = bot.fake.wait_for_callback(join).await;
    assert_eq!(
        ephemeral_reply(&turned_away),
        "gavel is restarting; nothing was done. Try again in a minute."
    );
    assert_eq!(
        bot.outbox_row("carol joined the Leaderboard with a score of 100.")
            .await,
        None
    );
    bot.assert_no_refused_requests();
}

/// Checks: `gavel run` (the binary, against the fake through `discord.proxy_url`) registers its
/// commands, and on SIGTERM closes the gateway and exits with status 0.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gavel_run_exits_zero_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("config.toml"),
        format!(
            "[database]\npath = \"gavel.db\"\n[discord]\nguild_id = {GUILD_ID}\n\
             discussion_channel_id = {CHANNEL_ID}\nproxy_url = \"{}\"\n\
             [chief_justice]\nname = \"cj\"\ndiscord_id = {CJ_ID}\n",
            fake.proxy_url()
        ),
    )
    .expect("config");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gavel"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "fake-token")
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "error")
        .spawn()
        .expect("gavel runs");
    fake.wait_for_registration().await;
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let deadline = std::time::Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("gavel did not exit within {TIMEOUT:?} of SIGTERM");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert_eq!(fake.gateway_closes(), 1, "the gateway was not closed");
}

/// Checks: `gavel run` while Discord cannot be reached (its proxy address refuses every
/// connection) says so in one plain line ("cannot reach Discord, retrying in 5 s") instead of
/// silence, and a SIGTERM still ends it within seconds, with status 0, though serenity is still
/// retrying the gateway.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gavel_run_stops_on_sigterm_while_discord_is_unreachable() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = closed.local_addr().expect("address").port();
    drop(closed); // nothing listens there now
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("config.toml"),
        format!(
            "[database]\npath = \"gavel.db\"\n[discord]\nguild_id = {GUILD_ID}\n\
             discussion_channel_id = {CHANNEL_ID}\nproxy_url = \"http://127.0.0.1:{port}\"\n\
             [chief_justice]\nname = \"cj\"\ndiscord_id = {CJ_ID}\n"
        ),
    )
    .expect("config");
    let log = dir.path().join("log.txt");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gavel"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "fake-token")
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "gavel=warn")
        .stderr(std::fs::File::create(&log).expect("log"))
        .spawn()
        .expect("gavel runs");
    let said = || std::fs::read_to_string(&log).unwrap_or_default();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !said().contains("cannot reach Discord, retrying in") {
        assert!(
            std::time::Instant::now() < deadline,
            "no word that Discord cannot be reached: {}",
            said()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("gavel did not stop within 20 s of SIGTERM: {}", said());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0), "{status:?}: {}", said());
}
