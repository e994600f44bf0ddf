//! `/game void`: a Moderator who did not play reverses a game as though it never happened
//! (Terms §II Act 5, §III Act 3.5).

use crate::app::leaderboard::Leaderboard;
use crate::domain::kernel::text::Reason;

use super::{GameError, GameOutcome};
use crate::app::Call;

impl Leaderboard<'_> {
    /// `/game void`: a Moderator reverses a game as though it never happened.
    pub async fn void_game(
        &self,
        call: &Call,
        number: i64,
        reason: &str,
    ) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let game = self.game(conn, number).await?;
            Self::check_overseer(actor, Some(&game), &[])?;
            let reason = Reason::parse(reason)?;
            let text = self.void_game_in(conn, &game, reason.as_str()).await?;
            self.announce_logged(
                conn,
                &format!("{} voided game #{number}: {reason}. {text}", actor.name),
            )
            .await?;
            Ok(GameOutcome::Void {
                game: number,
                effect: text,
            })
        })
        .await
    }
}
