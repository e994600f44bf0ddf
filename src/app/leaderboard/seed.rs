//! `gavel scores import FILE`: an existing club's members join the Leaderboard with the scores
//! its earlier records gave them, in one transaction, with one audit entry and one line in
//! #discussion; no Moderator's action, so no case to declare or appeal.

use crate::app::leaderboard::Leaderboard;
use crate::app::{system_actor, Call};
use crate::domain::leaderboard::seed::{self, SeedError};
use crate::store::leaderboard::events::EventKind;
use crate::store::{self, leaderboard::events::NewEvent};

/// What the import did.
#[derive(Debug, Clone)]
pub struct ScoresImported {
    pub members: usize,
    pub origin: String,
}

/// Why the import was refused; nothing was stored.
#[derive(Debug, thiserror::Error)]
pub enum SeedImportError {
    #[error(transparent)]
    File(#[from] SeedError),
    #[error("{0} is already on the Leaderboard; the import seeds only members who have not joined, so nothing was imported.")]
    AlreadyMember(String),
    #[error(transparent)]
    Unauthorised(#[from] crate::domain::kernel::authority::Unauthorised),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl crate::app::UseCaseError for SeedImportError {
    fn is_internal(&self) -> bool {
        matches!(self, SeedImportError::Store(_))
    }
}

impl Leaderboard<'_> {
    /// `gavel scores import FILE`: `origin` names the file in the record.
    pub async fn import_scores(
        &self,
        origin: &str,
        text: &str,
    ) -> Result<ScoresImported, SeedImportError> {
        let seeds = seed::parse(text, self.config().scores.floor)?;
        let call = Call::new(
            system_actor(),
            "scores import",
            serde_json::json!({
                "file": origin,
                "scores": seeds.iter().map(|s| serde_json::json!({ "name": s.name, "score": s.score })).collect::<Vec<_>>(),
            }),
        );
        self.execute(&call, async |conn, _| {
            let now = self.now();
            for s in &seeds {
                let person = store::people::resolve(conn, &s.name, s.discord_id, now).await?;
                if store::people::open_membership(conn, person.id).await?.is_some() {
                    return Err(SeedImportError::AlreadyMember(person.name));
                }
                store::people::open_membership_row(conn, person.id, now).await?;
                // The score rides on the join, as any member's initial score does, so the
                // fold and `gavel check` read it like any other.
                store::leaderboard::events::append(
                    conn,
                    &NewEvent {
                        at: now,
                        kind: EventKind::Joined,
                        person_id: Some(person.id),
                        game_id: None,
                        action_id: None,
                        amount: Some(s.score),
                        reason: "joined with the score of the club's earlier records (gavel scores import)",
                    },
                )
                .await?;
            }
            let done = ScoresImported {
                members: seeds.len(),
                origin: origin.to_owned(),
            };
            self.announce(conn, &done.to_string()).await?;
            Ok(done)
        })
        .await
    }
}
