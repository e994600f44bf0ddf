//! The Party Chess Rule Suite as its text file writes it: a heading line, then each rule as
//! `Rule 1230.5/4` (its number and revision), a title line, an author line and its text.

use serde::{Deserialize, Serialize};

/// One rule of the suite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteRule {
    /// The number after "1230.": 5 for Rule 1230.5.
    pub number: u32,
    /// The revision after the slash: 4 for Rule 1230.5/4.
    pub revision: u32,
    pub title: String,
    pub author: String,
    pub text: String,
}

impl SuiteRule {
    /// "Rule 1230.5/4".
    pub fn label(&self) -> String {
        format!("Rule {}.{}/{}", SUITE, self.number, self.revision)
    }
}

/// The suite's number.
pub const SUITE: u32 = 1230;

/// Why the suite's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SuiteError {
    #[error("Line {line}: “{text}” should be a rule heading such as Rule 1230.5/4.")]
    Heading { line: usize, text: String },
    #[error("Rule 1230.{0} lacks its title or author line.")]
    Incomplete(u32),
    #[error("Rule 1230.{0} appears twice.")]
    Duplicate(u32),
    #[error("It holds no rule headed Rule 1230.N/R.")]
    Empty,
}

/// Whether a text looks like the Party Chess suite: a line `Rule 1230.N/R`.
pub fn is_party_chess(text: &str) -> bool {
    text.lines().any(|l| heading(l).is_some())
}

/// `Rule 1230.5/4` → (5, 4).
pub(crate) fn heading(line: &str) -> Option<(u32, u32)> {
    let rest = line.trim().strip_prefix("Rule ")?;
    let rest = rest.strip_prefix(&format!("{SUITE}."))?;
    let (n, r) = rest.split_once('/')?;
    Some((n.trim().parse().ok()?, r.trim().parse().ok()?))
}

/// Reads the suite. Text before the first rule (the heading) and a trailing navigation line
/// ("Back …") are not rules.
pub fn parse(text: &str) -> Result<Vec<SuiteRule>, SuiteError> {
    let mut rules: Vec<SuiteRule> = Vec::new();
    let mut current: Option<(u32, u32, Vec<&str>)> = None;
    let finish = |cur: Option<(u32, u32, Vec<&str>)>,
                  rules: &mut Vec<SuiteRule>|
     -> Result<(), SuiteError> {
        let Some((number, revision, lines)) = cur else {
            return Ok(());
        };
        let mut it = lines.into_iter().skip_while(|l| l.trim().is_empty());
        let title = it.next().map(str::trim).filter(|t| !t.is_empty());
        let author = it.next().map(str::trim).filter(|t| !t.is_empty());
        let (Some(title), Some(author)) = (title, author) else {
            return Err(SuiteError::Incomplete(number));
        };
        let body: Vec<&str> = it.collect();
        let mut text = body.join("\n").trim().to_owned();
        if let Some(i) = text.rfind("\nBack ") {
            text.truncate(i);
            text = text.trim_end().to_owned();
        }
        if rules.iter().any(|r| r.number == number) {
            return Err(SuiteError::Duplicate(number));
        }
        rules.push(SuiteRule {
            number,
            revision,
            title: title.to_owned(),
            author: author.to_owned(),
            text,
        });
        Ok(())
    };
    for line in text.lines() {
        if let Some((n, r)) = heading(line) {
            finish(current.take(), &mut rules)?;
            current = Some((n, r, Vec::new()));
        } else if let Some((_, _, lines)) = current.as_mut() {
            lines.push(line);
        } else if line.trim().starts_with("Rule ") {
            let line_no = text
                .lines()
                .position(|l| std::ptr::eq(l, line))
                .unwrap_or(0)
                + 1;
            return Err(SuiteError::Heading {
                line: line_no,
                text: line.trim().to_owned(),
            });
        }
    }
    finish(current.take(), &mut rules)?;
    if rules.is_empty() {
        return Err(SuiteError::Empty);
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "THE RULES OF Party Chess\n\n\nRule 1230.5/4\nCreation of a PartyChessPiece Rook\nNiccolo Flychuck (Uri Bruck)\n\n1. A Rook is represented by the ASCII character R.\n3. A Rook's material value is 9\n\n\nRule 1230.20/0\nParty Chess Piece Cantor\nMohammed (Jason Orendorff)\n\nA Cantor is a piece.\n\n\n\nBack HTML 3.2 Checked!";

    #[test]
    fn each_rule_has_its_number_revision_title_and_author_as_rule_1230_5_4_is_written() {
        let rules = parse(SAMPLE).unwrap();
        assert_eq!(rules.len(), 2);
        assert_eq!(rules[0].label(), "Rule 1230.5/4");
        assert_eq!(rules[0].title, "Creation of a PartyChessPiece Rook");
        assert_eq!(rules[0].author, "Niccolo Flychuck (Uri Bruck)");
        assert!(rules[0].text.ends_with("is 9"));
        assert_eq!(rules[1].text, "A Cantor is a piece.");
    }

    #[test]
    fn the_suite_is_told_apart_from_other_rule_sets_by_its_headings() {
        assert!(is_party_chess(SAMPLE));
        assert!(!is_party_chess("# Rules\n\n## 101\nAll players must..."));
    }

    #[test]
    fn a_rule_written_twice_is_refused() {
        let twice = "Rule 1230.5/4\nT\nA\nx\nRule 1230.5/5\nT\nA\ny";
        assert_eq!(parse(twice), Err(SuiteError::Duplicate(5)));
    }
}
