//! Authority is checked in the app layer for every adapter: every command the table declares as
//! needing a power is tried by a Member who holds no office, and must be refused by its rule,
//! leave the state unchanged, and add one refused audit entry (Terms §III Acts 2, 3.4, 4; §II
//! Acts 7, 9, 11).

use gavel::adapters::console::{Console, Output};
use gavel::commands::{self, OptionKind};
use gavel::config::Config;

/// A line giving every option of `command` a plausible value, as `actor`.
fn plausible_line(actor: &str, command: &commands::CommandSpec) -> String {
    let mut line = format!("{actor}: /{}", command.path);
    let mut people = ["@bob", "@mod1"].into_iter().cycle();
    for option in &command.options {
        let value = match &option.kind {
            OptionKind::Text { .. } if option.name.ends_with("_took") => "p".into(),
            OptionKind::Text { .. } => "\"a reason in words\"".to_owned(),
            OptionKind::Integer { min, .. } => (*min).max(1).to_string(),
            OptionKind::Date => "2026-12-25".into(),
            OptionKind::DateTime => "\"2026-12-25 18:00\"".into(),
            OptionKind::Person => people.next().expect("cycles").into(),
            OptionKind::Flag => "false".into(),
            OptionKind::Choice(words) => words[0].into(),
        };
        line.push_str(&format!(" {}:{value}", option.name));
    }
    line
}

/// Checks: each privileged command, typed by a plain Member, is refused with a message that says
/// who may do it, and the export (every member, game, case and score) is unchanged.
#[tokio::test]
async fn every_privileged_command_is_refused_to_a_member_without_the_office() {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-27 12:30",
        "cj: /office appoint member:@mod1 office:moderator",
        "mod1: /session open",
        "alice: /join",
        "bob: /join",
        "alice: /session here",
        "bob: /session here",
        "alice: /game register white:@alice black:@bob result:white",
        "mod1: /mod award member:@bob points:10 reason:\"tournament prize awarded\"",
    ] {
        console.execute(line).await.expect("setup runs");
    }
    let app = console.app().await.expect("app").clone();
    let privileged: Vec<_> = commands::all().filter(|c| c.power.is_some()).collect();
    assert!(privileged.len() >= 20, "privileged commands went missing");
    // The audit log as stored: the public export leaves out the entries of private acts.
    let audit_log = async || {
        let mut conn = app.pool().acquire().await.expect("connection");
        gavel::store::audit::all(&mut conn).await.expect("audit")
    };
    for command in privileged {
        let before = gavel::app::export::export(&app).await.expect("export");
        let audit_before = audit_log().await.len();
        let line = plausible_line("alice", command);
        let out = console.execute(&line).await.expect("line runs");
        assert!(
            matches!(&out[..], [Output::Refusal(t)] if t.starts_with("Only ")),
            "{line} was not refused for want of authority: {out:?}"
        );
        let after = gavel::app::export::export(&app).await.expect("export");
        for part in ["members", "games", "actions", "events"] {
            assert_eq!(before[part], after[part], "{line} changed {part}");
        }
        let audit = audit_log().await;
        assert_eq!(audit.len(), audit_before + 1, "{line}: one audit entry");
        assert_eq!(
            audit.last().expect("entry").outcome,
            gavel::store::audit::Outcome::Refused,
            "{line}"
        );
        assert_eq!(audit.last().expect("entry").command, command.path, "{line}");
    }
}
