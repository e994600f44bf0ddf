//! Roles that follow offices on Discord (`[discord.roles]`): given on appointment and taken
//! away on dismissal, the banned role held for the length of a ban, and the reconciliation at
//! start, where a role gavel may not manage (403) is logged and shown in `gavel status` while
//! the offices stand.

use std::sync::Arc;
use std::time::Duration;

use axum::http::Method;

use super::{public_reply, Bot, CJ_ID, TIMEOUT};
use crate::discord::fake::{Arg, FakeDiscord, SlashCommand, User};

const MODERATOR_ROLE: u64 = 5001;
const JUSTICE_ROLE: u64 = 5002;
const BANNED_ROLE: u64 = 5003;
const CJ_ROLE: u64 = 5010;
/// A role of the server's own that gavel does not manage.
const OTHER_ROLE: u64 = 42;

fn with_roles(config: &mut gavel::config::Config) {
    config.discord.roles.moderator = Some(MODERATOR_ROLE);
    config.discord.roles.justice = Some(JUSTICE_ROLE);
    config.discord.roles.banned = Some(BANNED_ROLE);
}

/// Waits until `user`'s roles on the fake satisfy `ok`.
async fn wait_for_roles(bot: &Bot, user: u64, what: &str, ok: impl Fn(&[u64]) -> bool) {
    let deadline = std::time::Instant::now() + TIMEOUT;
    loop {
        let roles = bot.fake.member_roles(user);
        if ok(&roles) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{what}: roles are {roles:?}\n{}",
            bot.fake.describe_requests()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn office(bot: &Bot, line: &str, member: &User, office: &str) {
    let cj = User::new(CJ_ID, "cj");
    let changed = bot
        .run(
            SlashCommand::new(&cj, line)
                .user("member", member)
                .choice("office", office),
        )
        .await;
    public_reply(&changed);
}

/// Checks (Terms §III Act 2): appointing mod1 as Moderator gives them the Moderators' role
/// (`PUT .../roles/5001`, after reading their roles with `GET /guilds/{g}/members/{u}`);
/// dismissing them takes it away (`DELETE`), and the server's own role they hold is never
/// touched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_moderators_role_follows_appointment_and_dismissal() {
    let bot = Bot::start_configured(FakeDiscord::start().await, with_roles).await;
    let mod1 = User::new(881, "mod1");
    bot.fake.add_member(mod1.id, &[OTHER_ROLE]);
    office(&bot, "office appoint", &mod1, "moderator").await;
    wait_for_roles(&bot, mod1.id, "the role given", |r| {
        r.contains(&MODERATOR_ROLE)
    })
    .await;
    let path = format!("/guilds/*/members/{}/roles/{MODERATOR_ROLE}", mod1.id);
    assert_eq!(bot.fake.requests_to(&Method::PUT, &path).len(), 1);
    office(&bot, "office dismiss", &mod1, "moderator").await;
    wait_for_roles(&bot, mod1.id, "the role taken away", |r| r == [OTHER_ROLE]).await;
    assert_eq!(bot.fake.requests_to(&Method::DELETE, &path).len(), 1);
    assert!(bot
        .fake
        .requests()
        .iter()
        .all(|r| !r.path.ends_with(&format!("/roles/{OTHER_ROLE}"))));
}

/// Checks (Terms §II Act 9): bob, banned until Friday 4 December, is given the banned role at
/// once; when the ban ends (the clock moves past it and its expiry job runs), the role is taken
/// away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_banned_role_is_held_for_the_length_of_a_ban() {
    // Friday 27 November 2026, 12:40 in London, during the session.
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-27T12:40:00Z")
        .expect("time")
        .to_utc();
    let clock = gavel::clock::FakeClock::new(at);
    let bot = Bot::start_clocked(
        FakeDiscord::start().await,
        Arc::new(clock.clone()),
        with_roles,
    )
    .await;
    let cj = User::new(CJ_ID, "cj");
    let bob = User::new(882, "bob");
    bot.fake.add_member(bob.id, &[]);
    bot.run(SlashCommand::new(&bob, "join")).await;
    let banned = bot
        .run(
            SlashCommand::new(&cj, "mod ban")
                .user("member", &bob)
                .arg("until", Arg::Text("2026-12-04".into()))
                .arg(
                    "reason",
                    Arg::Text("abusive language towards an opponent".into()),
                )
                .arg("incident", Arg::Text("the chat on Friday".into())),
        )
        .await;
    assert!(public_reply(&banned).contains("Case #1"), "{banned}");
    wait_for_roles(&bot, bob.id, "the banned role given", |r| {
        r == [BANNED_ROLE]
    })
    .await;
    clock.set(at + chrono::Duration::days(9));
    wait_for_roles(
        &bot,
        bob.id,
        "the banned role taken away",
        <[u64]>::is_empty,
    )
    .await;
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

/// Checks: offices changed while no role was configured are reconciled at the next start: the
/// Moderator who lacks the role is given it, the dismissed Justice who still holds the
/// Justices' role loses it, and the Chief Justice's role, which gavel may not manage (403), is
/// logged and shown in `gavel status` while the office stands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn roles_are_reconciled_at_start_and_a_refusal_is_shown_in_status() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("club.db").to_string_lossy().into_owned();
    let on_file = {
        let path = path.clone();
        move |c: &mut gavel::config::Config| c.database.path = path.clone()
    };
    let mod1 = User::new(891, "mod1");
    let jus = User::new(892, "jus");
    let first = Bot::start_configured(FakeDiscord::start().await, on_file.clone()).await;
    office(&first, "office appoint", &mod1, "moderator").await;
    office(&first, "office appoint", &jus, "justice").await;
    office(&first, "office dismiss", &jus, "justice").await;
    stop(first).await;

    let fake = FakeDiscord::start().await;
    fake.add_member(mod1.id, &[]);
    fake.add_member(jus.id, &[JUSTICE_ROLE, OTHER_ROLE]);
    fake.add_member(CJ_ID, &[]);
    fake.forbid_role(CJ_ROLE);
    let clock = Arc::new(gavel::clock::SystemClock) as Arc<dyn gavel::clock::Clock>;
    let bot = Bot::restart(fake, clock, move |c| {
        on_file(c);
        with_roles(c);
        c.discord.roles.chief_justice = Some(CJ_ROLE);
    })
    .await;
    wait_for_roles(&bot, mod1.id, "the Moderator's role given", |r| {
        r == [MODERATOR_ROLE]
    })
    .await;
    wait_for_roles(&bot, jus.id, "the Justice's role taken away", |r| {
        r == [OTHER_ROLE]
    })
    .await;
    let deadline = std::time::Instant::now() + TIMEOUT;
    loop {
        let status = gavel::app::status::status(&bot.app)
            .await
            .expect("status")
            .to_string();
        if status.contains("Roles: cj's roles could not be changed") {
            assert!(status.contains("Missing Permissions"), "{status}");
            assert!(status.contains("the office change stands"), "{status}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{status}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let cj = User::new(CJ_ID, "cj");
    let list = bot.run(SlashCommand::new(&cj, "office list")).await;
    assert!(public_reply(&list).contains("mod1"), "{list}");
}
