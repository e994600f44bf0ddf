//! Games' invariants: a game waiting for its opponent's confirmation has the job that leaves it
//! for a Moderator when nobody answers, so no wait lasts for ever.

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::jobs::Job;
use crate::store::{self, leaderboard::games::GameStatus};

pub(super) async fn check(
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let waiting =
        store::leaderboard::games::with_status(conn, GameStatus::AwaitingConfirmation).await?;
    for game in waiting {
        if pending
            .due(&Job::ConfirmationLapse { game: game.id })
            .is_none()
        {
            breaches.push(format!(
                "Game #{} waits for its opponent's confirmation with no job to leave it for a Moderator",
                game.id
            ));
        }
    }
    Ok(())
}
