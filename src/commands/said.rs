//! What a command answers when it succeeds: its words, and what it is about as data, so a
//! card's title and number come from a field and never from reading the words again.
//!
//! A use case returns an outcome naming what happened; its capability's presentation module
//! (beside its commands) implements `Present` for it, the one place its words are written.
//! Discord dresses the words in a card from `About`, the console prints them, and the audit
//! log records them: `App::execute` needs an outcome's `Display`, which `displayed_as_said!`
//! derives from `Present`, so the words are still written once (the impls live here, above
//! the app, which never imports them).

use std::fmt::Display;

/// What an answer or a post is about: it decides a card's colour, title and footer on Discord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Case,
    Appeal,
    Proposal,
    Point,
    Points,
    Rule,
    Leaderboard,
    Game,
    Tournament,
    Match,
    Committee,
    Diplomacy,
    PartyChess,
    /// Anything else the club is told (a member joined, an office changed).
    Club,
}

/// The thing an answer is about: its kind, and its number when it has one (case 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    pub kind: Kind,
    pub number: Option<i64>,
}

/// A successful command's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The words, as the console prints them and Discord sends them beside the card.
    pub text: String,
    /// What the answer is about; `None` for answers still given as words alone, whose card is
    /// their command's (see `adapters/discord/look.rs`).
    pub about: Option<About>,
}

impl Said {
    /// An answer given as words alone.
    pub fn words(text: impl Into<String>) -> Self {
        Said {
            text: text.into(),
            about: None,
        }
    }

    /// An answer about the thing of `kind` numbered `number`.
    pub fn about(kind: Kind, number: i64, text: impl Into<String>) -> Self {
        Said {
            text: text.into(),
            about: Some(About {
                kind,
                number: Some(number),
            }),
        }
    }

    /// An answer about a kind of thing with no number (the Leaderboard, the rules).
    pub fn about_kind(kind: Kind, text: impl Into<String>) -> Self {
        Said {
            text: text.into(),
            about: Some(About { kind, number: None }),
        }
    }
}

/// A use case's outcome as its command answers it. Each capability's presentation module
/// implements it for its outcomes: the one place their words are written.
pub trait Present {
    fn present(&self) -> Said;
}

/// Gives each typed outcome named its `Display` from its `Present`: the words the audit log
/// records are the words the command answers.
macro_rules! displayed_as_said {
    ($($outcome:ty),+ $(,)?) => {
        $(impl std::fmt::Display for $outcome {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&$crate::commands::said::Present::present(self).text)
            }
        })+
    };
}
pub(crate) use displayed_as_said;

/// Turns a use case's typed outcome into a reply (`spec::Reply`), or its refusal into the
/// refusal's words.
pub(crate) fn answer<T: Present, E: Display>(result: Result<T, E>) -> Result<Said, String> {
    result.map(|v| v.present()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Declared(i64);

    impl Present for Declared {
        fn present(&self) -> Said {
            Said::about(Kind::Case, self.0, format!("Declared case #{}.", self.0))
        }
    }

    displayed_as_said!(Declared);

    #[test]
    fn an_outcome_is_answered_with_its_words_and_what_it_is_about() {
        let said = answer::<_, String>(Ok(Declared(14))).unwrap();
        assert_eq!(said.text, "Declared case #14.");
        assert_eq!(
            said.about,
            Some(About {
                kind: Kind::Case,
                number: Some(14)
            })
        );
        assert_eq!(
            answer::<Declared, _>(Err("No such case.")),
            Err("No such case.".to_owned())
        );
        assert_eq!(Declared(14).to_string(), "Declared case #14.");
    }
}
