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

mod book;
mod import;
mod label;
mod markdown;
mod references;

pub use book::{
    BookError, ChangeKind, LookupError, Mutability, Note, Rule, RuleVersion, Rulebook, Section,
    Version, VersionEntry,
};
pub use import::{check_size, ImportError, IMPORT_MAX_BYTES};
pub use label::{roman, roman_value, LabelError, RuleId};
pub use references::renumber_references;

#[cfg(test)]
mod tests;
