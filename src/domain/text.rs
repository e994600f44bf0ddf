//! Text typed by people: parsed once into bounded types, and made safe to post.

/// The longest message Discord accepts; user text is kept well inside it.
pub const DISCORD_MESSAGE_LIMIT: usize = 2000;

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
#[derive(Debug, Clone, PartialEq, Eq)]
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

/// Trims `text` and checks it is neither empty nor longer than `max` characters.
pub fn bounded(field: &'static str, text: &str, max: usize) -> Result<String, TextError> {
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

/// A person's name as shown in replies: 1-32 characters, no line breaks.
pub fn person_name(text: &str) -> Result<String, TextError> {
    let name = bounded("name", text, 32)?;
    if name.contains(['\n', '\r']) {
        return Err(TextError::TooLong {
            field: "name",
            len: name.chars().count(),
            max: 32,
        });
    }
    Ok(name)
}

/// Keeps typed text from pinging: `@everyone`, `@here` and role or user mentions are defused
/// with a zero-width space. Posts also carry allowed_mentions that allow none; this is the
/// second belt, for the console and for anything that copies the text elsewhere.
pub fn defuse_mentions(text: &str) -> String {
    text.replace('@', "@\u{200B}")
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn everyone_pings_are_defused() {
        assert_eq!(defuse_mentions("hi @everyone"), "hi @\u{200B}everyone");
    }
}
