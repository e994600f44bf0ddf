//! `/game register` and `/game start`: a game enters the record, refused with the Act that
//! refuses it when invalid (Terms §0 Acts 5-12, §I Act 9, §II Acts 4, 10.4, 11).

use crate::app::leaderboard::Leaderboard;
use crate::domain::kernel::calendar;
use crate::domain::leaderboard::confirm::{with_confirmation, Report};
use crate::domain::leaderboard::game::status_on_registration;
use crate::store::{
    self,
    leaderboard::games::{GameStatus, NewGame},
    people::Person,
};

use super::{describe, GameError, GameInput, GameOutcome};
use crate::app::{Call, PersonRef};

impl Leaderboard<'_> {
    /// `/game register`: records a game, refused with the Act that refuses it when invalid.
    pub async fn register_game(
        &self,
        call: &Call,
        input: &GameInput,
    ) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let result = input.result;
            let players = self
                .check_players(conn, actor, &input.white, &input.black, input.online)
                .await?;
            let session_id = if input.online {
                None
            } else {
                let session = self.check_session(conn).await?;
                self.check_join_possible(conn, session, &players).await?;
                Some(session)
            };
            for p in [&players.white, &players.black] {
                if self
                    .moderation()
                    .restrictions(conn, p.id, now)
                    .await?
                    .clock_required
                    && !input.clock
                {
                    return Err(GameError::ClockRequired(p.name.clone()));
                }
            }
            let date = calendar::local_date(now, self.tz());
            let mut started = None;
            if input.online {
                started = self.check_online(conn, &players, date).await?;
            }
            // A non-Member's game waits for them to join during this session (Terms §0 Act 12),
            // which they do in the room: a non-Member opponent's presence is not asked for now.
            let members: Vec<&Person> = [&players.white, &players.black]
                .into_iter()
                .filter(|p| p.id == actor.id || !players.waiting.contains(&p.name))
                .collect();
            let made_present = match session_id {
                Some(session) => {
                    self.presence_from_game(conn, session, &members, actor.id)
                        .await?
                }
                None => Vec::new(),
            };
            // A Moderator who did not play and registers the game approves it by doing so.
            let approver = Self::approves(actor, &players);
            let confirmer = Report {
                registrant: actor.id,
                white: players.white.id,
                black: players.black.id,
                result,
            }
            .confirmer(self.config().leaderboard.confirm_results);
            let status = with_confirmation(
                status_on_registration(!players.waiting.is_empty(), players.monitored, approver),
                confirmer,
            );
            let game = NewGame {
                session_id,
                white_id: players.white.id,
                black_id: players.black.id,
                result: Some(result.key().to_owned()),
                online: input.online,
                clock_used: input.clock,
                played_at: now,
                club_date: date,
                registered_by: actor.id,
                status,
                ended_by: "play",
                adjudicated_by: None,
                material: None,
                rematch_of: None,
            };
            let id = match started {
                Some(id) => {
                    store::leaderboard::games::set_result(conn, id, result.key()).await?;
                    store::leaderboard::games::set_status(conn, id, status).await?;
                    id
                }
                None => store::leaderboard::games::insert(conn, &game).await?,
            };
            if let Some(session) = session_id {
                self.mark_present_by_game(conn, session, &made_present, actor.id, id)
                    .await?;
            }
            let summary = describe(&players.white.name, &players.black.name, result);
            let outcome = match status {
                GameStatus::WaitingJoin => GameOutcome::WaitsForJoin {
                    game: id,
                    summary,
                    waiting: players.waiting.clone(),
                },
                GameStatus::PendingApproval => {
                    let game = store::leaderboard::games::by_id(conn, id)
                        .await?
                        .ok_or(sqlx::Error::RowNotFound)?;
                    self.ask_for_approval(conn, &game).await?;
                    GameOutcome::WaitsForApproval { game: id, summary }
                }
                GameStatus::AwaitingConfirmation => {
                    let game = store::leaderboard::games::by_id(conn, id)
                        .await?
                        .ok_or(sqlx::Error::RowNotFound)?;
                    let waits = self.ask_for_confirmation(conn, &game).await?;
                    GameOutcome::WaitsForConfirmation {
                        game: id,
                        summary,
                        waits,
                    }
                }
                _ => {
                    let changes = self.count_game(conn, id, now).await?;
                    GameOutcome::Registered {
                        game: id,
                        summary,
                        changes,
                    }
                }
            };
            Ok(outcome)
        })
        .await
    }

    /// `/game start`: an online game begins and holds the club's one online slot (Terms §I
    /// Act 9.1).
    pub async fn start_online(
        &self,
        call: &Call,
        white: &PersonRef,
        black: &PersonRef,
    ) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let players = self.check_players(conn, actor, white, black, true).await?;
            let date = calendar::local_date(now, self.tz());
            if let Some(id) = self.check_online(conn, &players, date).await? {
                return Err(GameError::AlreadyStarted(id));
            }
            let id = store::leaderboard::games::insert(
                conn,
                &NewGame {
                    session_id: None,
                    white_id: players.white.id,
                    black_id: players.black.id,
                    result: None,
                    online: true,
                    clock_used: false,
                    played_at: now,
                    club_date: date,
                    registered_by: actor.id,
                    status: GameStatus::InProgress,
                    ended_by: "play",
                    adjudicated_by: None,
                    material: None,
                    rematch_of: None,
                },
            )
            .await?;
            Ok(GameOutcome::OnlineStarted {
                game: id,
                white: players.white.name,
                black: players.black.name,
            })
        })
        .await
    }
}
