//! Buttons and forms: posts carrying buttons whose presses run commands once, forms that ask
//! for a command's long text, and slow presses that defer.

use axum::http::Method;
use gavel::app::App;
use serde_json::Value;

use super::{assert_no_pings, ephemeral_reply, public_reply, Bot, CJ_ID, EPHEMERAL, MODAL};
use crate::discord::fake::{Arg, FakeDiscord, SlashCommand, User, APPLICATION_ID, CHANNEL_ID};

/// The audit entries of `command`: (actor's Discord id, arguments, outcome), oldest first.
async fn audited(app: &App, command: &str) -> Vec<(Option<i64>, String, String)> {
    sqlx::query_as(
        "SELECT actor_discord_id, arguments, outcome FROM audit_log WHERE command = ? ORDER BY id",
    )
    .bind(command)
    .fetch_all(app.pool())
    .await
    .expect("audit log")
}

/// Checks (Terms §II Act 10.4): a monitored member's game is posted to #discussion with its
/// "Approve" button as an action row (type 1) holding a success-style button (type 2, style 3)
/// whose custom_id names `/game approve game:1`. Pressing it runs that command as the presser,
/// through the same checks and audit as the slash command: alice (a player, no office) is
/// refused privately; the Chief Justice approves it, visibly, and the game counts; a second
/// press is refused privately ("not waiting for approval") and counts nothing twice: alice's
/// score moves once, and the audit log holds one approval done by the Chief Justice and two
/// refusals. The press carries everything in its custom_id, so nothing held in memory is needed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_with_buttons_is_sent_with_them_and_a_press_runs_its_command_once() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let alice = User::new(701, "alice");
    let bob = User::new(702, "bob");
    bot.run(SlashCommand::new(&alice, "join")).await;
    bot.run(SlashCommand::new(&bob, "join")).await;
    let monitored = bot
        .run(
            SlashCommand::new(&cj, "mod monitor")
                .user("member", &alice)
                .arg(
                    "reason",
                    Arg::Text("three unlikely wins against stronger players".into()),
                ),
        )
        .await;
    assert!(
        public_reply(&monitored).starts_with("Case #1: alice monitored"),
        "{monitored}"
    );
    let registered = bot
        .run(
            SlashCommand::new(&alice, "game register")
                .user("white", &alice)
                .user("black", &bob)
                .choice("result", "white")
                .arg("online", Arg::Bool(true)),
        )
        .await;
    assert!(
        public_reply(&registered).contains("waits for a Moderator's approval"),
        "{registered}"
    );
    let post = bot
        .wait_for_post(
            "Game #1 (alice (white) beat bob) waits for a Moderator's approval: a player is \
             monitored (Terms §II Act 10.4). A Moderator who did not play may approve it.",
        )
        .await;
    assert_no_pings(&post.body);
    let approve = "b/game approve?game=1";
    assert_eq!(
        post.body["components"],
        serde_json::json!([{"type": 1, "components": [
            {"type": 2, "style": 3, "label": "Approve", "custom_id": approve, "disabled": false}
        ]}]),
        "{}",
        post.body
    );

    let press = async |who: &User| {
        let id = bot.fake.press(who, &post, approve);
        bot.fake.wait_for_callback(id).await
    };
    let by_a_player = press(&alice).await;
    assert_eq!(
        ephemeral_reply(&by_a_player),
        "Only a Moderator, a Justice or the Chief Justice may do this (Terms §III Act 2, 3.4)."
    );
    let approved = press(&cj).await;
    assert_eq!(
        public_reply(&approved),
        "Game #1 is approved as valid by cj (Terms §II Act 10.4). Scores: alice 100 → 108, bob 100 → 100."
    );
    assert_no_pings(&approved["data"]);
    let again = press(&cj).await;
    assert_eq!(
        ephemeral_reply(&again),
        "Game #1 is not waiting for approval."
    );

    let score: i64 = sqlx::query_scalar(
        "SELECT s.score FROM standings s JOIN people p ON p.id = s.person_id WHERE p.name = 'alice'",
    )
    .fetch_one(bot.app.pool())
    .await
    .unwrap_or_else(|e| panic!("alice's score: {e}"));
    assert_eq!(score, 108, "the game counted once");
    let audit = audited(&bot.app, "game approve").await;
    let outcomes: Vec<(Option<i64>, &str)> = audit
        .iter()
        .map(|(who, _, outcome)| (*who, outcome.as_str()))
        .collect();
    assert_eq!(
        outcomes,
        [
            (Some(701), "refused"),
            (Some(CJ_ID as i64), "done"),
            (Some(CJ_ID as i64), "refused")
        ]
    );
    assert_eq!(audit[1].1, r#"{"game":1}"#);
    bot.assert_no_refused_requests();
}

/// Checks (Terms §III Act 2.4): `/mod declare` without its reasoning (declared `in_modal`, so
/// optional on Discord) is answered with a form (callback type 9) whose custom_id carries the
/// case given and whose one paragraph input (style 2) asks for the reasoning with the option's
/// limit of 500; submitting the form runs `/mod declare case:1 reasoning:...` as the member who
/// submitted it: the declaration is posted with the typed text (line break kept) and audited
/// with both options. A form typed past the limit is refused privately; a member who cannot
/// declare the case is refused before any form opens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_missing_its_long_text_asks_for_it_in_a_form_and_runs_on_submission() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let alice = User::new(711, "alice");
    bot.run(SlashCommand::new(&alice, "join")).await;
    let recorded = bot
        .run(
            SlashCommand::new(&cj, "mod monitor")
                .user("member", &alice)
                .arg(
                    "reason",
                    Arg::Text("three unlikely wins against stronger players".into()),
                )
                .arg("later", Arg::Bool(true)),
        )
        .await;
    // Recorded to declare later: confirmed to its Moderator alone.
    assert!(
        ephemeral_reply(&recorded).starts_with("Case #1 recorded"),
        "{recorded}"
    );

    // Someone who cannot declare the case is refused before the form opens.
    let not_theirs = bot
        .run(SlashCommand::new(&alice, "mod declare").arg("case", Arg::Integer(1)))
        .await;
    assert_eq!(
        ephemeral_reply(&not_theirs),
        "Only the person who took case #1 may declare it."
    );
    let asked = bot
        .run(SlashCommand::new(&cj, "mod declare").arg("case", Arg::Integer(1)))
        .await;
    assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
    let form = &asked["data"];
    assert_eq!(form["custom_id"], "f/mod declare?case=1", "{asked}");
    assert_eq!(form["title"], "/mod declare", "{asked}");
    let input = &form["components"][0]["components"][0];
    assert_eq!(input["type"], 4, "{asked}");
    assert_eq!(input["custom_id"], "reasoning", "{asked}");
    assert_eq!(input["style"], 2, "a paragraph input: {asked}");
    assert_eq!(input["max_length"], 500, "{asked}");
    assert_eq!(input["required"], true, "{asked}");

    let too_long = "x".repeat(501);
    let id = bot
        .fake
        .submit_form(&cj, "f/mod declare?case=1", &[("reasoning", &too_long)]);
    let refused = bot.fake.wait_for_callback(id).await;
    assert_eq!(
        ephemeral_reply(&refused),
        "The option `reasoning` is 501 characters long; at most 500 are allowed."
    );

    let reasoning = "three unlikely wins\nagainst stronger players";
    let id = bot
        .fake
        .submit_form(&cj, "f/mod declare?case=1", &[("reasoning", reasoning)]);
    let declared = bot.fake.wait_for_callback(id).await;
    assert_eq!(
        public_reply(&declared),
        "Case #1 is declared in #discussion (Terms §III Act 2.4)."
    );
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the declaration with the typed reasoning",
            |r| {
                r.body["content"].as_str().is_some_and(|c| {
                    c.starts_with("Declaration, case #1 ") && c.ends_with(reasoning)
                })
            },
        )
        .await;
    let audit = audited(&bot.app, "mod declare").await;
    let done: Vec<_> = audit.iter().filter(|a| a.2 == "done").collect();
    assert_eq!(done.len(), 1, "{audit:?}");
    assert_eq!(done[0].0, Some(CJ_ID as i64));
    let args: Value = serde_json::from_str(&done[0].1).expect("json");
    assert_eq!(args, serde_json::json!({"case": 1, "reasoning": reasoning}));
    bot.assert_no_refused_requests();
}

/// Checks: a press whose work outlasts `discord.defer_after_ms` (0 here) is deferred (callback
/// type 5) and answered by editing the deferred reply; a refusal after a deferral does not stay
/// in the public "thinking..." message: that is deleted and the refusal follows privately
/// (flags 64), so a refused press is never shown to the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_press_defers_and_its_refusal_stays_private() {
    let bot = Bot::start_configured(FakeDiscord::start().await, |config| {
        config.discord.defer_after_ms = Some(0);
    })
    .await;
    let mut conn = bot.app.pool().acquire().await.expect("connection");
    let buttons = [
        gavel::commands::button::Button::new("Join", "join"),
        gavel::app::leaderboard::games::approval::approve_button(1),
    ];
    gavel::store::outbox::enqueue_with_buttons(
        &mut conn,
        gavel::store::outbox::DISCUSSION,
        "Welcome, visitors",
        &buttons,
        bot.app.now(),
    )
    .await
    .expect("enqueue");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    let post = bot.wait_for_post("Welcome, visitors").await;
    let erin = User::new(631, "erin");

    let joined = bot.fake.press(&erin, &post, "b/join");
    assert_eq!(bot.fake.wait_for_callback(joined).await["type"], 5);
    let edited = bot
        .fake
        .wait_for(
            Method::PATCH,
            &format!("/webhooks/{APPLICATION_ID}/token-{joined}/messages/@original"),
            "the deferred reply edited",
            |_| true,
        )
        .await;
    assert_eq!(
        edited.body["content"],
        "Welcome to the Leaderboard, erin: your score is 100 (Terms §II Act 1)."
    );

    let refused = bot.fake.press(&erin, &post, "b/game approve?game=1");
    assert_eq!(bot.fake.wait_for_callback(refused).await["type"], 5);
    let token = format!("token-{refused}");
    let private = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/webhooks/{APPLICATION_ID}/{token}"),
            "the private refusal",
            |_| true,
        )
        .await;
    assert_eq!(
        private.body["content"],
        "Only a Moderator, a Justice or the Chief Justice may do this (Terms §III Act 2, 3.4)."
    );
    assert_eq!(
        private.body["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        EPHEMERAL
    );
    let deleted = bot.fake.requests_to(
        &Method::DELETE,
        &format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original"),
    );
    assert_eq!(deleted.len(), 1, "{}", bot.fake.describe_requests());
    assert!(deleted[0].at <= private.at);
    bot.assert_no_refused_requests();
}

/// Checks (ACWC Format: a result "confirmed by the opponent ... or entered by the TD"): a game
/// a player records is posted with Confirm and Dispute buttons and counts for nothing yet; the
/// recorder's own press is refused privately; the opponent's press of Confirm records it,
/// visibly, and the match's score moves once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_result_counts_once_the_opponent_presses_confirm() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let td = User::new(710, "td");
    let alice = User::new(711, "alice");
    let bob = User::new(712, "bob");
    bot.run(
        SlashCommand::new(&cj, "tournament create")
            .arg("name", Arg::Text("Club Swiss".into()))
            .choice("format", "swiss"),
    )
    .await;
    bot.run(
        SlashCommand::new(&cj, "tournament director")
            .arg("tournament", Arg::Integer(1))
            .user("member", &td),
    )
    .await;
    for (who, account) in [(&alice, "AliceA"), (&bob, "BobB")] {
        bot.run(
            SlashCommand::new(who, "tournament enter")
                .arg("tournament", Arg::Integer(1))
                .arg("account", Arg::Text(account.into())),
        )
        .await;
    }
    bot.run(SlashCommand::new(&td, "tournament start").arg("tournament", Arg::Integer(1)))
        .await;
    let recorded = bot
        .run(
            SlashCommand::new(&alice, "match game")
                .arg("match", Arg::Integer(1))
                .user("winner", &alice),
        )
        .await;
    let text = public_reply(&recorded).to_owned();
    assert!(text.contains("bob (BobB) confirms it"), "{text}");
    let post = bot.wait_for_post(&text).await;
    let confirm = "b/match confirm?match=1";
    assert_eq!(
        post.body["components"][0]["components"][0]["custom_id"], confirm,
        "{}",
        post.body
    );
    let halves = async || -> i64 {
        sqlx::query_scalar("SELECT first_halves FROM tournament_matches WHERE id = 1")
            .fetch_one(bot.app.pool())
            .await
            .expect("match")
    };
    assert_eq!(halves().await, 0, "an unconfirmed game counts for nothing");
    let own = bot.fake.press(&alice, &post, confirm);
    let own = bot.fake.wait_for_callback(own).await;
    assert!(
        ephemeral_reply(&own).starts_with("Only the opponent"),
        "{own}"
    );
    let by_bob = bot.fake.press(&bob, &post, confirm);
    let by_bob = bot.fake.wait_for_callback(by_bob).await;
    assert_eq!(
        public_reply(&by_bob),
        "bob confirms. Match #1: alice (AliceA) 1 – 0 bob (BobB) after 1 game."
    );
    let again = bot.fake.press(&bob, &post, confirm);
    let again = bot.fake.wait_for_callback(again).await;
    assert_eq!(
        ephemeral_reply(&again),
        "Match #1 has no result waiting for confirmation."
    );
    assert_eq!(halves().await, 2, "the game counted once");
}
