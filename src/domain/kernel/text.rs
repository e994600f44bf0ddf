//! Text typed by people, parsed once into bounded types. (Posts are made safe by sending
//! allowed_mentions that allow no pings; see the Discord adapter.)

/// Why a piece of typed text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("The {field} must not be empty.")]
    Empty { field: &'static str },
    #[error("The {field} is {len} characters long; at most {max} are allowed.")]
    TooLong {
        field: &'static str,
        len: usize,
        max: usize,
    },
    #[error("The {field} must say why in a few words, not one (Terms §III Act 2.2: every decision must be reasonably justifiable).")]
    OneWord { field: &'static str },
}

/// A reason given for an action: at least two words, at most 500 characters.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Reason(String);

impl Reason {
    pub const MAX: usize = 500;

    pub fn parse(text: &str) -> Result<Self, TextError> {
        let text = bounded("reason", text, Self::MAX)?;
        if text.split_whitespace().count() < 2 {
            return Err(TextError::OneWord { field: "reason" });
        }
        Ok(Self(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether `c` shows nothing and moves nothing a reader can see: control characters (but the
/// line breaks and tabs of a long text), zero-width spaces and joiners, bidirectional overrides
/// and isolates, soft hyphens and the blank fillers used to fake an empty name.
fn invisible(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t'))
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// `text` without its invisible characters (`invisible`), so that what is recorded is what a
/// reader sees, and text that must say something has visible words. A zero-width joiner (and
/// a variation selector) between two visible non-ASCII characters stays: it joins emoji and
/// some scripts' letters, and shows as they do.
pub fn visible(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let shows =
        |c: Option<&char>| c.is_some_and(|c| !c.is_ascii() && !c.is_whitespace() && !invisible(*c));
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            let joins = matches!(c, '\u{200D}' | '\u{FE0E}' | '\u{FE0F}')
                && i > 0
                && shows(chars.get(i - 1))
                && (shows(chars.get(i + 1)) || c != '\u{200D}');
            joins || !invisible(c)
        })
        .map(|(_, &c)| c)
        .collect()
}

/// Trims `text`, drops its invisible characters, and checks it is neither empty nor longer than
/// `max` characters.
pub fn bounded(field: &'static str, text: &str, max: usize) -> Result<String, TextError> {
    let text = visible(text);
    let text = text.trim();
    if text.is_empty() {
        return Err(TextError::Empty { field });
    }
    let len = text.chars().count();
    if len > max {
        return Err(TextError::TooLong { field, len, max });
    }
    Ok(text.to_owned())
}

/// "1 point", "50 points".
pub fn points(n: i64) -> String {
    if n.abs() == 1 {
        format!("{n} point")
    } else {
        format!("{n} points")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_are_dropped_and_text_of_nothing_else_is_empty() {
        // Zero-width spaces, a right-to-left override and a control character say nothing.
        let hidden = "\u{200B}\u{202E}\u{0007}\u{2060}";
        assert_eq!(visible(hidden), "");
        assert_eq!(
            bounded("reasoning", hidden, 100),
            Err(TextError::Empty { field: "reasoning" })
        );
        // An invisible word does not make a one-word reason two words (Terms §III Act 2.2).
        assert_eq!(
            Reason::parse("cheating \u{200B}"),
            Err(TextError::OneWord { field: "reason" })
        );
        assert_eq!(visible("fair\u{202E} play"), "fair play");
        // Line breaks stay, and so does an emoji joined by a zero-width joiner.
        assert_eq!(visible("one\ntwo"), "one\ntwo");
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert_eq!(visible(family), family);
        assert_eq!(visible("a\u{200D}b"), "ab");
    }

    #[test]
    fn one_point_is_singular() {
        assert_eq!(points(1), "1 point");
        assert_eq!(points(2), "2 points");
        assert_eq!(points(0), "0 points");
    }

    #[test]
    fn a_one_word_reason_is_refused() {
        assert_eq!(
            Reason::parse("cheating"),
            Err(TextError::OneWord { field: "reason" })
        );
        assert!(Reason::parse("played a fictitious game").is_ok());
    }

    #[test]
    fn an_overlong_reason_is_refused_with_its_length() {
        let long = "word ".repeat(200);
        let e = Reason::parse(&long).unwrap_err().to_string();
        assert!(e.contains("999 characters") && e.contains("500"), "{e}");
    }
}
