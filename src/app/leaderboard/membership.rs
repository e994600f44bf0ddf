//! Joining the Leaderboard and looking at a member's profile (Terms §II Act 1).

use crate::app::PersonRef;
use std::fmt;

use chrono::{DateTime, Utc};

use crate::domain::kernel::calendar;
use crate::domain::kernel::office::Offices;
use crate::store::{self, leaderboard::events::NewEvent};

use crate::app::{Actor, App, Call, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum MembershipError {
    #[error("{name}, you are already a Member of the Leaderboard (since {since}); you cannot join twice (Terms §II Act 1).")]
    AlreadyMember { name: String, since: String },
    #[error("{0} is banned and may not join or rejoin the Leaderboard until the ban ends (Terms §II Act 7).")]
    Banned(String),
    #[error("Nobody called {0} is known to gavel yet.")]
    Unknown(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for MembershipError {
    fn is_internal(&self) -> bool {
        matches!(self, MembershipError::Store(_))
    }
}

/// The reply to `/join`.
#[derive(Debug, Clone)]
pub struct Joined {
    pub name: String,
    pub score: i64,
    pub rejoined: bool,
    /// Games of this session that waited for this join and now count (Terms §0 Act 12).
    pub counted: Vec<String>,
}

impl fmt::Display for Joined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let again = if self.rejoined { "back " } else { "" };
        write!(
            f,
            "Welcome {again}to the Leaderboard, {}: your score is {} (Terms §II Act 1).",
            self.name, self.score
        )?;
        for line in &self.counted {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

/// Where a person stands with the Leaderboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Member,
    Removed,
    NotAMember,
}

impl Status {
    pub fn key(self) -> &'static str {
        match self {
            Status::Member => "member",
            Status::Removed => "removed",
            Status::NotAMember => "not a member",
        }
    }
}

/// The reply to `/profile`.
#[derive(Debug, Clone)]
pub struct Profile {
    pub name: String,
    pub status: Status,
    pub score: Option<i64>,
    pub rank: Option<(usize, usize)>,
    pub offices: Offices,
    pub joined_at: Option<DateTime<Utc>>,
    pub record: crate::app::leaderboard::board::GameRecord,
    pub restrictions: crate::app::moderation::in_force::Restrictions,
    pub tz: chrono_tz::Tz,
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.status.key())?;
        if let Some(score) = self.score {
            write!(f, ", score {score}")?;
        }
        if let Some((rank, of)) = self.rank {
            write!(f, ", rank {rank} of {of}")?;
        }
        writeln!(f)?;
        write!(f, "Offices: {}", self.offices)?;
        if let Some(at) = self.joined_at {
            write!(
                f,
                "\nJoined: {}",
                calendar::show_date(calendar::local_date(at, self.tz))
            )?;
        }
        let limits = &self.restrictions;
        match limits.banned_until {
            Some(Some(end)) => write!(
                f,
                "\nBanned until {} (Terms §II Act 9).",
                calendar::show_date(calendar::local_date(end, self.tz))
            )?,
            Some(None) => write!(f, "\nBanned permanently (Terms §II Act 5).")?,
            None => {}
        }
        if limits.monitored {
            write!(
                f,
                "\nMonitored: games wait for a Moderator's approval (Terms §II Act 10.4)."
            )?;
        }
        if limits.clock_required {
            write!(
                f,
                "\nMust use a chessclock in every game (Terms §II Act 11)."
            )?;
        }
        let r = &self.record;
        if r.wins + r.draws + r.losses > 0 {
            write!(
                f,
                "\nGames: {} won, {} drawn, {} lost",
                r.wins, r.draws, r.losses
            )?;
            for line in &r.recent {
                write!(f, "\n  {line}")?;
            }
        }
        Ok(())
    }
}

impl App {
    /// `/join`: become a Member with the initial score (Terms §II Act 1).
    pub async fn join(&self, call: &Call) -> Result<Joined, MembershipError> {
        self.execute(call, async |conn, actor| self.join_in(conn, actor).await)
            .await
    }

    async fn join_in(
        &self,
        conn: &mut sqlx::SqliteConnection,
        actor: &Actor,
    ) -> Result<Joined, MembershipError> {
        let now = self.now();
        if let Some(m) = store::people::open_membership(conn, actor.id).await? {
            return Err(MembershipError::AlreadyMember {
                name: actor.name.clone(),
                since: calendar::show_date(calendar::local_date(m.joined_at, self.tz())),
            });
        }
        self.check_may_join(conn, actor.id).await?;
        let rejoined = store::people::last_membership(conn, actor.id)
            .await?
            .is_some();
        store::people::open_membership_row(conn, actor.id, now).await?;
        let initial = self.config().scores.initial;
        store::leaderboard::events::append(
            conn,
            &NewEvent {
                at: now,
                kind: "joined",
                person_id: Some(actor.id),
                game_id: None,
                action_id: None,
                amount: None,
                reason: "joined the Leaderboard (Terms §II Act 1)",
            },
        )
        .await?;
        self.announce(
            conn,
            &format!(
                "{} joined the Leaderboard with a score of {initial}.",
                actor.name
            ),
        )
        .await?;
        let counted = self.complete_waiting_games(conn, actor.id).await?;
        Ok(Joined {
            name: actor.name.clone(),
            score: initial,
            rejoined,
            counted,
        })
    }

    /// A hook for rules that keep someone from joining (bans, in the moderation module).
    async fn check_may_join(
        &self,
        conn: &mut sqlx::SqliteConnection,
        person_id: i64,
    ) -> Result<(), MembershipError> {
        if self
            .restrictions(conn, person_id, self.now())
            .await?
            .banned()
        {
            let name = store::people::by_id(conn, person_id).await?.name;
            return Err(MembershipError::Banned(name));
        }
        Ok(())
    }

    /// `/profile [member]`: score, rank, status, offices and join date. Reads only.
    pub async fn profile(
        &self,
        caller: &PersonRef,
        target: Option<&PersonRef>,
    ) -> Result<Profile, MembershipError> {
        let mut conn = self.pool().acquire().await?;
        let who = target.unwrap_or(caller);
        let person = match who.find(&mut conn).await? {
            Some(p) => p,
            None => {
                // Someone gavel has never seen is not a member, whoever asks (their own profile
                // before ever using gavel, or a Discord user nobody has named yet).
                return Ok(Profile {
                    name: who.name.clone(),
                    status: Status::NotAMember,
                    score: None,
                    rank: None,
                    offices: Offices::default(),
                    joined_at: None,
                    record: Default::default(),
                    restrictions: Default::default(),
                    tz: self.tz(),
                });
            }
        };
        let offices = store::offices::offices_of(&mut conn, person.id).await?;
        let membership = store::people::open_membership(&mut conn, person.id).await?;
        let ever = store::people::last_membership(&mut conn, person.id)
            .await?
            .is_some();
        let status = Status::of(membership.is_some(), ever);
        let standings = self.standings(&mut conn).await?;
        let mine = standings.iter().find(|s| s.person_id == person.id);
        Ok(Profile {
            name: person.name,
            status,
            score: mine.map(|s| s.score),
            rank: mine.map(|s| (s.rank, standings.len())),
            offices,
            joined_at: membership.map(|m| m.joined_at),
            record: self.game_record(&mut conn, person.id).await?,
            restrictions: self.restrictions(&mut conn, person.id, self.now()).await?,
            tz: self.tz(),
        })
    }
}

impl Status {
    /// Member, removed (left or was removed), or never a member: the one rule for profiles
    /// and the export.
    pub fn of(open: bool, ever: bool) -> Status {
        match (open, ever) {
            (true, _) => Status::Member,
            (false, true) => Status::Removed,
            (false, false) => Status::NotAMember,
        }
    }
}
