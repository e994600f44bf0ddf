//! The rulebook in force: loading it (the procedure's built-in rules until a club imports its
//! own), and `/rule show|list|history|search`.

use std::fmt;

use sqlx::SqliteConnection;

use crate::app::{App, Call};
use crate::domain::kernel::calendar;
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::rulebook::{Rule, RuleId, Rulebook};
use crate::domain::nomic::INITIAL_RULES_JSON;
use crate::store::{
    self,
    nomic::rulebook::{ChangeKind, Provenance, RuleChangeRow},
};

use super::RulesError;

/// The chess club's Terms in the Markdown format, the rules of a club under the Terms §IV.
pub const TERMS_MARKDOWN: &str = include_str!("../../../examples/chess-club-terms.md");

/// The summary that marks a stored book as a procedure's built-in rules.
const BUILT_IN: &str = "Built in: ";

/// A rule as `/rule show` prints it.
#[derive(Debug, Clone)]
pub struct RuleShown {
    pub heading: String,
    pub rule: Rule,
}

impl fmt::Display for RuleShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.rule;
        write!(
            f,
            "{} ({}, version {}",
            self.heading, r.mutability, r.version
        )?;
        if let Some(since) = r.since {
            write!(f, ", since {}", calendar::show_date(since))?;
        }
        write!(f, ")\n{}", r.paragraphs.join("\n"))?;
        for note in &r.notes {
            write!(
                f,
                "\nNote ({}, {}): {}",
                note.author,
                calendar::show_date(note.date),
                note.text
            )?;
        }
        Ok(())
    }
}

/// How a rule is named in a heading: "Rule 201" or "§II Act 5 (Section II: Leaderboard)".
pub fn heading(book: &Rulebook, id: &RuleId) -> String {
    match id {
        RuleId::Number(n) => format!("Rule {n}"),
        RuleId::Act { section, path } => {
            let act = format!(
                "§{} Act {}",
                crate::domain::nomic::rulebook::roman(*section),
                path.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(".")
            );
            match book.section_title(*section) {
                Some(title) => format!(
                    "{act} (Section {}: {title})",
                    crate::domain::nomic::rulebook::roman(*section)
                ),
                None => act,
            }
        }
    }
}

/// The first words of a rule, for lists.
fn gist(rule: &Rule) -> String {
    let text = rule.paragraphs.join(" ");
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() <= 12 {
        words.join(" ")
    } else {
        format!("{} ...", words[..12].join(" "))
    }
}

/// A list of rules, one line each.
#[derive(Debug, Clone)]
pub struct RuleList {
    pub title: String,
    pub lines: Vec<String>,
    pub empty: &'static str,
}

impl fmt::Display for RuleList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lines.is_empty() {
            return f.write_str(self.empty);
        }
        write!(f, "{}\n{}", self.title, self.lines.join("\n"))
    }
}

fn list_line(rule: &Rule) -> String {
    let tag = if rule.is_mutable() {
        ""
    } else {
        " [immutable]"
    };
    format!("{}{tag}: {}", rule.id.label(), gist(rule))
}

/// `/rule history`: each version of a rule.
#[derive(Debug, Clone)]
pub struct RuleHistory {
    pub label: String,
    pub rows: Vec<RuleChangeRow>,
    pub tz: chrono_tz::Tz,
}

impl fmt::Display for RuleHistory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "The versions of {}:", self.label)?;
        for r in &self.rows {
            let mutability = if r.mutable { "mutable" } else { "immutable" };
            write!(
                f,
                "\n- version {} of {}, {} {}",
                r.version,
                r.label,
                r.change,
                crate::domain::kernel::calendar::show(r.at, self.tz)
            )?;
            if let Some(former) = &r.former {
                write!(f, " (was {former})")?;
            }
            if let Some(p) = r.proposal {
                let noun = if r.label.starts_with('§') {
                    "Draft"
                } else {
                    "Proposal"
                };
                write!(f, " by {noun} {p}")?;
            }
            if let Some(by) = &r.by_name {
                write!(f, " ({by})")?;
            }
            if r.change != "repealed" {
                write!(f, ", {mutability}: {}", r.text.replace("\n\n", " / "))?;
            }
        }
        Ok(())
    }
}

/// The built-in rules of a procedure.
pub fn built_in(procedure: Procedure) -> Rulebook {
    let book = match procedure {
        Procedure::Nomic => Rulebook::from_nomic_json(INITIAL_RULES_JSON),
        Procedure::ChiefJustice => Rulebook::from_markdown(TERMS_MARKDOWN),
    };
    book.expect("the built-in rule sets are tested to import")
}

impl App {
    /// The rulebook in force; on first need, the procedure's built-in rules, stored.
    pub(crate) async fn rulebook(
        &self,
        conn: &mut SqliteConnection,
        procedure: Procedure,
    ) -> Result<Rulebook, RulesError> {
        match store::nomic::rulebook::current(conn).await? {
            Some(book) => book.map_err(|e| RulesError::Corrupt(e.to_string())),
            None => {
                let book = built_in(procedure);
                let summary = format!("{BUILT_IN}{}", book.title);
                self.store_whole_book(conn, &book, &summary, None).await?;
                Ok(book)
            }
        }
    }

    /// When the procedure changes before anything was done under it, the built-in rules
    /// follow it; an imported or changed rulebook stays.
    pub(crate) async fn follow_procedure(
        &self,
        conn: &mut SqliteConnection,
        procedure: Procedure,
    ) -> Result<(), RulesError> {
        let built = store::nomic::rulebook::latest_summary(conn)
            .await?
            .is_none_or(|(_, summary)| summary.starts_with(BUILT_IN));
        if built {
            let book = built_in(procedure);
            let summary = format!("{BUILT_IN}{}", book.title);
            self.store_whole_book(conn, &book, &summary, None).await?;
        }
        Ok(())
    }

    pub(super) async fn store_whole_book(
        &self,
        conn: &mut SqliteConnection,
        book: &Rulebook,
        summary: &str,
        by: Option<i64>,
    ) -> Result<(), RulesError> {
        let why = Provenance {
            summary,
            proposal: None,
            by,
            at: self.now(),
        };
        store::nomic::rulebook::save(conn, book, why).await?;
        for rule in book.rules() {
            store::nomic::rulebook::record(conn, rule, ChangeKind::Imported, None, why).await?;
        }
        Ok(())
    }

    /// `/rule show`.
    pub async fn rule_show(&self, call: &Call, label: &str) -> Result<RuleShown, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let book = self.rulebook(conn, settings.procedure).await?;
            let rule = match book.find(label) {
                Ok(rule) => rule.clone(),
                Err(_) if label.trim().eq_ignore_ascii_case("versions") => {
                    return Err(RulesError::ChangeLogIsNotARule);
                }
                Err(e) => {
                    // A rule renumbered by a proposal is found under its new number (Nomic 109).
                    let moved = label
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .and_then(|n| crate::domain::nomic::descendant_of(&book, n))
                        .and_then(|r| r.id.number());
                    return Err(match moved {
                        Some(now) => RulesError::Renumbered {
                            was: label.trim().to_owned(),
                            now,
                        },
                        None => e.into(),
                    });
                }
            };
            Ok(RuleShown {
                heading: heading(&book, &rule.id),
                rule,
            })
        })
        .await
    }

    /// `/rule list`.
    pub async fn rule_list(&self, call: &Call) -> Result<RuleList, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let book = self.rulebook(conn, settings.procedure).await?;
            let mut title = format!(
                "{}: {} rules, {} mutable",
                book.title,
                book.len(),
                book.mutable_count()
            );
            if let Some(v) = book.version() {
                title.push_str(&format!(", version {}", v.version));
            }
            Ok(RuleList {
                title,
                lines: book.rules().map(list_line).collect(),
                empty: "The rulebook is empty.",
            })
        })
        .await
    }

    /// `/rule versions`: the rulebook's change log, one line a version (Terms §IV Act 2).
    pub async fn rule_versions(&self, call: &Call) -> Result<RuleList, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let book = self.rulebook(conn, settings.procedure).await?;
            Ok(RuleList {
                title: format!("{}: the change log (Terms §IV Act 2)", book.title),
                lines: book
                    .versions
                    .iter()
                    .map(|v| {
                        format!(
                            "{} ({}): {}",
                            v.version,
                            calendar::show_date(v.date),
                            v.summary
                        )
                    })
                    .collect(),
                empty:
                    "This rulebook keeps no change log; /rule history shows each rule's versions.",
            })
        })
        .await
    }

    /// `/rule search`.
    pub async fn rule_search(&self, call: &Call, words: &str) -> Result<RuleList, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let book = self.rulebook(conn, settings.procedure).await?;
            let found: Vec<String> = book.search(words).into_iter().map(list_line).collect();
            Ok(RuleList {
                title: match found.len() {
                    1 => format!("1 rule mentions “{}”:", words.trim()),
                    n => format!("{n} rules mention “{}”:", words.trim()),
                },
                lines: found,
                empty: "No rule contains all of those words.",
            })
        })
        .await
    }

    /// `/rule history`: every version of a rule, following it through renumberings.
    pub async fn rule_history(&self, call: &Call, label: &str) -> Result<RuleHistory, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            self.rulebook(conn, settings.procedure).await?;
            let tz = self.rules_tz(settings.procedure);
            let id =
                RuleId::parse(label).map_err(crate::domain::nomic::rulebook::LookupError::from)?;
            let rows = store::nomic::rulebook::history(conn, &id.label()).await?;
            if rows.is_empty() {
                return Err(RulesError::Lookup(
                    crate::domain::nomic::rulebook::LookupError::Missing(id),
                ));
            }
            Ok(RuleHistory {
                label: heading(&Rulebook::default(), &id),
                rows,
                tz,
            })
        })
        .await
    }
}
