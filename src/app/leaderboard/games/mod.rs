//! Games: registering with every validity rule (Terms §0 Acts 5-12, §I Act 9, §II Act 4),
//! voiding, ending by material (§I Act 5) and rematches (§I Act 6). One file per use case; this
//! module holds their errors, replies and the checks they share.

mod adjudicate;
pub mod approval;
pub mod confirm;
mod register;
mod rematch;
mod void;

use crate::app::leaderboard::Leaderboard;
use crate::app::PersonRef;

use sqlx::SqliteConnection;

use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::calendar;
use crate::domain::kernel::text::TextError;
use crate::domain::leaderboard::confirm::Report;
use crate::domain::leaderboard::game::{Participants, RegisterRefusal};
use crate::domain::leaderboard::material::MaterialError;
use crate::domain::leaderboard::score::{GameResult, Movement};
use crate::domain::leaderboard::session::{in_grace, may_become_present, may_still_join};
use crate::store::{
    self,
    leaderboard::events::NewEvent,
    leaderboard::games::{Game, GameStatus, RematchStatus},
    people::Person,
};

use crate::app::{Actor, UseCaseError};
use crate::store::leaderboard::events::EventKind;

#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Register(#[from] RegisterRefusal),
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("Moderators shall not act in games they took part in (Terms §III Act 3.5).")]
    OwnGame,
    #[error("No club session is open: games must take place {0} (Terms §0 Act 5). Online games are exempt (Terms §0 Act 10).")]
    NoSession(String),
    #[error("No session is open, so no Moderator is present and a game now would be invalid (Terms §0 Act 6). A Moderator opens the session with /session open.")]
    NotOpened,
    #[error("Games must take place {0} (Terms §0 Act 5); it is not that time now.")]
    OutsideWindow(String),
    #[error("Today's session ended at {ended}; its games could be registered until {until} (Terms §0 Act 5, §I Act 5).")]
    SessionEnded { ended: String, until: String },
    #[error("{0} is not present at this session. A player is present by checking in (/session here) or by a Moderator's mark (/session mark); a game does not make its opponent present (Terms §0 Act 9).")]
    NotPresent(String),
    #[error("You have not checked in, and registering now cannot make you present: being present means being in {place} for no less than 5 minutes of the session (Terms §0 Act 9), and it ends at {end}. A Moderator who saw you here can mark you present with /session mark.")]
    TooLateToBePresent { place: String, end: String },
    #[error("No Moderator is present at this session, so the game is invalid (Terms §0 Act 6). A Moderator checks in with /session here.")]
    NoModerator,
    #[error("{0} is banned, so a game with them is invalid (Terms §0 Act 7).")]
    Banned(String),
    #[error("{0} was removed from the Leaderboard and has not rejoined, so a game with them is invalid (Terms §0 Act 8). They may /join again.")]
    Removed(String),
    #[error("{0} is not a Member; an online game needs both players on the Leaderboard first (Terms §0 Act 12).")]
    NotMemberOnline(String),
    #[error("{who} is not a Member, and the session ended at {ended}: a game with a non-Member counts only if they join the Leaderboard within the same session, which is over, so the game cannot be recorded (Terms §0 Act 12). They may /join and play at a later session.")]
    JoinTooLate { who: String, ended: String },
    #[error("Another online game (#{0}) is being played; there is only one online game at once (Terms §I Act 9.1).")]
    OnlineBusy(i64),
    #[error("{0} has already played an online game today; one online game per player per day (Terms §I Act 9.2).")]
    OnlineToday(String),
    #[error("{0} must use a chessclock in every game (Terms §II Act 11); register with clock:true once one was used.")]
    ClockRequired(String),
    #[error("{0} must use a chessclock in every game (Terms §II Act 11), so the game ends by the clock (Terms §I Act 7.5), not by material or without a time limit.")]
    ClockGameNotByMaterial(String),
    #[error("There is no game #{0}.")]
    NoGame(i64),
    #[error("Online game #{0} was started with the other colours; register it with white and black as they were started.")]
    SwappedColours(i64),
    #[error("Game #{0} is {1}, so this cannot be done.")]
    WrongStatus(i64, &'static str),
    #[error("Online game #{0} between these players is already being played; when it ends, register the result with /game register ... online:true (Terms §I Act 9.1).")]
    AlreadyStarted(i64),
    #[error("Only a player in game #{0} may object to its ending (Terms §I Act 6).")]
    NotAPlayer(i64),
    #[error("Game #{0} was not ended by a Moderator for lack of time, so there is no ending to object to (Terms §I Act 6).")]
    NotAdjudicated(i64),
    #[error("Game #{0} is a rematch; a rematched game is final (Terms §I Act 6).")]
    RematchIsFinal(i64),
    #[error("The ending of game #{0} could be objected to until the next session began; a rematch occurs on the following available session (Terms §I Act 6).")]
    ObjectionTooLate(i64),
    #[error("An objection to game #{0} was already made; there is one rematch at most (Terms §I Act 6).")]
    AlreadyObjected(i64),
    #[error("No rematch of game #{0} is due: nobody has objected to its ending, or its rematch is settled (Terms §I Act 6).")]
    NoRematchDue(i64),
    #[error("The rematch of game #{0} is played at the following session, not the session the game was ended in (Terms §I Act 6).")]
    RematchSameSession(i64),
    #[error("Only the Moderator who adjudicated game #{0} may exempt its rematch from the time limit (Terms §I Act 6).")]
    NotAdjudicator(i64),
    #[error("{0} did not play in game #{1}, so cannot have failed to play its rematch (Terms §I Act 6).")]
    NotInGame(String, i64),
    #[error("Only the opponent of the player who registered game #{0} confirms or disputes it; a Moderator who did not play decides it with /game approve or /game void.")]
    NotConfirmer(i64),
    #[error("Game #{0} is not waiting for its opponent's confirmation: it is {1}.")]
    NotAwaitingConfirmation(i64, &'static str),
    #[error("Give the rematch's result, or who failed to play it, not both (Terms §I Act 6).")]
    ResultOrNoShow,
    #[error(transparent)]
    Material(#[from] MaterialError),
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for GameError {
    fn is_internal(&self) -> bool {
        matches!(self, GameError::Store(_))
    }
}

/// What a game command did: `commands/leaderboard/said.rs` puts it into words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameOutcome {
    /// Game `game` is registered and counts; `changes` says how the scores moved.
    Registered {
        game: i64,
        summary: String,
        changes: String,
    },
    /// Game `game` is recorded; it counts once `waiting` join the Leaderboard during this
    /// session (Terms §0 Act 12).
    WaitsForJoin {
        game: i64,
        summary: String,
        waiting: Vec<String>,
    },
    /// Game `game` is recorded; a player is monitored, so it waits for a Moderator's approval
    /// (Terms §II Act 10.4).
    WaitsForApproval { game: i64, summary: String },
    /// Game `game` is recorded; `waits` says whose word it waits for, and until when.
    WaitsForConfirmation {
        game: i64,
        summary: String,
        waits: String,
    },
    /// Online game `game` is started.
    OnlineStarted {
        game: i64,
        white: String,
        black: String,
    },
    /// Game `game` took a step #discussion was told of (a confirmation, an ending by
    /// material, an objection, a rematch's result); `announced` is what it was told.
    Announced { game: i64, announced: String },
    /// The opponent disputes game `game`, so it waits for the Moderators.
    Disputed {
        game: i64,
        by: String,
        reason: Option<String>,
    },
    /// The rematch of game `game` is exempt from the 5-minute limit (Terms §I Act 6).
    RematchExempt { game: i64 },
    /// Game `game` is void; `effect` says how the scores moved back.
    Void { game: i64, effect: String },
}

/// A game registration as typed.
#[derive(Debug, Clone)]
pub struct GameInput {
    pub white: PersonRef,
    pub black: PersonRef,
    pub result: GameResult,
    pub online: bool,
    pub clock: bool,
}

/// The players of a game being registered, resolved.
pub(super) struct Players {
    pub white: Person,
    pub black: Person,
    /// Players who are not Members yet (the game waits for them to join).
    pub waiting: Vec<String>,
    pub monitored: bool,
}

impl Leaderboard<'_> {
    /// Resolves both players and applies the rules about who may play (Terms §0 Acts 7, 8, 12).
    pub(super) async fn check_players(
        &self,
        conn: &mut SqliteConnection,
        actor: &Actor,
        white: &PersonRef,
        black: &PersonRef,
        online: bool,
    ) -> Result<Players, GameError> {
        let now = self.now();
        let white = white.resolve(conn, now).await?;
        let black = black.resolve(conn, now).await?;
        participants(actor, white.id, black.id).may_register()?;
        let mut waiting = Vec::new();
        let mut monitored = false;
        for p in [&white, &black] {
            let r = self.moderation().restrictions(conn, p.id, now).await?;
            if r.banned() {
                return Err(GameError::Banned(p.name.clone()));
            }
            monitored |= r.monitored;
            if store::people::open_membership(conn, p.id).await?.is_none() {
                if store::people::last_membership(conn, p.id).await?.is_some() {
                    return Err(GameError::Removed(p.name.clone()));
                }
                if online {
                    return Err(GameError::NotMemberOnline(p.name.clone()));
                }
                waiting.push(p.name.clone());
            }
        }
        Ok(Players {
            white,
            black,
            waiting,
            monitored,
        })
    }

    /// An open session, inside its window, with a Moderator present (Terms §0 Acts 5, 6).
    pub(super) async fn check_session(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<i64, GameError> {
        let window = self.window(conn).await?;
        let now = self.now();
        let grace = chrono::Duration::minutes(self.config().session.registration_grace);
        let session = match store::leaderboard::sessions::open_session(conn).await? {
            Some(session) if window.contains(now) => session,
            Some(_) => return Err(GameError::OutsideWindow(window.describe())),
            None => match store::leaderboard::sessions::latest(conn).await? {
                // A session that closed at its window's end a moment ago still takes its games
                // (Terms §I Act 5); one a Moderator closed early does not.
                Some(last)
                    if last.closed_at.is_some_and(|c| {
                        c >= window.end_on(last.club_date) && in_grace(c, now, grace)
                    }) =>
                {
                    last
                }
                Some(last)
                    if last.club_date == calendar::local_date(now, self.tz())
                        && !window.contains(now) =>
                {
                    let closed = last.closed_at.unwrap_or(now);
                    return Err(GameError::SessionEnded {
                        ended: calendar::show(closed, self.tz()),
                        until: calendar::show(closed + grace, self.tz()),
                    });
                }
                // In the window, the missing piece is the Moderator who opens the session.
                _ if window.contains(now) => return Err(GameError::NotOpened),
                _ => return Err(GameError::NoSession(window.describe())),
            },
        };
        if store::leaderboard::sessions::moderator_present(conn, session.id).await? {
            return Ok(session.id);
        }
        Err(GameError::NoModerator)
    }

    /// A game with a non-Member waits for them to join within the same session (Terms §0 Act
    /// 12): refused when that session has closed and the game is entered in its grace, since
    /// the join can no longer come and the game would wait for ever.
    pub(super) async fn check_join_possible(
        &self,
        conn: &mut SqliteConnection,
        session_id: i64,
        players: &Players,
    ) -> Result<(), GameError> {
        if players.waiting.is_empty() {
            return Ok(());
        }
        let session = store::leaderboard::sessions::by_id(conn, session_id).await?;
        match session.closed_at {
            Some(closed) if !may_still_join(Some(closed), self.now()) => {
                Err(GameError::JoinTooLate {
                    who: players.waiting.join(" and "),
                    ended: calendar::show(closed, self.tz()),
                })
            }
            _ => Ok(()),
        }
    }

    /// Who a game played in the room makes present, refused before anything is written when
    /// it would make present someone who is not there (Terms §0 Act 9). A player already present
    /// stays so. The registrant who has not checked in is present by registering, under the
    /// same rule as checking in (five minutes of the session left). Any other player must
    /// already be present: a game does not vouch for its opponent.
    pub(super) async fn presence_from_game(
        &self,
        conn: &mut SqliteConnection,
        session_id: i64,
        players: &[&Person],
        registrant: i64,
    ) -> Result<Vec<i64>, GameError> {
        let mut made_present = Vec::new();
        for p in players {
            if store::leaderboard::sessions::is_present(conn, session_id, p.id).await? {
                continue;
            }
            if p.id != registrant {
                return Err(GameError::NotPresent(p.name.clone()));
            }
            let session = store::leaderboard::sessions::by_id(conn, session_id).await?;
            let window = self.window(conn).await?;
            if !may_become_present(self.now(), window.end_on(session.club_date)) {
                return Err(GameError::TooLateToBePresent {
                    place: window.place,
                    end: window.end.format("%H:%M").to_string(),
                });
            }
            made_present.push(p.id);
        }
        Ok(made_present)
    }

    /// Records presence that only the game `game_id` made, so voiding the game takes it away.
    pub(super) async fn mark_present_by_game(
        &self,
        conn: &mut SqliteConnection,
        session_id: i64,
        people: &[i64],
        by: i64,
        game_id: i64,
    ) -> sqlx::Result<()> {
        for &p in people {
            store::leaderboard::sessions::mark_present_by_game(
                conn,
                session_id,
                p,
                by,
                game_id,
                self.now(),
            )
            .await?;
        }
        Ok(())
    }

    /// One online game at once, one per player per day (Terms §I Act 9.1, 9.2). Returns the
    /// started game these players are finishing, if any.
    pub(super) async fn check_online(
        &self,
        conn: &mut SqliteConnection,
        players: &Players,
        date: chrono::NaiveDate,
    ) -> Result<Option<i64>, GameError> {
        let mut finishing = None;
        for game in store::leaderboard::games::with_status(conn, GameStatus::InProgress).await? {
            let same = game.has_player(players.white.id) && game.has_player(players.black.id);
            if same && game.white_id != players.white.id {
                // The started game's colours are the record; a swapped registration would
                // give the win to the wrong player.
                return Err(GameError::SwappedColours(game.id));
            } else if same {
                finishing = Some(game.id);
            } else {
                return Err(GameError::OnlineBusy(game.id));
            }
        }
        for p in [&players.white, &players.black] {
            let today = store::leaderboard::games::online_games_on(conn, p.id, date).await?;
            if today.iter().any(|g| Some(g.id) != finishing) {
                return Err(GameError::OnlineToday(p.name.clone()));
            }
        }
        Ok(finishing)
    }

    /// A player under a chessclock requirement plays by the clock (Terms §II Act 11): their
    /// games are not ended by material, and their rematches keep the time limit.
    pub(super) async fn check_no_clock_requirement(
        &self,
        conn: &mut SqliteConnection,
        players: &[&Person],
    ) -> Result<(), GameError> {
        for p in players {
            if self
                .moderation()
                .restrictions(conn, p.id, self.now())
                .await?
                .clock_required
            {
                return Err(GameError::ClockGameNotByMaterial(p.name.clone()));
            }
        }
        Ok(())
    }

    /// Terms §II Act 10.4: a monitored member's game must be approved by a Moderator. One who
    /// did not play and registers, adjudicates or oversees the game approves it by doing so.
    pub(super) fn approves(actor: &Actor, players: &Players) -> bool {
        participants(actor, players.white.id, players.black.id).approves()
    }

    /// Puts a game on the Leaderboard: appends its event and describes the score changes.
    pub(crate) async fn count_game(
        &self,
        conn: &mut SqliteConnection,
        game_id: i64,
        at: chrono::DateTime<chrono::Utc>,
    ) -> sqlx::Result<String> {
        store::leaderboard::games::set_status(conn, game_id, GameStatus::Counted).await?;
        let event = store::leaderboard::events::append(
            conn,
            &NewEvent {
                at,
                kind: EventKind::Game,
                person_id: None,
                game_id: Some(game_id),
                action_id: None,
                amount: None,
                reason: "game",
            },
        )
        .await?;
        let ledger = self.ledger_of(conn, &[event]).await?;
        let moves: Vec<&Movement> = ledger
            .movements
            .iter()
            .filter(|m| m.event_id == event)
            .collect();
        let mut parts = Vec::new();
        for m in moves {
            let name = store::people::by_id(conn, m.person).await?.name;
            parts.push(format!("{name} {} → {}", m.before, m.after));
        }
        Ok(format!("Scores: {}.", parts.join(", ")))
    }

    /// After someone joins: games of the open session that waited for them are counted
    /// (Terms §0 Act 12). Returns a sentence per game.
    pub(crate) async fn complete_waiting_games(
        &self,
        conn: &mut SqliteConnection,
        person_id: i64,
    ) -> sqlx::Result<Vec<String>> {
        let Some(session) = store::leaderboard::sessions::open_session(conn).await? else {
            return Ok(vec![]);
        };
        let now = self.now();
        let mut done = Vec::new();
        for game in store::leaderboard::games::with_status(conn, GameStatus::WaitingJoin).await? {
            if game.session_id != Some(session.id) || !game.has_player(person_id) {
                continue;
            }
            let other = game.opponent_of(person_id);
            if store::people::open_membership(conn, other).await?.is_none() {
                continue; // still waiting for the other player
            }
            let monitored = self
                .moderation()
                .restrictions(conn, game.white_id, now)
                .await?
                .monitored
                || self
                    .moderation()
                    .restrictions(conn, game.black_id, now)
                    .await?
                    .monitored;
            let registrar = store::offices::offices_of(conn, game.registered_by).await?;
            let approved = registrar.has_moderator_powers() && !game.has_player(game.registered_by);
            let confirmer = Report {
                registrant: game.registered_by,
                white: game.white_id,
                black: game.black_id,
                result: game
                    .result
                    .as_deref()
                    .and_then(GameResult::parse)
                    .unwrap_or(GameResult::Draw),
            }
            .confirmer(self.config().leaderboard.confirm_results);
            if confirmer.is_some() {
                store::leaderboard::games::set_status(
                    conn,
                    game.id,
                    GameStatus::AwaitingConfirmation,
                )
                .await?;
                let waits = self.ask_for_confirmation(conn, &game).await?;
                done.push(format!("Game #{}: {waits}", game.id));
            } else if monitored && !approved {
                store::leaderboard::games::set_status(conn, game.id, GameStatus::PendingApproval)
                    .await?;
                self.ask_for_approval(conn, &game).await?;
                done.push(format!(
                    "Game #{} now waits for a Moderator's approval.",
                    game.id
                ));
            } else {
                let changes = self.count_game(conn, game.id, now).await?;
                done.push(format!("Game #{} now counts. {changes}", game.id));
            }
        }
        Ok(done)
    }

    pub(super) async fn game(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<Game, GameError> {
        store::leaderboard::games::by_id(conn, number)
            .await?
            .ok_or(GameError::NoGame(number))
    }

    /// A Moderator who did not play in the game (Terms §III Act 3.5).
    pub(super) fn check_overseer(
        actor: &Actor,
        game: Option<&Game>,
        players: &[i64],
    ) -> Result<(), GameError> {
        Power::Moderate.require(&actor.offices, "do this", "Terms §III Act 2, 3.4")?;
        if players.contains(&actor.id) || game.is_some_and(|g| g.has_player(actor.id)) {
            return Err(GameError::OwnGame);
        }
        Ok(())
    }

    /// Voids a game and its events; every later score is re-derived by the fold.
    pub(crate) async fn void_game_in(
        &self,
        conn: &mut SqliteConnection,
        game: &Game,
        reason: &str,
    ) -> Result<String, GameError> {
        if let Err(refusal) = game.status().void() {
            return Err(GameError::WrongStatus(game.id, refusal.state()));
        }
        let now = self.now();
        store::leaderboard::games::mark_void(conn, game.id, reason, now).await?;
        store::leaderboard::events::void_game(conn, game.id, now, reason).await?;
        store::leaderboard::sessions::forget_presence_by_game(conn, game.id).await?;
        // A void game has no ending left to object to: a rematch still due lapses with it.
        if let Some(r) = store::leaderboard::games::rematch_for(conn, game.id).await? {
            if let Ok(settled) = r.status.settle(RematchStatus::VoidWithGame) {
                store::leaderboard::games::settle_rematch(conn, r.id, settled, None, now).await?;
            }
        }
        Ok("It is reversed as though it never happened (Terms §II Act 5).".to_owned())
    }

    /// Takes a game off the Leaderboard because another game stands in its place.
    pub(super) async fn replace_game(
        &self,
        conn: &mut SqliteConnection,
        game: &Game,
        why: &str,
    ) -> sqlx::Result<()> {
        store::leaderboard::games::set_status(conn, game.id, GameStatus::Replaced).await?;
        store::leaderboard::events::void_game(conn, game.id, self.now(), why).await?;
        Ok(())
    }
}

/// "alice (white) beat bob", "alice and bob drew".
pub fn describe(white: &str, black: &str, result: GameResult) -> String {
    match result {
        GameResult::White => format!("{white} (white) beat {black}"),
        GameResult::Black => format!("{black} (black) beat {white}"),
        GameResult::Draw => format!("{white} (white) and {black} drew"),
    }
}

/// The people a rule about registering or overseeing a game looks at.
fn participants(actor: &Actor, white: i64, black: i64) -> Participants {
    Participants {
        actor: actor.id,
        actor_moderates: actor.offices.has_moderator_powers(),
        white,
        black,
    }
}
