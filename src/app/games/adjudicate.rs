//! `/game adjudicate`: a Moderator who did not play ends a game stopped by the bell by
//! material (Terms §I Act 5, §III Act 3.5).

use crate::domain::authority::Power;
use crate::domain::calendar;
use crate::domain::material::{self, Captured};
use crate::store::{
    self,
    games::{GameStatus, NewGame},
};

use super::{describe, GameError, GameReply};
use crate::app::{App, Call, PersonRef};

impl App {
    /// `/game adjudicate`: a Moderator ends a game by material (Terms §I Act 5).
    pub async fn adjudicate(
        &self,
        call: &Call,
        white: &PersonRef,
        black: &PersonRef,
        white_took: &str,
        black_took: &str,
    ) -> Result<GameReply, GameError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::Moderate.require(&actor.offices, "do this", "Terms §III Act 2, 3.4")?;
            let w = Captured::parse("White", white_took)?;
            let b = Captured::parse("Black", black_took)?;
            let players = self.check_players(conn, actor, white, black, false).await?;
            Self::check_overseer(actor, None, &[players.white.id, players.black.id])?;
            self.check_no_clock_requirement(conn, &[&players.white, &players.black])
                .await?;
            let session_id = self.check_session(conn).await?;
            self.players_present(
                conn,
                session_id,
                &[players.white.id, players.black.id],
                actor.id,
            )
            .await?;
            let result = material::decide(&w, &b);
            let status = if !players.waiting.is_empty() {
                GameStatus::WaitingJoin
            } else {
                GameStatus::Counted
            };
            let id = store::games::insert(
                conn,
                &NewGame {
                    session_id: Some(session_id),
                    white_id: players.white.id,
                    black_id: players.black.id,
                    result: result.key().into(),
                    online: false,
                    clock_used: false,
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
            let summary = describe(&players.white.name, &players.black.name, result);
            let changes = if status == GameStatus::Counted {
                self.count_game(conn, id, now).await?
            } else {
                "It counts once the non-Member joins (Terms §0 Act 12).".into()
            };
            let text = format!(
                "Game #{id} ended by material (Terms §I Act 5): {} took {}, {} took {}; {summary}. {changes} A player may object with /game object game:{id} (Terms §I Act 6).",
                players.white.name, w.points(), players.black.name, b.points()
            );
            self.announce(conn, &text).await?;
            Ok(GameReply(text))
        })
        .await
    }
}
