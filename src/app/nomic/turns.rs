//! `/turns`, `/turns set` and `/turns team`: who plays on which allocated day (Nomic 201), and
//! the optional teams (Nomic 214 speaks of team-mates).

use chrono::Weekday;

use crate::app::{Call, PersonRef};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::nomic::Turns;
use crate::store::{self, nomic::turns::Player};

use super::{Nomic, RulesError};

/// The answer to `/turns`: every player, with their day, team and whether they still play.
#[derive(Debug, Clone)]
pub struct TurnsTable(pub Vec<Player>);

/// The answer to `/turns set`: its announcement.
#[derive(Debug, Clone)]
pub struct TurnSet {
    pub announced: String,
}

/// The answer to `/turns team`: its announcement.
#[derive(Debug, Clone)]
pub struct TeamSet {
    pub announced: String,
}

impl Nomic<'_> {
    /// `/turns`: the allocated days.
    pub async fn turns(&self, call: &Call) -> Result<TurnsTable, RulesError> {
        self.execute(call, async |conn, _actor| {
            Ok(TurnsTable(store::nomic::turns::players(conn).await?))
        })
        .await
    }

    /// `/turns set`: the Chief Justice allocates a player's day (Nomic 201). Each weekday
    /// belongs to one player and nobody has a Saturday or Sunday; a forfeited player's day is
    /// vacant and may be given to someone else (Nomic 115).
    pub async fn set_turn(
        &self,
        call: &Call,
        member: &PersonRef,
        day: Weekday,
    ) -> Result<TurnSet, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "allocate the players' days",
                "Nomic 201",
            )?;
            let person = member.resolve(conn, now).await?;
            let players = store::nomic::turns::players(conn).await?;
            if players.iter().any(|p| p.id == person.id && !p.is_playing()) {
                return Err(RulesError::ForfeitedPlayer(person.name));
            }
            // The allocation as it would stand, checked by the rule before it is stored.
            let mut days: Vec<(i64, Weekday)> = players
                .iter()
                .filter(|p| p.is_playing() && p.id != person.id)
                .filter_map(|p| p.day.map(|d| (p.id, d)))
                .collect();
            days.push((person.id, day));
            Turns::new(days)?;
            let initial = self.settings(conn).await?.nomic.initial_points;
            store::nomic::turns::set_day(conn, person.id, day, initial, now).await?;
            store::nomic::turns::start(
                conn,
                calendar::local_date(now, crate::domain::nomic::UK_TIME),
            )
            .await?;
            self.schedule_switch(conn).await?;
            let announced = format!(
                "{}'s allocated day is {} (Nomic 201).",
                person.name,
                calendar::weekday_name(day)
            );
            self.announce(conn, &announced).await?;
            Ok(TurnSet { announced })
        })
        .await
    }

    /// `/turns team`: the Chief Justice puts a player in a team, or in none (Nomic 214).
    pub async fn set_team(
        &self,
        call: &Call,
        member: &PersonRef,
        team: Option<u32>,
    ) -> Result<TeamSet, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "put players in teams",
                "Nomic 201, 214",
            )?;
            let person = member.resolve(conn, now).await?;
            let playing = store::nomic::turns::player_of(conn, person.id)
                .await?
                .is_some_and(|p| p.day.is_some() && p.is_playing());
            if !playing {
                return Err(RulesError::NotAPlayer(person.name));
            }
            store::nomic::turns::set_team(conn, person.id, team).await?;
            let announced = match team {
                Some(t) => format!("{} plays in team {t}.", person.name),
                None => format!("{} plays in no team.", person.name),
            };
            self.announce(conn, &announced).await?;
            Ok(TeamSet { announced })
        })
        .await
    }
}
