//! `gavel rules import`: a rule set becomes the rulebook in force, each rule recorded as
//! imported. It is checked first: at most [`IMPORT_MAX_BYTES`], every rule with text (Nomic
//! 107), and for Nomic between one mutable rule and the limit (Nomic 116, 211) with every rule
//! numbered below the next proposal's number (Nomic 109). Once proposals have been made, an
//! import would replace the rules they adopted, so it is refused unless forced; a forced one is
//! recorded and announced.

use std::fmt;

use crate::app::{system_actor, Call};
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::rulebook::{check_size, Rulebook, IMPORT_MAX_BYTES};
use crate::domain::nomic::ProposalNumber;
use crate::store;

use super::{Nomic, RulesError};

/// The reply to `gavel rules import`.
#[derive(Debug, Clone)]
pub struct Imported {
    pub title: String,
    pub rules: usize,
    pub immutable: usize,
    /// How many proposals the rulebook it replaced had seen, when the import was forced.
    pub replaced_after: Option<i64>,
    /// The club's zone, when the rules are Nomic's and the zone is not UK time: Nomic's days
    /// run on UK time whatever the club's are (Nomic 106).
    pub club_zone_not_uk: Option<String>,
}

impl fmt::Display for Imported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Imported “{}”: {} rules, {} of them immutable. It is now the rulebook in force.",
            self.title, self.rules, self.immutable
        )?;
        if let Some(zone) = &self.club_zone_not_uk {
            write!(
                f,
                " Nomic's days, its 19:00 cut-off and its midnights run on UK time (Europe/London), not the club's {zone} (Nomic 106)."
            )?;
        }
        if let Some(n) = self.replaced_after {
            write!(
                f,
                " It replaced, by force, a rulebook changed by {n} proposal{}; their record stays in the history and the export.",
                if n == 1 { "" } else { "s" }
            )?;
        }
        Ok(())
    }
}

impl Nomic<'_> {
    /// `gavel rules import FILE [--force]`. `json` picks the Nomic JSON format; otherwise the
    /// Markdown format.
    pub async fn import_rules(
        &self,
        origin: &str,
        text: &str,
        json: bool,
        force: bool,
    ) -> Result<Imported, RulesError> {
        let call = Call::new(
            system_actor(),
            "rules import",
            serde_json::json!({ "file": origin, "force": force }),
        );
        self.execute(&call, async |conn, actor| {
            let import =
                |e: crate::domain::nomic::rulebook::ImportError| RulesError::Import(e.to_string());
            check_size(u64::try_from(text.len()).unwrap_or(IMPORT_MAX_BYTES + 1))
                .map_err(import)?;
            let book = if json {
                Rulebook::from_nomic_json(text)
            } else {
                Rulebook::from_markdown(text)
            }
            .map_err(import)?;
            if book.is_empty() {
                return Err(RulesError::Import("it holds no rules".into()));
            }
            book.check_import().map_err(import)?;
            let settings = self.settings(conn).await?;
            let numbered = book.rules().any(|r| r.id.number().is_some());
            if settings.procedure == Procedure::Nomic || numbered {
                let last = store::nomic::proposals::last(conn, Procedure::Nomic)
                    .await?
                    .and_then(|row| u32::try_from(row.number).ok())
                    .and_then(|n| ProposalNumber::new(n, &settings.nomic));
                let next = ProposalNumber::next(last, &settings.nomic).get();
                book.check_nomic_import(settings.nomic.max_mutable_rules, next)
                    .map_err(import)?;
            }
            let proposals = store::nomic::proposals::count(conn).await?;
            if proposals > 0 && !force {
                return Err(RulesError::ImportInUse(proposals));
            }
            let replaced_after = (proposals > 0).then_some(proposals);
            let summary = match replaced_after {
                Some(n) => format!("Imported from {origin}, by force, after {n} proposals"),
                None => format!("Imported from {origin}"),
            };
            self.store_whole_book(conn, &book, &summary, Some(actor.id))
                .await?;
            let done = Imported {
                title: book.title.clone(),
                rules: book.len(),
                immutable: book.rules().filter(|r| !r.is_mutable()).count(),
                replaced_after,
                club_zone_not_uk: (numbered && self.tz() != crate::domain::nomic::UK_TIME)
                    .then(|| self.tz().name().to_owned()),
            };
            if replaced_after.is_some() {
                // Everyone playing under the rules should know they were replaced.
                self.announce(conn, &done.to_string()).await?;
                if settings.procedure == Procedure::Nomic {
                    store::outbox::enqueue(
                        conn,
                        store::outbox::VOTING,
                        &done.to_string(),
                        self.now(),
                    )
                    .await?;
                }
            }
            Ok(done)
        })
        .await
    }
}
