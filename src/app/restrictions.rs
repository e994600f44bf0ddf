//! What currently restricts a person's play: a ban, a monitor, a chessclock requirement, or a
//! court hearing. The leaderboard asks; moderation and the court decide.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use super::App;

/// The restrictions in force on one person at one time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Restrictions {
    /// The end of the ban in force, or `Some(None)` for a permanent ban.
    pub banned_until: Option<Option<DateTime<Utc>>>,
    /// Games wait for a Moderator's approval (Terms §II Act 10.4).
    pub monitored: bool,
    /// Games must state that a chessclock was used (Terms §II Act 11).
    pub clock_required: bool,
    /// A Court hearing involves them (Terms §II Act 8.1).
    pub in_hearing: bool,
}

impl Restrictions {
    pub fn banned(&self) -> bool {
        self.banned_until.is_some()
    }
}

impl App {
    /// The restrictions on `person_id` at `at`.
    pub(crate) async fn restrictions(
        &self,
        conn: &mut SqliteConnection,
        person_id: i64,
        at: DateTime<Utc>,
    ) -> sqlx::Result<Restrictions> {
        crate::store::actions::restrictions(conn, person_id, at).await
    }
}
