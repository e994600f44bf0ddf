//! The outbox's posts reaching Discord: retries after a failure, order within a channel, rate
//! limits, prompt delivery, refused posts in the status, and queued edits.

use std::time::Duration;

use axum::http::Method;

use super::{assert_no_pings, public_reply, Bot};
use crate::discord::fake::{SlashCommand, User, CHANNEL_ID};

/// Checks: when Discord answers the first post of the announcement with HTTP 500, the poster
/// keeps the outbox entry and retries: the announcement arrives later, is delivered exactly once
/// (every attempt carries the same nonce), and its row records the delivered message's id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_post_is_retried_and_delivered_once() {
    let bot = Bot::start().await;
    let announcement = "carol joined the Leaderboard with a score of 100.";
    bot.fake.fail_next_posts_containing(announcement, 1);
    let carol = User::new(503, "carol");

    let joined = bot.run(SlashCommand::new(&carol, "join")).await;
    assert!(public_reply(&joined).starts_with("Welcome to the Leaderboard, carol"));

    let delivered = bot.wait_for_post(announcement).await;
    let attempts = bot.posts_with(announcement);
    let statuses: Vec<u16> = attempts.iter().map(|r| r.status).collect();
    assert_eq!(statuses, vec![500, 200], "one failure, then one delivery");
    assert_eq!(
        attempts[0].body["nonce"], attempts[1].body["nonce"],
        "a retry reuses the nonce, so Discord could drop a duplicate"
    );
    let returned: i64 = delivered.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .parse()
        .expect("snowflake");
    assert_eq!(
        bot.wait_until_marked_sent(announcement).await,
        Some(returned)
    );
    // Two more poster ticks (2 s each): still delivered exactly once.
    tokio::time::sleep(std::time::Duration::from_millis(4500)).await;
    let delivered: Vec<_> = bot
        .posts_with(announcement)
        .into_iter()
        .filter(|r| r.status == 200)
        .collect();
    assert_eq!(delivered.len(), 1, "delivered more than once");
    bot.assert_no_refused_requests();
}

/// Checks: when Discord answers the first post of alice's announcement with 429, bob's
/// announcement, committed while alice's waits to retry, is not posted before it: the posts to
/// #discussion arrive strictly in the order they were written (alice's delivered, then bob's
/// first attempt), each delivered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_waiting_to_retry_holds_back_the_later_posts_of_its_channel() {
    let bot = Bot::start().await;
    let first = "alice joined the Leaderboard with a score of 100.";
    let second = "bob joined the Leaderboard with a score of 100.";
    bot.fake.rate_limit_next_post_containing(first, 1.5);
    let alice = User::new(501, "alice");
    let bob = User::new(502, "bob");

    bot.run(SlashCommand::new(&alice, "join")).await;
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the rate-limited first post",
            |r| r.status == 429,
        )
        .await;
    bot.run(SlashCommand::new(&bob, "join")).await;
    bot.wait_for_post(first).await;
    bot.wait_for_post(second).await;

    let posts: Vec<(u16, String)> = bot
        .fake
        .requests_to(&Method::POST, &format!("/channels/{CHANNEL_ID}/messages"))
        .into_iter()
        .map(|r| {
            (
                r.status,
                r.body["content"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        posts,
        [
            (429, first.to_owned()),
            (200, first.to_owned()),
            (200, second.to_owned())
        ],
        "posts out of order"
    );
    bot.assert_no_refused_requests();
}

/// Checks: a 429 whose body says `retry_after: 0.4` is retried after those 0.4 s and not
/// much later (not after a fixed 5 s or the next 2 s poll): the delivery comes between 0.4 s
/// and 1.4 s after the 429, and the post is delivered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_post_is_retried_when_discord_says() {
    let bot = Bot::start().await;
    let announcement = "erin joined the Leaderboard with a score of 100.";
    bot.fake.rate_limit_next_post_containing(announcement, 0.4);
    bot.run(SlashCommand::new(&User::new(505, "erin"), "join"))
        .await;
    let delivered = bot.wait_for_post(announcement).await;
    let attempts = bot.posts_with(announcement);
    let statuses: Vec<u16> = attempts.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [429, 200]);
    let waited = delivered.at - attempts[0].at;
    assert!(
        waited >= Duration::from_millis(400) && waited < Duration::from_millis(1400),
        "retried {waited:?} after a 429 that said 0.4 s"
    );
    bot.assert_no_refused_requests();
}

/// Checks: a healthy post is delivered within 1 s of the commit that wrote it, because the
/// commit wakes the poster: measured from the command's reply (sent after its transaction
/// commits) to the post's arrival, for a command sent just after the poster's previous post
/// (when a 2 s poll would be furthest away).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_is_delivered_within_a_second_of_its_commit() {
    let bot = Bot::start().await;
    let frank = User::new(506, "frank");
    let grace = User::new(507, "grace");
    bot.run(SlashCommand::new(&frank, "join")).await;
    bot.wait_for_post("frank joined the Leaderboard with a score of 100.")
        .await;
    let id = bot.fake.send(SlashCommand::new(&grace, "join"));
    bot.fake.wait_for_callback(id).await;
    let replied = bot
        .fake
        .requests_to(&Method::POST, &format!("/interactions/{id}/*/callback"))[0]
        .at;
    let post = bot
        .wait_for_post("grace joined the Leaderboard with a score of 100.")
        .await;
    let latency = post.at.saturating_duration_since(replied);
    eprintln!("delivery latency after the reply: {latency:?}");
    assert!(
        latency < Duration::from_secs(1),
        "delivered {latency:?} after the commit"
    );
}

/// Checks: when Discord answers a post with 403 Missing Permissions, the poster does not
/// retry it soon (no second attempt within 3 s), later posts of the channel wait behind it,
/// and `gavel status` reports it: one post besides the held one in the backlog, the oldest
/// in #discussion with 1 attempt and the 403 as its last error, marked as needing a fix.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_post_is_reported_in_the_status() {
    let bot = Bot::start().await;
    let first = "heidi joined the Leaderboard with a score of 100.";
    let second = "ivan joined the Leaderboard with a score of 100.";
    bot.fake.forbid_next_posts_containing(first, 10);
    bot.run(SlashCommand::new(&User::new(508, "heidi"), "join"))
        .await;
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the refused post",
            |r| r.status == 403,
        )
        .await;
    bot.run(SlashCommand::new(&User::new(509, "ivan"), "join"))
        .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        bot.posts_with(first).len(),
        1,
        "a refused post was retried at once"
    );
    assert!(
        bot.posts_with(second).is_empty(),
        "a later post overtook the refused one"
    );

    let status = gavel::app::status::status(&bot.app).await.expect("status");
    assert_eq!(status.backlog, 2);
    let oldest = status.oldest.as_ref().expect("an oldest post");
    assert_eq!(oldest.content, first);
    assert_eq!(oldest.attempts, 1);
    let text = status.to_string();
    assert!(
        text.starts_with("Outbox: 2 posts not yet delivered."),
        "{text}"
    );
    assert!(text.contains("#discussion"), "{text}");
    assert!(text.contains("1 attempt,"), "{text}");
    assert!(
        text.contains("403 Forbidden Missing Permissions (code 50013)")
            && text.contains("until fixed"),
        "{text}"
    );
}

/// Checks: `store::outbox::enqueue_edit` of a post already delivered becomes one
/// `PATCH /channels/3000/messages/{id}` of the message Discord gave the post, with the new text
/// and no pings, after the post itself and in order with the channel's other posts (a post
/// queued before the edit goes first); the edit's row is marked sent with that message's id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_edit_patches_the_posted_message_in_order() {
    let bot = Bot::start().await;
    let now = bot.app.now();
    let mut conn = bot.app.pool().acquire().await.expect("connection");
    let yes = gavel::commands::button::Button::new("Yes", "join");
    let tally = gavel::store::outbox::enqueue_with_buttons(
        &mut conn,
        gavel::store::outbox::DISCUSSION,
        "Tally: 0 yes",
        &[yes],
        now,
    )
    .await
    .expect("enqueue");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    let post = bot.wait_for_post("Tally: 0 yes").await;
    let message = post.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    bot.wait_until_marked_sent("Tally: 0 yes").await;

    let mut conn = bot.app.pool().acquire().await.expect("connection");
    gavel::store::outbox::enqueue(&mut conn, "discussion", "Between", now)
        .await
        .expect("enqueue");
    let edit = gavel::store::outbox::enqueue_edit(&mut conn, tally, "Tally: 1 yes", now)
        .await
        .expect("edit");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    let path = format!("/channels/{CHANNEL_ID}/messages/{message}");
    let patched = bot.fake.wait_for_requests(Method::PATCH, &path, 1).await;
    assert_eq!(patched.len(), 1);
    assert_eq!(patched[0].body["content"], "Tally: 1 yes");
    assert_no_pings(&patched[0].body);
    let between = bot.wait_for_post("Between").await;
    assert!(
        between.at <= patched[0].at,
        "the edit overtook an earlier post"
    );
    let mut marked = None;
    for _ in 0..100 {
        marked = sqlx::query_scalar::<_, Option<i64>>("SELECT message_id FROM outbox WHERE id = ?")
            .bind(edit)
            .fetch_one(bot.app.pool())
            .await
            .expect("outbox");
        if marked.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(marked.map(|m| m.to_string()), Some(message.clone()));
    bot.assert_no_refused_requests();

    // A message someone deleted cannot be edited: Discord answers 404 Unknown Message, the
    // edit is dropped, and the channel's later posts are not held back behind it.
    bot.fake.delete_message(&message);
    let mut conn = bot.app.pool().acquire().await.expect("connection");
    gavel::store::outbox::enqueue_edit(&mut conn, tally, "Tally: 2 yes", now)
        .await
        .expect("edit");
    gavel::store::outbox::enqueue(&mut conn, "discussion", "After", now)
        .await
        .expect("enqueue");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    bot.wait_for_post("After").await;
    let gone = bot.fake.requests_to(&Method::PATCH, &path);
    assert_eq!(gone.len(), 2);
    assert_eq!(gone[1].status, 404);
}
