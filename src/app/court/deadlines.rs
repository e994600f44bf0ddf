//! The Court's jobs: the opinion's reminder a club day before it is due and the overdue notice
//! at its deadline (Terms §III Act 3.10), the Moderator's answer falling due (§II Act 10.5), and
//! a remanded penalty not re-decided in 7 days, which is void (§III Act 2.4.2). Each re-reads
//! its appeal and does nothing if it has moved on.

use sqlx::SqliteConnection;

use crate::domain::court::opinion::majority_gone;
use crate::domain::court::{overdue, Opinion, Overdue, Response};
use crate::domain::kernel::ids::AppealId;
use crate::domain::kernel::{calendar, reminder};
use crate::store;

use super::opinion::judgement_for;

/// Which judgement's opinion: the whole Court's en banc, or the first (a panel's or solo).
fn whose(en_banc: bool) -> &'static str {
    if en_banc {
        "the whole Court's opinion"
    } else {
        "the Court's opinion"
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl super::Court<'_> {
    fn opinion_due(
        row: &store::court::appeals::AppealRow,
        en_banc: bool,
    ) -> Option<(chrono::DateTime<chrono::Utc>, Option<i64>)> {
        row.opinions
            .iter()
            .rev()
            .find(|o| o.en_banc == en_banc)
            .and_then(|o| match o.opinion {
                Opinion::Due { due_at, author } => Some((due_at, author)),
                Opinion::Published { .. } => None,
            })
    }

    /// The day before an opinion is due.
    pub(crate) async fn opinion_reminder(
        &self,
        conn: &mut SqliteConnection,
        appeal: AppealId,
        en_banc: bool,
    ) -> anyhow::Result<String> {
        let Some(row) = store::court::appeals::by_id(conn, appeal.get()).await? else {
            return Ok("no such appeal".into());
        };
        let Some((due, author)) = Self::opinion_due(&row, en_banc) else {
            return Ok("already published".into());
        };
        if let Err(late) = reminder::timely(self.now(), due) {
            return Ok(late.to_string());
        }
        let court = self.justices(conn).await?;
        let gone = judgement_for(&row, en_banc).is_some_and(|j| majority_gone(&j, &court));
        let who = match author {
            Some(a) if court.iter().any(|c| c.id == a) => self.name(conn, a).await?,
            _ if gone => "no Justice of the majority still holds office, so the Chief Justice, or a sitting Justice they assign with /court assign,".into(),
            _ => "a Justice in the majority".into(),
        };
        let text = format!(
            "Reminder: {} on appeal #{} is due by {}; {who} publishes it with /court opinion (Terms §III Act 3.10).",
            whose(en_banc),
            row.id,
            calendar::show(due, self.tz())
        );
        self.record(conn, row.id, &text).await?;
        if let Some(a) = author.filter(|a| court.iter().any(|c| c.id == *a)) {
            self.send_notice(conn, a, crate::domain::notify::Notice::Opinion, &text, &[])
                .await?;
        }
        Ok("reminded".into())
    }

    /// An opinion's deadline.
    pub(crate) async fn opinion_overdue(
        &self,
        conn: &mut SqliteConnection,
        appeal: AppealId,
        en_banc: bool,
    ) -> anyhow::Result<String> {
        let Some(row) = store::court::appeals::by_id(conn, appeal.get()).await? else {
            return Ok("no such appeal".into());
        };
        if Self::opinion_due(&row, en_banc).is_none() {
            return Ok("already published".into());
        }
        let court = self.justices(conn).await?;
        let gone = judgement_for(&row, en_banc).is_some_and(|j| majority_gone(&j, &court));
        self.record(
            conn,
            row.id,
            &format!(
                "{} on appeal #{} is overdue: it was due within 7 days of the decision (Terms §III Act 3.10). It may still be published, marked late.{}",
                capitalised(whose(en_banc)),
                row.id,
                if gone {
                    " No Justice of the majority still holds office: the Chief Justice writes it, or assigns it to a sitting Justice with /court assign (Terms §III Act 3.10)."
                } else {
                    ""
                }
            ),
        )
        .await?;
        Ok("overdue".into())
    }

    /// The Moderator's answer to a petition falls due.
    pub(crate) async fn response_deadline(
        &self,
        conn: &mut SqliteConnection,
        appeal: AppealId,
    ) -> anyhow::Result<String> {
        let Some(row) = store::court::appeals::by_id(conn, appeal.get()).await? else {
            return Ok("no such appeal".into());
        };
        let Some(Response::Owed { moderator, .. }) = row.response else {
            return Ok("answered".into());
        };
        if !row.lifecycle.is_hearing() {
            return Ok("no longer heard".into());
        }
        let name = self.name(conn, moderator).await?;
        self.record(
            conn,
            row.id,
            &format!(
                "Appeal #{}: {name} did not give their reasonable suspicion by the deadline; the Court sees that no answer was given (Terms §II Act 10.5).",
                row.id
            ),
        )
        .await?;
        Ok("not answered".into())
    }

    /// A remanded penalty not re-decided and declared in time is void.
    pub(crate) async fn redecide_deadline(
        &self,
        conn: &mut SqliteConnection,
        appeal: AppealId,
    ) -> anyhow::Result<String> {
        let Some(mut row) = store::court::appeals::by_id(conn, appeal.get()).await? else {
            return Ok("no such appeal".into());
        };
        if row.redecided_at.is_some() || row.redecide_due_at.is_none() {
            return Ok("re-decided".into());
        }
        let Some(case) = row.case_id else {
            return Ok("no case".into());
        };
        let Some(action) = store::moderation::actions::by_id(conn, case).await? else {
            return Ok("no such case".into());
        };
        let Ok(void) = action.status.void() else {
            return Ok(format!("already {}", action.status));
        };
        let n = row.id;
        if overdue(action.kind) == Overdue::Flagged {
            // Only penalties are void for want of declaration (§III Act 2.4.2): the case stays
            // as it is and the re-decision is still owed.
            let line = format!(
                "Case #{case} ({}) was remanded by appeal #{n} and not re-decided within 7 days (Terms §III Act 2.4). It is not a penalty, so it is not void (Act 2.4.2): it stays as it is, and its re-decision is still owed with /mod redecide case:{case}.",
                action.kind
            );
            self.record(conn, n, &line).await?;
            row.effects.push(line);
            self.persist(conn, &mut row).await?;
            return Ok("flagged: not re-decided".into());
        }
        self.moderation()
            .void_action(
                conn,
                &action,
                void,
                &format!(
                    "not re-decided within 7 days of remand, appeal #{n} (Terms §III Act 2.4.2)"
                ),
            )
            .await?;
        let mut lines = vec![format!(
            "Case #{case} is void: it was remanded by appeal #{n} and not re-decided and declared within 7 days (Terms §III Acts 2.4, 2.4.2). Its effects are reversed."
        )];
        lines.extend(self.moderation().restep_after_void(conn, &action).await?);
        for line in &lines {
            self.record(conn, n, line).await?;
        }
        row.effects.extend(lines);
        row.redecide_due_at = None;
        self.persist(conn, &mut row).await?;
        Ok("void: not re-decided".into())
    }
}
