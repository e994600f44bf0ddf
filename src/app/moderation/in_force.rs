//! What currently restricts a person's play: the store finds the cases in force against them,
//! and the domain decides what they restrict. The leaderboard asks; moderation and the court
//! decide.

use crate::app::moderation::Moderation;
use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::moderation::restrictions::Restrictions;
use crate::domain::{moderation::ladder::Step, moderation::restrictions::OpenCase};

impl Moderation<'_> {
    /// The restrictions on `person_id` at `at`.
    pub(crate) async fn restrictions(
        &self,
        conn: &mut SqliteConnection,
        person_id: i64,
        at: DateTime<Utc>,
    ) -> sqlx::Result<Restrictions> {
        let open = crate::store::moderation::actions::open_against(conn, person_id).await?;
        let mut r = Restrictions::at(
            open.iter().map(|a| OpenCase {
                kind: a.kind,
                step: a.step.and_then(Step::from_number),
                taken_at: a.taken_at,
                ends_at: a.ends_at,
            }),
            at,
        );
        // A Court hearing involving them (Terms §II Act 8.1): from filing to judgement.
        r.in_hearing = crate::store::court::appeals::in_hearing(conn, person_id).await?;
        Ok(r)
    }
}
