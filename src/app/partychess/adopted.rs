//! An adopted change to the club's rulebook that enacts, amends or repeals a rule carrying
//! Party Chess rules reaches the Rule Suite, and through it the game: pieces of a type no
//! longer defined go off-board (Rule 1230.1 §3.E), excess over an instance limit is destroyed
//! (§3.G), and what moved is announced.

use sqlx::SqliteConnection;

use super::PartyChess;
use super::{PartyChessError, SuiteImported};
use crate::domain::partychess::amend;
use crate::store;

impl PartyChess<'_> {
    /// After an adopted change to the club's rulebook: `removed` are the texts of the club's
    /// rules it repealed or replaced, `added` the texts it enacted or amended them to. The
    /// Party Chess rules in them are repealed and enacted in the suite, recorded with `origin`
    /// ("Proposal 301"). None when the change carries no Party Chess rule.
    pub(crate) async fn follow_changes(
        &self,
        conn: &mut SqliteConnection,
        origin: &str,
        removed: &[String],
        added: &[String],
    ) -> Result<Option<SuiteImported>, PartyChessError> {
        let enacted: Vec<_> = added
            .iter()
            .filter_map(|t| amend::rules_in(t))
            .flatten()
            .collect();
        let repealed: Vec<u32> = removed
            .iter()
            .filter_map(|t| amend::rules_in(t))
            .flatten()
            .map(|r| r.number)
            .collect();
        if enacted.is_empty() && repealed.is_empty() {
            return Ok(None);
        }
        let old: Vec<_> = store::partychess::rules::in_force(conn)
            .await?
            .iter()
            .map(|r| r.to_rule())
            .collect();
        let rules = amend::apply(&old, &enacted, &repealed);
        if rules == old {
            return Ok(None);
        }
        self.record_rules(conn, origin, &rules).await.map(Some)
    }
}

impl SuiteImported {
    /// The words added to an adoption's announcement: what the change did to the suite and,
    /// when pieces moved, that the game followed.
    pub fn follows_words(&self) -> String {
        let moved = if self.game.is_empty() {
            String::new()
        } else {
            "; the game's pieces follow it, as announced (Rule 1230.1 §3.E, §3.G)".to_owned()
        };
        let unread: String = self
            .not_in_effect
            .iter()
            .map(|line| format!(" {line}."))
            .collect();
        format!(
            " The Party Chess Rule Suite follows it: {}{moved}.{unread}",
            self.changed.join(", ")
        )
    }
}
