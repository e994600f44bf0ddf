//! Text typed by people, parsed once into bounded types. (Posts are made safe by sending
//! allowed_mentions that allow no pings; see the Discord adapter.)

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
