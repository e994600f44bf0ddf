//! Cases as choices: "#14 ban of bob until Fri 8 Jan".

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::kernel::calendar;
use crate::domain::kernel::choices::{prefix_ranges, short_date, Choice};
use crate::domain::moderation::CaseKind;
use crate::platform::CHOICES_MAX;
use crate::store::{self, choices::CaseFilter, choices::CaseLine};

impl App {
    /// The cases a filter keeps; a typed number reads only the cases it begins, the longest
    /// (newest) numbers first.
    pub(super) async fn case_choices(
        &self,
        conn: &mut SqliteConnection,
        filter: CaseFilter,
        typed: &str,
    ) -> sqlx::Result<Vec<Choice>> {
        let lines = match prefix_ranges(typed, i64::MAX / 10) {
            Some(ranges) => {
                let mut lines = Vec::new();
                for range in ranges.into_iter().take(7).rev() {
                    if lines.len() >= CHOICES_MAX {
                        break;
                    }
                    lines.extend(store::choices::cases(conn, filter, Some(range)).await?);
                }
                lines
            }
            None => store::choices::cases(conn, filter, None).await?,
        };
        let due = matches!(filter, CaseFilter::UndeclaredBy(..));
        Ok(lines.iter().map(|a| self.case_label(a, due)).collect())
    }

    /// The caller's cases they may still declare: not declared, in a state to declare, and
    /// within their 7 days (Terms §III Act 2.4), the soonest due first.
    pub(super) async fn cases_to_declare(
        &self,
        conn: &mut SqliteConnection,
        me: i64,
        typed: &str,
    ) -> sqlx::Result<Vec<Choice>> {
        let filter = CaseFilter::UndeclaredBy(me, self.now());
        self.case_choices(conn, filter, typed).await
    }

    /// "#14 ban of bob until Fri 8 Jan", with "declare by ..." for a case still to declare.
    fn case_label(&self, a: &CaseLine, due: bool) -> Choice {
        let tz = self.tz();
        let mut text = match (a.kind, &a.target) {
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
        Choice::numbered(a.id, &text)
    }
}
