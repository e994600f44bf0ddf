//! Instants written into replies and posts so that each adapter can show them its own way: the
//! console in club time, Discord as a timestamp every reader sees in their own time zone.
//!
//! A use case writes `moment(at, club_text)`; the text carries both the instant and its club-time
//! wording until an adapter renders it: `in_club_time` here, or Discord's timestamps
//! (`adapters/discord/timestamps.rs`), each through `render`. Stored texts (the audit log) are
//! rendered in club time before they are written.

use chrono::{DateTime, Utc};

const OPEN: char = '\u{27E8}'; // ⟨
const CLOSE: char = '\u{27E9}'; // ⟩

/// How Discord should show a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Date and time, with how long until or since ("Friday 8 January 2027 13:20 (in 3 days)").
    DateTime,
    /// The date alone.
    Date,
}

impl Style {
    fn letter(self) -> char {
        match self {
            Style::DateTime => 'F',
            Style::Date => 'D',
        }
    }
}

/// A moment in text: `at`, shown in club time as `club_text`.
pub fn moment(at: DateTime<Utc>, style: Style, club_text: &str) -> String {
    format!(
        "{OPEN}t:{}:{}|{club_text}{CLOSE}",
        at.timestamp(),
        style.letter()
    )
}

/// The text with every moment in club time (the console, the audit log).
pub fn in_club_time(text: &str) -> String {
    render(text, |_, _, club| club.to_owned())
}

/// Replaces each well-formed moment by what `show` makes of its instant (seconds since the
/// epoch), its style's letter (`F` a date and time, `D` a date) and its club-time wording;
/// anything else is left as it was typed.
pub fn render(text: &str, show: impl Fn(i64, char, &str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let after = &rest[start + OPEN.len_utf8()..];
        let parsed = after.find(CLOSE).and_then(|end| {
            let inner = &after[..end];
            let (head, club) = inner.split_once('|')?;
            let mut parts = head.strip_prefix("t:")?.split(':');
            let unix = parts.next()?.parse::<i64>().ok()?;
            let style = parts.next()?.chars().next()?;
            Some((show(unix, style, club), end))
        });
        match parsed {
            Some((shown, end)) => {
                out.push_str(&shown);
                rest = &after[end + CLOSE.len_utf8()..];
            }
            None => {
                out.push(OPEN);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> DateTime<Utc> {
        "2027-01-08T13:20:00Z".parse().expect("time")
    }

    #[test]
    fn the_console_reads_club_time() {
        let text = format!(
            "Declare it by {}.",
            moment(at(), Style::DateTime, "Fri 8 Jan 2027 13:20 GMT")
        );
        assert_eq!(
            in_club_time(&text),
            "Declare it by Fri 8 Jan 2027 13:20 GMT."
        );
    }

    #[test]
    fn a_date_is_shown_as_a_date() {
        let text = moment(at(), Style::Date, "Fri 8 Jan 2027");
        assert_eq!(in_club_time(&text), "Fri 8 Jan 2027");
    }

    #[test]
    fn text_that_only_looks_like_a_moment_is_left_alone() {
        for typed in ["a ⟨bracket", "⟨t:x:F|no⟩ and ⟨⟩", "plain"] {
            assert_eq!(in_club_time(typed), typed);
            assert_eq!(render(typed, |_, _, _| "moment".into()), typed);
        }
    }
}
