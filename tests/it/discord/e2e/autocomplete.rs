//! Autocomplete end to end: while a member types an option naming a numbered thing, Discord
//! sends an autocomplete interaction and gavel answers with choices for that member alone.

use serde_json::Value;

use super::{ephemeral_reply, public_reply, Bot, CJ_ID};
use crate::discord::fake::{Arg, SlashCommand, User};

/// Interaction callback type: choices for an autocomplete.
const AUTOCOMPLETE_RESULT: u64 = 8;

/// The choices of an autocomplete callback, as (label, value).
fn choices(callback: &Value) -> Vec<(String, Value)> {
    assert_eq!(
        callback["type"].as_u64(),
        Some(AUTOCOMPLETE_RESULT),
        "not an autocomplete answer: {callback}"
    );
    callback["data"]["choices"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|c| {
                    (
                        c["name"].as_str().unwrap_or("").to_owned(),
                        c["value"].clone(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Checks (Terms §III Acts 2.4, 3): two Moderators each record a deduction to declare later;
/// typing into `/mod declare case:` offers each Moderator their own undeclared case alone,
/// labelled with its number, what it is, and the day it must be declared by, with the value a
/// number; a member without the office is offered nothing; typing "2" into `/case case:`
/// offers case #2 to anyone; and `/court appeal case:` offers bob the case about him, not the
/// one about carol; `/game object game:` offers an online game to its players alone. Each `later:true` deduction is confirmed privately, to its Moderator alone,
/// not in the channel it was typed in. The autocomplete interaction arrives as type 4 with the option focused and
/// its value a string, as Discord sends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_each_member_what_they_may_act_on() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let mod1 = User::new(841, "mod1");
    let mod2 = User::new(842, "mod2");
    let bob = User::new(843, "bob");
    let carol = User::new(844, "carol");
    for moderator in [&mod1, &mod2] {
        let appointed = bot
            .run(
                SlashCommand::new(&cj, "office appoint")
                    .user("member", moderator)
                    .choice("office", "moderator"),
            )
            .await;
        assert!(
            public_reply(&appointed).ends_with("is now a Moderator."),
            "{appointed}"
        );
    }
    for member in [&bob, &carol] {
        bot.run(SlashCommand::new(member, "join")).await;
    }
    for (moderator, member) in [(&mod1, &bob), (&mod2, &carol)] {
        let deducted = bot
            .run(
                SlashCommand::new(moderator, "mod deduct")
                    .user("member", member)
                    .arg("points", Arg::Integer(20))
                    .arg("reason", Arg::Text("abusive language".into()))
                    .arg("incident", Arg::Text("chat on Friday".into()))
                    .arg("later", Arg::Bool(true)),
            )
            .await;
        // Recorded to declare later: confirmed to the Moderator alone (issue #28).
        assert!(ephemeral_reply(&deducted).contains("declare"), "{deducted}");
    }
    let typing = |who: &User, line: &str, option: &str, typed: &str| {
        SlashCommand::new(who, line).typing(option, typed)
    };
    let offered = choices(&bot.run(typing(&mod1, "mod declare", "case", "")).await);
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert!(
        offered[0]
            .0
            .starts_with("#1 deduction of bob, 20 points, declare by "),
        "{offered:?}"
    );
    assert_eq!(offered[0].1, 1, "the value is the case's number");
    let offered = choices(&bot.run(typing(&mod2, "mod declare", "case", "")).await);
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert!(
        offered[0].0.starts_with("#2 deduction of carol"),
        "{offered:?}"
    );
    let offered = choices(&bot.run(typing(&bob, "mod declare", "case", "")).await);
    assert!(
        offered.is_empty(),
        "a member without the office: {offered:?}"
    );
    let offered = choices(&bot.run(typing(&bob, "case", "case", "2")).await);
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert!(
        offered[0].0.starts_with("#2 deduction of carol"),
        "{offered:?}"
    );
    let offered = choices(&bot.run(typing(&bob, "court appeal", "case", "")).await);
    let labels: Vec<&str> = offered.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels.len(), 1, "{labels:?}");
    assert!(labels[0].starts_with("#1 deduction of bob"), "{labels:?}");
    // An online game between bob and carol: `/game object` offers it to its players alone.
    let started = bot
        .run(
            SlashCommand::new(&bob, "game start")
                .user("white", &bob)
                .user("black", &carol),
        )
        .await;
    assert!(public_reply(&started).contains("#1"), "{started}");
    let offered = choices(&bot.run(typing(&carol, "game object", "game", "")).await);
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert!(offered[0].0.starts_with("#1 bob v carol"), "{offered:?}");
    let offered = choices(&bot.run(typing(&mod1, "game object", "game", "")).await);
    assert!(offered.is_empty(), "not mod1's game: {offered:?}");
    bot.assert_no_refused_requests();
}
