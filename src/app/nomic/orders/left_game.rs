//! A player who forfeits the game (Nomic 115) judges no more: each Point awaiting their
//! Judgement passes at once to the player preceding them, as a forfeit of the Point would
//! (Nomic 214). Judgements they gave while playing stand.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::nomic::order::Happened;
use crate::domain::nomic::Nomic;
use crate::store;

impl App {
    /// Passes on the Points awaiting `player`'s Judgement; `game` already counts them out.
    /// Reads only the active Points (at most a few per player).
    pub(crate) async fn pass_on_points_judged_by(
        &self,
        conn: &mut SqliteConnection,
        player: i64,
        game: &Nomic,
    ) -> sqlx::Result<()> {
        let now = self.now();
        for mut stored in store::nomic::orders::active(conn).await? {
            let Some(happened) = stored.point.judge_left_game(game, player, now) else {
                continue;
            };
            self.keep_point(conn, stored.number, &stored.point).await?;
            let text = self.tell(conn, stored.number, &happened).await?;
            let judge = match happened {
                Happened::HandedOver { new_judge, .. } => Some(new_judge),
                _ => None,
            };
            self.post_voting_pinging(conn, &text, judge).await?;
        }
        Ok(())
    }
}
