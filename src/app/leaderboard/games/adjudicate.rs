//! `/game adjudicate`: a Moderator who did not play ends a game stopped by the bell by
//! material (Terms §I Act 5, §III Act 3.5).

use crate::app::leaderboard::Leaderboard;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::leaderboard::material::{self, Captured};
use crate::store::{
    self,
    leaderboard::games::{GameStatus, NewGame},
};

use super::{describe, GameError, GameOutcome};
use crate::app::{Call, PersonRef};

impl Leaderboard<'_> {
    /// `/game adjudicate`: a Moderator ends a game by material (Terms §I Act 5).
    pub async fn adjudicate(
        &self,
        call: &Call,
        white: &PersonRef,
        black: &PersonRef,
        white_took: &str,
        black_took: &str,
    ) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::Moderate.require(&actor.offices, "do this", "Terms §III Act 2, 3.4")?;
            let w = Captured::parse("White", white_took)?;
            let b = Captured::parse("Black", black_took)?;
            let players = self.check_players(conn, actor, white, black, false).await?;
            Self::check_overseer(actor, None, &[players.white.id, players.black.id])?;
            let session_id = self.check_session(conn).await?;
            self.check_join_possible(conn, session_id, &players).await?;
            // A player under the chessclock requirement played by the clock, but the bell can
            // still stop the game before either timer runs out: §I Act 5 covers any game forced
            // to end by lack of time, so it is adjudicated too, and the record says so.
            let mut on_the_clock = Vec::new();
            for p in [&players.white, &players.black] {
                if self.moderation().restrictions(conn, p.id, now).await?.clock_required {
                    on_the_clock.push(p.name.clone());
                }
            }
            let result = material::decide(&w, &b);
            let status = if !players.waiting.is_empty() {
                GameStatus::WaitingJoin
            } else {
                GameStatus::Counted
            };
            let id = store::leaderboard::games::insert(
                conn,
                &NewGame {
                    session_id: Some(session_id),
                    white_id: players.white.id,
                    black_id: players.black.id,
                    result: Some(result.key().into()),
                    online: false,
                    clock_used: !on_the_clock.is_empty(),
                    played_at: now,
                    club_date: calendar::local_date(now, self.tz()),
                    registered_by: actor.id,
                    status,
                    ended_by: "material",
                    adjudicated_by: Some(actor.id),
                    material: Some((w.points() as i64, b.points() as i64)),
                    rematch_of: None,
                },
            )
            .await?;
            // The adjudicating Moderator saw both players at the board.
            self.mark_present_by_game(
                conn,
                session_id,
                &[players.white.id, players.black.id],
                actor.id,
                id,
            )
            .await?;
            let summary = describe(&players.white.name, &players.black.name, result);
            let changes = if status == GameStatus::Counted {
                self.count_game(conn, id, now).await?
            } else {
                "It counts once the non-Member joins (Terms §0 Act 12).".into()
            };
            let mut text = format!(
                "Game #{id} ended by material (Terms §I Act 5): {} took {}, {} took {}; {summary}. {changes}",
                players.white.name, w.points(), players.black.name, b.points()
            );
            if !on_the_clock.is_empty() {
                text.push_str(&format!(
                    " {} played on the chessclock (Terms §II Act 11); the bell ended the game before a timer ran out, so it was adjudicated.",
                    on_the_clock.join(" and ")
                ));
            }
            text.push_str(&format!(
                " A player may object with /game object game:{id} (Terms §I Act 6)."
            ));
            self.announce(conn, &text).await?;
            Ok(GameOutcome::Announced {
                game: id,
                announced: text,
            })
        })
        .await
    }
}
