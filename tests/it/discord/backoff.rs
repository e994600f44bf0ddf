//! The poster's backoff against the fake Discord, in virtual time: the poster runs pass by pass
//! on a clock that moves only when the test moves it, so the waits it chooses are read exactly
//! and nothing sleeps.

use std::sync::Arc;

use axum::http::Method;
use chrono::{DateTime, Duration, DurationRound};
use gavel::adapters::discord::Poster;
use gavel::app::App;
use gavel::clock::Clock;
use gavel::clock::FakeClock;
use poise::serenity_prelude as serenity;

use super::fake::{FakeDiscord, CHANNEL_ID, GUILD_ID};

/// How many posts wait behind the failing first one.
const POSTS: usize = 20;

/// Checks: twenty posts, the first answered with three 429s (`retry_after` 0.6 s) and then two
/// 500s, are delivered in order after the poster has waited 0.6, 0.6, 0.6, 2 and 4 seconds
/// (7.8 s in all): a 429 waits its `retry_after` and does not advance the doubling meant for
/// server errors. Each post is delivered once, in the order written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_posts_behind_three_429s_and_two_500s_wait_seven_point_eight_seconds() {
    let fake = FakeDiscord::start().await;
    let t0 = DateTime::parse_from_rfc3339("2026-11-27T12:00:00Z")
        .expect("time")
        .to_utc();
    let clock = FakeClock::new(t0);
    let mut config = gavel::config::Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.discord.proxy_url = Some(fake.proxy_url());
    config.discord.guild_id = Some(GUILD_ID);
    config.discord.discussion_channel_id = Some(CHANNEL_ID);
    let app = App::open(config, Arc::new(clock.clone()))
        .await
        .expect("app opens");
    let mut conn = app.pool().acquire().await.expect("connection");
    for n in 1..=POSTS {
        gavel::store::outbox::enqueue(&mut conn, "discussion", &format!("post {n}"), t0)
            .await
            .expect("enqueue");
    }
    drop(conn);
    fake.rate_limit_next_posts(3, 0.6);
    fake.fail_next_posts(2);
    let http = serenity::HttpBuilder::new("fake-token")
        .proxy(fake.proxy_url())
        .ratelimiter_disabled(true)
        .build();
    let poster = Poster::new(app.clone(), Arc::new(http));

    let mut waits = Vec::new();
    let mut delivered = 0;
    while delivered < POSTS {
        let pass = poster.deliver_due(|| false).await.expect("a pass");
        delivered += pass.delivered;
        if let Some(at) = pass.next_retry {
            waits.push(at - clock.now());
            // The clock keeps whole seconds: move to the first whole second at or after `at`.
            let up = at + Duration::milliseconds(999);
            clock.set(up.duration_trunc(Duration::seconds(1)).expect("a time"));
        }
        assert!(waits.len() <= 5, "more waits than failures: {waits:?}");
    }
    let ms: Vec<i64> = waits.iter().map(|w| w.num_milliseconds()).collect();
    assert_eq!(ms, [600, 600, 600, 2000, 4000]);
    assert_eq!(
        waits.iter().sum::<Duration>(),
        Duration::milliseconds(7800),
        "the poster waited"
    );
    let sent: Vec<String> = fake
        .requests_to(&Method::POST, &format!("/channels/{CHANNEL_ID}/messages"))
        .into_iter()
        .filter(|r| r.status == 200)
        .map(|r| r.body["content"].as_str().expect("content").to_owned())
        .collect();
    let expected: Vec<String> = (1..=POSTS).map(|n| format!("post {n}")).collect();
    assert_eq!(sent, expected, "each post once, in order");
    let (server_errors, attempts): (i64, i64) =
        sqlx::query_as("SELECT server_errors, attempts FROM outbox WHERE content = 'post 1'")
            .fetch_one(app.pool())
            .await
            .expect("row");
    assert_eq!((server_errors, attempts), (2, 6));
}

/// The real-time figure the book quotes: twenty posts behind three 429s (0.6 s) and two 500s,
/// through the running bot against the fake, from the first attempt to the twentieth delivery.
/// Takes about 8 s, so it runs only when asked:
/// `cargo test --test it twenty_posts_in_real_time -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn twenty_posts_in_real_time() {
    let fake = FakeDiscord::start().await;
    let mut config = gavel::config::Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.discord.proxy_url = Some(fake.proxy_url());
    config.discord.guild_id = Some(GUILD_ID);
    config.discord.discussion_channel_id = Some(CHANNEL_ID);
    config.chief_justice.discord_id = Some(901);
    let app = App::open(config, Arc::new(gavel::clock::SystemClock))
        .await
        .expect("app opens");
    let bot = gavel::adapters::discord::build_client(app.clone(), "fake-token")
        .await
        .expect("client builds");
    let client = tokio::spawn(bot.run_until(std::future::pending()));
    fake.wait_for_registration().await;
    fake.rate_limit_next_posts(3, 0.6);
    fake.fail_next_posts(2);
    let mut conn = app.pool().acquire().await.expect("connection");
    for n in 1..=POSTS {
        gavel::store::outbox::enqueue(&mut conn, "discussion", &format!("post {n}"), app.now())
            .await
            .expect("enqueue");
    }
    drop(conn);
    app.outbox_waker().notify_one();
    let path = format!("/channels/{CHANNEL_ID}/messages");
    let last = fake
        .wait_for(Method::POST, &path, "the twentieth post", |r| {
            r.status == 200 && r.body["content"] == format!("post {POSTS}")
        })
        .await;
    let attempts = fake.requests_to(&Method::POST, &path);
    let first = attempts[0].at;
    println!(
        "{POSTS} posts behind three 429s and two 500s: {:.1} s",
        (last.at - first).as_secs_f64()
    );
    client.abort();
}
