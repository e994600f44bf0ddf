//! A member's profile (`/profile`): score, rank, status, offices, restrictions and games.

use crate::app::leaderboard::Leaderboard;
use chrono::{DateTime, Utc};

use crate::app::leaderboard::board::GameRecord;
use crate::app::leaderboard::membership::{MembershipError, Status};
use crate::app::moderation::in_force::Restrictions;
use crate::app::PersonRef;
use crate::domain::kernel::office::Offices;
use crate::store;

/// The reply to `/profile`.
#[derive(Debug, Clone)]
pub struct Profile {
    pub name: String,
    pub status: Status,
    pub score: Option<i64>,
    pub rank: Option<(usize, usize)>,
    pub offices: Offices,
    pub joined_at: Option<DateTime<Utc>>,
    pub record: GameRecord,
    pub restrictions: Restrictions,
    pub tz: chrono_tz::Tz,
}

impl Leaderboard<'_> {
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
            restrictions: self
                .moderation()
                .restrictions(&mut conn, person.id, self.now())
                .await?,
            tz: self.tz(),
        })
    }
}
