//! The rulebook in force: loading it (the procedure's built-in rules until a club imports its
//! own), and `/rule show|list|history|search`.

use sqlx::SqliteConnection;

use crate::app::{App, Call};
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::rulebook::{ChangeKind, Rule, RuleId, Rulebook, Version, VersionEntry};
use crate::domain::nomic::INITIAL_RULES_JSON;
use crate::store::{
    self,
    nomic::rulebook::{Provenance, RuleChangeRow},
};

use super::{Nomic, RulesError};

/// The chess club's Terms in the Markdown format, the rules of a club under the Terms §IV.
pub const TERMS_MARKDOWN: &str = include_str!("../../../examples/chess-club-terms.md");

/// The summary that marks a stored book as a procedure's built-in rules.
const BUILT_IN: &str = "Built in: ";

/// The answer to `/rule show`: a rule and the heading that names it.
#[derive(Debug, Clone)]
pub struct RuleShown {
    pub heading: String,
    pub rule: Rule,
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

/// The answer to `/rule list`: the rulebook in force.
#[derive(Debug, Clone)]
pub struct RuleList {
    /// The rulebook's title.
    pub title: String,
    pub mutable: usize,
    /// Its version, when it keeps a change log.
    pub version: Option<Version>,
    pub rules: Vec<Rule>,
}

/// The answer to `/rule versions`: the change log (Terms §IV Act 2).
#[derive(Debug, Clone)]
pub struct ChangeLog {
    /// The rulebook's title.
    pub title: String,
    pub versions: Vec<VersionEntry>,
}

/// The answer to `/rule search`: the rules containing every word.
#[derive(Debug, Clone)]
pub struct RuleSearch {
    pub words: String,
    pub found: Vec<Rule>,
}

/// The answer to `/rule history`: each version of a rule.
#[derive(Debug, Clone)]
pub struct RuleHistory {
    /// The heading naming the rule.
    pub label: String,
    pub rows: Vec<RuleChangeRow>,
    pub tz: chrono_tz::Tz,
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
}

impl Nomic<'_> {
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
            Ok(RuleList {
                title: book.title.clone(),
                mutable: book.mutable_count(),
                version: book.version().map(|v| v.version),
                rules: book.rules().cloned().collect(),
            })
        })
        .await
    }

    /// `/rule versions`: the rulebook's change log, one line a version (Terms §IV Act 2).
    pub async fn rule_versions(&self, call: &Call) -> Result<ChangeLog, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let book = self.rulebook(conn, settings.procedure).await?;
            Ok(ChangeLog {
                title: book.title,
                versions: book.versions,
            })
        })
        .await
    }

    /// `/rule search`.
    pub async fn rule_search(&self, call: &Call, words: &str) -> Result<RuleSearch, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let book = self.rulebook(conn, settings.procedure).await?;
            Ok(RuleSearch {
                words: words.trim().to_owned(),
                found: book.search(words).into_iter().cloned().collect(),
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
