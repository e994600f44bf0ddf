//! Importing a rulebook: why an import fails, in either format, and the Nomic JSON format.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use serde::Deserialize;

use super::book::{BookError, Mutability, Note, Rule, Rulebook};
use super::label::RuleId;

/// Why a rulebook could not be imported. The line number is the file's, counting from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("The rules file cannot be read in the Nomic JSON format: {0}")]
    Json(String),
    #[error("Rule {key}: “{label}” is not a rule label such as 101 or 101[I].")]
    JsonLabel { key: String, label: String },
    #[error("Line {line}: {problem}")]
    Markdown { line: usize, problem: String },
    #[error("{0} appears twice.")]
    Duplicate(RuleId),
    #[error("“{0}” is not a date written YYYY-MM-DD.")]
    Date(String),
    #[error("The key “{0}” appears twice under `rules`: one of the two rules would be lost.")]
    DuplicateKey(String),
    #[error("{0} has no text: a rule is its text (Nomic 107).")]
    NoText(RuleId),
    #[error("Rule {rule} is numbered at or above {next}, the number the next proposal takes, and each proposal's number becomes its rule's: that proposal would be refused (Nomic 109).")]
    NumberTaken { rule: u32, next: u32 },
    #[error("It holds no mutable rule; there must always be at least one (Nomic 116).")]
    NoMutable,
    #[error(
        "It holds {count} mutable rules; at no time may there be more than {max} (Nomic 211)."
    )]
    TooManyMutable { count: usize, max: usize },
    #[error("The file is {bytes} bytes; a rule set is at most {max} bytes.")]
    TooLarge { bytes: u64, max: u64 },
}

/// The largest rule set gavel imports, in bytes: many times the Initial Set or the Terms
/// (each about 20 kB), and small enough to read and store at once.
pub const IMPORT_MAX_BYTES: u64 = 1_000_000;

/// Refuses a rule set larger than [`IMPORT_MAX_BYTES`].
pub fn check_size(bytes: u64) -> Result<(), ImportError> {
    if bytes > IMPORT_MAX_BYTES {
        return Err(ImportError::TooLarge {
            bytes,
            max: IMPORT_MAX_BYTES,
        });
    }
    Ok(())
}

impl Rulebook {
    /// What every imported rule set must be: each rule has text (Nomic 107).
    pub fn check_import(&self) -> Result<(), ImportError> {
        match self
            .rules()
            .find(|r| r.paragraphs.iter().all(|p| p.trim().is_empty()))
        {
            Some(rule) => Err(ImportError::NoText(rule.id.clone())),
            None => Ok(()),
        }
    }

    /// What a Nomic rule set must also be: between one mutable rule and the limit (Nomic 116,
    /// 211), and every rule numbered below `next`, the number the next proposal takes, which
    /// becomes its rule's (Nomic 109).
    pub fn check_nomic_import(&self, max_mutable: usize, next: u32) -> Result<(), ImportError> {
        if let Some(rule) = self.highest_number().filter(|n| *n >= next) {
            return Err(ImportError::NumberTaken { rule, next });
        }
        match self.mutable_count() {
            0 => Err(ImportError::NoMutable),
            count if count > max_mutable => Err(ImportError::TooManyMutable {
                count,
                max: max_mutable,
            }),
            _ => Ok(()),
        }
    }
}

pub(super) fn date(text: &str) -> Result<NaiveDate, ImportError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| ImportError::Date(text.into()))
}

#[derive(Deserialize)]
struct JsonBook {
    #[serde(deserialize_with = "unique_keys")]
    rules: Vec<(String, JsonRule)>,
    #[serde(default)]
    date: Option<String>,
    #[serde(default)]
    author: Option<String>,
}

#[derive(Deserialize)]
struct JsonRule {
    text: Vec<String>,
    #[serde(default)]
    notes: Vec<JsonNote>,
    label: String,
    #[serde(default)]
    ineffect: Option<String>,
    #[serde(default)]
    date: Option<String>,
}

#[derive(Deserialize)]
struct JsonNote {
    content: String,
    author: String,
    date: String,
}

/// The `rules` object in the order written, refusing a key written twice: a JSON object with a
/// repeated key is read by keeping the last, which would drop a rule without a word.
fn unique_keys<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, JsonRule)>, D::Error> {
    struct Keys;
    impl<'de> serde::de::Visitor<'de> for Keys {
        type Value = Vec<(String, JsonRule)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of rules by key")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut seen = BTreeSet::new();
            let mut out = Vec::new();
            while let Some((key, rule)) = map.next_entry::<String, JsonRule>()? {
                if !seen.insert(key.clone()) {
                    return Err(serde::de::Error::custom(ImportError::DuplicateKey(key)));
                }
                out.push((key, rule));
            }
            Ok(out)
        }
    }
    d.deserialize_map(Keys)
}

/// Joins the hard-wrapped lines of a paragraph with spaces.
fn unwrap_lines(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Rulebook {
    /// Imports the Nomic JSON format (see the module docs).
    pub fn from_nomic_json(json: &str) -> Result<Rulebook, ImportError> {
        let book: JsonBook =
            serde_json::from_str(json).map_err(|e| ImportError::Json(e.to_string()))?;
        let mut out = Rulebook::new("Nomic");
        if let (Some(author), Some(date)) = (&book.author, &book.date) {
            out.preamble
                .push(format!("Initial rule set by {author}, {date}."));
        }
        for (key, rule) in book.rules {
            let label = rule.label.trim();
            let (number, mutability) = match label.strip_suffix("[I]") {
                Some(n) => (n, Mutability::Immutable),
                None => (label, Mutability::Mutable),
            };
            let number: u32 = number.trim().parse().map_err(|_| ImportError::JsonLabel {
                key: key.clone(),
                label: rule.label.clone(),
            })?;
            let mut imported = Rule::new(
                RuleId::Number(number),
                mutability,
                rule.text
                    .iter()
                    .map(|p| unwrap_lines(p))
                    .filter(|p| !p.is_empty())
                    .collect(),
            );
            imported.version = rule
                .ineffect
                .as_deref()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(1);
            imported.since = rule.date.as_deref().map(date).transpose()?;
            for note in rule.notes {
                imported.notes.push(Note {
                    author: note.author.trim().to_owned(),
                    date: date(&note.date)?,
                    text: unwrap_lines(&note.content),
                });
            }
            out.insert(imported).map_err(|e| match e {
                BookError::Exists(id) | BookError::NoSuchRule(id) => ImportError::Duplicate(id),
            })?;
        }
        Ok(out)
    }
}
