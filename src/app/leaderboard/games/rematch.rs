//! Rematches (Terms §I Act 6): a player objects to an adjudicated ending, the adjudicating
//! Moderator may lift the time limit, and the overseeing Moderator or Justice records the
//! rematch's result or who failed to play it.

use crate::app::leaderboard::Leaderboard;
use crate::domain::kernel::calendar;
use crate::domain::leaderboard::score::GameResult;
use crate::store::{
    self,
    leaderboard::games::{GameStatus, NewGame, RematchStatus},
};

use super::{describe, GameError, GameOutcome};
use crate::app::{Call, PersonRef};

impl Leaderboard<'_> {
    /// `/game object`: a player objects to an adjudicated ending; a rematch is due (Terms §I
    /// Act 6).
    pub async fn object(&self, call: &Call, number: i64) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let game = self.game(conn, number).await?;
            if !game.has_player(actor.id) {
                return Err(GameError::NotAPlayer(number));
            }
            if game.rematch_of.is_some() {
                return Err(GameError::RematchIsFinal(number));
            }
            if game.ended_by != "material" {
                return Err(GameError::NotAdjudicated(number));
            }
            if store::leaderboard::games::rematch_for(conn, number).await?.is_some() {
                return Err(GameError::AlreadyObjected(number));
            }
            // The rematch is for the following session, so an objection comes before it.
            let latest = store::leaderboard::sessions::latest(conn).await?.map(|s| s.id);
            if game.session_id.is_some() && latest > game.session_id {
                return Err(GameError::ObjectionTooLate(number));
            }
            if game.status() != GameStatus::Counted {
                return Err(GameError::WrongStatus(
                    number,
                    "not on the Leaderboard (voided, lapsed or not counted yet), so there is no ending to object to (Terms §I Act 6)",
                ));
            }
            store::leaderboard::games::file_rematch(conn, number, actor.id, self.now()).await?;
            let text = format!(
                "{} objects to the ending of game #{number}: a rematch is due at the next session, overseen by a Moderator or Justice, 5 minutes each with a chessclock preferred unless the adjudicating Moderator exempts it (Terms §I Act 6).",
                actor.name
            );
            self.announce(conn, &text).await?;
            Ok(GameOutcome::Announced {
                game: number,
                announced: text,
            })
        })
        .await
    }

    /// `/game exempt`: the adjudicating Moderator lifts a rematch's 5-minute limit (Terms §I
    /// Act 6).
    pub async fn exempt_rematch(&self, call: &Call, number: i64) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let game = self.game(conn, number).await?;
            if game.adjudicated_by != Some(actor.id) {
                return Err(GameError::NotAdjudicator(number));
            }
            let rematch = store::leaderboard::games::rematch_for(conn, number)
                .await?
                .filter(|r| r.status.is_due())
                .ok_or(GameError::NoRematchDue(number))?;
            let white = store::people::by_id(conn, game.white_id).await?;
            let black = store::people::by_id(conn, game.black_id).await?;
            self.check_no_clock_requirement(conn, &[&white, &black])
                .await?;
            store::leaderboard::games::exempt_rematch(conn, rematch.id).await?;
            Ok(GameOutcome::RematchExempt { game: number })
        })
        .await
    }

    /// `/game rematch`: the overseeing Moderator or Justice records the rematch's result, or
    /// who failed to play it (Terms §I Act 6).
    pub async fn record_rematch(
        &self,
        call: &Call,
        number: i64,
        result: Option<GameResult>,
        no_show: Option<&PersonRef>,
    ) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let game = self.game(conn, number).await?;
            Self::check_overseer(actor, Some(&game), &[])?;
            let rematch = store::leaderboard::games::rematch_for(conn, number)
                .await?
                .filter(|r| r.status.is_due())
                .ok_or(GameError::NoRematchDue(number))?;
            if game.status() != GameStatus::Counted {
                return Err(GameError::WrongStatus(
                    number,
                    "no longer on the Leaderboard",
                ));
            }
            let session_id = self.check_session(conn).await?;
            // "A rematch may occur on the following available session" (Terms §I Act 6).
            if game.session_id == Some(session_id) {
                return Err(GameError::RematchSameSession(number));
            }
            let names = (
                store::people::by_id(conn, game.white_id).await?.name,
                store::people::by_id(conn, game.black_id).await?.name,
            );
            let new_game = |result: GameResult, ended_by: &'static str| NewGame {
                session_id: Some(session_id),
                white_id: game.white_id,
                black_id: game.black_id,
                result: Some(result.key().into()),
                online: false,
                clock_used: rematch.time_limited,
                played_at: now,
                club_date: calendar::local_date(now, self.tz()),
                registered_by: actor.id,
                status: GameStatus::Counted,
                ended_by,
                adjudicated_by: None,
                material: None,
                rematch_of: Some(number),
            };
            let text = match (result, no_show) {
                (Some(r), None) => {
                    // A rematch is a game like any other: Terms §0 Acts 7 and 8 apply to it.
                    for (id, name) in [(game.white_id, &names.0), (game.black_id, &names.1)] {
                        if self.moderation().restrictions(conn, id, now).await?.banned() {
                            return Err(GameError::Banned(name.clone()));
                        }
                        if store::people::open_membership(conn, id).await?.is_none() {
                            return Err(GameError::Removed(name.clone()));
                        }
                    }
                    self.replace_game(conn, &game, "replaced by its rematch")
                        .await?;
                    let id = store::leaderboard::games::insert(conn, &new_game(r, "play")).await?;
                    // The overseer saw both players play it (Terms §I Act 6).
                    self.mark_present_by_game(
                        conn,
                        session_id,
                        &[game.white_id, game.black_id],
                        actor.id,
                        id,
                    )
                    .await?;
                    store::leaderboard::games::settle_rematch(
                        conn,
                        rematch.id,
                        RematchStatus::Played,
                        Some(id),
                        now,
                    )
                    .await?;
                    let changes = self.count_game(conn, id, now).await?;
                    format!(
                        "Rematch of game #{number} recorded as game #{id}: {}. It replaces the original and is final (Terms §I Act 6). {changes}",
                        describe(&names.0, &names.1, r)
                    )
                }
                (None, Some(absent)) => {
                    let absent = absent.find(conn)
                        .await?
                        .filter(|p| game.has_player(p.id))
                        .ok_or_else(|| GameError::NotInGame(absent.name.clone(), number))?;
                    if absent.id == rematch.petitioner_id {
                        let settled = RematchStatus::PetitionerAbsent;
                        store::leaderboard::games::settle_rematch(conn, rematch.id, settled, None, now).await?;
                        format!(
                            "{} objected but did not play the rematch, so game #{number} is final (Terms §I Act 6).",
                            absent.name
                        )
                    } else {
                        let winner = if rematch.petitioner_id == game.white_id {
                            GameResult::White
                        } else {
                            GameResult::Black
                        };
                        self.replace_game(
                            conn,
                            &game,
                            "forfeit: the opponent did not play the rematch",
                        )
                        .await?;
                        let id = store::leaderboard::games::insert(conn, &new_game(winner, "forfeit")).await?;
                        store::leaderboard::games::settle_rematch(
                            conn,
                            rematch.id,
                            RematchStatus::OpponentAbsent,
                            Some(id),
                            now,
                        )
                        .await?;
                        let changes = self.count_game(conn, id, now).await?;
                        format!(
                            "{} did not play the rematch, so game #{number} is forfeit to the petitioner and recorded as game #{id}: {} (Terms §I Act 6). {changes}",
                            absent.name,
                            describe(&names.0, &names.1, winner)
                        )
                    }
                }
                _ => return Err(GameError::ResultOrNoShow),
            };
            self.announce(conn, &text).await?;
            Ok(GameOutcome::Announced {
                game: number,
                announced: text,
            })
        })
        .await
    }
}
