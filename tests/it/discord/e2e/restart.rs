//! Restarts: what gavel keeps on its database across them, proven against a fresh fake Discord
//! each time (the same database file, another connection).

use std::sync::Arc;

use axum::http::Method;

use super::{Bot, TIMEOUT};
use crate::discord::fake::{FakeDiscord, SlashCommand, User};
use crate::discord::registration::registration_json;

/// Stops a bot as SIGTERM does and waits until it has stopped.
async fn stop(mut bot: Bot) {
    bot.shut_down();
    let ended = tokio::time::timeout(TIMEOUT, &mut bot.client)
        .await
        .expect("the bot stops");
    ended.expect("no panic").expect("run_until returns Ok");
    bot.app.pool().close().await;
}

/// The hash of the command set the database says was registered (waiting for it to be
/// recorded, which follows Discord's answer).
async fn stored_hash(bot: &Bot) -> String {
    let deadline = std::time::Instant::now() + TIMEOUT;
    loop {
        let hash: Option<String> = sqlx::query_scalar("SELECT hash FROM discord_registrations")
            .fetch_optional(bot.app.pool())
            .await
            .expect("the hash");
        match hash {
            Some(h) if h != "an older set" => return h,
            _ if std::time::Instant::now() > deadline => panic!("no registration recorded"),
            _ => tokio::time::sleep(std::time::Duration::from_millis(20)).await,
        }
    }
}

/// Checks: the first start registers the command set (one guild PUT, one global clear); a
/// restart on the same database with the same commands makes no registration call at all, and
/// still answers commands (its setup ran); when the stored set differs (as after an upgrade
/// that changed a command), the next start registers once and records the new set.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_only_when_the_set_changed() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("club.db").to_string_lossy().into_owned();
    let on_file = |c: &mut gavel::config::Config| c.database.path = path.clone();
    let clock = || Arc::new(gavel::clock::SystemClock) as Arc<dyn gavel::clock::Clock>;

    let first = Bot::start_configured(FakeDiscord::start().await, on_file).await;
    let cleared = first
        .fake
        .wait_for_requests(Method::PUT, "/applications/*/commands", 1);
    assert_eq!(cleared.await[0].body, serde_json::json!([]));
    let stored = stored_hash(&first).await;
    assert_eq!(
        first.fake.registrations().len(),
        2,
        "one guild PUT, one global clear"
    );
    stop(first).await;

    let second = Bot::restart(FakeDiscord::start().await, clock(), on_file).await;
    let alice = User::new(861, "alice");
    let joined = second.run(SlashCommand::new(&alice, "join")).await;
    assert_eq!(joined["type"], 4, "{joined}");
    assert!(
        second.fake.registrations().is_empty(),
        "the same commands were registered again"
    );
    sqlx::query("UPDATE discord_registrations SET hash = 'an older set'")
        .execute(second.app.pool())
        .await
        .expect("the stored set changed");
    stop(second).await;

    let third = Bot::launch(FakeDiscord::start().await, clock(), on_file).await;
    third.fake.wait_for_registration().await;
    third
        .fake
        .wait_for_requests(Method::PUT, "/applications/*/commands", 1)
        .await;
    let joined = third.run(SlashCommand::new(&alice, "profile")).await;
    assert_eq!(joined["type"], 4, "{joined}");
    let registrations = third.fake.registrations();
    assert_eq!(registrations.len(), 2, "registered once, cleared once");
    assert_eq!(registrations[0].body, registration_json());
    assert_eq!(stored_hash(&third).await, stored, "the new set is recorded");
    third.assert_no_refused_requests();
}
