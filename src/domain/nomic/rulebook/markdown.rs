//! The Markdown format, read line by line and written back (see the module docs of
//! [`rulebook`](super)).

use chrono::NaiveDate;

use super::book::{Mutability, Note, Rule, Rulebook, Section, Version, VersionEntry};
use super::import::{date, ImportError};
use super::label::{roman, roman_value, RuleId};

impl Rulebook {
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
