//! Who is acting or acted upon, as an adapter knows them, and finding them in the store.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::store::{self, audit, people::Person};

/// Who someone is, as an adapter knows them: a name, and a Discord id when they came from
/// Discord. On Discord the id is the person and the name is only what to show; in the console
/// the name is the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRef {
    pub name: String,
    pub discord_id: Option<u64>,
    /// The name is Discord's own member data for `discord_id` (an interaction's member, or a
    /// user Discord resolved in its options): only such a name changes how gavel shows someone.
    named_by_discord: bool,
}

impl PersonRef {
    pub fn console(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            discord_id: None,
            named_by_discord: false,
        }
    }

    /// A Discord user named as Discord's own member data names them (their server nickname,
    /// else their display name): the Discord adapter builds these from an interaction's member
    /// and its resolved users, never from text a client wrote.
    pub fn discord(name: &str, id: u64) -> Self {
        Self {
            name: name.to_owned(),
            discord_id: Some(id),
            named_by_discord: true,
        }
    }

    /// Someone the configuration names (the Chief Justice): the name is used for a person gavel
    /// has not met, and never renames one it has.
    pub fn configured(name: &str, discord_id: Option<u64>) -> Self {
        Self {
            name: name.to_owned(),
            discord_id,
            named_by_discord: false,
        }
    }

    /// The stored person, if gavel has seen them.
    pub(crate) async fn find(&self, conn: &mut SqliteConnection) -> sqlx::Result<Option<Person>> {
        store::people::find(conn, &self.name, self.discord_id).await
    }

    /// The stored person, created on first sight. When Discord's own member data shows them by
    /// another name than gavel's record, the record follows, with an audit entry in the same
    /// transaction (so a refused command leaves both untouched).
    pub(crate) async fn resolve(
        &self,
        conn: &mut SqliteConnection,
        now: DateTime<Utc>,
    ) -> sqlx::Result<Person> {
        let person = store::people::resolve(conn, &self.name, self.discord_id, now).await?;
        self.rename(conn, person, now).await
    }

    /// Whether Discord's own member data shows `person` by another name than the record.
    fn renames(&self, person: &Person) -> bool {
        let shown = self.name.trim();
        self.named_by_discord && !shown.is_empty() && person.name != shown
    }

    /// Shows `person` by the name Discord gives them, if it differs, and audits the change.
    async fn rename(
        &self,
        conn: &mut SqliteConnection,
        mut person: Person,
        now: DateTime<Utc>,
    ) -> sqlx::Result<Person> {
        if !self.renames(&person) {
            return Ok(person);
        }
        let shown = self.name.trim();
        store::people::show_as(conn, person.id, shown).await?;
        audit::append(
            conn,
            now,
            (shown, self.discord_id),
            "display name",
            &serde_json::json!({ "from": person.name, "to": shown }),
            audit::Outcome::Done,
            &format!(
                "{} is now shown as {shown}, as Discord shows them",
                person.name
            ),
        )
        .await?;
        person.name = shown.to_owned();
        Ok(person)
    }
}

impl App {
    /// Someone seen in an interaction, named by Discord's own member data (the caller, or a
    /// user Discord resolved in the options): if gavel knows them by another name, its record
    /// follows at once, in a transaction of its own with its audit entry, whatever the command
    /// then does. Nothing else is learned from a name: someone gavel has not met is not recorded,
    /// and a name not from Discord (`PersonRef::console`, `configured`) renames no one.
    pub async fn seen(&self, who: &PersonRef) -> sqlx::Result<()> {
        if !who.named_by_discord {
            return Ok(());
        }
        let known = who.find(&mut *self.pool().acquire().await?).await?;
        if !known.as_ref().is_some_and(|p| who.renames(p)) {
            return Ok(());
        }
        let mut tx = self.begin().await?;
        // Read again inside the transaction: another process may have renamed them meanwhile.
        if let Some(person) = who.find(&mut tx).await? {
            who.rename(&mut tx, person, self.now()).await?;
        }
        tx.commit().await
    }
}
