//! The team API the Diplomacy tournament builds on: create a team, add or remove a member, seat
//! or unseat a player in a game. Each is one audited use case for any adapter to call, and
//! refuses what `app::committee::eligibility` refuses (house rules A.4, A.6, A.8, A.10, A.12). There are no commands here: the
//! tournament's own commands (`/team`, seating boards) call these.
//!
//! - `Committee::create_team(call, name)` → the team's id;
//! - `Committee::join_team(call, team, person, role)` with a `TeamRole` (A.1);
//! - `Committee::leave_team(call, team, person)`;
//! - `Committee::seat_player(call, game, person)` and `Committee::unseat_player(call, game, person)`.

use std::fmt;

use crate::app::committee::eligibility::{check_may_join, check_may_sit, CheckError};
use crate::app::committee::Committee;
use crate::app::{Call, PersonRef, UseCaseError};
use crate::domain::committee::eligibility::Ineligible;
use crate::store;
use crate::store::committee::teams::TeamRole;

#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    #[error(transparent)]
    Ineligible(#[from] Ineligible),
    #[error("There is no team called {0}.")]
    NoSuchTeam(String),
    #[error("There is already a team called {0}.")]
    TeamExists(String),
    #[error("{0} already belongs to {1}.")]
    AlreadyMember(String, String),
    #[error("{0} already plays in {1}.")]
    AlreadySeated(String, String),
    #[error(transparent)]
    Check(#[from] CheckError),
    #[error("A team or game needs a name.")]
    NoName,
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for TeamError {
    fn is_internal(&self) -> bool {
        matches!(
            self,
            TeamError::Store(_) | TeamError::Check(CheckError::Store(_))
        )
    }
}

/// What a team call did, in words.
#[derive(Debug, Clone)]
pub struct TeamDone(pub String);

impl fmt::Display for TeamDone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn named(name: &str) -> Result<&str, TeamError> {
    let name = name.trim();
    if name.is_empty() {
        Err(TeamError::NoName)
    } else {
        Ok(name)
    }
}

impl Committee<'_> {
    /// Creates a team.
    pub async fn create_team(&self, call: &Call, name: &str) -> Result<TeamDone, TeamError> {
        let name = named(name)?;
        self.execute(call, async |conn, _| {
            if store::committee::teams::find(conn, name).await?.is_some() {
                return Err(TeamError::TeamExists(name.to_owned()));
            }
            store::committee::teams::create(conn, name, self.now()).await?;
            Ok(TeamDone(format!("The team {name} was created.")))
        })
        .await
    }

    /// Adds someone to a team; the TD and TMC members may not be affiliated (A.4, A.8).
    pub async fn join_team(
        &self,
        call: &Call,
        team: &str,
        person: &PersonRef,
        role: TeamRole,
    ) -> Result<TeamDone, TeamError> {
        let team = named(team)?;
        self.execute(call, async |conn, _| {
            let id = store::committee::teams::find(conn, team)
                .await?
                .ok_or_else(|| TeamError::NoSuchTeam(team.to_owned()))?;
            let person = person.resolve(conn, self.now()).await?;
            let teams = store::committee::teams::teams_of(conn, person.id).await?;
            if teams.iter().any(|t| t == team) {
                return Err(TeamError::AlreadyMember(person.name, team.to_owned()));
            }
            check_may_join(conn, id, &person).await?;
            store::committee::teams::join(conn, id, person.id, role, self.now()).await?;
            Ok(TeamDone(format!(
                "{} joined {team} as {role}.",
                person.name
            )))
        })
        .await
    }

    /// Ends someone's membership of a team.
    pub async fn leave_team(
        &self,
        call: &Call,
        team: &str,
        person: &PersonRef,
    ) -> Result<TeamDone, TeamError> {
        let team = named(team)?;
        self.execute(call, async |conn, _| {
            let id = store::committee::teams::find(conn, team)
                .await?
                .ok_or_else(|| TeamError::NoSuchTeam(team.to_owned()))?;
            let person = person.resolve(conn, self.now()).await?;
            store::committee::teams::leave(conn, id, person.id, self.now()).await?;
            Ok(TeamDone(format!("{} left {team}.", person.name)))
        })
        .await
    }

    /// Seats a player in a game; the TD and TMC members may not play (A.4, A.8).
    pub async fn seat_player(
        &self,
        call: &Call,
        game: &str,
        person: &PersonRef,
    ) -> Result<TeamDone, TeamError> {
        let game = named(game)?;
        self.execute(call, async |conn, _| {
            let person = person.resolve(conn, self.now()).await?;
            let players = store::committee::teams::players_of(conn, game).await?;
            if players.iter().any(|(id, _)| *id == person.id) {
                return Err(TeamError::AlreadySeated(person.name, game.to_owned()));
            }
            check_may_sit(conn, &person, game).await?;
            store::committee::teams::seat(conn, game, person.id, self.now()).await?;
            Ok(TeamDone(format!("{} plays in {game}.", person.name)))
        })
        .await
    }

    /// Ends a player's seat in a game.
    pub async fn unseat_player(
        &self,
        call: &Call,
        game: &str,
        person: &PersonRef,
    ) -> Result<TeamDone, TeamError> {
        let game = named(game)?;
        self.execute(call, async |conn, _| {
            let person = person.resolve(conn, self.now()).await?;
            store::committee::teams::unseat(conn, game, person.id, self.now()).await?;
            Ok(TeamDone(format!(
                "{} no longer plays in {game}.",
                person.name
            )))
        })
        .await
    }
}
