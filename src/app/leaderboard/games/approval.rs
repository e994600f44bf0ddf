//! The post asking the Moderators to approve a monitored member's game (Terms §II Act 10.4),
//! with an "Approve" button that runs `/game approve game:N` for the Moderator who presses it.

use crate::app::leaderboard::Leaderboard;
use sqlx::SqliteConnection;

use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::leaderboard::score::GameResult;
use crate::store::{self, leaderboard::games::Game, outbox::DISCUSSION};

use super::describe;

/// The button a Moderator presses to approve game `number`.
pub fn approve_button(number: i64) -> Button {
    Button::new("Approve", "game approve")
        .preset("game", number)
        .style(ButtonStyle::Success)
}

impl Leaderboard<'_> {
    /// Posts that `game` waits for a Moderator's approval, with its Approve button. Pressing it
    /// is `/game approve`: the same checks decide (a Moderator who did not play, the game still
    /// waiting), so a second press is refused and counts nothing.
    pub(super) async fn ask_for_approval(
        &self,
        conn: &mut SqliteConnection,
        game: &Game,
    ) -> sqlx::Result<()> {
        let white = store::people::by_id(conn, game.white_id).await?.name;
        let black = store::people::by_id(conn, game.black_id).await?.name;
        let summary = match game.result.as_deref().and_then(GameResult::parse) {
            Some(result) => describe(&white, &black, result),
            None => format!("{white} (white) against {black}"),
        };
        let text = format!(
            "Game #{} ({summary}) waits for a Moderator's approval: a player is monitored (Terms §II Act 10.4). A Moderator who did not play may approve it.",
            game.id
        );
        store::outbox::enqueue_with_buttons(
            conn,
            DISCUSSION,
            &text,
            &[approve_button(game.id)],
            self.now(),
        )
        .await?;
        Ok(())
    }
}
