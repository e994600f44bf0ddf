//! The console's line format: clock lines, command lines, comments and expected output.

use chrono::{Duration, NaiveDateTime};

/// One line of a console script or transcript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A blank line or a `#` comment: echoed, nothing run.
    Note,
    /// Output expected by a transcript (`< `, `! `, `#channel> `): skipped when run.
    Expected,
    /// `@ 2026-11-27 12:35`: set the clock to a club-local time.
    ClockAt(NaiveDateTime),
    /// `@ +1h`: move the clock forward by a fixed time (s, m, h).
    ClockBy(Duration),
    /// `@ +1d`, `@ +1w`: move the clock forward by club-local days, so a week later is the
    /// same wall-clock time whatever daylight saving did in between.
    ClockByDays(i64),
    /// `name: /command sub option:value ...`
    Command(CommandLine),
}

/// A parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine {
    pub actor: String,
    /// The command and its subcommands, without the slash: `["office", "appoint"]`.
    pub path: Vec<String>,
    /// Options in the order typed.
    pub options: Vec<(String, String)>,
}

/// Why a line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error(
        "cannot read the clock line; write `@ 2026-11-27 12:35` or `@ +1d` (units s, m, h, d, w)"
    )]
    Clock,
    #[error("cannot read this line; write `name: /command option:value`")]
    Command,
    #[error("an unclosed quote in the options")]
    Quote,
    #[error("`{0}` is not an option; write options as name:value")]
    Option(String),
}

/// Reads one line.
pub fn parse_line(line: &str) -> Result<Line, ParseError> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Ok(Line::Note);
    }
    if is_output(trimmed) {
        return Ok(Line::Expected);
    }
    if trimmed.starts_with('#') {
        return Ok(Line::Note);
    }
    if let Some(rest) = trimmed.strip_prefix('@') {
        return parse_clock(rest.trim());
    }
    parse_command(trimmed).map(Line::Command)
}

/// True for lines the console prints: replies, refusals and channel posts.
pub fn is_output(line: &str) -> bool {
    if line.starts_with("< ") || line.starts_with("! ") || line == "<" || line == "!" {
        return true;
    }
    if let Some(rest) = line.strip_prefix('#') {
        if let Some((channel, _)) = rest.split_once('>') {
            return !channel.is_empty()
                && channel
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        }
    }
    false
}

fn parse_clock(text: &str) -> Result<Line, ParseError> {
    if let Some(amount) = text.strip_prefix('+') {
        let unit = amount.chars().last().ok_or(ParseError::Clock)?;
        let number = &amount[..amount.len() - unit.len_utf8()];
        let n: i64 = number.parse().map_err(|_| ParseError::Clock)?;
        let seconds_per = match unit {
            's' => 1,
            'm' => 60,
            'h' => 3_600,
            'd' => 86_400,
            'w' => 604_800,
            _ => return Err(ParseError::Clock),
        };
        // A step of up to a hundred years; more is a typing mistake, not a plan.
        const MOST: i64 = 100 * 366 * 86_400;
        match n.checked_mul(seconds_per) {
            Some(total) if (0..=MOST).contains(&total) => {}
            _ => return Err(ParseError::Clock),
        }
        return Ok(match unit {
            'd' => Line::ClockByDays(n),
            'w' => Line::ClockByDays(n * 7),
            _ => Line::ClockBy(Duration::seconds(n * seconds_per)),
        });
    }
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .map(Line::ClockAt)
        .map_err(|_| ParseError::Clock)
}

fn parse_command(text: &str) -> Result<CommandLine, ParseError> {
    let (actor, rest) = text.split_once(':').ok_or(ParseError::Command)?;
    let actor = actor.trim();
    let rest = rest.trim();
    if actor.is_empty() || actor.contains(char::is_whitespace) || !rest.starts_with('/') {
        return Err(ParseError::Command);
    }
    let mut path = Vec::new();
    let mut options = Vec::new();
    for token in tokens(&rest[1..])? {
        match token.split_once(':') {
            Some((name, value)) if !name.is_empty() && !name.starts_with('"') => {
                options.push((name.to_owned(), unquote(value)));
            }
            _ if options.is_empty() && !token.starts_with('"') => path.push(token),
            _ => return Err(ParseError::Option(token)),
        }
    }
    if path.is_empty() {
        return Err(ParseError::Command);
    }
    Ok(CommandLine {
        actor: actor.to_owned(),
        path,
        options,
    })
}

/// Splits on white space, keeping `"quoted values"` whole.
fn tokens(text: &str) -> Result<Vec<String>, ParseError> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            c if c.is_whitespace() && !quoted => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if quoted {
        return Err(ParseError::Quote);
    }
    if !current.is_empty() {
        out.push(current);
    }
    Ok(out)
}

fn unquote(value: &str) -> String {
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value)
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_has_an_actor_a_path_and_options() {
        let line = parse_line(
            r#"mod1: /mod ban member:@alice until:2026-12-04 reason:"played a fake game""#,
        )
        .unwrap();
        assert_eq!(
            line,
            Line::Command(CommandLine {
                actor: "mod1".into(),
                path: vec!["mod".into(), "ban".into()],
                options: vec![
                    ("member".into(), "@alice".into()),
                    ("until".into(), "2026-12-04".into()),
                    ("reason".into(), "played a fake game".into()),
                ],
            })
        );
    }

    #[test]
    fn output_lines_are_told_from_comments() {
        assert_eq!(
            parse_line("#discussion> alice joined").unwrap(),
            Line::Expected
        );
        assert_eq!(parse_line("< hello").unwrap(), Line::Expected);
        assert_eq!(parse_line("! refused").unwrap(), Line::Expected);
        assert_eq!(parse_line("# a comment").unwrap(), Line::Note);
    }

    #[test]
    fn clock_lines_set_or_move_the_clock() {
        assert_eq!(parse_line("@ +1d").unwrap(), Line::ClockByDays(1));
        assert_eq!(parse_line("@ +2w").unwrap(), Line::ClockByDays(14));
        assert_eq!(
            parse_line("@ +90m").unwrap(),
            Line::ClockBy(Duration::minutes(90))
        );
        assert!(matches!(
            parse_line("@ 2026-11-27 12:35").unwrap(),
            Line::ClockAt(_)
        ));
        assert_eq!(parse_line("@ tomorrow"), Err(ParseError::Clock));
        // Nonsense and overflow are refused, never a panic.
        for bad in [
            "@ +5é",
            "@ +99999999999999h",
            "@ +9999999999999w",
            "@ +999999999d",
            "@ +-3d",
            "@ +",
        ] {
            assert_eq!(parse_line(bad), Err(ParseError::Clock), "{bad}");
        }
    }

    #[test]
    fn an_unclosed_quote_is_refused() {
        assert_eq!(parse_line(r#"a: /x reason:"oops"#), Err(ParseError::Quote));
    }
}
