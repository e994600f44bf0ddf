//! The shape of a command declaration: its path, description, options with their limits, who may
//! use it, and the use case it runs. Adapters read these; they declare nothing themselves.

use std::fmt;

use chrono::{NaiveDate, NaiveDateTime};

use std::future::Future;
use std::pin::Pin;

use crate::app::choices::Pick;
use crate::app::PersonRef;
use crate::app::{App, Call};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::{DATE_MAX, DATE_TIME_FORMAT};
use crate::domain::kernel::text;
use crate::domain::kernel::words::Words;

/// A boxed future, as a command's use case returns it.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// What a command says back: an answer for everyone, or a refusal for the caller alone.
pub type Reply = Result<super::said::Said, String>;

/// The use case a command runs, given the app, the invocation (caller, command, options for the
/// audit log) and the parsed options.
pub type Handler = fn(App, Call, Args) -> BoxFuture<Reply>;

/// A check run before a form opens, given the options already given (not the text the form asks
/// for): a refusal then comes at once, privately, instead of after the text was typed.
pub type FormCheck = fn(App, Call, Args) -> BoxFuture<Result<(), String>>;

/// A check run before a form opens, like [`FormCheck`], that also names what the form acts on:
/// its answer is the form's title (a Moderator acting on a report from a phone sees which
/// member and message).
pub type FormTitle = fn(App, Call, Args) -> BoxFuture<Result<String, String>>;

/// One page of a listing, its words as every adapter shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paged {
    pub text: String,
    pub page: usize,
    pub pages: usize,
}

impl Paged {
    pub fn new(text: impl Into<String>, window: &crate::domain::kernel::pages::Window) -> Self {
        Self {
            text: text.into(),
            page: window.page,
            pages: window.pages,
        }
    }
}

/// The use case of a paged command: one page (the `page` option, else the first).
pub type PagedHandler = fn(App, Call, Args) -> BoxFuture<Result<Paged, String>>;

/// How a command's listing is paged.
#[derive(Clone, Copy)]
pub struct Pages {
    pub run: PagedHandler,
    /// The person option that means the caller when left out (`/history`'s member): a page
    /// button carries the caller there, so whoever presses sees the same list.
    pub caller_default: Option<&'static str>,
}

/// One command, as members see it on Discord and in the console.
pub struct CommandSpec {
    /// Words after the slash, e.g. `"mod violation"`: a top-level command or a group and a
    /// subcommand (Discord's two-level tree).
    pub path: &'static str,
    /// The description Discord shows (at most 100 characters).
    pub description: &'static str,
    pub options: Vec<OptionSpec>,
    /// Who may use it, for the book and /help (the app layer decides; this only documents).
    pub who: &'static str,
    /// The rules it applies, for the book.
    pub rule: &'static str,
    /// The power it needs, if any. The use case checks it (for every adapter and job alike);
    /// the declaration lets Discord hide the command from members without a role by default,
    /// and lets a test try every privileged command as someone without the office.
    pub power: Option<Power>,
    pub run: Handler,
    /// Checked before a form asking for this command's `in_modal` options opens, if declared.
    pub before_form: Option<FormCheck>,
    /// Checked before such a form opens, naming what it acts on in its title, if declared.
    pub form_title: Option<FormTitle>,
    /// Every answer goes to the caller alone (on Discord, ephemeral), not only refusals: for
    /// what must never be posted, such as a private report.
    pub private: bool,
    /// A flag that, when true, makes the reply for the caller alone (`later:true`: what is
    /// to be declared later is not confirmed in whatever channel it was typed).
    pub private_with: Option<&'static str>,
    /// A listing shown a page at a time (its `run` then answers the page's words).
    pub pages: Option<Pages>,
}

impl CommandSpec {
    /// Whether the reply to this invocation is for the caller alone even when it succeeds.
    pub fn replies_privately(&self, args: &Args) -> bool {
        self.private || self.private_with.is_some_and(|flag| args.flag(flag))
    }
}

/// One option of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    /// The description Discord shows (at most 100 characters).
    pub description: &'static str,
    pub kind: OptionKind,
    pub required: bool,
    /// Long text asked for in a form (a Discord modal) when a slash command or a button leaves
    /// it out; on Discord the option is therefore registered as optional. The console takes it
    /// as a normal option. Only for `Text` options (see `in_modal`).
    pub in_modal: bool,
    /// What Discord offers while it is typed (autocomplete): the numbered things the caller
    /// may act on with this command.
    pub pick: Option<Pick>,
}

/// What an option holds, with the limits both adapters enforce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// Free text of at most `max` characters.
    Text { max: usize },
    /// A date written YYYY-MM-DD (the use case reads and checks it).
    Date,
    /// A date and time, YYYY-MM-DD HH:MM, on the clock its description names (club, GMT).
    DateTime,
    /// A whole number in `min..=max`.
    Integer { min: i64, max: i64 },
    /// A person: a Discord user, or `@name` in the console.
    Person,
    /// true or false.
    Flag,
    /// One of a fixed list of words (Discord shows them as choices; the use case checks them).
    Choice(&'static [&'static str]),
}

impl OptionKind {
    /// Whether `value` is of this kind's type (its limits are checked apart).
    fn holds(&self, value: &Value) -> bool {
        matches!(
            (self, value),
            (
                OptionKind::Text { .. } | OptionKind::Date | OptionKind::Choice(_),
                Value::Text(_)
            ) | (OptionKind::Date, Value::Date(_))
                | (OptionKind::DateTime, Value::Text(_) | Value::DateTime(_))
                | (OptionKind::Integer { .. }, Value::Integer(_))
                | (OptionKind::Person, Value::Person(_))
                | (OptionKind::Flag, Value::Flag(_))
        )
    }

    /// What this kind takes, for a refusal.
    fn wants(&self) -> &'static str {
        match self {
            OptionKind::Text { .. } => "text",
            OptionKind::Date => "a date, YYYY-MM-DD",
            OptionKind::DateTime => "a date and time, YYYY-MM-DD HH:MM",
            OptionKind::Integer { .. } => "a whole number",
            OptionKind::Person => "a person",
            OptionKind::Flag => "true or false",
            OptionKind::Choice(_) => "one of its choices",
        }
    }
}

/// `a, b or c`.
fn or_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A parsed option value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Integer(i64),
    Person(PersonRef),
    Flag(bool),
    /// A date option, read once at the edge: the adapters give text, which `check` parses.
    Date(NaiveDate),
    DateTime(NaiveDateTime),
}

impl Value {
    /// The value as the audit log records it.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Text(t) => t.clone().into(),
            Value::Integer(i) => (*i).into(),
            Value::Person(p) => p.name.clone().into(),
            Value::Flag(b) => (*b).into(),
            Value::Date(d) => d.format(DATE_FORMAT).to_string().into(),
            Value::DateTime(t) => t.format(DATE_TIME_FORMAT).to_string().into(),
        }
    }
}

/// How a date option is written, and how it is recorded.
const DATE_FORMAT: &str = "%Y-%m-%d";

/// Why an option's value was refused, before anything ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    Unknown {
        command: &'static str,
        option: String,
    },
    Missing(&'static str),
    Twice(&'static str),
    NotADate(String),
    NotATime(String),
    NotAPerson(String),
    NotANumber {
        option: &'static str,
        value: String,
    },
    NotAFlag {
        option: &'static str,
        value: String,
    },
    OutOfRange {
        option: &'static str,
        min: i64,
        max: i64,
    },
    TooLong {
        option: &'static str,
        len: usize,
        max: usize,
    },
    /// A word that is not one of a fixed list's choices.
    NotAChoice {
        option: &'static str,
        value: String,
        choices: &'static [&'static str],
    },
    /// A value of the wrong type (a number for a text, text for a person...): only a client
    /// that is not Discord's, or a forged interaction, sends one.
    WrongType {
        option: &'static str,
        wants: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { command, option } => {
                write!(f, "/{command} has no option `{option}`.")
            }
            OptionError::Missing(name) => write!(f, "The option `{name}` is required."),
            OptionError::Twice(name) => write!(f, "The option `{name}` is given twice."),
            OptionError::NotAPerson(value) => write!(f, "`{value}` is not a person; write @name."),
            OptionError::NotADate(value) => write!(f, "`{value}` is not a date; write YYYY-MM-DD."),
            OptionError::NotATime(v) => write!(f, "`{v}` is not a time; write YYYY-MM-DD HH:MM."),
            OptionError::NotANumber { option, value } => {
                write!(f, "`{value}` is not a whole number (option `{option}`).")
            }
            OptionError::NotAFlag { option, value } => {
                write!(f, "`{value}` is not true or false (option `{option}`).")
            }
            OptionError::OutOfRange { option, min, max } => {
                write!(
                    f,
                    "The option `{option}` takes a whole number from {min} to {max}."
                )
            }
            OptionError::TooLong { option, len, max } => write!(
                f,
                "The option `{option}` is {len} characters long; at most {max} are allowed."
            ),
            OptionError::NotAChoice {
                option,
                value,
                choices,
            } => write!(
                f,
                "`{value}` is not a choice for the option `{option}`: it takes {}.",
                or_list(choices)
            ),
            OptionError::WrongType { option, wants } => {
                write!(f, "The option `{option}` takes {wants}.")
            }
        }
    }
}

impl OptionSpec {
    /// The same text option, asked for in a form on Discord when it is not given (opinions,
    /// judgements: text longer than a slash option comfortably holds).
    pub fn in_modal(mut self) -> Self {
        assert!(
            matches!(self.kind, OptionKind::Text { .. }),
            "only a text option can be asked for in a form (`{}`)",
            self.name
        );
        self.in_modal = true;
        self
    }

    /// Whether Discord requires it in the slash command: an option asked for in a form is not.
    pub fn required_on_discord(&self) -> bool {
        self.required && !self.in_modal
    }

    /// Checks a value against this option's type and limits (the same limits Discord
    /// enforces): an option with fixed choices accepts only those, on every adapter.
    pub fn check(&self, value: Value) -> Result<Value, OptionError> {
        if !self.kind.holds(&value) {
            return Err(OptionError::WrongType {
                option: self.name,
                wants: self.kind.wants(),
            });
        }
        // What is recorded is what a reader sees: invisible characters are dropped at the door.
        let value = match value {
            Value::Text(t) => Value::Text(text::visible(&t)),
            other => other,
        };
        match (&self.kind, &value) {
            (OptionKind::Choice(choices), Value::Text(t)) if !choices.contains(&t.as_str()) => {
                Err(OptionError::NotAChoice {
                    option: self.name,
                    value: t.clone(),
                    choices,
                })
            }
            (OptionKind::Integer { min, max }, Value::Integer(i)) if !(min..=max).contains(&i) => {
                Err(OptionError::OutOfRange {
                    option: self.name,
                    min: *min,
                    max: *max,
                })
            }
            (OptionKind::Text { max }, Value::Text(t)) if t.chars().count() > *max => {
                Err(OptionError::TooLong {
                    option: self.name,
                    len: t.chars().count(),
                    max: *max,
                })
            }
            (OptionKind::Date, Value::Text(t)) if t.chars().count() > DATE_MAX => {
                Err(OptionError::TooLong {
                    option: self.name,
                    len: t.chars().count(),
                    max: DATE_MAX,
                })
            }
            // A date is parsed here, once, for every adapter: handlers read a `NaiveDate`.
            (OptionKind::Date, Value::Text(t)) => NaiveDate::parse_from_str(t.trim(), DATE_FORMAT)
                .map(Value::Date)
                .map_err(|_| OptionError::NotADate(t.clone())),
            (OptionKind::DateTime, Value::Text(t)) => {
                NaiveDateTime::parse_from_str(t.trim(), DATE_TIME_FORMAT)
                    .map(Value::DateTime)
                    .map_err(|_| OptionError::NotATime(t.clone()))
            }
            _ => Ok(value),
        }
    }

    /// Reads an option written as text (the console's `name:value`).
    pub fn parse_text(&self, text: &str) -> Result<Value, OptionError> {
        let value = match self.kind {
            OptionKind::Text { .. }
            | OptionKind::Date
            | OptionKind::DateTime
            | OptionKind::Choice(_) => Value::Text(text.to_owned()),
            OptionKind::Integer { .. } => {
                Value::Integer(text.parse().map_err(|_| OptionError::NotANumber {
                    option: self.name,
                    value: text.to_owned(),
                })?)
            }
            OptionKind::Flag => Value::Flag(match text.to_lowercase().as_str() {
                "true" | "yes" | "on" => true,
                "false" | "no" | "off" => false,
                _ => {
                    return Err(OptionError::NotAFlag {
                        option: self.name,
                        value: text.to_owned(),
                    })
                }
            }),
            OptionKind::Person => {
                let who = text.strip_prefix('@').unwrap_or(text);
                if who.is_empty() || who.contains(char::is_whitespace) {
                    return Err(OptionError::NotAPerson(text.to_owned()));
                }
                Value::Person(PersonRef::console(who))
            }
        };
        self.check(value)
    }

    /// How the option is written in usage lines: `member:@name`, `points:N`, `[later:true]`.
    pub fn usage(&self) -> String {
        let value = match &self.kind {
            OptionKind::Text { .. } => "\"...\"".to_owned(),
            OptionKind::Date => "YYYY-MM-DD".to_owned(),
            OptionKind::DateTime => "\"YYYY-MM-DD HH:MM\"".to_owned(),
            OptionKind::Integer { .. } => "N".to_owned(),
            OptionKind::Person => "@name".to_owned(),
            OptionKind::Flag => "true".to_owned(),
            OptionKind::Choice(words) => words.join("|"),
        };
        let written = format!("{}:{value}", self.name);
        if self.required {
            written
        } else {
            format!("[{written}]")
        }
    }
}

/// The options of one invocation, checked against the command's declaration.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    values: Vec<(&'static str, Value)>,
    /// The command's path and the options it declares: reading any other name is a mistake in
    /// the handler (a misspelt option would otherwise read as "not given"), so it fails the
    /// tests, which run every command (`debug_assert!`).
    command: &'static str,
    declared: Vec<&'static str>,
}

impl Args {
    /// Builds the arguments from named values, refusing unknown, repeated and missing options.
    /// Both adapters come through here, so they accept exactly the same invocations.
    pub fn build(
        spec: &CommandSpec,
        given: impl IntoIterator<Item = (String, Value)>,
    ) -> Result<Args, OptionError> {
        Self::build_with(spec, given, false)
    }

    /// The options given before a form: those it asks for (`in_modal`) may be missing.
    pub fn before_form(
        spec: &CommandSpec,
        given: impl IntoIterator<Item = (String, Value)>,
    ) -> Result<Args, OptionError> {
        Self::build_with(spec, given, true)
    }

    fn build_with(
        spec: &CommandSpec,
        given: impl IntoIterator<Item = (String, Value)>,
        form_pending: bool,
    ) -> Result<Args, OptionError> {
        let mut values: Vec<(&'static str, Value)> = Vec::new();
        let mut unknown = None;
        for (name, value) in given {
            let Some(option) = spec.options.iter().find(|o| o.name == name) else {
                unknown.get_or_insert(name);
                continue;
            };
            if values.iter().any(|(n, _)| *n == option.name) {
                return Err(OptionError::Twice(option.name));
            }
            values.push((option.name, value));
        }
        for option in &spec.options {
            let asked_in_form = form_pending && option.in_modal;
            if option.required && !asked_in_form && !values.iter().any(|(n, _)| *n == option.name) {
                return Err(OptionError::Missing(option.name));
            }
        }
        if let Some(option) = unknown {
            return Err(OptionError::Unknown {
                command: spec.path,
                option,
            });
        }
        Ok(Args {
            values,
            command: spec.path,
            declared: spec.options.iter().map(|o| o.name).collect(),
        })
    }

    /// Whether the command declares the option `name`: for a reader that several commands share,
    /// each declaring a different set of the options it reads.
    pub fn declares(&self, name: &str) -> bool {
        self.declared.contains(&name)
    }

    /// The value given for `name`, if any.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.get(name)
    }

    fn get(&self, name: &str) -> Option<&Value> {
        debug_assert!(
            self.declared.contains(&name),
            "/{} reads the option `{name}`, which it does not declare",
            self.command
        );
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    pub fn opt_text(&self, name: &str) -> Option<String> {
        match self.get(name) {
            Some(Value::Text(t)) => Some(t.clone()),
            // A handler not yet reading the typed date gets it as written.
            Some(Value::Date(d)) => Some(d.format(DATE_FORMAT).to_string()),
            _ => None,
        }
    }

    /// A fixed choice as its enum; the declaration offered `T::WORDS`, so any other word was
    /// refused at the edge.
    pub fn opt_choice<T: Words>(&self, name: &str) -> Option<T> {
        match self.get(name) {
            Some(Value::Text(t)) => T::from_word(t),
            _ => None,
        }
    }

    pub fn choice<T: Words>(&self, name: &'static str) -> Result<T, String> {
        self.opt_choice(name).ok_or_else(|| missing(name))
    }

    /// A date option, parsed at the edge (`OptionSpec::check`).
    pub fn opt_date(&self, name: &str) -> Option<NaiveDate> {
        match self.get(name) {
            Some(Value::Date(d)) => Some(*d),
            _ => None,
        }
    }

    pub fn date(&self, name: &'static str) -> Result<NaiveDate, String> {
        self.opt_date(name).ok_or_else(|| missing(name))
    }

    pub fn opt_date_time(&self, name: &str) -> Option<NaiveDateTime> {
        match self.get(name) {
            Some(Value::DateTime(t)) => Some(*t),
            _ => None,
        }
    }

    pub fn date_time(&self, name: &'static str) -> Result<NaiveDateTime, String> {
        self.opt_date_time(name).ok_or_else(|| missing(name))
    }

    pub fn text(&self, name: &'static str) -> Result<String, String> {
        self.opt_text(name).ok_or_else(|| missing(name))
    }

    pub fn opt_integer(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Integer(i)) => Some(*i),
            _ => None,
        }
    }

    pub fn integer(&self, name: &'static str) -> Result<i64, String> {
        self.opt_integer(name).ok_or_else(|| missing(name))
    }

    pub fn opt_person(&self, name: &str) -> Option<PersonRef> {
        match self.get(name) {
            Some(Value::Person(p)) => Some(p.clone()),
            _ => None,
        }
    }

    pub fn person(&self, name: &'static str) -> Result<PersonRef, String> {
        self.opt_person(name).ok_or_else(|| missing(name))
    }

    /// A flag, false when left out.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Flag(true)))
    }

    /// The arguments as the audit log records them.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.values
                .iter()
                .map(|(n, v)| ((*n).to_owned(), v.to_json()))
                .collect(),
        )
    }
}

fn missing(name: &str) -> String {
    format!("The option `{name}` is required.")
}
