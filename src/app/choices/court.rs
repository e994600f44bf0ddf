//! Appeals as choices: "#3 appeal by bob against case #14 (being heard)".

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::kernel::choices::Choice;
use crate::store::{self, court::appeals::AppealRow};

impl App {
    /// The newest appeals (the active ones only, if asked) that `keep` keeps.
    pub(super) async fn appeal_choices(
        &self,
        conn: &mut SqliteConnection,
        active_only: bool,
        keep: impl Fn(&AppealRow) -> bool,
    ) -> sqlx::Result<Vec<Choice>> {
        let ids = store::choices::appeals(conn, active_only).await?;
        let mut choices = Vec::new();
        for id in ids {
            let Some(row) = store::court::appeals::by_id(conn, id).await? else {
                continue;
            };
            if !keep(&row) {
                continue;
            }
            let appellant = store::people::by_id(conn, row.appellant_id).await?.name;
            let text = format!(
                "appeal by {appellant} against {} ({})",
                self.court().subject_words(&row),
                row.lifecycle.stage()
            );
            choices.push(Choice::numbered(row.id, &text));
        }
        Ok(choices)
    }
}
