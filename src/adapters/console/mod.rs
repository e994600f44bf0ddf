//! The console: the same commands as Discord, as text lines, for local use and for tests.
//!
//! In a script (or piped input) every input line is echoed and followed by its output, so a
//! script whose expected lines are all right prints itself back: that is a transcript test.

mod commands;
pub mod parse;

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::app::App;
use crate::clock::{Clock, FakeClock};
use crate::config::Config;
use crate::domain::kernel::button::Button;
use crate::domain::kernel::calendar;
use crate::platform::BUTTONS_PER_ROW;
use crate::store;

use parse::{Line, ParseError};

/// Where a rehearsal's clock stands until its first `@` line: 2026-01-01 00:00 UTC. A fixed
/// moment, so that a script without an `@` line, or a test that opens the club before moving
/// the clock, reads the same on any day; its own `@` lines say when the club's story happens.
pub const REHEARSAL_START: &str = "2026-01-01T00:00:00Z";

fn rehearsal_start() -> DateTime<Utc> {
    REHEARSAL_START
        .parse()
        .expect("REHEARSAL_START is an RFC 3339 moment")
}

/// What a command printed: replies to the actor, refusals, and channel posts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    Reply(String),
    Refusal(String),
    Post { channel: String, text: String },
}

impl Output {
    /// The printed form: every line of the text behind its marker.
    pub fn render(&self) -> Vec<String> {
        let (marker, text) = match self {
            Output::Reply(t) => ("< ".to_owned(), t),
            Output::Refusal(t) => ("! ".to_owned(), t),
            Output::Post { channel, text } => (format!("#{channel}> "), text),
        };
        text.lines()
            .map(|l| format!("{marker}{l}").trim_end().to_owned())
            .collect()
    }
}

/// A console session: a config, a clock, and (once needed) the app.
///
/// A *rehearsal* (a database in memory, or a copy named with `--rehearse`) is the console's own
/// world: `@` lines move its clock and run due jobs, and the console is where posts are
/// delivered. On the club's own database the console is one more way to type commands: the time
/// is the real time, jobs and posts are the bot's, and posts wait for `gavel run` to post them.
pub struct Console {
    config: Config,
    clock: FakeClock,
    app: Option<App>,
    rehearsal: bool,
    /// Whether the console has said that its posts wait for the bot.
    said_posts_wait: bool,
    /// The last outbox entry already printed.
    outbox_seen: i64,
}

impl Console {
    /// A console on `config`'s database. The database is opened at the first command, so a
    /// script's first `@` line sets the time the club starts at.
    ///
    /// A database in memory is a rehearsal; a database file is the club's own, unless
    /// [`Console::rehearsal`] says it is a copy. On the club's own database the clock is the
    /// real time. A rehearsal's clock is its own: until an `@` line moves it (or
    /// [`Console::starting_at`] sets it) it stands at [`REHEARSAL_START`], never at the
    /// machine's time, so a script means the same thing on any day it is run.
    pub fn new(config: Config) -> Self {
        let rehearsal = config.database.path == store::IN_MEMORY;
        let start = if rehearsal {
            rehearsal_start()
        } else {
            crate::clock::SystemClock.now()
        };
        Self {
            config,
            clock: FakeClock::new(start),
            app: None,
            rehearsal,
            said_posts_wait: false,
            outbox_seen: 0,
        }
    }

    /// A console on a database file that is a copy, or a rehearsal: `@` lines move the clock
    /// and the console delivers the posts it prints.
    pub fn rehearsal(config: Config) -> Self {
        Self {
            rehearsal: true,
            ..Self::new(config)
        }
        .starting_at(rehearsal_start())
    }

    /// The same console with its rehearsal clock at `at` until an `@` line moves it: the REPL
    /// starts a rehearsal at the real time this way, as a person at the keyboard expects.
    pub fn starting_at(self, at: DateTime<Utc>) -> Self {
        if self.rehearsal && self.app.is_none() {
            self.clock.set(at);
        }
        self
    }

    /// The console's time, in club time, as the REPL's `@` shows it.
    pub fn clock_shown(&self) -> String {
        let tz = self.config.club.timezone;
        let now = if self.rehearsal {
            self.clock.now()
        } else {
            crate::clock::SystemClock.now()
        };
        format!(
            "It is {} ({}).",
            crate::domain::kernel::moment::in_club_time(&calendar::show(now, tz)),
            if self.rehearsal {
                "the rehearsal's clock"
            } else {
                "the real time"
            }
        )
    }

    /// The app, opened on first use.
    pub async fn app(&mut self) -> anyhow::Result<&App> {
        if self.app.is_none() {
            let app = App::open(self.config.clone(), Arc::new(self.clock.clone())).await?;
            let mut conn = app.pool().acquire().await?;
            self.outbox_seen = store::outbox::last_id(&mut conn).await?;
            drop(conn);
            self.app = Some(app);
        }
        Ok(self.app.as_ref().expect("opened above"))
    }

    /// Runs one line and returns what it printed.
    pub async fn execute(&mut self, line: &str) -> anyhow::Result<Vec<Output>> {
        let parsed = match parse::parse_line(line) {
            Ok(p) => p,
            Err(e) => return Ok(vec![Output::Refusal(e.to_string())]),
        };
        if !self.rehearsal {
            if matches!(
                parsed,
                Line::ClockAt(_) | Line::ClockBy(_) | Line::ClockByDays(_)
            ) {
                return Ok(vec![Output::Refusal(
                    "The clock moves only in a rehearsal (`gavel console --memory`, or `--rehearse` on a copy of the database): on the club's own database the time is the real time, or events would be written out of order.".to_owned(),
                )]);
            }
            // The real time, as the bot has it.
            self.clock.set(crate::clock::SystemClock.now());
        }
        let mut out = match parsed {
            Line::Note | Line::Expected => return Ok(vec![]),
            Line::ClockAt(local) => {
                let at = calendar::local_to_utc(local, self.config.club.timezone);
                self.move_clock(at).await?
            }
            Line::ClockBy(by) => {
                let at = self.clock.now() + by;
                self.move_clock(at).await?
            }
            Line::ClockByDays(days) => {
                let tz = self.config.club.timezone;
                let at = calendar::local_days_after(self.clock.now(), days, tz);
                self.move_clock(at).await?
            }
            Line::Command(cmd) => {
                let app = self.app().await?.clone();
                vec![commands::dispatch(&app, cmd).await]
            }
        };
        out.extend(self.new_posts().await?);
        Ok(out)
    }

    async fn move_clock(&mut self, at: DateTime<Utc>) -> anyhow::Result<Vec<Output>> {
        if at < self.clock.now() && self.app.is_some() {
            let tz = self.config.club.timezone;
            return Ok(vec![Output::Refusal(format!(
                "The clock cannot go backwards: the rehearsal's clock is at {}. A rehearsal \
                 sets its starting time with its first `@` line, before any command.",
                calendar::show_club(self.clock.now(), tz)
            ))]);
        }
        self.clock.set(at);
        let app = self.app().await?.clone();
        crate::app::scheduler::run_due(&app, at).await?;
        Ok(vec![])
    }

    /// Announcements written since the last look, as the console shows them.
    async fn new_posts(&mut self) -> anyhow::Result<Vec<Output>> {
        let Some(app) = &self.app else {
            return Ok(vec![]);
        };
        let mut conn = app.pool().acquire().await?;
        let entries = store::outbox::since(&mut conn, self.outbox_seen).await?;
        if let Some(last) = entries.last() {
            self.outbox_seen = last.id;
        }
        let mut shown = Vec::with_capacity(entries.len());
        for e in &entries {
            let buttons = store::outbox::buttons(&mut conn, e.id).await?;
            shown.push(Output::Post {
                channel: channel_label(&mut conn, &e.channel).await?,
                text: post_text(e, &buttons),
            });
        }
        drop(conn);
        // With no Discord channel configured for a post's channel the console is the only place a post is shown,
        // so printing it is delivering it (and declares any action it announces). With a
        // channel configured the bot's poster delivers it to Discord.
        if !self.rehearsal {
            // On the club's own database nothing printed here reached Discord.
            if !entries.is_empty() && !self.said_posts_wait {
                self.said_posts_wait = true;
                shown.push(Output::Reply(
                    "These posts wait for `gavel run` to post them to Discord; a declaration counts once it is posted (Terms §III Act 2.4).".to_owned(),
                ));
            }
            return Ok(shown);
        }
        for e in &entries {
            if app.config().channel_id(&e.channel).is_none() {
                app.delivered(e.id, None).await?;
            }
        }
        Ok(shown)
    }
}

/// The name a channel is shown by: a direct message to bob is `dm-bob`.
async fn channel_label(conn: &mut sqlx::SqliteConnection, channel: &str) -> sqlx::Result<String> {
    let Some(person) = store::notify::person_of(channel) else {
        return Ok(channel.to_owned());
    };
    let name = store::people::by_id(conn, person).await?.name;
    let plain = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    Ok(if plain {
        format!("dm-{name}")
    } else {
        format!("dm-{person}")
    })
}

/// A post as the console shows it: its text in club time, then its buttons, a row to a line,
/// each as `[Label → /command option:value]`; an edit of an earlier post says so.
fn post_text(entry: &store::outbox::OutboxEntry, buttons: &[Button]) -> String {
    let mut text = crate::domain::kernel::moment::in_club_time(&entry.content);
    if entry.edits.is_some() {
        text = format!("(edited) {text}");
    }
    for row in buttons.chunks(BUTTONS_PER_ROW) {
        let row: Vec<String> = row.iter().map(Button::render).collect();
        text.push('\n');
        text.push_str(&row.join(" "));
    }
    text
}

/// Runs a script, echoing each input line (expected-output lines are dropped) followed by what
/// it printed. A transcript is right when this returns the script unchanged.
pub async fn run_script(console: &mut Console, script: &str) -> anyhow::Result<String> {
    let mut printed = String::new();
    for line in script.lines() {
        if matches!(parse::parse_line(line), Ok(Line::Expected)) {
            continue;
        }
        printed.push_str(line);
        printed.push('\n');
        for output in console.execute(line).await? {
            for l in output.render() {
                printed.push_str(&l);
                printed.push('\n');
            }
        }
    }
    Ok(printed)
}

/// A console error that is the script's fault.
impl From<ParseError> for Output {
    fn from(e: ParseError) -> Self {
        Output::Refusal(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(content: &str, edits: Option<i64>) -> store::outbox::OutboxEntry {
        let at = DateTime::parse_from_rfc3339("2026-11-27T12:00:00Z")
            .expect("time")
            .to_utc();
        store::outbox::OutboxEntry {
            id: 2,
            channel: "discussion".into(),
            content: content.into(),
            created_at: at,
            attempts: 0,
            server_errors: 0,
            next_attempt_at: at,
            last_error: None,
            sent_at: None,
            message_id: None,
            edits,
            pings: None,
        }
    }

    #[test]
    fn a_posts_buttons_follow_its_text_five_to_a_line() {
        let buttons: Vec<Button> = (1..=6)
            .map(|n| Button::new(&format!("#{n}"), "vote").preset("proposal", n))
            .collect();
        let post = Output::Post {
            channel: "voting".into(),
            text: post_text(&entry("Proposals", None), &buttons),
        };
        assert_eq!(
            post.render(),
            [
                "#voting> Proposals",
                "#voting> [#1 → /vote proposal:1] [#2 → /vote proposal:2] [#3 → /vote proposal:3] \
                 [#4 → /vote proposal:4] [#5 → /vote proposal:5]",
                "#voting> [#6 → /vote proposal:6]",
            ]
        );
        // An edit of an earlier post (a running tally) says so.
        assert_eq!(
            post_text(&entry("Tally: 1 no", Some(1)), &[]),
            "(edited) Tally: 1 no"
        );
    }
}
