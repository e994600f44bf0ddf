//! Pages: long listings answered a page at a time under Previous, "page N of M" and Next;
//! a press replaces the message in place (type 7), re-reading the record, after a restart as
//! before it; forged page buttons are refused privately.

use std::sync::Arc;

use serde_json::Value;

use super::{ephemeral_reply, public_reply, Bot, TIMEOUT};
use crate::discord::fake::{FakeDiscord, SlashCommand, User};

/// Interaction callback type: the message pressed, updated in place.
const UPDATE_MESSAGE: u64 = 7;

/// The buttons under a reply's data: (label, custom_id, disabled).
fn buttons(data: &Value) -> Vec<(String, String, bool)> {
    data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| {
            (
                b["label"].as_str().unwrap_or_default().to_owned(),
                b["custom_id"].as_str().unwrap_or_default().to_owned(),
                b["disabled"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

/// The custom_id of the button labelled `label`.
fn id_of(data: &Value, label: &str) -> String {
    buttons(data)
        .into_iter()
        .find(|(l, _, _)| l == label)
        .unwrap_or_else(|| panic!("no {label:?} button: {data}"))
        .1
}

/// Checks: /help answers its first page (a card beside the words) under Previous (disabled),
/// "page 1 of N" (disabled) and Next; anyone pressing Next gets the message updated in place
/// (type 7) to page 2, whose Previous is enabled; pressing Previous there gives page 1 again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_is_paged_with_previous_and_next_updating_the_message() {
    let bot = Bot::start().await;
    let alice = User::new(501, "alice");
    let bob = User::new(502, "bob");
    let help = bot.run(SlashCommand::new(&alice, "help")).await;
    let first = public_reply(&help);
    assert!(
        first.starts_with("Commands (options are name:value"),
        "{first}"
    );
    assert!(first.chars().count() <= 2000);
    let shown = buttons(&help["data"]);
    let pages = shown[1]
        .0
        .strip_prefix("page 1 of ")
        .expect("the page shown")
        .parse::<usize>()
        .expect("a number");
    assert!(pages > 1, "{shown:?}");
    assert_eq!(
        shown
            .iter()
            .map(|(l, _, d)| (l.as_str(), *d))
            .collect::<Vec<_>>(),
        [
            ("◀ Previous", true),
            (format!("page 1 of {pages}").as_str(), true),
            ("Next ▶", false)
        ]
    );
    assert_eq!(help["data"]["embeds"][0]["title"], "The club");

    let next = id_of(&help["data"], "Next ▶");
    let pressed = bot.fake.press_on_reply(&bob, &help["data"], &next);
    let turned = bot.fake.wait_for_callback(pressed).await;
    assert_eq!(turned["type"], UPDATE_MESSAGE, "{turned}");
    let second = turned["data"]["content"].as_str().expect("content");
    assert!(second.contains(&format!("Page 2 of {pages}")), "{second}");
    assert_ne!(second, first);
    let shown = buttons(&turned["data"]);
    assert_eq!(shown[1].0, format!("page 2 of {pages}"));
    assert!(!shown[0].2, "Previous is enabled on page 2");

    let back = id_of(&turned["data"], "◀ Previous");
    let pressed = bot.fake.press_on_reply(&alice, &turned["data"], &back);
    let again = bot.fake.wait_for_callback(pressed).await;
    assert_eq!(again["type"], UPDATE_MESSAGE);
    assert_eq!(again["data"]["content"].as_str(), Some(first));
    bot.assert_no_refused_requests();
}

/// Stops a bot as SIGTERM does and waits until it has stopped.
async fn stop(mut bot: Bot) {
    bot.shut_down();
    let ended = tokio::time::timeout(TIMEOUT, &mut bot.client)
        .await
        .expect("the bot stops");
    ended.expect("no panic").expect("run_until returns Ok");
    bot.app.pool().close().await;
}

/// Checks: eleven members join and /leaderboard shows page 1 of 2; gavel stops and starts again
/// on the same database, a twelfth member joins, and pressing Next on the message answered
/// before the restart shows page 2 of 2 as the record stands now (both members past the tenth),
/// with nothing kept in memory between the two runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_turn_after_a_restart_and_show_the_record_as_it_stands() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("club.db").to_string_lossy().into_owned();
    let on_file = |c: &mut gavel::config::Config| c.database.path = path.clone();
    let first = Bot::start_configured(FakeDiscord::start().await, on_file).await;
    for n in 0..11 {
        let member = User::new(700 + n, &format!("m{n:02}"));
        first.run(SlashCommand::new(&member, "join")).await;
    }
    let asker = User::new(700, "m00");
    let board = first.run(SlashCommand::new(&asker, "leaderboard")).await;
    assert!(public_reply(&board).starts_with("Leaderboard (page 1 of 2):"));
    let data = board["data"].clone();
    let next = id_of(&data, "Next ▶");
    stop(first).await;

    let clock = Arc::new(gavel::clock::SystemClock) as Arc<dyn gavel::clock::Clock>;
    let second = Bot::restart(FakeDiscord::start().await, clock, on_file).await;
    let late = User::new(799, "m11");
    second.run(SlashCommand::new(&late, "join")).await;
    let other = User::new(705, "m05");
    let pressed = second.fake.press_on_reply(&other, &data, &next);
    let turned = second.fake.wait_for_callback(pressed).await;
    assert_eq!(turned["type"], UPDATE_MESSAGE, "{turned}");
    let page = turned["data"]["content"].as_str().expect("content");
    assert!(page.starts_with("Leaderboard (page 2 of 2):"), "{page}");
    assert_eq!(page.lines().count(), 3, "two members on page 2: {page}");
    assert_eq!(buttons(&turned["data"])[1].0, "page 2 of 2");
    second.assert_no_refused_requests();
}

/// Checks: forged page buttons are refused privately and change nothing: one naming a command
/// that is not a listing (`/mod ban`), a page past the last (refused with the number of pages),
/// an option the listing lacks, free text where a member is expected, and a private list's
/// button pressed by someone other than the member who asked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_page_buttons_are_refused_privately() {
    let bot = Bot::start().await;
    let alice = User::new(501, "alice");
    let mallory = User::new(666, "mallory");
    bot.run(SlashCommand::new(&alice, "join")).await;
    let help = bot.run(SlashCommand::new(&alice, "help")).await;
    let pages = buttons(&help["data"])[1]
        .0
        .rsplit(' ')
        .next()
        .expect("pages")
        .to_owned();
    let forged = [
        (
            "p/mod ban?member=501&page=2",
            "not one of gavel's page buttons".to_owned(),
        ),
        (
            "p/help?page=99",
            format!("has {pages} page(s); there is no page 99"),
        ),
        (
            "p/help?page=2&colour=red",
            "/help has no option `colour`".to_owned(),
        ),
        (
            "p/history?member=alice&page=1",
            "is not a member".to_owned(),
        ),
        (
            "p/help?page=2&by=501",
            "Only the member who asked".to_owned(),
        ),
    ];
    for (custom_id, expected) in forged {
        let pressed = bot.fake.press_on_reply(&mallory, &help["data"], custom_id);
        let answer = bot.fake.wait_for_callback(pressed).await;
        let refusal = ephemeral_reply(&answer);
        assert!(refusal.contains(&expected), "{custom_id}: {refusal}");
    }
    let cases: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions")
        .fetch_one(bot.app.pool())
        .await
        .expect("cases");
    assert_eq!(cases, 0, "a forged page button ran a command");
    bot.assert_no_refused_requests();
}
