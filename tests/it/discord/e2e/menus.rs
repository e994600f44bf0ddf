//! Context menus and reports: user and message context-menu interactions (targets resolved by
//! Discord) through the real serenity client; a report from the message menu to its form, to
//! the Moderators' channel with its buttons, to Take action and to Dismiss; and the mod log
//! receiving what Moderators do.

use axum::http::Method;
use serde_json::Value;

use super::{ephemeral_reply, public_reply, Bot, CJ_ID, MODAL};
use crate::discord::fake::{FakeDiscord, PostedMessage, Recorded, SlashCommand, User, CHANNEL_ID};

const MOD_CHANNEL: u64 = 3100;
const MODLOG_CHANNEL: u64 = 3200;
const VOTING_CHANNEL: u64 = 3300;

/// A bot with a Moderators' channel, a mod log and a voting channel; mod1 a Moderator, alice
/// and bob members.
async fn club() -> (Bot, User, User, User) {
    let bot = Bot::start_configured(FakeDiscord::start().await, |c| {
        c.discord.mod_channel_id = Some(MOD_CHANNEL);
        c.discord.modlog_channel_id = Some(MODLOG_CHANNEL);
        c.rules.voting_channel_id = Some(VOTING_CHANNEL);
    })
    .await;
    let cj = User::new(CJ_ID, "cj");
    let mod1 = User::new(801, "mod1");
    let alice = User::new(701, "alice");
    let bob = User::new(702, "bob");
    let appointed = bot
        .run(
            SlashCommand::new(&cj, "office appoint")
                .user("member", &mod1)
                .choice("office", "moderator"),
        )
        .await;
    assert!(public_reply(&appointed).ends_with("is now a Moderator."));
    for member in [&alice, &bob] {
        bot.run(SlashCommand::new(member, "join")).await;
    }
    (bot, mod1, alice, bob)
}

/// Waits for a post to `channel` whose content contains `text`.
async fn posted(bot: &Bot, channel: u64, text: &str) -> Recorded {
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{channel}/messages"),
            &format!("a post containing {text:?}"),
            |r| r.status == 200 && r.body["content"].as_str().is_some_and(|c| c.contains(text)),
        )
        .await
}

/// The form a callback opens: its custom_id and its inputs (custom_id, value).
fn form(callback: &Value) -> (String, Vec<(String, Option<String>)>) {
    assert_eq!(
        callback["type"].as_u64(),
        Some(MODAL),
        "not a form: {callback}"
    );
    let data = &callback["data"];
    let inputs = data["components"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            let input = &row["components"][0];
            (
                input["custom_id"].as_str().expect("id").to_owned(),
                input["value"].as_str().map(str::to_owned),
            )
        })
        .collect();
    (
        data["custom_id"].as_str().expect("custom_id").to_owned(),
        inputs,
    )
}

/// Checks: the user menu *Player card* (type 2 with `data.target_id` and the user resolved)
/// answers anyone privately with the member's card; *Monitor* is refused, privately and before
/// any form, to a member without the office (Terms §II Act 10), and opens the reason form for
/// a Moderator, carrying the member by Discord id; its submission records the monitor as
/// `/mod monitor` does, declared in #discussion and copied to the mod log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn member_menus_show_a_card_and_monitor_through_the_reason_form() {
    let (bot, mod1, alice, bob) = club().await;
    let card = bot
        .fake
        .wait_for_callback(bot.fake.click_member(&alice, "Player card", &bob))
        .await;
    let card = ephemeral_reply(&card);
    assert!(card.starts_with("bob: member, score 100"), "{card}");
    assert!(card.ends_with("Cases in force: none."), "{card}");

    let refused = bot
        .fake
        .wait_for_callback(bot.fake.click_member(&alice, "Monitor", &bob))
        .await;
    assert_eq!(
        ephemeral_reply(&refused),
        "Only a Moderator, a Justice or the Chief Justice may monitor a member (Terms §III Act 2)."
    );
    let asked = bot
        .fake
        .wait_for_callback(bot.fake.click_member(&mod1, "Monitor", &bob))
        .await;
    let (custom_id, inputs) = form(&asked);
    assert_eq!(custom_id, "f/mod monitor?member=702");
    assert_eq!(inputs, [("reason".to_owned(), None)]);
    let reason = "three unlikely wins against stronger players";
    let done = bot
        .fake
        .wait_for_callback(
            bot.fake
                .submit_form(&mod1, &custom_id, &[("reason", reason)]),
        )
        .await;
    assert!(
        public_reply(&done).starts_with("Case #1: bob monitored"),
        "{done}"
    );
    let declaration = posted(&bot, CHANNEL_ID, "Declaration, case #1").await;
    let logged = posted(&bot, MODLOG_CHANNEL, "Declaration, case #1").await;
    assert_eq!(declaration.body["content"], logged.body["content"]);
    let card = bot
        .fake
        .wait_for_callback(bot.fake.click_member(&alice, "Player card", &bob))
        .await;
    assert!(
        ephemeral_reply(&card).contains("Cases in force: #1 "),
        "{card}"
    );
}

/// Checks: *Report to Moderators* on bob's message (type 3, the message resolved) opens a form
/// with the message's link and text filled in; its submission thanks alice privately and posts
/// the numbered report to the Moderators' channel (never #discussion) with its link, author,
/// excerpt and the buttons Take action and Dismiss. Both buttons are refused to alice (no
/// office); for mod1, Take action opens the action form, and its submission opens a case
/// against bob, declared publicly, the report recorded as acted on; Dismiss on a second report
/// asks a reason and records it in the mod log. Each form's title names the report, the member
/// and the message. Each is audited.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_goes_from_the_message_menu_to_the_moderators_and_is_acted_on_or_dismissed() {
    let (bot, mod1, alice, bob) = club().await;
    let message = PostedMessage {
        id: 555_000_111,
        channel: CHANNEL_ID,
        author: bob.clone(),
        content: "you are all\nidiots".into(),
    };
    let report = async |what: &str| {
        let asked = bot
            .fake
            .wait_for_callback(
                bot.fake
                    .click_message(&alice, "Report to Moderators", &message),
            )
            .await;
        let (custom_id, inputs) = form(&asked);
        assert_eq!(custom_id, "f/report file?member=702");
        let link = format!("https://discord.com/channels/2000/{CHANNEL_ID}/555000111");
        assert_eq!(
            inputs,
            [
                ("what".to_owned(), None),
                ("link".to_owned(), Some(link.clone())),
                ("quote".to_owned(), Some("you are all idiots".to_owned())),
            ]
        );
        let fields = [
            ("what", what),
            ("link", link.as_str()),
            ("quote", "you are all idiots"),
        ];
        bot.fake
            .wait_for_callback(bot.fake.submit_form(&alice, &custom_id, &fields))
            .await
    };
    let thanked = report("insults another member").await;
    assert_eq!(
        ephemeral_reply(&thanked),
        "Thank you: your report #1 went to the Moderators privately. It is not posted in #discussion nor shown on the portal."
    );
    let post = posted(&bot, MOD_CHANNEL, "Report #1 from alice").await;
    let content = post.body["content"].as_str().expect("content");
    assert!(content.contains("about a message by bob: https://discord.com/channels/2000/3000/555000111\n> you are all idiots\nWhat is wrong: insults another member"), "{content}");
    let buttons = &post.body["components"][0]["components"];
    assert_eq!(buttons[0]["label"], "Take action");
    assert_eq!(buttons[0]["custom_id"], "b/report act?report=1");
    assert_eq!(buttons[1]["label"], "Dismiss");
    assert_eq!(buttons[1]["custom_id"], "b/report dismiss?report=1");
    assert!(
        bot.posts_with(content).is_empty(),
        "a report is never posted in #discussion"
    );

    let press = async |who: &User, post: &Recorded, id: &str| {
        bot.fake
            .wait_for_callback(bot.fake.press(who, post, id))
            .await
    };
    let refused = press(&alice, &post, "b/report act?report=1").await;
    assert_eq!(
        ephemeral_reply(&refused),
        "Only a Moderator, a Justice or the Chief Justice may answer reports (Terms §III Act 2)."
    );
    let asked = press(&mod1, &post, "b/report act?report=1").await;
    let (custom_id, inputs) = form(&asked);
    assert_eq!(custom_id, "f/report act?report=1");
    // The form names the member and the message it acts on (issue #43), within Discord's 45.
    assert_eq!(
        asked["data"]["title"], "Report #1: bob, “you are all idiots”",
        "{asked}"
    );
    let names: Vec<&str> = inputs.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["action", "reason"]);
    let acted = bot
        .fake
        .wait_for_callback(bot.fake.submit_form(
            &mod1,
            &custom_id,
            &[
                ("action", "deduct 10"),
                ("reason", "insulting another member"),
            ],
        ))
        .await;
    assert!(
        ephemeral_reply(&acted)
            .starts_with("Report #1 is acted on. Case #1: 10 points deducted from bob."),
        "{acted}"
    );
    posted(&bot, CHANNEL_ID, "Declaration, case #1 (Terms §III Act 2.4): mod1 took this action: 10 points deducted from bob.").await;
    posted(
        &bot,
        MODLOG_CHANNEL,
        "Report #1 acted on by mod1 in case #1.",
    )
    .await;

    report("rude again").await;
    let second = posted(&bot, MOD_CHANNEL, "Report #2 from alice").await;
    let refused = press(&alice, &second, "b/report dismiss?report=2").await;
    assert!(
        ephemeral_reply(&refused).starts_with("Only a Moderator"),
        "{refused}"
    );
    let asked = press(&mod1, &second, "b/report dismiss?report=2").await;
    let (custom_id, _) = form(&asked);
    assert_eq!(custom_id, "f/report dismiss?report=2");
    assert_eq!(
        asked["data"]["title"], "Report #2: bob, “you are all idiots”",
        "{asked}"
    );
    let dismissed = bot
        .fake
        .wait_for_callback(bot.fake.submit_form(
            &mod1,
            &custom_id,
            &[("reason", "a joke between friends")],
        ))
        .await;
    assert_eq!(
        ephemeral_reply(&dismissed),
        "Report #2 is dismissed; the mod log records why. Nothing is posted publicly."
    );
    let logged = posted(&bot, MODLOG_CHANNEL, "Report #2 dismissed by mod1").await;
    assert!(
        logged.body["content"]
            .as_str()
            .unwrap()
            .contains("What is wrong: rude again"),
        "the mod log has the report's text and who filed it: {}",
        logged.body
    );

    // The reports are the Moderators' record: in the database, never the public export.
    let mut conn = bot.app.pool().acquire().await.expect("connection");
    let reports = gavel::store::moderation::reports::all(&mut conn)
        .await
        .expect("reports");
    drop(conn);
    use gavel::domain::moderation::reports::ReportState;
    let statuses: Vec<ReportState> = reports.iter().map(|r| r.status().state()).collect();
    assert_eq!(statuses, [ReportState::ActedOn, ReportState::Dismissed]);
    assert_eq!(reports[0].case_id, Some(1));
    let export = gavel::app::export::export(&bot.app).await.expect("export");
    assert!(export.get("reports").is_none(), "{export}");
    let audited: Vec<(String, String)> = sqlx::query_as(
        "SELECT command, outcome FROM audit_log WHERE command LIKE 'report %' ORDER BY id",
    )
    .fetch_all(bot.app.pool())
    .await
    .expect("audit");
    let audited: Vec<(&str, &str)> = audited
        .iter()
        .map(|(c, o)| (c.as_str(), o.as_str()))
        .collect();
    assert_eq!(
        audited,
        [
            ("report file", "done"),
            ("report act", "refused"),
            ("report act", "done"),
            ("report file", "done"),
            ("report dismiss", "refused"),
            ("report dismiss", "done"),
        ]
    );
}

/// Checks (Nomic 214, 201): *Raise a Point of Order* on a message outside the voting channel is
/// refused politely and nothing is done; on a message in the voting channel it opens the form
/// of `/order raise` with the message quoted and linked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_point_of_order_is_raised_from_a_message_in_the_voting_channel_alone() {
    let (bot, _, alice, bob) = club().await;
    let mut message = PostedMessage {
        id: 777,
        channel: CHANNEL_ID,
        author: bob.clone(),
        content: "Proposal 301 passes with 2 votes".into(),
    };
    let refused = bot
        .fake
        .wait_for_callback(
            bot.fake
                .click_message(&alice, "Raise a Point of Order", &message),
        )
        .await;
    assert!(
        ephemeral_reply(&refused).contains("in the voting channel"),
        "{refused}"
    );
    message.channel = VOTING_CHANNEL;
    let asked = bot
        .fake
        .wait_for_callback(
            bot.fake
                .click_message(&alice, "Raise a Point of Order", &message),
        )
        .await;
    let (custom_id, inputs) = form(&asked);
    assert_eq!(custom_id, "f/order raise");
    assert_eq!(
        inputs,
        [(
            "text".to_owned(),
            Some(format!(
                "> Proposal 301 passes with 2 votes\nhttps://discord.com/channels/2000/{VOTING_CHANNEL}/777\n\n"
            ))
        )]
    );
}

/// Checks (Nomic 214): the Point of Order form opened on a message in the voting channel, once
/// submitted with the quote and link it came with, raises the Point as `/order raise` does: its
/// Judge named, and the message quoted in the Point's post.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_point_of_order_raised_from_a_message_names_its_judge_and_quotes_the_message() {
    // Tuesday 24 November 2026, 10:00 in London: Monday's player is the Judge.
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-24T10:00:00Z")
        .expect("time")
        .to_utc();
    let bot = Bot::start_clocked(
        FakeDiscord::start().await,
        std::sync::Arc::new(gavel::clock::FakeClock::new(at)),
        |c| c.rules.voting_channel_id = Some(VOTING_CHANNEL),
    )
    .await;
    let cj = User::new(CJ_ID, "cj");
    let (ann, ben, cat) = (
        User::new(801, "ann"),
        User::new(802, "ben"),
        User::new(803, "cat"),
    );
    for (who, day) in [(&ann, "monday"), (&ben, "tuesday"), (&cat, "wednesday")] {
        let set = bot
            .run(
                SlashCommand::new(&cj, "turns set")
                    .user("member", who)
                    .choice("day", day),
            )
            .await;
        assert!(public_reply(&set).contains("allocated day"), "{set}");
    }
    let message = PostedMessage {
        id: 888,
        channel: VOTING_CHANNEL,
        author: cat.clone(),
        content: "I vote yes on Sunday".into(),
    };
    let asked = bot
        .fake
        .wait_for_callback(
            bot.fake
                .click_message(&ben, "Raise a Point of Order", &message),
        )
        .await;
    let (custom_id, inputs) = form(&asked);
    let quoted = inputs[0].1.clone().expect("filled in");
    let text = format!("{quoted}Was this Sunday vote void?");
    let raised = bot
        .fake
        .wait_for_callback(bot.fake.submit_form(&ben, &custom_id, &[("text", &text)]))
        .await;
    assert!(
        public_reply(&raised).starts_with("Point of Order #1 is raised; ann is its Judge"),
        "{raised}"
    );
    let post = posted(&bot, VOTING_CHANNEL, "Point of Order #1, raised by ben").await;
    let content = post.body["content"].as_str().expect("content");
    assert!(content.contains("> I vote yes on Sunday"), "{content}");
    assert!(
        content.contains(&format!(
            "https://discord.com/channels/2000/{VOTING_CHANNEL}/888"
        )),
        "{content}"
    );
}
