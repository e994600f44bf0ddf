//! The mod log (`discord.modlog_channel_id`): what Moderators do reaches it as it happens, in
//! the words of #discussion, with what is not yet public (an action to be declared later) and
//! what never is (a report's text and who filed it); without it configured none is kept.

use gavel::adapters::console::{Console, Output};
use gavel::config::Config;

/// Runs `lines` in a fresh console; returns the mod log's posts and #discussion's.
async fn run(lines: &[&str], modlog: Option<u64>) -> (Vec<String>, Vec<String>) {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.discord.modlog_channel_id = modlog;
    let mut console = Console::new(config);
    let (mut log, mut discussion) = (Vec::new(), Vec::new());
    for line in lines {
        for output in console.execute(line).await.expect("line runs") {
            if let Output::Post { channel, text } = output {
                match channel.as_str() {
                    "modlog" => log.push(text),
                    "discussion" => discussion.push(text),
                    _ => {}
                }
            }
        }
    }
    (log, discussion)
}

const CLUB: &[&str] = &[
    "@ 2026-11-20 12:30",
    "cj: /office appoint member:@mod1 office:moderator",
    "alice: /join",
    "bob: /join",
    "mod1: /mod deduct member:@bob points:5 reason:\"left the board in a mess\" incident:\"the mess\" later:true",
    "mod1: /mod declare case:1 reasoning:\"left the board in a mess again\"",
    "alice: /report file member:@bob what:\"insults another member\"",
    "mod1: /report dismiss report:1 reason:\"a joke between friends\"",
];

/// Checks (Terms §III Act 2.4): an office change, an action recorded for later declaration, its
/// declaration, a report and its dismissal all reach the mod log in order; each public post is
/// copied word for word; the report's text and its reporter are in the mod log alone.
#[tokio::test]
async fn the_mod_log_receives_each_moderator_action_as_it_happens() {
    let (log, discussion) = run(CLUB, Some(3200)).await;
    assert_eq!(log.len(), 5, "{log:#?}");
    assert_eq!(log[0], "cj appointed mod1 as Moderator (Terms §III Act 2).");
    assert!(
        log[1].starts_with("Case #1 recorded by mod1, to be declared by "),
        "{}",
        log[1]
    );
    assert!(discussion.contains(&log[2]), "{}", log[2]);
    assert!(log[2].starts_with("Declaration, case #1"), "{}", log[2]);
    assert!(log[3].starts_with("Report #1 from alice about a message by bob."));
    assert!(
        log[4].starts_with("Report #1 dismissed by mod1: a joke between friends"),
        "{}",
        log[4]
    );
    assert!(
        discussion.iter().all(|p| !p.contains("Report #")),
        "{discussion:#?}"
    );
}

/// Checks: a club without a mod log keeps none.
#[tokio::test]
async fn without_a_mod_log_none_is_kept() {
    let (log, _) = run(CLUB, None).await;
    assert!(log.is_empty(), "{log:#?}");
}
