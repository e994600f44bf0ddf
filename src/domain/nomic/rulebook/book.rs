//! The book and its rules: a rule's text, mutability, notes and earlier versions, the Sections
//! and change log of a document such as the Terms, lookup and word search, and the edits both
//! procedures make.

use std::collections::BTreeMap;
use std::fmt;

use chrono::NaiveDate;

use super::label::{LabelError, RuleId};
use super::references::renumber_references;

/// Whether a rule may be amended or repealed (Nomic 102, 103).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mutability {
    Mutable,
    Immutable,
}

impl fmt::Display for Mutability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mutability::Mutable => "mutable",
            Mutability::Immutable => "immutable",
        })
    }
}

/// How one version of a rule came to be, as `/rule history` records it: imported with the book,
/// or by a proposal that enacted, amended, repealed or transmuted it (Nomic 105, 106).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Imported,
    Enacted,
    Amended,
    Repealed,
    Transmuted,
    /// Given the proposal's number (Nomic 109); the version's `former` is its old label.
    Renumbered,
}

/// A note on a rule: who wrote it, when, and what it says. Notes explain; they do not rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub author: String,
    pub date: NaiveDate,
    pub text: String,
}

/// An earlier version of a rule, kept when the rule is amended, transmuted or renumbered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleVersion {
    pub id: RuleId,
    pub version: u32,
    pub mutability: Mutability,
    pub paragraphs: Vec<String>,
    pub since: Option<NaiveDate>,
}

/// One rule or Act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub id: RuleId,
    pub mutability: Mutability,
    pub paragraphs: Vec<String>,
    pub notes: Vec<Note>,
    /// How many versions the rule has had, this one included (the Nomic site's "in effect").
    pub version: u32,
    /// When this version came into effect.
    pub since: Option<NaiveDate>,
    /// Earlier versions, oldest first.
    pub history: Vec<RuleVersion>,
    /// The number a numbered rule had first, once a proposal has given it another (Nomic 109).
    pub began_as: Option<u32>,
    /// Whether a numbered rule's text was ever amended (Nomic 103: transmutation is another
    /// kind of change; Nomic 204 depends on the difference).
    pub amended: bool,
}

impl Rule {
    /// A new rule in its first version.
    pub fn new(id: RuleId, mutability: Mutability, paragraphs: Vec<String>) -> Self {
        Rule {
            id,
            mutability,
            paragraphs,
            notes: Vec::new(),
            version: 1,
            since: None,
            history: Vec::new(),
            began_as: None,
            amended: false,
        }
    }

    /// The text, paragraphs separated by blank lines.
    pub fn text(&self) -> String {
        self.paragraphs.join("\n\n")
    }

    pub fn is_mutable(&self) -> bool {
        self.mutability == Mutability::Mutable
    }

    /// Keeps the current version in the history before a change, and counts the new one.
    fn begin_version(&mut self, since: NaiveDate) {
        self.history.push(RuleVersion {
            id: self.id.clone(),
            version: self.version,
            mutability: self.mutability,
            paragraphs: self.paragraphs.clone(),
            since: self.since,
        });
        self.version += 1;
        self.since = Some(since);
    }

    fn matches(&self, words: &[String]) -> bool {
        let mut haystack = self.text().to_lowercase();
        for note in &self.notes {
            haystack.push('\n');
            haystack.push_str(&note.text.to_lowercase());
        }
        words.iter().all(|w| haystack.contains(w.as_str()))
    }
}

/// A titled Section of the Terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub number: u32,
    pub title: String,
}

/// A version number of a document such as the Terms: `2.4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    pub major: u32,
    pub minor: u32,
}

impl Version {
    /// Reads `2.4`.
    pub fn parse(text: &str) -> Option<Self> {
        let (major, minor) = text.trim().split_once('.')?;
        Some(Version {
            major: major.parse().ok()?,
            minor: minor.parse().ok()?,
        })
    }

    /// The version after this one: the minor number counts up, and after `.9` the major number
    /// does, as the Terms' own table went from 1.9 to 2.0.
    pub fn next(self) -> Self {
        if self.minor >= 9 {
            Version {
                major: self.major + 1,
                minor: 0,
            }
        } else {
            Version {
                major: self.major,
                minor: self.minor + 1,
            }
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// A line of the change log: a version, its date and what it changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionEntry {
    pub version: Version,
    pub date: NaiveDate,
    pub summary: String,
}

/// Why a rulebook edit could not be made. Callers check their own procedure's rules first and
/// cite them; these are the book's own consistency checks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("There is no {0} in the rulebook.")]
    NoSuchRule(RuleId),
    #[error("{0} already exists in the rulebook.")]
    Exists(RuleId),
}

/// A rulebook: its title, preamble, Sections, rules in label order and change log.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rulebook {
    pub title: String,
    pub preamble: Vec<String>,
    pub sections: Vec<Section>,
    pub(super) rules: BTreeMap<RuleId, Rule>,
    /// The change log, newest first.
    pub versions: Vec<VersionEntry>,
}

impl Rulebook {
    /// An empty rulebook with a title.
    pub fn new(title: impl Into<String>) -> Self {
        Rulebook {
            title: title.into(),
            ..Rulebook::default()
        }
    }

    /// Every rule in label order (numbers first, then Acts by Section).
    pub fn rules(&self) -> impl Iterator<Item = &Rule> {
        self.rules.values()
    }

    pub fn len(&self) -> usize {
        self.rules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    pub fn get(&self, id: &RuleId) -> Option<&Rule> {
        self.rules.get(id)
    }

    /// The rule a typed label names.
    pub fn find(&self, label: &str) -> Result<&Rule, LookupError> {
        let id = RuleId::parse(label)?;
        self.get(&id).ok_or(LookupError::Missing(id))
    }

    /// The rules whose text or notes contain every word of `query` (case-insensitive), in label
    /// order. An empty query finds nothing.
    pub fn search(&self, query: &str) -> Vec<&Rule> {
        let words: Vec<String> = query
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.is_empty() {
            return Vec::new();
        }
        self.rules().filter(|r| r.matches(&words)).collect()
    }

    /// How many rules are mutable (Nomic 116, 211).
    pub fn mutable_count(&self) -> usize {
        self.rules().filter(|r| r.is_mutable()).count()
    }

    /// The number of the highest numbered rule (Nomic 203's R).
    pub fn highest_number(&self) -> Option<u32> {
        self.rules.keys().filter_map(RuleId::number).max()
    }

    /// The current version of the document: the newest line of its change log.
    pub fn version(&self) -> Option<&VersionEntry> {
        self.versions.iter().max_by_key(|v| v.version)
    }

    /// The title of a Section, if the book names it.
    pub fn section_title(&self, number: u32) -> Option<&str> {
        self.sections
            .iter()
            .find(|s| s.number == number)
            .map(|s| s.title.as_str())
    }

    /// Adds a rule that does not exist yet.
    pub fn insert(&mut self, rule: Rule) -> Result<(), BookError> {
        if self.rules.contains_key(&rule.id) {
            return Err(BookError::Exists(rule.id));
        }
        self.rules.insert(rule.id.clone(), rule);
        Ok(())
    }

    /// Replaces a rule's text with a new version in effect from `since`.
    pub fn amend(
        &mut self,
        id: &RuleId,
        paragraphs: Vec<String>,
        since: NaiveDate,
    ) -> Result<(), BookError> {
        let rule = self.rule_mut(id)?;
        rule.begin_version(since);
        rule.paragraphs = paragraphs;
        rule.amended = matches!(id, RuleId::Number(_));
        Ok(())
    }

    /// Makes a rule mutable or immutable, as a new version in effect from `since`.
    pub fn transmute(
        &mut self,
        id: &RuleId,
        to: Mutability,
        since: NaiveDate,
    ) -> Result<(), BookError> {
        let rule = self.rule_mut(id)?;
        rule.begin_version(since);
        rule.mutability = to;
        Ok(())
    }

    /// Removes a rule, and with an Act its sub-acts; returns what was removed.
    pub fn remove(&mut self, id: &RuleId) -> Result<Vec<Rule>, BookError> {
        if !self.rules.contains_key(id) {
            return Err(BookError::NoSuchRule(id.clone()));
        }
        let doomed: Vec<RuleId> = self
            .rules
            .keys()
            .filter(|k| k.is_within(id))
            .cloned()
            .collect();
        Ok(doomed.iter().filter_map(|k| self.rules.remove(k)).collect())
    }

    /// Gives rule `old` the number `new` and changes every reference to `old` in every rule's
    /// text to `new` (Nomic 109, 110). The renumbered rule keeps its version; its history
    /// remembers the old number.
    pub fn renumber(&mut self, old: u32, new: u32) -> Result<(), BookError> {
        if old == new {
            return Ok(());
        }
        let new_id = RuleId::Number(new);
        if self.rules.contains_key(&new_id) {
            return Err(BookError::Exists(new_id));
        }
        let mut rule = self
            .rules
            .remove(&RuleId::Number(old))
            .ok_or(BookError::NoSuchRule(RuleId::Number(old)))?;
        rule.id = new_id.clone();
        rule.began_as.get_or_insert(old);
        self.rules.insert(new_id, rule);
        for rule in self.rules.values_mut() {
            for paragraph in &mut rule.paragraphs {
                *paragraph = renumber_references(paragraph, old, new);
            }
            for note in &mut rule.notes {
                note.text = renumber_references(&note.text, old, new);
            }
        }
        Ok(())
    }

    fn rule_mut(&mut self, id: &RuleId) -> Result<&mut Rule, BookError> {
        self.rules
            .get_mut(id)
            .ok_or_else(|| BookError::NoSuchRule(id.clone()))
    }
}

/// Why a looked-up rule was not found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    #[error(transparent)]
    Label(#[from] LabelError),
    #[error("There is no {0} in the rulebook.")]
    Missing(RuleId),
}
