//! Cards: announcements and replies as embeds with a look per kind, the same words kept as the
//! plain content for notifications and screen readers.

use axum::http::Method;
use serde_json::Value;

use super::{public_reply, Bot, CJ_ID};
use crate::discord::fake::{Arg, SlashCommand, User, CHANNEL_ID};

/// The one embed of a message or a callback's data.
fn the_embed(data: &Value) -> &Value {
    let embeds = data["embeds"].as_array().expect("embeds");
    assert_eq!(embeds.len(), 1, "{data}");
    &embeds[0]
}

/// Checks: a Moderator's deduction is answered with its words as the content and a card
/// titled "Case #1" in the cases' colour, citing the command's rule; its declaration in
/// #discussion is posted with its words as the content and a card titled "Case #1" whose footer
/// cites Terms §III Act 2; a member's /join is answered with a "Leaderboard" card, and the
/// post announcing it with a card titled "The club", its description the post's own words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_and_replies_are_cards_with_their_words_kept_as_content() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let mod1 = User::new(601, "mod1");
    let alice = User::new(602, "alice");
    let joined = bot.run(SlashCommand::new(&alice, "join")).await;
    assert!(public_reply(&joined).starts_with("Welcome to the Leaderboard, alice"));
    let card = the_embed(&joined["data"]);
    assert_eq!(card["title"], "Leaderboard");
    assert_eq!(card["description"], joined["data"]["content"]);

    let announced = "alice joined the Leaderboard with a score of 100.";
    let post = bot.wait_for_post(announced).await;
    let card = the_embed(&post.body);
    assert_eq!(card["title"], "The club");
    assert_eq!(card["description"], announced);
    assert_eq!(card["color"], 0x5865F2);

    bot.run(
        SlashCommand::new(&cj, "office appoint")
            .user("member", &mod1)
            .choice("office", "moderator"),
    )
    .await;
    let deducted = bot
        .run(
            SlashCommand::new(&mod1, "mod deduct")
                .user("member", &alice)
                .arg("points", Arg::Integer(5))
                .arg("reason", Arg::Text("talked over other games".into()))
                .arg("incident", Arg::Text("noise in 322".into())),
        )
        .await;
    let content = public_reply(&deducted);
    assert!(content.starts_with("Case #1: 5 points deducted from alice."));
    let card = the_embed(&deducted["data"]);
    assert_eq!(card["title"], "Case #1");
    assert_eq!(card["color"], 0xE67E22);
    let rule = gavel::commands::find("mod deduct").expect("declared").rule;
    assert_eq!(card["footer"]["text"], rule);

    let declaration = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the declaration of case #1",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Declaration, case #1 "))
            },
        )
        .await;
    let card = the_embed(&declaration.body);
    assert_eq!(card["title"], "Case #1");
    assert_eq!(card["color"], 0xE67E22);
    assert_eq!(card["footer"]["text"], "Terms §III Act 2 (Moderators)");
    let words = declaration.body["content"].as_str().expect("content");
    let first_line = words.lines().next().expect("a line");
    assert!(
        card["description"]
            .as_str()
            .is_some_and(|d| d.starts_with(first_line)),
        "the card arranges the post's own words: {card}"
    );
    bot.assert_no_refused_requests();
}
