//! Importing a rulebook: why an import fails, in either format, and the Nomic JSON format.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::Deserialize;

use super::book::{BookError, Mutability, Note, Rule, Rulebook};
use super::label::RuleId;

/// Why a rulebook could not be imported. The line number is the file's, counting from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("The rules file is not valid JSON in the Nomic format: {0}")]
    Json(String),
    #[error("Rule {key}: “{label}” is not a rule label such as 101 or 101[I].")]
    JsonLabel { key: String, label: String },
    #[error("Line {line}: {problem}")]
    Markdown { line: usize, problem: String },
    #[error("{0} appears twice.")]
    Duplicate(RuleId),
    #[error("“{0}” is not a date written YYYY-MM-DD.")]
    Date(String),
}

pub(super) fn date(text: &str) -> Result<NaiveDate, ImportError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| ImportError::Date(text.into()))
}

#[derive(Deserialize)]
struct JsonBook {
    rules: BTreeMap<String, JsonRule>,
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
