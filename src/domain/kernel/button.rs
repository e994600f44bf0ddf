//! Buttons and forms as values: the command a press or a submitted form runs, with its preset
//! options, written into the component's `custom_id` so that nothing is kept in memory and a
//! button keeps working after a restart.

use std::fmt;

use crate::platform::{
    BUTTONS_PER_MESSAGE as PER_MESSAGE, BUTTON_LABEL_MAX as LABEL_MAX, CUSTOM_ID_MAX,
};

/// How a button looks (Discord's styles 1 to 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// A command with some of its options already given: what a button runs, or what a form
/// completes. Values are written as the console writes them (`12`, `yes`, `true`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    /// The command's path, e.g. `"game approve"`.
    pub path: String,
    /// Option names and their values, in the order given.
    pub presets: Vec<(String, String)>,
}

/// What a `custom_id` stands for: a button to press, or a form to submit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Component {
    Button,
    Form,
    /// A page button under a long list: it shows another page of the same listing.
    Page,
}

impl Component {
    fn prefix(self) -> &'static str {
        match self {
            Component::Button => "b/",
            Component::Form => "f/",
            Component::Page => "p/",
        }
    }
}

/// Why a button or a form cannot be written or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ButtonError {
    /// The `custom_id` would pass Discord's 100 characters.
    TooLong { path: String, len: usize },
    /// The label is empty or passes Discord's 80 characters.
    Label(String),
    /// More buttons than one message holds.
    TooMany(usize),
    /// A `custom_id` gavel did not write (or a corrupted one).
    NotOurs(String),
}

impl fmt::Display for ButtonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonError::TooLong { path, len } => write!(
                f,
                "the button for /{path} needs {len} characters; Discord allows {CUSTOM_ID_MAX}"
            ),
            ButtonError::Label(label) => write!(
                f,
                "the label {label:?} must have 1 to {LABEL_MAX} characters"
            ),
            ButtonError::TooMany(n) => {
                write!(f, "{n} buttons on one post; Discord allows {PER_MESSAGE}")
            }
            ButtonError::NotOurs(id) => write!(f, "{id:?} is not a button gavel made"),
        }
    }
}

impl std::error::Error for ButtonError {}

impl Invocation {
    pub fn new(path: &str) -> Self {
        Self {
            path: path.to_owned(),
            presets: Vec::new(),
        }
    }

    /// The value preset for `name`, if any.
    pub fn preset(&self, name: &str) -> Option<&str> {
        self.presets
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The compact form: `game approve?game=12&choice=yes` (`%`, `&`, `=` and `?` escaped).
    fn encode(&self) -> String {
        let mut out = escape(&self.path);
        for (n, (name, value)) in self.presets.iter().enumerate() {
            out.push(if n == 0 { '?' } else { '&' });
            out.push_str(&escape(name));
            out.push('=');
            out.push_str(&escape(value));
        }
        out
    }

    fn decode(text: &str) -> Option<Self> {
        let (path, query) = match text.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (text, None),
        };
        let path = unescape(path)?;
        if path.is_empty() {
            return None;
        }
        let mut presets = Vec::new();
        for pair in query.into_iter().flat_map(|q| q.split('&')) {
            let (name, value) = pair.split_once('=')?;
            presets.push((unescape(name)?, unescape(value)?));
        }
        Some(Self { path, presets })
    }

    /// The `custom_id` of a `component` running this invocation, within Discord's limit.
    pub fn custom_id(&self, component: Component) -> Result<String, ButtonError> {
        let id = format!("{}{}", component.prefix(), self.encode());
        let len = id.chars().count();
        if len > CUSTOM_ID_MAX {
            return Err(ButtonError::TooLong {
                path: self.path.clone(),
                len,
            });
        }
        Ok(id)
    }

    /// Reads a `custom_id` gavel wrote: which component it is, and what it runs.
    pub fn from_custom_id(id: &str) -> Result<(Component, Self), ButtonError> {
        let not_ours = || ButtonError::NotOurs(id.to_owned());
        let (component, rest) = [Component::Button, Component::Form, Component::Page]
            .into_iter()
            .find_map(|c| id.strip_prefix(c.prefix()).map(|rest| (c, rest)))
            .ok_or_else(not_ours)?;
        Ok((component, Self::decode(rest).ok_or_else(not_ours)?))
    }
}

/// The invocation as the console writes it: `/game approve game:12 reason:"two words"`.
impl fmt::Display for Invocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}", self.path)?;
        for (name, value) in &self.presets {
            if value.is_empty() || value.contains(char::is_whitespace) {
                write!(f, " {name}:{value:?}")?;
            } else {
                write!(f, " {name}:{value}")?;
            }
        }
        Ok(())
    }
}

/// A button on a post: a label, a style, and the command it runs for whoever presses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    pub label: String,
    pub style: ButtonStyle,
    pub runs: Invocation,
}

impl Button {
    /// A button labelled `label` that runs `/path` (primary style, no presets yet).
    pub fn new(label: &str, path: &str) -> Self {
        Self {
            label: label.to_owned(),
            style: ButtonStyle::Primary,
            runs: Invocation::new(path),
        }
    }

    /// The same button with `name` preset to `value` (as the console would write the value).
    pub fn preset(mut self, name: &str, value: impl fmt::Display) -> Self {
        self.runs.presets.push((name.to_owned(), value.to_string()));
        self
    }

    pub fn style(mut self, style: ButtonStyle) -> Self {
        self.style = style;
        self
    }

    /// Its `custom_id`; refused when the label or the id would not fit Discord's limits.
    pub fn custom_id(&self) -> Result<String, ButtonError> {
        let len = self.label.chars().count();
        if !(1..=LABEL_MAX).contains(&len) {
            return Err(ButtonError::Label(self.label.clone()));
        }
        self.runs.custom_id(Component::Button)
    }

    /// A stored button read back from its label, style and `custom_id`.
    pub fn from_parts(
        label: &str,
        style: ButtonStyle,
        custom_id: &str,
    ) -> Result<Self, ButtonError> {
        match Invocation::from_custom_id(custom_id)? {
            (Component::Button, runs) => Ok(Self {
                label: label.to_owned(),
                style,
                runs,
            }),
            (Component::Form | Component::Page, _) => {
                Err(ButtonError::NotOurs(custom_id.to_owned()))
            }
        }
    }

    /// How transcripts show it: `[Approve → /game approve game:12]`.
    pub fn render(&self) -> String {
        format!("[{} → {}]", self.label, self.runs)
    }
}

/// Checks that a post's buttons fit one message and each fits Discord's limits.
pub fn check_all(buttons: &[Button]) -> Result<(), ButtonError> {
    if buttons.len() > PER_MESSAGE {
        return Err(ButtonError::TooMany(buttons.len()));
    }
    buttons.iter().try_for_each(|b| b.custom_id().map(|_| ()))
}

/// Percent-escapes the characters the compact form uses as separators.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' | '&' | '=' | '?' => out.push_str(&format!("%{:02X}", c as u32)),
            _ => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            let hex: String = chars.by_ref().take(2).collect();
            let byte = u8::from_str_radix(&hex, 16)
                .ok()
                .filter(|_| hex.len() == 2)?;
            out.push(char::from(byte));
        } else {
            out.push(c);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buttons_custom_id_reads_back_as_the_same_command_and_presets() {
        let yes = Button::new("Yes", "vote")
            .preset("proposal", 301)
            .preset("choice", "yes");
        let id = yes.custom_id().expect("fits");
        assert_eq!(id, "b/vote?proposal=301&choice=yes");
        let back = Button::from_parts("Yes", ButtonStyle::Primary, &id).expect("ours");
        assert_eq!(back, yes);
        assert_eq!(back.runs.preset("proposal"), Some("301"));
    }

    #[test]
    fn separators_and_spaces_in_values_survive_the_round_trip() {
        let odd = Invocation {
            path: "court opinion".into(),
            presets: vec![
                ("reason".into(), "50% & more = ?".into()),
                ("empty".into(), String::new()),
            ],
        };
        let id = odd.custom_id(Component::Form).expect("fits");
        assert_eq!(
            Invocation::from_custom_id(&id),
            Ok((Component::Form, odd.clone()))
        );
        assert_eq!(
            odd.to_string(),
            "/court opinion reason:\"50% & more = ?\" empty:\"\""
        );
    }

    #[test]
    fn a_custom_id_past_discords_hundred_characters_is_refused() {
        let long = Button::new("Long", "order judgement").preset("text", "x".repeat(80));
        assert_eq!(
            long.custom_id(),
            Err(ButtonError::TooLong {
                path: "order judgement".into(),
                len: 103
            })
        );
        // Exactly 100 fits: "b/" + "p?t=" + 94 characters.
        let edge = Button::new("Edge", "p").preset("t", "y".repeat(94));
        assert_eq!(edge.custom_id().map(|id| id.chars().count()), Ok(100));
    }

    #[test]
    fn labels_and_counts_are_held_to_discords_limits() {
        assert!(Button::new("", "join").custom_id().is_err());
        assert!(Button::new(&"l".repeat(81), "join").custom_id().is_err());
        let many: Vec<Button> = (0..26)
            .map(|n| Button::new(&n.to_string(), "join"))
            .collect();
        assert_eq!(check_all(&many), Err(ButtonError::TooMany(26)));
        assert_eq!(check_all(&many[..25]), Ok(()));
    }

    #[test]
    fn an_id_gavel_did_not_write_is_not_read_as_a_command() {
        for id in [
            "",
            "vote?proposal=1",
            "b/",
            "b/vote?proposal",
            "b/vote?x=%4",
        ] {
            assert!(Invocation::from_custom_id(id).is_err(), "{id:?}");
        }
        // A form's id is not a button.
        assert!(Button::from_parts("x", ButtonStyle::Primary, "f/vote").is_err());
    }

    #[test]
    fn transcripts_show_a_button_with_the_command_it_runs() {
        let approve = Button::new("Approve", "game approve").preset("game", 7);
        assert_eq!(approve.render(), "[Approve → /game approve game:7]");
    }
}
