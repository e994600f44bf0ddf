//! Club sessions and presence (Terms §0 Acts 5, 6, 9).

use crate::app::leaderboard::Leaderboard;
use crate::app::PersonRef;
use chrono::NaiveTime;

use sqlx::SqliteConnection;

use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::SessionId;
use crate::domain::leaderboard::game::RematchStatus;
use crate::domain::leaderboard::session::{may_become_present, Window};
use crate::jobs::{self, Job};
use crate::store;

use crate::app::{Actor, Call, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("Club sessions are held {0} (Terms §0 Act 5); it is not that time now.")]
    OutsideWindow(String),
    #[error("A session is already open (since {0}); there is one club session at a time (Terms §0 Act 5).")]
    AlreadyOpen(String),
    #[error("No club session is open (Terms §0 Act 5); a Moderator opens one with /session open.")]
    NoSession,
    #[error("{0} is already marked present at this session (Terms §0 Act 9).")]
    AlreadyPresent(String),
    #[error("Being present means being in {place} for no less than 5 minutes of the session (Terms §0 Act 9), and it ends at {end}. If you have been here since earlier, a Moderator can mark you present with /session mark.")]
    TooLate { place: String, end: String },
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for SessionError {
    fn is_internal(&self) -> bool {
        matches!(self, SessionError::Store(_))
    }
}

/// What a session command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionOutcome {
    /// The session is open; its job closes it at `closes` (the window's end).
    Opened { closes: NaiveTime },
    /// The session is closed; `summary` is what #discussion was told.
    Closed { summary: String },
    /// `name` is marked present.
    Present { name: String },
}

impl Leaderboard<'_> {
    /// The session window: on the session day, between the times and in the room, each as
    /// amended, else config's (Terms §0 Act 5).
    pub(crate) async fn window(&self, conn: &mut SqliteConnection) -> sqlx::Result<Window> {
        let day = self.session_day(conn).await?;
        let (start, end, place) = self.session_hours(conn).await?;
        let s = &self.config().session;
        let mut days = s.days.clone();
        days.push(day);
        days.sort_by_key(|d| d.num_days_from_monday());
        days.dedup();
        // A week back is enough: no session reads a window further in the past.
        let since = calendar::local_date(self.now(), self.tz()) - chrono::Days::new(7);
        let moves = store::leaderboard::session_moves::from(conn, since)
            .await?
            .into_iter()
            .map(|m| (m.from_date, m.to_date))
            .collect();
        Ok(Window {
            days,
            start,
            end,
            place,
            tz: self.tz(),
            moves,
        })
    }

    /// `/session open`: a Moderator opens the club session, inside the window (Terms §0 Act 5).
    pub async fn session_open(&self, call: &Call) -> Result<SessionOutcome, SessionError> {
        self.execute(call, async |conn, actor| {
            self.session_open_in(conn, actor).await
        })
        .await
    }

    async fn session_open_in(
        &self,
        conn: &mut SqliteConnection,
        actor: &Actor,
    ) -> Result<SessionOutcome, SessionError> {
        let now = self.now();
        Self::may_keep_sessions(actor)?;
        let window = self.window(conn).await?;
        if !window.contains(now) {
            return Err(SessionError::OutsideWindow(window.describe()));
        }
        if let Some(open) = store::leaderboard::sessions::open_session(conn).await? {
            return Err(SessionError::AlreadyOpen(calendar::show(
                open.opened_at,
                self.tz(),
            )));
        }
        let date = calendar::local_date(now, self.tz());
        let id = store::leaderboard::sessions::create(conn, actor.id, now, date).await?;
        // The Moderator who opens the session is in the room.
        store::leaderboard::sessions::mark_present(conn, id, actor.id, Some(actor.id), now).await?;
        let closes = window.end_on(date);
        let close = Job::SessionClose {
            session: SessionId(id),
        };
        jobs::schedule(conn, &close, closes).await?;
        self.announce(
            conn,
            &format!(
                "The club session is open in {} until {} ({} is the Moderator present). Check in with /session here.",
                window.place,
                window.end.format("%H:%M"),
                actor.name
            ),
        )
        .await?;
        Ok(SessionOutcome::Opened { closes: window.end })
    }

    /// `/session close`: a Moderator closes the session early.
    pub async fn session_close(&self, call: &Call) -> Result<SessionOutcome, SessionError> {
        self.execute(call, async |conn, actor| {
            Self::may_keep_sessions(actor)?;
            let session = store::leaderboard::sessions::open_session(conn)
                .await?
                .ok_or(SessionError::NoSession)?;
            let close = Job::SessionClose {
                session: SessionId(session.id),
            };
            jobs::cancel(conn, &close, self.now()).await?;
            let summary = self
                .close_session(conn, session.id, Some(actor.id), self.now())
                .await?;
            Ok(SessionOutcome::Closed { summary })
        })
        .await
    }

    /// Closes a session at `at` (the window's end, when its job closes it, even if the job ran
    /// late): games still waiting for a join lapse (Terms §0 Act 12).
    pub(crate) async fn close_session(
        &self,
        conn: &mut SqliteConnection,
        session_id: i64,
        by: Option<i64>,
        at: chrono::DateTime<chrono::Utc>,
    ) -> sqlx::Result<String> {
        store::leaderboard::sessions::close(conn, session_id, by, at).await?;
        let mut lapsed = Vec::new();
        for game in store::leaderboard::games::with_status(
            conn,
            store::leaderboard::games::GameStatus::WaitingJoin,
        )
        .await?
        {
            if game.session_id == Some(session_id) {
                store::leaderboard::games::set_status(
                    conn,
                    game.id,
                    store::leaderboard::games::GameStatus::Lapsed,
                )
                .await?;
                lapsed.push(format!("#{}", game.id));
            }
        }
        // "A rematch may occur on the following available session" (Terms §I Act 6): a rematch
        // still due when that session ends was not played, and the original result is final.
        let mut final_games = Vec::new();
        for rematch in store::leaderboard::games::due_rematches(conn).await? {
            let Some(game) = store::leaderboard::games::by_id(conn, rematch.game_id).await? else {
                continue;
            };
            if game.session_id.is_some_and(|s| s < session_id) {
                if let Ok(settled) = rematch.status.settle(RematchStatus::NotPlayed) {
                    store::leaderboard::games::settle_rematch(conn, rematch.id, settled, None, at)
                        .await?;
                    final_games.push(format!("game #{}", game.id));
                }
            }
        }
        let present = store::leaderboard::sessions::present(conn, session_id)
            .await?
            .len();
        let mut text = format!("The club session is closed; {present} present.");
        if !lapsed.is_empty() {
            let games = if lapsed.len() == 1 { "Game" } else { "Games" };
            text.push_str(&format!(
                " {games} {} lapsed: a player did not join the Leaderboard within the session (Terms §0 Act 12).",
                lapsed.join(", ")
            ));
        }
        if !final_games.is_empty() {
            text.push_str(&format!(
                " No rematch of {} was recorded at this, the following session, so the original result is final (Terms §I Act 6).",
                final_games.join(", ")
            ));
        }
        self.announce(conn, &text).await?;
        Ok(text)
    }

    /// `/session here`: check in at the open session.
    pub async fn check_in(&self, call: &Call) -> Result<SessionOutcome, SessionError> {
        self.execute(call, async |conn, actor| {
            // Checking in says "I am here from now": with under 5 minutes left that cannot
            // make anyone present. A Moderator's mark vouches for the whole session instead.
            if let Some(session) = store::leaderboard::sessions::open_session(conn).await? {
                let window = self.window(conn).await?;
                let end = window.end_on(session.club_date);
                if !may_become_present(self.now(), end) {
                    return Err(SessionError::TooLate {
                        place: window.place,
                        end: window.end.format("%H:%M").to_string(),
                    });
                }
            }
            self.mark_in(conn, actor.id, &actor.name, actor.id).await
        })
        .await
    }

    /// `/session mark member`: a Moderator marks someone present.
    pub async fn mark_present(
        &self,
        call: &Call,
        member: &PersonRef,
    ) -> Result<SessionOutcome, SessionError> {
        self.execute(call, async |conn, actor| {
            Self::may_keep_sessions(actor)?;
            let person = member.resolve(conn, self.now()).await?;
            self.mark_in(conn, person.id, &person.name, actor.id).await
        })
        .await
    }

    /// Moderators keep the sessions (Terms §0 Acts 5, 6, 9; §III Act 2, 3.4).
    fn may_keep_sessions(actor: &Actor) -> Result<(), SessionError> {
        Power::Moderate.require(
            &actor.offices,
            "open, close or take attendance at a session",
            "Terms §III Act 2, 3.4",
        )?;
        Ok(())
    }

    async fn mark_in(
        &self,
        conn: &mut SqliteConnection,
        person_id: i64,
        name: &str,
        by: i64,
    ) -> Result<SessionOutcome, SessionError> {
        let session = store::leaderboard::sessions::open_session(conn)
            .await?
            .ok_or(SessionError::NoSession)?;
        // Presence that only a game made is confirmed, so voiding that game no longer takes it.
        if !store::leaderboard::sessions::mark_present(
            conn,
            session.id,
            person_id,
            Some(by),
            self.now(),
        )
        .await?
            && !store::leaderboard::sessions::confirm_presence(conn, session.id, person_id, by)
                .await?
        {
            return Err(SessionError::AlreadyPresent(name.to_owned()));
        }
        Ok(SessionOutcome::Present {
            name: name.to_owned(),
        })
    }
}
