//! Nomic on Discord: a Point of Order judged through a form and agreed with a button, and a
//! proposal voted on with its buttons, across a restart.

use std::sync::Arc;

use axum::http::Method;
use gavel::app::App;

use super::{assert_no_pings, ephemeral_reply, public_reply, Bot, CJ_ID, MODAL};
use crate::discord::fake::{Arg, FakeDiscord, SlashCommand, User, CHANNEL_ID, TIMEOUT};

/// Checks (Nomic 214): a Point of Order raised on Discord is posted in the voting channel naming
/// its Judge with a mention that pings that one user (allowed_mentions lists only them); the
/// Judge's `/order judgement` without its text is answered with a form (anyone else's is refused
/// at once, with no form), and the submitted Judgement is posted with Dispute, Agree and
/// Disagree buttons; cat presses Dispute, ben presses Agree and the Judgement is invoked; ben's
/// second press is refused privately and the Point stays invoked once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_point_of_order_is_judged_through_the_form_and_agreed_with_a_button() {
    // Tuesday 24 November 2026, 10:00 in London: Monday's player is the Judge.
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-24T10:00:00Z")
        .expect("time")
        .to_utc();
    let bot = Bot::start_clocked(
        FakeDiscord::start().await,
        Arc::new(gavel::clock::FakeClock::new(at)),
        |config| config.rules.voting_channel_id = Some(CHANNEL_ID),
    )
    .await;
    let cj = User::new(CJ_ID, "cj");
    let ann = User::new(801, "ann");
    let ben = User::new(802, "ben");
    let cat = User::new(803, "cat");
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

    let raised = bot
        .run(
            SlashCommand::new(&ben, "order raise")
                .arg("text", Arg::Text("Was cat's Sunday vote void?".into())),
        )
        .await;
    assert!(
        public_reply(&raised).starts_with("Point of Order #1 is raised; ann is its Judge"),
        "{raised}"
    );
    let post = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the Point's post naming its Judge",
            |r| {
                r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.starts_with("Point of Order #1, raised by ben"))
            },
        )
        .await;
    let content = post.body["content"].as_str().expect("content");
    assert!(content.contains("Judge: <@801>"), "{content}");
    assert_eq!(
        post.body["allowed_mentions"]["users"],
        serde_json::json!(["801"]),
        "only the Judge is pinged: {}",
        post.body
    );

    // Only the Judge is asked for the text: anyone else is refused before typing it.
    let not_the_judge = bot
        .run(SlashCommand::new(&cat, "order judgement").arg("point", Arg::Integer(1)))
        .await;
    assert_eq!(
        ephemeral_reply(&not_the_judge),
        "Only the Judge of this Point of Order may pronounce on it (Nomic 214)."
    );
    let asked = bot
        .run(SlashCommand::new(&ann, "order judgement").arg("point", Arg::Integer(1)))
        .await;
    assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
    assert_eq!(asked["data"]["custom_id"], "f/order judgement?point=1");
    let id = bot.fake.submit_form(
        &ann,
        "f/order judgement?point=1",
        &[("text", "Yes: a vote on a Sunday is void (Nomic 201).")],
    );
    let judged = bot.fake.wait_for_callback(id).await;
    assert!(
        public_reply(&judged).starts_with("Judgement on Point of Order #1 by ann"),
        "{judged}"
    );
    let judgement = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the Judgement with its buttons",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Judgement on Point of Order #1"))
            },
        )
        .await;
    assert_no_pings(&judgement.body);
    let labels: Vec<&str> = judgement.body["components"][0]["components"]
        .as_array()
        .expect("a row of buttons")
        .iter()
        .map(|b| b["label"].as_str().expect("label"))
        .collect();
    assert_eq!(labels, ["Dispute", "Agree", "Disagree"]);

    let press = async |who: &User, custom_id: &str| {
        let id = bot.fake.press(who, &judgement, custom_id);
        bot.fake.wait_for_callback(id).await
    };
    let disputed = press(&cat, "b/order dispute?point=1").await;
    assert!(
        public_reply(&disputed).starts_with("cat disputes the Judgement"),
        "{disputed}"
    );
    let agreed = press(&ben, "b/order agree?point=1").await;
    assert!(
        public_reply(&agreed)
            .starts_with("ben agrees with the Judgement on Point of Order #1: it is invoked"),
        "{agreed}"
    );
    let again = press(&ben, "b/order agree?point=1").await;
    assert_eq!(
        ephemeral_reply(&again),
        "The dispute over this Judgement is already settled: an agreement invoked it, or every \
         opinion disagreed and its Judge was overruled (Nomic 214)."
    );
    let status: String = sqlx::query_scalar("SELECT status FROM points_of_order WHERE id = 1")
        .fetch_one(bot.app.pool())
        .await
        .expect("the Point");
    assert_eq!(status, "invoked");
    bot.assert_no_refused_requests();
}

/// The votes recorded on proposal `number`: (voter's name, ballot), in the order cast.
async fn votes_on(app: &App, number: i64) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT p.name, v.choice FROM votes v JOIN people p ON p.id = v.voter_id
         WHERE v.proposal = ? ORDER BY v.cast_at, p.name",
    )
    .bind(number)
    .fetch_all(app.pool())
    .await
    .expect("votes")
}

/// Checks (Nomic 105, 113, 208): a Nomic proposal made on its proposer's day is posted in the
/// voting channel with its closing time as a Discord timestamp, the tally so far, and a green
/// Yes and a red No button running `/vote`. ben's Yes press records his vote (visibly) and the
/// post is PATCHed with the new tally; his second press, Yes or No, is refused privately and
/// records nothing: one vote each, never changed. After a restart on the same database (a new
/// bot, nothing kept in memory) cat's No press on the same message still works and PATCHes the
/// same message; the refused presses made no edit in between.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proposal_is_voted_on_with_its_buttons_once_each_and_its_post_shows_the_tally() {
    // Monday 23 November 2026, 10:00 in London: ann's day, before the 19:00 cut-off.
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-23T10:00:00Z")
        .expect("time")
        .to_utc();
    let clock: Arc<dyn gavel::clock::Clock> = Arc::new(gavel::clock::FakeClock::new(at));
    let dir = tempfile::tempdir().expect("tempdir");
    let database = dir.path().join("gavel.db").to_string_lossy().into_owned();
    let configure = |database: String| {
        move |config: &mut gavel::config::Config| {
            config.database.path = database;
            config.rules.voting_channel_id = Some(CHANNEL_ID);
        }
    };
    let mut bot = Bot::start_clocked(
        FakeDiscord::start().await,
        clock.clone(),
        configure(database.clone()),
    )
    .await;
    let cj = User::new(CJ_ID, "cj");
    let ann = User::new(851, "ann");
    let ben = User::new(852, "ben");
    let cat = User::new(853, "cat");
    let nomic = bot
        .run(
            SlashCommand::new(&cj, "procedure set")
                .choice("name", "procedure")
                .arg("value", Arg::Text("nomic".into())),
        )
        .await;
    assert!(public_reply(&nomic).ends_with("to nomic."), "{nomic}");
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
    let proposed = bot
        .run(
            SlashCommand::new(&ann, "propose")
                .choice("kind", "enact")
                .arg("text", Arg::Text("A player may pass their turn.".into())),
        )
        .await;
    assert!(
        public_reply(&proposed).starts_with("Proposal 301 is submitted"),
        "{proposed}"
    );
    // The close, the end of Monday in London (Nomic 113), as a timestamp.
    let close = "<t:1795478400:F> (<t:1795478400:R>)";
    let heading = "Proposal 301 by ann, to enact a new rule: “A player may pass their turn.”";
    let post = bot
        .wait_for_post(&format!(
            "{heading}\nVoting closes {close} (Nomic 113). Yes 0, No 0: 0 of 3 players have voted."
        ))
        .await;
    assert_no_pings(&post.body);
    let (yes, no) = (
        "b/vote?proposal=301&choice=yes",
        "b/vote?proposal=301&choice=no",
    );
    assert_eq!(
        post.body["components"],
        serde_json::json!([{"type": 1, "components": [
            {"type": 2, "style": 3, "label": "Yes", "custom_id": yes, "disabled": false},
            {"type": 2, "style": 4, "label": "No", "custom_id": no, "disabled": false}
        ]}]),
        "{}",
        post.body
    );
    let message = post.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let edits = format!("/channels/{CHANNEL_ID}/messages/{message}");

    let voted = bot.fake.press(&ben, &post, yes);
    let voted = bot.fake.wait_for_callback(voted).await;
    assert_eq!(
        public_reply(&voted),
        "Your Yes on Proposal 301 is recorded; a vote can be neither withdrawn nor changed \
         (Nomic 113). So far: Yes 1, No 0."
    );
    let patched = bot.fake.wait_for_requests(Method::PATCH, &edits, 1).await;
    assert_eq!(
        patched[0].body["content"],
        format!(
            "{heading}\nVoting closes {close} (Nomic 113). Yes 1, No 0: 1 of 3 players has voted."
        )
    );
    assert_no_pings(&patched[0].body);
    for again in [yes, no] {
        let id = bot.fake.press(&ben, &post, again);
        let refused = bot.fake.wait_for_callback(id).await;
        assert_eq!(
            ephemeral_reply(&refused),
            "You have already voted Yes on this proposal; a vote may not be withdrawn or \
             changed, and each player has exactly one (Nomic 113, 208)."
        );
    }
    assert_eq!(
        votes_on(&bot.app, 301).await,
        [("ben".to_owned(), "yes".to_owned())]
    );
    bot.assert_no_refused_requests();

    // A restart: the bot stops, and a new one opens the same database.
    bot.shut_down();
    tokio::time::timeout(TIMEOUT, &mut bot.client)
        .await
        .expect("the bot stops")
        .expect("no panic")
        .expect("run_until returns Ok");
    assert_eq!(
        bot.fake.requests_to(&Method::PATCH, &edits).len(),
        1,
        "a refused press edited the post"
    );
    drop(bot);
    let bot = Bot::restart(FakeDiscord::start().await, clock, configure(database)).await;
    let voted = bot.fake.press(&cat, &post, no);
    let voted = bot.fake.wait_for_callback(voted).await;
    assert!(
        public_reply(&voted).starts_with("Your No on Proposal 301 is recorded"),
        "{voted}"
    );
    let patched = bot.fake.wait_for_requests(Method::PATCH, &edits, 1).await;
    assert_eq!(
        patched[0].body["content"],
        format!(
            "{heading}\nVoting closes {close} (Nomic 113). Yes 1, No 1: 2 of 3 players have voted."
        )
    );
    assert_eq!(
        votes_on(&bot.app, 301).await,
        [
            ("ben".to_owned(), "yes".to_owned()),
            ("cat".to_owned(), "no".to_owned())
        ]
    );
    bot.assert_no_refused_requests();
}
