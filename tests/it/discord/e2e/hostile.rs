//! Hostile interactions against the running bot: hundreds of generated interactions (forged and
//! mutated `custom_id`s; options of the wrong type, unknown ones, huge values; other servers,
//! direct messages, members gavel has not met), with legitimate commands between them. The
//! export changes only through the legitimate commands.
//!
//! CI runs `HOSTILE_INTERACTIONS` (300, about 4 s); a longer run sets the count and another
//! seed by hand (5000 take under four minutes):
//! `GAVEL_HOSTILE_INTERACTIONS=5000 GAVEL_HOSTILE_SEED=7 cargo test --test it hostile -- --nocapture`.

mod generate;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use axum::http::Method;
use serde_json::Value;

use super::{public_reply, Bot, EPHEMERAL};
use crate::discord::fake::{Origin, Recorded, SlashCommand, User};
use generate::{hostile, Hostile, Rng, CATEGORIES};

/// How many hostile interactions CI sends.
const HOSTILE_INTERACTIONS: usize = 300;
/// The seed CI uses.
const SEED: u64 = 0x6A76_656C_2026;
/// A legitimate command comes after every this many hostile ones.
const LEGIT_EVERY: usize = 50;
/// The legitimate members' Discord ids start after this (the generator uses none so high).
const LEGIT_IDS: u64 = 1_000_000;

fn from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The export as a record: without the time it was taken and without the audit log (checked
/// apart: a refusal is audited, and changes nothing else).
async fn record(bot: &Bot) -> Value {
    let mut export = gavel::app::export::export(&bot.app).await.expect("export");
    let object = export.as_object_mut().expect("an object");
    object.remove("exported_at");
    object.remove("audit");
    export
}

/// The audit entries after `after`: (id, actor's Discord id, command, outcome).
async fn audit_since(bot: &Bot, after: i64) -> Vec<(i64, Option<i64>, String, String)> {
    sqlx::query_as(
        "SELECT id, actor_discord_id, command, outcome FROM audit_log WHERE id > ? ORDER BY id",
    )
    .bind(after)
    .fetch_all(bot.app.pool())
    .await
    .expect("audit log")
}

async fn last_audit_id(bot: &Bot) -> i64 {
    sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM audit_log")
        .fetch_one(bot.app.pool())
        .await
        .expect("audit log")
}

/// Checks: of `HOSTILE_INTERACTIONS` generated interactions (seed `SEED`), every one from
/// another server or a direct message is refused privately by the gate; every one from the
/// club's server that serenity reads is refused privately (serenity drops, unanswered, the ones
/// it cannot read); the export is unchanged throughout, except by the legitimate `/join` sent
/// after every `LEGIT_EVERY` (each adds its member); the audit log gains only refusals (no
/// internal failure), none from a sender outside the club's server; no member gavel had not met is recorded, and no
/// name changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_interactions_change_nothing_but_legitimate_commands_do() {
    let count = from_env("GAVEL_HOSTILE_INTERACTIONS", HOSTILE_INTERACTIONS as u64) as usize;
    let seed = from_env("GAVEL_HOSTILE_SEED", SEED);
    let bot = Bot::start().await;
    let members = [User::new(501, "alice"), User::new(502, "bob")];
    for member in &members {
        bot.run(SlashCommand::new(member, "join")).await;
    }
    let post = bot
        .wait_for_post("alice joined the Leaderboard with a score of 100.")
        .await;
    let outsider = User::new(777, "outsider");
    let registered = |name: &str| {
        bot.fake
            .registered(name)
            .unwrap_or_else(|| panic!("/{name} is not registered"))
    };
    let mut rng = Rng::new(seed);
    let mut before = record(&bot).await;
    let first_audit = last_audit_id(&bot).await;
    let mut tally: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut legit = 0;
    let started = Instant::now();
    for n in 0..count {
        let (category, interaction) = hostile(&mut rng, &members, &outsider, &registered);
        let (refused, answered) = send(&bot, &post, interaction, n).await;
        let counts = tally.entry(category).or_default();
        counts.0 += 1;
        counts.1 += usize::from(!answered);
        if answered {
            assert!(refused.is_some(), "#{n} ({category}) was not refused");
        }
        if (n + 1) % LEGIT_EVERY == 0 {
            let after = record(&bot).await;
            assert_eq!(
                after, before,
                "the record changed by hostile interactions up to #{n}"
            );
            legit += 1;
            let newcomer = User::new(LEGIT_IDS + legit, &format!("legit{legit}"));
            let joined = bot.run(SlashCommand::new(&newcomer, "join")).await;
            assert!(public_reply(&joined).starts_with("Welcome to the Leaderboard"));
            let now = record(&bot).await;
            assert_ne!(now, before, "a legitimate join changed nothing");
            let count_members = |r: &Value| r["members"].as_array().map_or(0, Vec::len);
            assert_eq!(count_members(&now), count_members(&before) + 1);
            before = now;
        }
    }
    assert_eq!(record(&bot).await, before, "the record changed at the end");
    let audit = audit_since(&bot, first_audit).await;
    for (id, who, command, outcome) in &audit {
        let legit_join = command == "join" && who.is_some_and(|w| w > LEGIT_IDS as i64);
        assert!(
            legit_join || outcome == "refused",
            "audit #{id}: {command} by {who:?} was {outcome}"
        );
        assert!(
            who.is_none_or(|w| !(9100..9200).contains(&w)),
            "audit #{id}: a sender from outside the club's server reached a use case"
        );
    }
    let members_now: Vec<&str> = before["members"]
        .as_array()
        .expect("members")
        .iter()
        .map(|m| m["name"].as_str().expect("name"))
        .collect();
    assert!(!members_now.contains(&"outsider"), "{members_now:?}");
    assert!(members_now.contains(&"alice") && members_now.contains(&"bob"));
    println!(
        "{count} hostile interactions (seed {seed}) in {:.1} s, {legit} legitimate joins between them:",
        started.elapsed().as_secs_f64()
    );
    for category in CATEGORIES {
        let (sent, dropped) = tally.get(category).copied().unwrap_or_default();
        println!("  {category}: {sent} sent, all refused ({dropped} dropped unread by serenity)");
    }
    let refusals = audit.iter().filter(|a| a.3 == "refused").count();
    println!(
        "  audit entries added: {refusals} refusals by use cases, {} legitimate joins",
        audit.len() - refusals
    );
}

/// Sends one hostile interaction and waits for its answer: returns the refusal's text if it was
/// refused privately, and whether it was answered at all (serenity drops what it cannot read).
async fn send(
    bot: &Bot,
    post: &Recorded,
    interaction: Hostile,
    n: usize,
) -> (Option<String>, bool) {
    let (id, origin, reads) = match interaction {
        Hostile::Elsewhere(command) => {
            let origin = command.origin();
            (bot.fake.send(command), origin, true)
        }
        Hostile::Raw {
            origin,
            caller,
            kind,
            data,
            on_post,
        } => {
            let message = on_post.then(|| post.answer.clone().expect("a Message"));
            let (id, reads) = bot
                .fake
                .send_raw(origin, &caller, kind, data, message.as_ref());
            (id, origin, reads)
        }
    };
    if !reads {
        // Dropped by serenity: give it a moment, then make sure nothing answered it.
        tokio::time::sleep(Duration::from_millis(20)).await;
        let path = format!("/interactions/{id}/*/callback");
        assert!(bot.fake.requests_to(&Method::POST, &path).is_empty());
        return (None, false);
    }
    let callback = bot.fake.wait_for_callback(id).await;
    let flags = callback["data"]["flags"].as_u64().unwrap_or(0);
    let text = callback["data"]["content"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    assert!(
        callback["type"] == 4 && flags & EPHEMERAL == EPHEMERAL,
        "#{n} from {origin:?} was not refused privately: {callback}"
    );
    if origin != Origin::Club {
        assert!(
            text.contains("club's server") || text.contains("direct messages"),
            "#{n} from {origin:?} passed the gate: {text}"
        );
    }
    (Some(text), true)
}

/// Checks the test's own footing: the same seed makes the same interactions, another seed others.
#[test]
fn the_generator_is_deterministic() {
    let members = [User::new(501, "alice")];
    let outsider = User::new(777, "outsider");
    let registered = |_: &str| serde_json::json!({"id": "1", "name": "x", "options": []});
    let describe = |seed| {
        let mut rng = Rng::new(seed);
        (0..50)
            .map(|_| hostile(&mut rng, &members, &outsider, &registered).0)
            .collect::<Vec<_>>()
    };
    assert_eq!(describe(SEED), describe(SEED));
    assert_ne!(describe(SEED), describe(SEED + 1));
}
