//! Proposals, Points of Order and rules as choices.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::kernel::calendar;
use crate::domain::kernel::choices::{short_date, Choice};
use crate::domain::nomic::order::PointStatus;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::store;
use crate::store::keys::StoredKey;

/// The first words of a text, for a label.
fn gist(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let words: Vec<&str> = line.split_whitespace().take(10).collect();
    words.join(" ")
}

impl App {
    /// The newest proposals, or those in a vote that `unvoted_by` has not voted in.
    pub(super) async fn proposal_choices(
        &self,
        conn: &mut SqliteConnection,
        unvoted_by: Option<i64>,
    ) -> sqlx::Result<Vec<Choice>> {
        let tz = self.tz();
        let rows = store::choices::proposals(conn, unvoted_by).await?;
        Ok(rows
            .into_iter()
            .map(|p| {
                let rule = p.rule.map(|r| format!(" on {r}")).unwrap_or_default();
                let state = match (p.status, p.closes_at) {
                    (ProposalStatus::Voting, Some(at)) => {
                        format!("vote closes {}", short_date(calendar::local_date(at, tz)))
                    }
                    (status, _) => status.key().replace('_', " "),
                };
                Choice::numbered(
                    p.number,
                    &format!("by {}{rule}, {state}: {}", p.proposer, gist(&p.text)),
                )
            })
            .collect())
    }

    /// The active Points of Order, or those awaiting `judge`'s Judgement.
    pub(super) async fn point_choices(
        &self,
        conn: &mut SqliteConnection,
        judge: Option<i64>,
    ) -> sqlx::Result<Vec<Choice>> {
        let points = store::nomic::orders::active(conn).await?;
        let mut choices = Vec::new();
        for stored in points.into_iter().rev() {
            let awaiting_me = matches!(
                stored.point.status,
                PointStatus::AwaitingJudgement { judge: j, .. } if Some(j) == judge
            );
            if judge.is_some() && !awaiting_me {
                continue;
            }
            let by = store::people::by_id(conn, stored.point.raised_by)
                .await?
                .name;
            choices.push(Choice::numbered(
                stored.number,
                &format!("by {by}: {}", gist(&stored.point.statement)),
            ));
        }
        Ok(choices)
    }

    /// The rules and Acts of the rulebook in force, in label order.
    pub(super) async fn rule_choices(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<Choice>> {
        let Some(Ok(book)) = store::nomic::rulebook::current(conn).await? else {
            return Ok(Vec::new());
        };
        Ok(book
            .rules()
            .map(|rule| {
                let first = rule.paragraphs.first().map(String::as_str).unwrap_or("");
                Choice::named(&rule.id.label(), &gist(first))
            })
            .collect())
    }
}
