//! `/game approve`: a Moderator who did not play approves a monitored member's game (Terms §II
//! Act 10.4).

use crate::app::moderation::Moderation;
use crate::domain::kernel::authority::Power;
use crate::domain::leaderboard::game::GameStatus;
use crate::jobs::{self, Job};
use crate::store;

use super::{ModerationError, ModerationOutcome};
use crate::app::Call;

impl Moderation<'_> {
    /// `/game approve`: a Moderator who did not play approves a monitored member's game (Act 10.4).
    pub async fn approve_game(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<ModerationOutcome, ModerationError> {
        self.execute(call, async |conn, actor| {
            Power::Moderate.require(&actor.offices, "do this", "Terms §III Act 2, 3.4")?;
            let game = store::leaderboard::games::by_id(conn, number)
                .await?
                .ok_or(ModerationError::NoGame(number))?;
            if game.has_player(actor.id) {
                return Err(ModerationError::OwnGame);
            }
            // A game waiting for its opponent's word may be decided by a Moderator too, so the
            // wait always has an exit.
            if !matches!(
                game.status(),
                GameStatus::PendingApproval | GameStatus::AwaitingConfirmation
            ) {
                return Err(ModerationError::NotPending(number));
            }
            jobs::cancel(conn, &Job::ConfirmationLapse { game: number }, self.now()).await?;
            store::leaderboard::games::set_approved(conn, number, actor.id).await?;
            let now = self.now();
            let monitored = self.restrictions(conn, game.white_id, now).await?.monitored
                || self.restrictions(conn, game.black_id, now).await?.monitored;
            let changes = self.leaderboard().count_game(conn, number, now).await?;
            Ok(ModerationOutcome::GameApproved {
                game: number,
                by: actor.name.clone(),
                monitored,
                changes,
            })
        })
        .await
    }
}
