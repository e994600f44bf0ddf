//! Cases as choices: "#14 ban of bob until Fri 8 Jan".

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::kernel::calendar;
use crate::domain::kernel::choices::{prefix_ranges, short_date, Choice};
use crate::domain::moderation::CaseKind;
use crate::store::{self, choices::CaseFilter, moderation::actions::Action};

impl App {
    /// The newest cases a filter keeps; a typed number reads only the cases it begins.
    pub(super) async fn case_choices(
        &self,
        conn: &mut SqliteConnection,
        filter: CaseFilter,
        typed: &str,
    ) -> sqlx::Result<Vec<Choice>> {
        let ids = match prefix_ranges(typed, i64::MAX / 10) {
            Some(ranges) => {
                let mut ids = Vec::new();
                for range in ranges.into_iter().take(6) {
                    ids.extend(store::choices::cases(conn, filter, Some(range)).await?);
                }
                ids.sort_unstable_by(|a, b| b.cmp(a));
                ids
            }
            None => store::choices::cases(conn, filter, None).await?,
        };
        self.case_labels(conn, &ids, false).await
    }

    /// The caller's cases they may still declare: not declared, in a state to declare, and
    /// within their 7 days (Terms §III Act 2.4), the soonest due first.
    pub(super) async fn cases_to_declare(
        &self,
        conn: &mut SqliteConnection,
        me: i64,
    ) -> sqlx::Result<Vec<Choice>> {
        let ids = store::choices::cases(conn, CaseFilter::UndeclaredBy(me), None).await?;
        let now = self.now();
        let mut open = Vec::new();
        for id in ids {
            if let Some(a) = store::moderation::actions::by_id(conn, id).await? {
                if a.status.declarable().is_ok() && now <= a.deadline_at {
                    open.push(a);
                }
            }
        }
        open.sort_by_key(|a| a.deadline_at);
        let mut choices = Vec::with_capacity(open.len());
        for a in open {
            choices.push(self.case_label(conn, &a, true).await?);
        }
        Ok(choices)
    }

    async fn case_labels(
        &self,
        conn: &mut SqliteConnection,
        ids: &[i64],
        due: bool,
    ) -> sqlx::Result<Vec<Choice>> {
        let mut choices = Vec::with_capacity(ids.len().min(50));
        // Only the first few are ever shown once narrowed; label those alone.
        for id in ids.iter().take(50) {
            if let Some(a) = store::moderation::actions::by_id(conn, *id).await? {
                choices.push(self.case_label(conn, &a, due).await?);
            }
        }
        Ok(choices)
    }

    /// "#14 ban of bob until Fri 8 Jan", with "declare by ..." for a case still to declare.
    async fn case_label(
        &self,
        conn: &mut SqliteConnection,
        a: &Action,
        due: bool,
    ) -> sqlx::Result<Choice> {
        let tz = self.tz();
        let target = store::people::name_of(conn, a.target_id).await?;
        let mut text = match (a.kind, target) {
            (CaseKind::Technical, _) | (_, None) => a.kind.word().to_owned(),
            (kind, Some(who)) => format!("{} of {who}", kind.word()),
        };
        if let Some(points) = a.points {
            text.push_str(&format!(", {} points", points.abs()));
        }
        if let Some(end) = a.ends_at {
            text.push_str(&format!(
                " until {}",
                short_date(calendar::local_date(end, tz))
            ));
        }
        if due {
            text.push_str(&format!(
                ", declare by {}",
                short_date(calendar::local_date(a.deadline_at, tz))
            ));
        } else if !a.status.stands() {
            text.push_str(&format!(" ({})", a.status.word()));
        }
        Ok(Choice::numbered(a.id, &text))
    }
}
