//! The channel map on Discord: posts to #voting and #points go to the channels configured as
//! `rules.voting_channel_id` and `rules.points_channel_id` (Nomic 201's voting thread, Nomic
//! 209's points thread), beside #discussion.

use std::sync::Arc;

use axum::http::Method;
use gavel::app::App;
use gavel::store::outbox::{POINTS, VOTING};

use super::fake::{FakeDiscord, CHANNEL_ID, GUILD_ID};

const VOTING_ID: u64 = 3100;
const POINTS_ID: u64 = 3200;

/// Checks: an entry for #voting and one for #points are delivered to their own channels.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn voting_and_points_posts_go_to_their_configured_channels() {
    let fake = FakeDiscord::start().await;
    let mut config = gavel::config::Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.discord.proxy_url = Some(fake.proxy_url());
    config.discord.guild_id = Some(GUILD_ID);
    config.discord.discussion_channel_id = Some(CHANNEL_ID);
    config.rules.voting_channel_id = Some(VOTING_ID);
    config.rules.points_channel_id = Some(POINTS_ID);
    config.chief_justice.discord_id = Some(901);
    let app = App::open(config, Arc::new(gavel::clock::SystemClock))
        .await
        .expect("app opens");
    let bot = gavel::adapters::discord::build_client(app.clone(), "fake-token")
        .await
        .expect("client builds");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let client = tokio::spawn(bot.run_until(async move {
        let _ = stopped.await;
    }));
    fake.wait_for_registration().await;

    let mut conn = app.pool().acquire().await.expect("connection");
    let now = app.now();
    gavel::store::outbox::enqueue(&mut conn, VOTING, "Proposal 301 by chris", now)
        .await
        .expect("enqueue");
    gavel::store::outbox::enqueue(&mut conn, POINTS, "chris: 10 (+10)", now)
        .await
        .expect("enqueue");
    drop(conn);
    app.outbox_waker().notify_one();

    for (channel, content) in [
        (VOTING_ID, "Proposal 301 by chris"),
        (POINTS_ID, "chris: 10 (+10)"),
    ] {
        fake.wait_for(
            Method::POST,
            &format!("/channels/{channel}/messages"),
            &format!("the delivery of {content:?}"),
            |r| r.status == 200 && r.body["content"] == content,
        )
        .await;
    }
    assert!(fake
        .requests_to(&Method::POST, &format!("/channels/{CHANNEL_ID}/messages"))
        .iter()
        .all(|r| r.body["content"] != "chris: 10 (+10)"));
    let _ = stop.send(());
    client.abort();
}
