//! Games: registering with every validity rule (Terms §0 Acts 5-12, §I Act 9, §II Act 4),
//! voiding, ending by material (§I Act 5) and rematches (§I Act 6).

use std::fmt;

use serde_json::json;
use sqlx::SqliteConnection;

use crate::domain::calendar;
use crate::domain::material::{self, Captured, MaterialError};
use crate::domain::score::{GameResult, Movement};
use crate::domain::text::{Reason, TextError};
use crate::store::{
    self,
    events::NewEvent,
    games::{Game, GameStatus, NewGame},
    people::{Person, PersonRef},
};

use super::{Actor, App, Command, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("A player cannot play against themselves; only games actually played may be registered (Terms §II Act 4.1).")]
    SamePlayer,
    #[error("Only a player in the game or a Moderator may register it (Terms §II Act 4).")]
    NotParticipant,
    #[error("Only a Moderator, Justice or the Chief Justice may do this (Terms §III Act 2, 3.4).")]
    NotModerator,
    #[error("Moderators shall not act in games they took part in (Terms §III Act 3.5).")]
    OwnGame,
    #[error("No club session is open: games must take place {0} (Terms §0 Act 5). Online games are exempt (Terms §0 Act 10).")]
    NoSession(String),
    #[error("No session is open, so no Moderator is present and a game now would be invalid (Terms §0 Act 6). A Moderator opens the session with /session open.")]
    NotOpened,
    #[error("Games must take place {0} (Terms §0 Act 5); it is not that time now.")]
    OutsideWindow(String),
    #[error("No Moderator is present at this session, so the game is invalid (Terms §0 Act 6). A Moderator checks in with /session here.")]
    NoModerator,
    #[error("{0} is banned, so a game with them is invalid (Terms §0 Act 7).")]
    Banned(String),
    #[error("{0} was removed from the Leaderboard and has not rejoined, so a game with them is invalid (Terms §0 Act 8). They may /join again.")]
    Removed(String),
    #[error("{0} is not a Member; an online game needs both players on the Leaderboard first (Terms §0 Act 12).")]
    NotMemberOnline(String),
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
    #[error("`{0}` is not a result; choose white, black or draw.")]
    BadResult(String),
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

/// What a game command did.
#[derive(Debug, Clone)]
pub struct GameReply(pub String);

impl fmt::Display for GameReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A game registration as typed.
#[derive(Debug, Clone)]
pub struct GameInput {
    pub white: PersonRef,
    pub black: PersonRef,
    pub result: String,
    pub online: bool,
    pub clock: bool,
}

pub fn parse_result(text: &str) -> Result<GameResult, GameError> {
    GameResult::parse(text.trim()).ok_or_else(|| GameError::BadResult(text.to_owned()))
}

/// The players of a game being registered, resolved.
struct Players {
    white: Person,
    black: Person,
    /// Players who are not Members yet (the game waits for them to join).
    waiting: Vec<String>,
    monitored: bool,
}

impl App {
    /// `/game register`: records a game, refused with the Act that refuses it when invalid.
    #[tracing::instrument(skip_all, fields(caller = %caller.name))]
    pub async fn register_game(
        &self,
        caller: &PersonRef,
        input: &GameInput,
    ) -> Result<GameReply, GameError> {
        let command = Command::new(
            "game register",
            json!({ "white": input.white.name, "black": input.black.name, "result": input.result,
                    "online": input.online, "clock": input.clock }),
        );
        let mut tx = self.begin().await?;
        let result = self.register_in(&mut tx, caller, input).await;
        self.conclude(tx, caller, command, result).await
    }

    async fn register_in(
        &self,
        conn: &mut SqliteConnection,
        caller: &PersonRef,
        input: &GameInput,
    ) -> Result<GameReply, GameError> {
        let now = self.now();
        let result = parse_result(&input.result)?;
        let actor = self.actor(conn, caller).await?;
        let players = self
            .check_players(conn, &actor, &input.white, &input.black, input.online)
            .await?;
        let session_id = if input.online {
            None
        } else {
            Some(self.check_session(conn).await?)
        };
        for p in [&players.white, &players.black] {
            if self.restrictions(conn, p.id, now).await?.clock_required && !input.clock {
                return Err(GameError::ClockRequired(p.name.clone()));
            }
        }
        let date = calendar::local_date(now, self.tz());
        let mut started = None;
        if input.online {
            started = self.check_online(conn, &players, date).await?;
        }
        if let Some(session) = session_id {
            self.players_present(
                conn,
                session,
                &[players.white.id, players.black.id],
                actor.id,
            )
            .await?;
        }
        // A Moderator who did not play and registers the game approves it by doing so.
        let approver = Self::approves(&actor, &players);
        let status = if !players.waiting.is_empty() {
            GameStatus::WaitingJoin
        } else if players.monitored && !approver {
            GameStatus::PendingApproval
        } else {
            GameStatus::Counted
        };
        let game = NewGame {
            session_id,
            white_id: players.white.id,
            black_id: players.black.id,
            result: result.key().to_owned(),
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
                store::games::set_result(conn, id, result.key()).await?;
                store::games::set_status(conn, id, status).await?;
                id
            }
            None => store::games::insert(conn, &game).await?,
        };
        let summary = describe(&players.white.name, &players.black.name, result);
        let reply = match status {
            GameStatus::WaitingJoin => format!(
                "Game #{id} recorded: {summary}. It counts once {} {} the Leaderboard during this session (Terms §0 Act 12).",
                players.waiting.join(" and "),
                if players.waiting.len() == 1 { "joins" } else { "join" }
            ),
            GameStatus::PendingApproval => format!(
                "Game #{id} recorded: {summary}. A player is monitored, so it waits for a Moderator's approval (Terms §II Act 10.4)."
            ),
            _ => {
                let changes = self.count_game(conn, id, now).await?;
                format!("Game #{id} registered: {summary}. {changes}")
            }
        };
        Ok(GameReply(reply))
    }

    /// Resolves both players and applies the rules about who may play (Terms §0 Acts 7, 8, 12).
    async fn check_players(
        &self,
        conn: &mut SqliteConnection,
        actor: &Actor,
        white: &PersonRef,
        black: &PersonRef,
        online: bool,
    ) -> Result<Players, GameError> {
        let now = self.now();
        let white = store::people::resolve(conn, white, now).await?;
        let black = store::people::resolve(conn, black, now).await?;
        if white.id == black.id {
            return Err(GameError::SamePlayer);
        }
        if actor.id != white.id && actor.id != black.id && !actor.offices.has_moderator_powers() {
            return Err(GameError::NotParticipant);
        }
        let mut waiting = Vec::new();
        let mut monitored = false;
        for p in [&white, &black] {
            let r = self.restrictions(conn, p.id, now).await?;
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
    async fn check_session(&self, conn: &mut SqliteConnection) -> Result<i64, GameError> {
        let window = self.window();
        let session = match store::sessions::open_session(conn).await? {
            Some(session) => session,
            // In the window, the missing piece is the Moderator who opens the session.
            None if window.contains(self.now()) => return Err(GameError::NotOpened),
            None => return Err(GameError::NoSession(window.describe())),
        };
        if !window.contains(self.now()) {
            return Err(GameError::OutsideWindow(window.describe()));
        }
        for person in store::sessions::present(conn, session.id).await? {
            if store::offices::offices_of(conn, person)
                .await?
                .has_moderator_powers()
            {
                return Ok(session.id);
            }
        }
        Err(GameError::NoModerator)
    }

    /// The players of a game played in the room were in it during the session, so they are
    /// present (Terms §0 Act 9) whether or not they checked in; the weekly review reads this.
    async fn players_present(
        &self,
        conn: &mut SqliteConnection,
        session_id: i64,
        players: &[i64],
        by: i64,
    ) -> sqlx::Result<()> {
        for &p in players {
            store::sessions::mark_present(conn, session_id, p, Some(by), self.now()).await?;
        }
        Ok(())
    }

    /// One online game at once, one per player per day (Terms §I Act 9.1, 9.2). Returns the
    /// started game these players are finishing, if any.
    async fn check_online(
        &self,
        conn: &mut SqliteConnection,
        players: &Players,
        date: chrono::NaiveDate,
    ) -> Result<Option<i64>, GameError> {
        let mut finishing = None;
        for game in store::games::with_status(conn, GameStatus::InProgress).await? {
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
            let today = store::games::online_games_on(conn, p.id, date).await?;
            if today.iter().any(|g| Some(g.id) != finishing) {
                return Err(GameError::OnlineToday(p.name.clone()));
            }
        }
        Ok(finishing)
    }

    /// A player under a chessclock requirement plays by the clock (Terms §II Act 11): their
    /// games are not ended by material, and their rematches keep the time limit.
    async fn check_no_clock_requirement(
        &self,
        conn: &mut SqliteConnection,
        players: &[&Person],
    ) -> Result<(), GameError> {
        for p in players {
            if self
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
    fn approves(actor: &Actor, players: &Players) -> bool {
        actor.offices.has_moderator_powers()
            && actor.id != players.white.id
            && actor.id != players.black.id
    }

    /// `/game start`: an online game begins and holds the club's one online slot (Terms §I Act 9.1).
    pub async fn start_online(
        &self,
        caller: &PersonRef,
        white: &PersonRef,
        black: &PersonRef,
    ) -> Result<GameReply, GameError> {
        let command = Command::new(
            "game start",
            json!({ "white": white.name, "black": black.name }),
        );
        let mut tx = self.begin().await?;
        let result = async {
            let now = self.now();
            let actor = self.actor(&mut tx, caller).await?;
            let players = self.check_players(&mut tx, &actor, white, black, true).await?;
            let date = calendar::local_date(now, self.tz());
            if let Some(id) = self.check_online(&mut tx, &players, date).await? {
                return Err(GameError::AlreadyStarted(id));
            }
            let id = store::games::insert(
                &mut tx,
                &NewGame {
                    session_id: None,
                    white_id: players.white.id,
                    black_id: players.black.id,
                    result: "draw".into(),
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
            Ok(GameReply(format!(
                "Online game #{id} started: {} (white) against {} (black). Register the result with /game register ... online:true.",
                players.white.name, players.black.name
            )))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

    /// Puts a game on the Leaderboard: appends its event and describes the score changes.
    pub(crate) async fn count_game(
        &self,
        conn: &mut SqliteConnection,
        game_id: i64,
        at: chrono::DateTime<chrono::Utc>,
    ) -> sqlx::Result<String> {
        store::games::set_status(conn, game_id, GameStatus::Counted).await?;
        let event = store::events::append(
            conn,
            &NewEvent {
                at,
                kind: "game",
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
        let Some(session) = store::sessions::open_session(conn).await? else {
            return Ok(vec![]);
        };
        let now = self.now();
        let mut done = Vec::new();
        for game in store::games::with_status(conn, GameStatus::WaitingJoin).await? {
            if game.session_id != Some(session.id) || !game.has_player(person_id) {
                continue;
            }
            let other = game.opponent_of(person_id);
            if store::people::open_membership(conn, other).await?.is_none() {
                continue; // still waiting for the other player
            }
            let monitored = self.restrictions(conn, game.white_id, now).await?.monitored
                || self.restrictions(conn, game.black_id, now).await?.monitored;
            let registrar = store::offices::offices_of(conn, game.registered_by).await?;
            let approved = registrar.has_moderator_powers() && !game.has_player(game.registered_by);
            if monitored && !approved {
                store::games::set_status(conn, game.id, GameStatus::PendingApproval).await?;
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

    async fn game(&self, conn: &mut SqliteConnection, number: i64) -> Result<Game, GameError> {
        store::games::by_id(conn, number)
            .await?
            .ok_or(GameError::NoGame(number))
    }

    /// A Moderator who did not play in the game (Terms §III Act 3.5).
    fn check_overseer(
        actor: &Actor,
        game: Option<&Game>,
        players: &[i64],
    ) -> Result<(), GameError> {
        if !actor.offices.has_moderator_powers() {
            return Err(GameError::NotModerator);
        }
        if players.contains(&actor.id) || game.is_some_and(|g| g.has_player(actor.id)) {
            return Err(GameError::OwnGame);
        }
        Ok(())
    }

    /// `/game void`: a Moderator reverses a game as though it never happened.
    pub async fn void_game(
        &self,
        caller: &PersonRef,
        number: i64,
        reason: &str,
    ) -> Result<GameReply, GameError> {
        let command = Command::new("game void", json!({ "game": number, "reason": reason }));
        let mut tx = self.begin().await?;
        let result = async {
            let actor = self.actor(&mut tx, caller).await?;
            let game = self.game(&mut tx, number).await?;
            Self::check_overseer(&actor, Some(&game), &[])?;
            let reason = Reason::parse(reason)?;
            let text = self.void_game_in(&mut tx, &game, reason.as_str()).await?;
            self.announce(
                &mut tx,
                &format!("{} voided game #{number}: {reason}. {text}", actor.name),
            )
            .await?;
            Ok(GameReply(format!("Game #{number} is void. {text}")))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

    /// Voids a game and its events; every later score is re-derived by the fold.
    pub(crate) async fn void_game_in(
        &self,
        conn: &mut SqliteConnection,
        game: &Game,
        reason: &str,
    ) -> Result<String, GameError> {
        let gone = match game.status() {
            GameStatus::Voided => Some("already void"),
            GameStatus::Lapsed => Some("lapsed and never counted (Terms §0 Act 12)"),
            GameStatus::Replaced => Some("replaced by its rematch or forfeit (Terms §I Act 6)"),
            _ => None,
        };
        if let Some(status) = gone {
            return Err(GameError::WrongStatus(game.id, status));
        }
        let now = self.now();
        store::games::mark_void(conn, game.id, reason, now).await?;
        store::events::void_game(conn, game.id, now, reason).await?;
        // A void game has no ending left to object to: a rematch still due lapses with it.
        if let Some(r) = store::games::rematch_for(conn, game.id).await? {
            if r.status == "due" {
                store::games::settle_rematch(conn, r.id, "void with the game", None, now).await?;
            }
        }
        Ok("It is reversed as though it never happened (Terms §II Act 5).".to_owned())
    }

    /// `/game adjudicate`: a Moderator ends a game by material (Terms §I Act 5).
    pub async fn adjudicate(
        &self,
        caller: &PersonRef,
        white: &PersonRef,
        black: &PersonRef,
        white_took: &str,
        black_took: &str,
    ) -> Result<GameReply, GameError> {
        let command = Command::new(
            "game adjudicate",
            json!({ "white": white.name, "black": black.name, "white_took": white_took, "black_took": black_took }),
        );
        let mut tx = self.begin().await?;
        let result = async {
            let now = self.now();
            let actor = self.actor(&mut tx, caller).await?;
            let w = Captured::parse("White", white_took)?;
            let b = Captured::parse("Black", black_took)?;
            let players = self.check_players(&mut tx, &actor, white, black, false).await?;
            Self::check_overseer(&actor, None, &[players.white.id, players.black.id])?;
            self.check_no_clock_requirement(&mut tx, &[&players.white, &players.black])
                .await?;
            let session_id = self.check_session(&mut tx).await?;
            self.players_present(
                &mut tx,
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
                &mut tx,
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
                self.count_game(&mut tx, id, now).await?
            } else {
                "It counts once the non-Member joins (Terms §0 Act 12).".into()
            };
            let text = format!(
                "Game #{id} ended by material (Terms §I Act 5): {} took {}, {} took {}; {summary}. {changes} A player may object with /game object game:{id} (Terms §I Act 6).",
                players.white.name, w.points(), players.black.name, b.points()
            );
            self.announce(&mut tx, &text).await?;
            Ok(GameReply(text))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

    /// `/game object`: a player objects to an adjudicated ending; a rematch is due (Terms §I Act 6).
    pub async fn object(&self, caller: &PersonRef, number: i64) -> Result<GameReply, GameError> {
        let command = Command::new("game object", json!({ "game": number }));
        let mut tx = self.begin().await?;
        let result = async {
            let actor = self.actor(&mut tx, caller).await?;
            let game = self.game(&mut tx, number).await?;
            if !game.has_player(actor.id) {
                return Err(GameError::NotAPlayer(number));
            }
            if game.rematch_of.is_some() {
                return Err(GameError::RematchIsFinal(number));
            }
            if game.ended_by != "material" {
                return Err(GameError::NotAdjudicated(number));
            }
            if store::games::rematch_for(&mut tx, number).await?.is_some() {
                return Err(GameError::AlreadyObjected(number));
            }
            if game.status() != GameStatus::Counted {
                return Err(GameError::WrongStatus(
                    number,
                    "not on the Leaderboard (voided, lapsed or not counted yet), so there is no ending to object to (Terms §I Act 6)",
                ));
            }
            store::games::file_rematch(&mut tx, number, actor.id, self.now()).await?;
            let text = format!(
                "{} objects to the ending of game #{number}: a rematch is due at the next session, overseen by a Moderator or Justice, 5 minutes each with a chessclock preferred unless the adjudicating Moderator exempts it (Terms §I Act 6).",
                actor.name
            );
            self.announce(&mut tx, &text).await?;
            Ok(GameReply(text))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

    /// `/game exempt`: the adjudicating Moderator lifts a rematch's 5-minute limit (Terms §I Act 6).
    pub async fn exempt_rematch(
        &self,
        caller: &PersonRef,
        number: i64,
    ) -> Result<GameReply, GameError> {
        let command = Command::new("game exempt", json!({ "game": number }));
        let mut tx = self.begin().await?;
        let result = async {
            let actor = self.actor(&mut tx, caller).await?;
            let game = self.game(&mut tx, number).await?;
            let rematch = store::games::rematch_for(&mut tx, number)
                .await?
                .filter(|r| r.status == "due")
                .ok_or(GameError::NoRematchDue(number))?;
            if game.adjudicated_by != Some(actor.id) {
                return Err(GameError::NotAdjudicator(number));
            }
            let white = store::people::by_id(&mut tx, game.white_id).await?;
            let black = store::people::by_id(&mut tx, game.black_id).await?;
            self.check_no_clock_requirement(&mut tx, &[&white, &black])
                .await?;
            store::games::exempt_rematch(&mut tx, rematch.id).await?;
            Ok(GameReply(format!(
                "The rematch of game #{number} is exempt from the 5-minute limit (Terms §I Act 6)."
            )))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

    /// `/game rematch`: the overseeing Moderator or Justice records the rematch's result, or who
    /// failed to play it (Terms §I Act 6).
    pub async fn record_rematch(
        &self,
        caller: &PersonRef,
        number: i64,
        result: Option<&str>,
        no_show: Option<&PersonRef>,
    ) -> Result<GameReply, GameError> {
        let command = Command::new(
            "game rematch",
            json!({ "game": number, "result": result, "noshow": no_show.map(|p| &p.name) }),
        );
        let mut tx = self.begin().await?;
        let outcome = self
            .record_rematch_in(&mut tx, caller, number, result, no_show)
            .await;
        self.conclude(tx, caller, command, outcome).await
    }

    async fn record_rematch_in(
        &self,
        conn: &mut SqliteConnection,
        caller: &PersonRef,
        number: i64,
        result: Option<&str>,
        no_show: Option<&PersonRef>,
    ) -> Result<GameReply, GameError> {
        let now = self.now();
        let actor = self.actor(conn, caller).await?;
        let game = self.game(conn, number).await?;
        Self::check_overseer(&actor, Some(&game), &[])?;
        let rematch = store::games::rematch_for(conn, number)
            .await?
            .filter(|r| r.status == "due")
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
            result: result.key().into(),
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
                let r = parse_result(r)?;
                // A rematch is a game like any other: Terms §0 Acts 7 and 8 apply to it.
                for (id, name) in [(game.white_id, &names.0), (game.black_id, &names.1)] {
                    if self.restrictions(conn, id, now).await?.banned() {
                        return Err(GameError::Banned(name.clone()));
                    }
                    if store::people::open_membership(conn, id).await?.is_none() {
                        return Err(GameError::Removed(name.clone()));
                    }
                }
                self.players_present(conn, session_id, &[game.white_id, game.black_id], actor.id)
                    .await?;
                self.replace_game(conn, &game, "replaced by its rematch")
                    .await?;
                let id = store::games::insert(conn, &new_game(r, "play")).await?;
                store::games::settle_rematch(conn, rematch.id, "played", Some(id), now).await?;
                let changes = self.count_game(conn, id, now).await?;
                format!(
                    "Rematch of game #{number} recorded as game #{id}: {}. It replaces the original and is final (Terms §I Act 6). {changes}",
                    describe(&names.0, &names.1, r)
                )
            }
            (None, Some(absent)) => {
                let absent = store::people::find(conn, absent)
                    .await?
                    .filter(|p| game.has_player(p.id))
                    .ok_or_else(|| GameError::NotInGame(absent.name.clone(), number))?;
                if absent.id == rematch.petitioner_id {
                    store::games::settle_rematch(conn, rematch.id, "petitioner absent", None, now)
                        .await?;
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
                    let id = store::games::insert(conn, &new_game(winner, "forfeit")).await?;
                    store::games::settle_rematch(
                        conn,
                        rematch.id,
                        "opponent absent",
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
        Ok(GameReply(text))
    }

    /// Takes a game off the Leaderboard because another game stands in its place.
    async fn replace_game(
        &self,
        conn: &mut SqliteConnection,
        game: &Game,
        why: &str,
    ) -> sqlx::Result<()> {
        store::games::set_status(conn, game.id, GameStatus::Replaced).await?;
        store::events::void_game(conn, game.id, self.now(), why).await?;
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
