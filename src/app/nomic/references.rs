//! References follow a renumbered rule (Nomic 110): when a change that takes effect gives a
//! rule the proposal's number (Nomic 109), every proposal still voting or held that names the
//! old number names the new one, so it changes the rule it meant when it takes effect.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::nomic::RuleChange;
use crate::store;

use super::RulesError;

impl App {
    /// Rule `old` is now Rule `new`, by Proposal `new` taking effect: the references of the
    /// other proposals still pending follow it.
    pub(super) async fn follow_renumbering(
        &self,
        conn: &mut SqliteConnection,
        old: u32,
        new: u32,
    ) -> Result<(), RulesError> {
        let pending = store::nomic::proposals::pending(conn).await?;
        for row in pending.into_iter().filter(|r| r.number != i64::from(new)) {
            let changes = store::nomic::proposals::decode_changes(&row.changes);
            let followed: Vec<RuleChange> = changes
                .iter()
                .map(|c| c.follow_renumbering(old, new))
                .collect();
            if followed == changes {
                continue;
            }
            let rule = match row.rule.as_deref() {
                Some(label) if label.trim() == old.to_string() => Some(new.to_string()),
                other => other.map(str::to_owned),
            };
            store::nomic::proposals::set_changes(conn, row.number, &followed, rule.as_deref())
                .await?;
        }
        Ok(())
    }
}
