//! Joining the Leaderboard (Terms §II Act 1), and where a person stands with it.

use crate::app::leaderboard::Leaderboard;
use crate::domain::kernel::calendar;
use crate::store::{self, leaderboard::events::NewEvent};

use crate::app::{Actor, Call, UseCaseError};
use crate::store::leaderboard::events::EventKind;

#[derive(Debug, thiserror::Error)]
pub enum MembershipError {
    #[error("{name}, you are already a Member of the Leaderboard (since {since}); you cannot join twice (Terms §II Act 1).")]
    AlreadyMember { name: String, since: String },
    #[error("{0} is banned and may not join or rejoin the Leaderboard until the ban ends (Terms §II Act 7).")]
    Banned(String),
    #[error("Nobody called {0} is known to gavel yet.")]
    Unknown(String),
    #[error("The Leaderboard has {pages} page(s) of 10 members; there is no page {page}. Try /leaderboard page:{pages}.")]
    NoSuchPage { page: i64, pages: usize },
    #[error(transparent)]
    Page(#[from] crate::domain::kernel::pages::PageError),
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

impl Leaderboard<'_> {
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
        // The score Terms §II Act 1 gives now, kept with the event so a later amendment does
        // not rewrite the scores members joined with.
        let initial = self.initial_score(conn).await?;
        store::leaderboard::events::append(
            conn,
            &NewEvent {
                at: now,
                kind: EventKind::Joined,
                person_id: Some(actor.id),
                game_id: None,
                action_id: None,
                amount: Some(initial),
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
            .moderation()
            .restrictions(conn, person_id, self.now())
            .await?
            .banned()
        {
            let name = store::people::by_id(conn, person_id).await?.name;
            return Err(MembershipError::Banned(name));
        }
        Ok(())
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
