//! Who is acting or acted upon, as an adapter knows them, and finding them in the store.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::store::{self, people::Person};

/// Who someone is, as an adapter knows them: a name, and a Discord id when they came from
/// Discord. On Discord the id is the person and the name is only what to show; in the console
/// the name is the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRef {
    pub name: String,
    pub discord_id: Option<u64>,
}

impl PersonRef {
    pub fn console(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            discord_id: None,
        }
    }

    pub fn discord(name: &str, id: u64) -> Self {
        Self {
            name: name.to_owned(),
            discord_id: Some(id),
        }
    }

    /// The stored person, if gavel has seen them (a Discord rename is picked up here).
    pub(crate) async fn find(&self, conn: &mut SqliteConnection) -> sqlx::Result<Option<Person>> {
        store::people::find(conn, &self.name, self.discord_id).await
    }

    /// The stored person, created on first sight.
    pub(crate) async fn resolve(
        &self,
        conn: &mut SqliteConnection,
        now: DateTime<Utc>,
    ) -> sqlx::Result<Person> {
        store::people::resolve(conn, &self.name, self.discord_id, now).await
    }
}
