//! The rulebook: rules with a number (Nomic) or a Section and Act (the chess club's Terms), their
//! text, mutability, notes and earlier versions; lookup by label, word search, the edits both
//! procedures make, and the two import formats.
//!
//! # Labels
//!
//! A Nomic rule is labelled by its number (`214`, also written `Rule 214` or `Nomic 214`); an
//! Act of the Terms by its Section and Act (`§II 5`, also `§II Act 5` or `Terms §II Act 5`), with
//! sub-acts dotted (`§II 6.3`, `§III 3.5.1`). Sections are Roman numerals; the untitled first
//! section of the Terms ("Jurisdiction") is `§0`.
//!
//! # The Markdown format
//!
//! A rulebook is written as one Markdown file, read line by line:
//!
//! ```text
//! # Chess Terms and Conditions                  the title: the first line, written once
//!
//! Text before the first heading is the preamble.
//!
//! ## Section II: Leaderboard                    a Section and its title (for Acts)
//!
//! ### §II 5                                     an Act; sub-acts are `#### §II 6.3` and so on
//!
//! Paragraphs are separated by blank lines; the lines of one paragraph keep their breaks,
//! so lists stay lists.
//!
//! ## Rule 101 [immutable, since 2019-02-11]     a numbered rule, with optional tags
//!
//! > Note (Ben, 2019-02-11): A note on the rule above; further `> ` lines continue it.
//!
//! ## Versions                                   the change log, newest first
//!
//! - 2.4 (2020-02-22): Introduced online chess
//! ```
//!
//! The number of `#` signs in a rule's heading is for readers only: the label says where a rule
//! sits. The tags in square brackets, comma separated, are `immutable` or `mutable` (the
//! default), `since YYYY-MM-DD` (when the rule's current version came into effect) and
//! `version N` (how many versions it has had; 1 when absent). [`Rulebook::to_markdown`] writes
//! the same format back, so a book survives a round trip.
//!
//! # The Nomic JSON format
//!
//! `nomic-initial-rules.json` holds `{"author", "date", "rules": {key: rule}}` where each rule has
//! a `label` (`101[I]`: rule 101, immutable; `201`: mutable), `text` (a list of paragraphs),
//! `notes` (`content`, `author`, `date`), `ineffect` (its version count) and `date`.
//!
//! Readings:
//! - The JSON's paragraphs are hard-wrapped at the width of the printed rules; their lines are
//!   joined with spaces, so a rule reads (and is searched) as the sentences it is. Rule 201's
//!   list of days is one paragraph per line in the JSON and stays so.
//! - The JSON's `linksto` and `proplinks` are cross-references of the site it came from; they are
//!   not imported. References between rules are the words "Rule 202" in the text, which
//!   [`renumber_references`] keeps up to date (Nomic 110).
//! - Notes follow a renumbering too: "any reference to that rule number is also changed"
//!   (Nomic 110), and a note pointing at a number that no longer exists would mislead.
//! - A reference is the word "Rule" or "Rules" followed by a number or a list of numbers
//!   ("Rules 113 and 202"). A range ("Rules 101-118") names the Initial Set, not one rule, and
//!   is not renumbered (Nomic 101, 110).

use std::collections::BTreeMap;
use std::fmt;

use chrono::NaiveDate;
use serde::Deserialize;

/// Where a rule sits: a Nomic number, or a Section and Act of the Terms.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    /// A numbered rule: `214`.
    Number(u32),
    /// An Act: `§II 6.3` is section 2, path `[6, 3]`. Section 0 is the untitled first section.
    Act { section: u32, path: Vec<u32> },
}

/// Why a label could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "“{0}” is not a rule label: write a number such as 214, or a Section and Act such as §II 5."
)]
pub struct LabelError(pub String);

impl RuleId {
    /// Reads `214`, `Rule 214`, `Nomic 214`, `§II 5`, `§II Act 5`, `Terms §III Act 3.5.1`.
    pub fn parse(text: &str) -> Result<Self, LabelError> {
        let refuse = || LabelError(text.trim().to_owned());
        let mut rest = text.trim();
        for prefix in ["terms ", "nomic ", "rule "] {
            if rest
                .get(..prefix.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
            {
                rest = rest[prefix.len()..].trim_start();
            }
        }
        if let Some(act) = rest.strip_prefix('§') {
            let mut words = act.split_whitespace();
            let section = words.next().and_then(roman_value).ok_or_else(refuse)?;
            let mut path = words.next().ok_or_else(refuse)?;
            if path.eq_ignore_ascii_case("act") {
                path = words.next().ok_or_else(refuse)?;
            }
            if words.next().is_some() {
                return Err(refuse());
            }
            let path = path.trim_end_matches('.');
            let path: Vec<u32> = path
                .split('.')
                .map(|part| part.parse::<u32>().ok().filter(|n| *n > 0))
                .collect::<Option<_>>()
                .ok_or_else(refuse)?;
            return Ok(RuleId::Act { section, path });
        }
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return rest.parse().map(RuleId::Number).map_err(|_| refuse());
        }
        Err(refuse())
    }

    /// The bare label: `214` or `§II 5`.
    pub fn label(&self) -> String {
        match self {
            RuleId::Number(n) => n.to_string(),
            RuleId::Act { section, path } => format!("§{} {}", roman(*section), dotted(path)),
        }
    }

    /// The number of a Nomic rule.
    pub fn number(&self) -> Option<u32> {
        match self {
            RuleId::Number(n) => Some(*n),
            RuleId::Act { .. } => None,
        }
    }

    /// The Act this sub-act belongs to (`§II 6` for `§II 6.3`); none for an Act or a rule.
    pub fn parent(&self) -> Option<RuleId> {
        match self {
            RuleId::Act { section, path } if path.len() > 1 => Some(RuleId::Act {
                section: *section,
                path: path[..path.len() - 1].to_vec(),
            }),
            _ => None,
        }
    }

    /// True when `self` is `other` or one of its sub-acts.
    pub fn is_within(&self, other: &RuleId) -> bool {
        match (self, other) {
            (
                RuleId::Act { section, path },
                RuleId::Act {
                    section: s,
                    path: p,
                },
            ) => section == s && path.starts_with(p),
            _ => self == other,
        }
    }
}

/// "Rule 214" or "§II 5", as a sentence cites it.
impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleId::Number(n) => write!(f, "Rule {n}"),
            act => f.write_str(&act.label()),
        }
    }
}

fn dotted(path: &[u32]) -> String {
    path.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

const ROMAN: [(u32, &str); 6] = [
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
];

/// A section number as the Terms write it: `0`, `I`, `II`, ... (`0` is the untitled section).
pub fn roman(mut n: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let mut out = String::new();
    for (value, letters) in ROMAN {
        while n >= value {
            out.push_str(letters);
            n -= value;
        }
    }
    out.push_str(&"I".repeat(n as usize));
    out
}

/// The value of a section numeral written by [`roman`] (case-insensitive), up to 89.
pub fn roman_value(text: &str) -> Option<u32> {
    if text == "0" {
        return Some(0);
    }
    let upper = text.to_ascii_uppercase();
    (1..90).find(|n| roman(*n) == upper)
}

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
    rules: BTreeMap<RuleId, Rule>,
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

/// Changes every reference to rule `old` in `text` into a reference to rule `new` (Nomic 110).
///
/// A reference is "Rule" or "Rules" (any case) followed by a number, or a list of numbers joined
/// by commas, "and" or "or". Ranges such as "Rules 101-118" and words such as "rule-change" are
/// left alone.
pub fn renumber_references(text: &str, old: u32, new: u32) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let at_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if !(at_word && bytes.len() >= i + 4 && bytes[i..i + 4].eq_ignore_ascii_case(b"rule")) {
            i += 1;
            continue;
        }
        let mut j = i + 4;
        if j < bytes.len() && bytes[j].eq_ignore_ascii_case(&b's') {
            j += 1;
        }
        let gap = j;
        while j < bytes.len() && matches!(bytes[j], b' ' | b'\n' | b'\t') {
            j += 1;
        }
        if j == gap {
            i += 1;
            continue;
        }
        loop {
            let start = j;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j == start || (j < bytes.len() && bytes[j].is_ascii_alphabetic()) {
                break;
            }
            let rest = &text[j..];
            let dash = ["-", "–"].into_iter().find(|d| {
                rest.starts_with(d) && rest[d.len()..].starts_with(|c: char| c.is_ascii_digit())
            });
            if let Some(dash) = dash {
                // A range names a set of rules, not one; skip past its end.
                j += dash.len();
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
            } else if text[start..j].parse::<u32>() == Ok(old) {
                out.push_str(&text[copied..start]);
                out.push_str(&new.to_string());
                copied = j;
            }
            let rest = &text[j..];
            let separator = [", and ", ", or ", ", ", " and ", " or ", ","]
                .into_iter()
                .find(|s| {
                    rest.starts_with(s) && rest[s.len()..].starts_with(|c: char| c.is_ascii_digit())
                });
            match separator {
                Some(s) => j += s.len(),
                None => break,
            }
        }
        i = j.max(i + 1);
    }
    out.push_str(&text[copied..]);
    out
}

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

fn date(text: &str) -> Result<NaiveDate, ImportError> {
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

    /// Imports the Markdown format (see the module docs).
    pub fn from_markdown(text: &str) -> Result<Rulebook, ImportError> {
        MarkdownReader::default().read(text)
    }

    /// Writes the Markdown format (see the module docs).
    pub fn to_markdown(&self) -> String {
        let mut out = format!("# {}\n", self.title);
        for paragraph in &self.preamble {
            out.push_str(&format!("\n{paragraph}\n"));
        }
        let mut section_shown = None;
        for rule in self.rules() {
            let level = match &rule.id {
                RuleId::Number(_) => 2,
                RuleId::Act { section, path } => {
                    if section_shown != Some(*section) {
                        section_shown = Some(*section);
                        if let Some(title) = self.section_title(*section) {
                            out.push_str(&format!("\n## Section {}: {title}\n", roman(*section)));
                        }
                    }
                    2 + path.len()
                }
            };
            let mut tags = Vec::new();
            match (&rule.id, rule.mutability) {
                (_, Mutability::Immutable) => tags.push("immutable".to_owned()),
                (RuleId::Number(_), Mutability::Mutable) => tags.push("mutable".to_owned()),
                _ => {}
            }
            if let Some(since) = rule.since {
                tags.push(format!("since {since}"));
            }
            if rule.version != 1 {
                tags.push(format!("version {}", rule.version));
            }
            if let Some(first) = rule.began_as {
                tags.push(format!("began as {first}"));
            }
            if rule.amended {
                tags.push("amended".to_owned());
            }
            let heading = match &rule.id {
                RuleId::Number(n) => format!("Rule {n}"),
                act => act.label(),
            };
            out.push_str(&format!("\n{} {heading}", "#".repeat(level)));
            if !tags.is_empty() {
                out.push_str(&format!(" [{}]", tags.join(", ")));
            }
            out.push('\n');
            for paragraph in &rule.paragraphs {
                out.push_str(&format!("\n{paragraph}\n"));
            }
            for note in &rule.notes {
                out.push_str(&format!(
                    "\n> Note ({}, {}): {}\n",
                    note.author,
                    note.date,
                    note.text.replace('\n', "\n> ")
                ));
            }
        }
        if !self.versions.is_empty() {
            out.push_str("\n## Versions\n\n");
            for v in &self.versions {
                out.push_str(&format!("- {} ({}): {}\n", v.version, v.date, v.summary));
            }
        }
        out
    }
}

/// Where the Markdown reader is.
#[derive(Default, PartialEq)]
enum Place {
    #[default]
    Start,
    Preamble,
    Section,
    Rule(RuleId),
    Versions,
}

fn problem(line: usize, what: &str) -> ImportError {
    ImportError::Markdown {
        line,
        problem: what.to_owned(),
    }
}

#[derive(Default)]
struct MarkdownReader {
    book: Rulebook,
    place: Place,
    paragraph: Vec<String>,
    /// The line the paragraph being gathered started on.
    paragraph_line: usize,
    /// True while the last thing read was a note, so `> ` lines continue it.
    in_note: bool,
}

impl MarkdownReader {
    fn read(mut self, text: &str) -> Result<Rulebook, ImportError> {
        for (index, raw) in text.lines().enumerate() {
            self.line(index + 1, raw.trim())?;
        }
        self.flush()?;
        if self.place == Place::Start {
            return Err(problem(1, "a rulebook starts with its title: `# Title`."));
        }
        Ok(self.book)
    }

    fn line(&mut self, n: usize, line: &str) -> Result<(), ImportError> {
        if line.is_empty() {
            return self.flush();
        }
        if let Some(quote) = line.strip_prefix('>') {
            self.flush()?;
            return self.note(n, quote.trim());
        }
        self.in_note = false;
        if line.starts_with('#') {
            self.flush()?;
            return self.heading(n, line);
        }
        match self.place {
            Place::Start => Err(problem(n, "a rulebook starts with its title: `# Title`.")),
            Place::Section => Err(problem(
                n,
                "text under a Section heading belongs in an Act: add a heading such as `### §II 1`.",
            )),
            Place::Versions => self.version(n, line),
            Place::Preamble | Place::Rule(_) => {
                if self.paragraph.is_empty() {
                    self.paragraph_line = n;
                }
                self.paragraph.push(line.to_owned());
                Ok(())
            }
        }
    }

    fn flush(&mut self) -> Result<(), ImportError> {
        if self.paragraph.is_empty() {
            return Ok(());
        }
        let paragraph = std::mem::take(&mut self.paragraph).join("\n");
        match &self.place {
            Place::Preamble => self.book.preamble.push(paragraph),
            Place::Rule(id) => {
                let id = id.clone();
                self.book
                    .rules
                    .get_mut(&id)
                    .expect("the rule being read is in the book")
                    .paragraphs
                    .push(paragraph);
            }
            _ => {
                return Err(problem(
                    self.paragraph_line,
                    "this text belongs to no rule.",
                ));
            }
        }
        Ok(())
    }

    fn heading(&mut self, n: usize, line: &str) -> Result<(), ImportError> {
        let level = line.bytes().take_while(|b| *b == b'#').count();
        let Some(text) = line[level..].strip_prefix(' ').map(str::trim) else {
            return Err(problem(n, "a heading needs a space after its `#` signs."));
        };
        if level == 1 {
            if self.place != Place::Start {
                return Err(problem(n, "a rulebook has one title; use `##` for rules."));
            }
            self.book.title = text.to_owned();
            self.place = Place::Preamble;
            return Ok(());
        }
        if self.place == Place::Start {
            return Err(problem(n, "a rulebook starts with its title: `# Title`."));
        }
        if text.eq_ignore_ascii_case("versions") {
            self.place = Place::Versions;
            return Ok(());
        }
        if let Some(rest) = text.strip_prefix("Section ") {
            let (numeral, title) = rest
                .split_once(':')
                .map(|(a, b)| (a.trim(), b.trim()))
                .unwrap_or((rest.trim(), ""));
            let Some(number) = roman_value(numeral) else {
                return Err(problem(n, "a Section is numbered 0, I, II, III and so on."));
            };
            self.book.sections.push(Section {
                number,
                title: title.to_owned(),
            });
            self.place = Place::Section;
            return Ok(());
        }
        let (label, tags) = match text.split_once('[') {
            Some((label, tags)) => match tags.trim_end().strip_suffix(']') {
                Some(tags) => (label.trim(), tags),
                None => return Err(problem(n, "the tags of a rule end with `]`.")),
            },
            None => (text, ""),
        };
        let id = RuleId::parse(label).map_err(|_| {
            problem(
                n,
                "a heading is `# Title`, `## Section II: Title`, `## Rule 101`, `### §II 5` or `## Versions`.",
            )
        })?;
        let mut rule = Rule::new(id.clone(), Mutability::Mutable, Vec::new());
        for tag in tags.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            if tag == "immutable" {
                rule.mutability = Mutability::Immutable;
            } else if tag == "mutable" {
                rule.mutability = Mutability::Mutable;
            } else if let Some(since) = tag.strip_prefix("since ") {
                rule.since = Some(date(since).map_err(|e| problem(n, &e.to_string()))?);
            } else if tag == "amended" {
                rule.amended = true;
            } else if let Some(first) = tag.strip_prefix("began as ") {
                rule.began_as = Some(
                    first
                        .trim()
                        .parse()
                        .map_err(|_| problem(n, "a rule began as a whole number."))?,
                );
            } else if let Some(version) = tag.strip_prefix("version ") {
                rule.version = version
                    .trim()
                    .parse()
                    .ok()
                    .filter(|v| *v > 0)
                    .ok_or_else(|| problem(n, "a version is a whole number from 1."))?;
            } else {
                return Err(problem(
                    n,
                    &format!("“{tag}” is not a tag: use immutable, mutable, since YYYY-MM-DD, version N, began as N or amended."),
                ));
            }
        }
        self.book
            .insert(rule)
            .map_err(|_| ImportError::Duplicate(id.clone()))?;
        self.place = Place::Rule(id);
        Ok(())
    }

    fn note(&mut self, n: usize, text: &str) -> Result<(), ImportError> {
        let Place::Rule(id) = &self.place else {
            return Err(problem(n, "a note belongs under a rule's heading."));
        };
        let rule = self.book.rules.get_mut(id).expect("the rule being read");
        if let Some(rest) = text.strip_prefix("Note (") {
            let parsed = rest.split_once("):").and_then(|(who, body)| {
                let (author, when) = who.rsplit_once(',')?;
                let date = NaiveDate::parse_from_str(when.trim(), "%Y-%m-%d").ok()?;
                Some(Note {
                    author: author.trim().to_owned(),
                    date,
                    text: body.trim().to_owned(),
                })
            });
            let Some(note) = parsed else {
                return Err(problem(
                    n,
                    "a note is written `> Note (author, YYYY-MM-DD): text`.",
                ));
            };
            rule.notes.push(note);
            self.in_note = true;
            return Ok(());
        }
        match rule.notes.last_mut() {
            Some(note) if self.in_note => {
                note.text.push('\n');
                note.text.push_str(text);
                Ok(())
            }
            _ => Err(problem(
                n,
                "a note is written `> Note (author, YYYY-MM-DD): text`.",
            )),
        }
    }

    fn version(&mut self, n: usize, line: &str) -> Result<(), ImportError> {
        let parsed = line.strip_prefix("- ").and_then(|rest| {
            let (version, rest) = rest.split_once(" (")?;
            let (when, summary) = rest.split_once("):")?;
            Some(VersionEntry {
                version: Version::parse(version)?,
                date: NaiveDate::parse_from_str(when.trim(), "%Y-%m-%d").ok()?,
                summary: summary.trim().to_owned(),
            })
        });
        match parsed {
            Some(entry) => {
                self.book.versions.push(entry);
                Ok(())
            }
            None => Err(problem(
                n,
                "a line of the change log is `- 2.4 (YYYY-MM-DD): what changed`.",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOMIC_JSON: &str = include_str!("initial-rules.json");
    const TERMS: &str = include_str!("../../../examples/chess-club-terms.md");

    fn nomic() -> Rulebook {
        Rulebook::from_nomic_json(NOMIC_JSON).unwrap()
    }

    fn act(section: u32, path: &[u32]) -> RuleId {
        RuleId::Act {
            section,
            path: path.to_vec(),
        }
    }

    #[test]
    fn the_initial_set_imports_as_immutable_101_to_118_and_mutable_201_to_215() {
        // Nomic 101, 102: the Initial Set is Rules 101-118 (immutable) and 201-215 (mutable).
        let book = nomic();
        assert_eq!(book.len(), 33);
        for rule in book.rules() {
            let n = rule.id.number().unwrap();
            let expected = if (101..=118).contains(&n) {
                Mutability::Immutable
            } else {
                assert!((201..=215).contains(&n), "{n}");
                Mutability::Mutable
            };
            assert_eq!(rule.mutability, expected, "{n}");
            assert_eq!(rule.version, 1);
            assert_eq!(rule.since, NaiveDate::from_ymd_opt(2019, 2, 11));
        }
        assert_eq!(book.mutable_count(), 15);
        assert_eq!(book.highest_number(), Some(215));
    }

    #[test]
    fn imported_rules_keep_their_notes_and_paragraphs() {
        let book = nomic();
        let r107 = book.find("107").unwrap();
        assert_eq!(r107.notes.len(), 3);
        assert_eq!(r107.notes[0].author, "Ben");
        assert_eq!(
            r107.notes[0].text,
            "The voting procedure is described in Rule 113."
        );
        let r201 = book.find("Rule 201").unwrap();
        assert_eq!(r201.paragraphs[1], "Chris B Monday");
        assert_eq!(r201.paragraphs.len(), 7);
        // Hard-wrapped lines read as sentences.
        assert!(book.find("Nomic 214").unwrap().paragraphs[0]
            .contains("the Judge and decide the question."));
    }

    #[test]
    fn a_json_label_that_is_not_a_number_is_refused() {
        let bad = r#"{"rules": {"0": {"text": ["x"], "label": "10I"}}}"#;
        assert_eq!(
            Rulebook::from_nomic_json(bad).unwrap_err().to_string(),
            "Rule 0: “10I” is not a rule label such as 101 or 101[I]."
        );
        assert!(matches!(
            Rulebook::from_nomic_json("[]"),
            Err(ImportError::Json(_))
        ));
    }

    #[test]
    fn labels_read_numbers_and_section_acts() {
        assert_eq!(RuleId::parse("214"), Ok(RuleId::Number(214)));
        assert_eq!(RuleId::parse("Nomic 214"), Ok(RuleId::Number(214)));
        assert_eq!(RuleId::parse("§II 5"), Ok(act(2, &[5])));
        assert_eq!(RuleId::parse("Terms §II Act 6.3"), Ok(act(2, &[6, 3])));
        assert_eq!(RuleId::parse("§0 5"), Ok(act(0, &[5])));
        assert_eq!(act(3, &[3, 5, 1]).label(), "§III 3.5.1");
        assert_eq!(RuleId::Number(103).to_string(), "Rule 103");
        assert_eq!(
            RuleId::parse("§Q 1").unwrap_err().to_string(),
            "“§Q 1” is not a rule label: write a number such as 214, or a Section and Act such as §II 5."
        );
        assert!(RuleId::parse("twelve").is_err());
    }

    #[test]
    fn the_terms_in_markdown_hold_every_act_including_sub_acts() {
        let book = Rulebook::from_markdown(TERMS).unwrap();
        assert_eq!(book.title, "Chess Terms and Conditions");
        let ii5 = book.find("§II 5").unwrap();
        assert!(ii5.paragraphs[0].starts_with("Attempting to fraudulently gain points"));
        assert!(ii5
            .text()
            .contains("Any fifth violation results in a permanent ban"));
        let iii351 = book.find("§III 3.5.1").unwrap();
        assert!(iii351.text().contains("conflict may be ignored"));
        assert!(book.find("§II 6.3").is_ok());
        assert!(book.find("§I 9.4.3").is_ok());
        assert!(book.find("§0 14").is_ok());
        assert_eq!(book.find("§IV 5").unwrap().id, act(4, &[5]));
        assert_eq!(book.section_title(2), Some("Leaderboard"));
        let latest = book.version().unwrap();
        assert_eq!(latest.version, Version { major: 2, minor: 4 });
        assert_eq!(latest.summary, "Introduced online chess");
        assert_eq!(book.versions.len(), 15);
    }

    #[test]
    fn a_book_survives_a_markdown_round_trip() {
        let terms = Rulebook::from_markdown(TERMS).unwrap();
        assert_eq!(
            Rulebook::from_markdown(&terms.to_markdown()).unwrap(),
            terms
        );
        let nomic = nomic();
        let text = nomic.to_markdown();
        assert!(text.contains("## Rule 101 [immutable, since 2019-02-11]"));
        assert!(text
            .contains("> Note (Ben, 2019-02-11): The voting procedure is described in Rule 113."));
        assert_eq!(Rulebook::from_markdown(&text).unwrap(), nomic);
    }

    #[test]
    fn markdown_mistakes_are_refused_with_their_line() {
        let cases = [
            ("no title\n", 1, "starts with its title"),
            ("# T\n\n## Rule 1\n\n## Rule 1\n", 5, ""),
            ("# T\n\n## Chapter 1\n", 3, "a heading is"),
            ("# T\n\n## Rule 1 [frozen]\n", 3, "“frozen” is not a tag"),
            (
                "# T\n\n## Rule 1\n\n> Note by Ben: hello\n",
                5,
                "a note is written",
            ),
            ("# T\n\n## Versions\n\nversion two\n", 5, "change log"),
        ];
        for (text, line, says) in cases {
            let e = Rulebook::from_markdown(text).unwrap_err();
            match &e {
                ImportError::Markdown { line: at, problem } => {
                    assert_eq!(*at, line, "{text}");
                    assert!(problem.contains(says), "{problem}");
                }
                ImportError::Duplicate(id) => assert_eq!(*id, RuleId::Number(1)),
                other => panic!("{other}"),
            }
        }
    }

    #[test]
    fn word_search_finds_every_word_in_any_case_in_label_order() {
        let book = nomic();
        let found: Vec<u32> = book
            .search("judge OVERRULED")
            .iter()
            .filter_map(|r| r.id.number())
            .collect();
        assert_eq!(found, vec![214, 215]);
        // Notes are searched too: only a note of 210 mentions non-correspondence games.
        let found: Vec<u32> = book
            .search("non-correspondence")
            .iter()
            .filter_map(|r| r.id.number())
            .collect();
        assert_eq!(found, vec![210]);
        assert!(book.search("  ").is_empty());
    }

    #[test]
    fn references_follow_a_renumbered_rule_but_ranges_and_rule_changes_do_not() {
        // Nomic 110: any reference to a changed rule number is also changed.
        let text = "Proper submissions are defined in Rule 202. See Rules 113 and 202, or rule 202; \
                    Rules 101-118 and 201-215 are the Initial Set; a rule-change 202 times; Rule 2021.";
        assert_eq!(
            renumber_references(text, 202, 305),
            "Proper submissions are defined in Rule 305. See Rules 113 and 305, or rule 305; \
             Rules 101-118 and 201-215 are the Initial Set; a rule-change 202 times; Rule 2021."
        );
        assert_eq!(
            renumber_references("in the order of Rule\n201.", 201, 301),
            "in the order of Rule\n301."
        );
    }

    #[test]
    fn renumbering_a_rule_moves_it_and_keeps_references_in_step() {
        let mut book = nomic();
        let on = NaiveDate::from_ymd_opt(2019, 2, 13).unwrap();
        book.amend(&RuleId::Number(202), vec!["Amended.".into()], on)
            .unwrap();
        book.renumber(202, 301).unwrap();
        assert!(book.get(&RuleId::Number(202)).is_none());
        let moved = book.find("301").unwrap();
        assert_eq!(moved.version, 2);
        assert_eq!(moved.history[0].id, RuleId::Number(202));
        assert_eq!(moved.history[0].version, 1);
        assert!(book.find("113").unwrap().notes[0].text.contains("Rule 301"));
        assert!(book
            .find("214")
            .unwrap()
            .text()
            .contains("in the order of Rule 201"));
        assert_eq!(
            book.renumber(203, 301),
            Err(BookError::Exists(RuleId::Number(301)))
        );
    }

    #[test]
    fn removing_an_act_removes_its_sub_acts() {
        let mut book = Rulebook::from_markdown(TERMS).unwrap();
        let removed = book.remove(&act(2, &[6])).unwrap();
        assert_eq!(removed.len(), 4);
        assert!(book.find("§II 6.2").is_err());
        assert!(book.find("§II 7").is_ok());
    }

    #[test]
    fn versions_count_up_and_roll_over_after_nine() {
        // The Terms' table went from 1.9 to 2.0, and 2.4 is the latest.
        let v = Version::parse("2.4").unwrap();
        assert_eq!(v.next().to_string(), "2.5");
        assert_eq!(Version::parse("1.9").unwrap().next().to_string(), "2.0");
    }

    #[test]
    fn a_bad_date_in_either_format_is_refused() {
        let json = r#"{"rules": {"0": {"text": ["x"], "label": "201", "date": "11 Feb 2019"}}}"#;
        assert_eq!(
            Rulebook::from_nomic_json(json).unwrap_err().to_string(),
            "“11 Feb 2019” is not a date written YYYY-MM-DD."
        );
        let md = "# T\n\n## Rule 1 [since 2019-13-01]\n";
        assert!(matches!(
            Rulebook::from_markdown(md),
            Err(ImportError::Markdown { line: 3, .. })
        ));
    }
}
