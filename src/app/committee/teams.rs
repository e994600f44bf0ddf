//! The team API the Diplomacy tournament builds on: create a team, add or remove a member, seat
//! or unseat a player in a game. Each is one audited use case for any adapter to call, and
//! refuses the TD and TMC members (house rules A.4, A.8), and a seat in a game whose Observer is
//! the player or a team-mate (A.10). There are no commands here: the
//! tournament's own commands (`/team`, seating boards) call these.
//!
//! - `App::create_team(call, name)` → the team's id;
//! - `App::join_team(call, team, person, role)` with `role` one of `store::committee::teams::ROLES`;
//! - `App::leave_team(call, team, person)`;
//! - `App::seat_player(call, game, person)` and `App::unseat_player(call, game, person)`.

use std::fmt;

use crate::app::{App, Call, PersonRef, UseCaseError};
use crate::domain::committee::eligibility::{may_play, Ineligible};
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::committee::teams::ROLES;

#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    #[error(transparent)]
    Ineligible(#[from] Ineligible),
    #[error("There is no team called {0}.")]
    NoSuchTeam(String),
    #[error("There is already a team called {0}.")]
    TeamExists(String),
    #[error("`{0}` is not a team role; choose player, captain, gm or reserve (house rules A.1).")]
    Role(String),
    #[error("{0} already belongs to {1}.")]
    AlreadyMember(String, String),
    #[error("{0} already plays in {1}.")]
    AlreadySeated(String, String),
    #[error("{player} may not play in {game}: its Observer {observer} is their team-mate or themself (house rules A.10).")]
    ObservedByTeamMate {
        player: String,
        game: String,
        observer: String,
    },
    #[error("{0} (house rules A.10).")]
    ObserverClash(String),
    #[error("A team or game needs a name.")]
    NoName,
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for TeamError {
    fn is_internal(&self) -> bool {
        matches!(self, TeamError::Store(_))
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

impl App {
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
        role: &str,
    ) -> Result<TeamDone, TeamError> {
        let team = named(team)?;
        self.execute(call, async |conn, _| {
            if !ROLES.contains(&role) {
                return Err(TeamError::Role(role.to_owned()));
            }
            let id = store::committee::teams::find(conn, team)
                .await?
                .ok_or_else(|| TeamError::NoSuchTeam(team.to_owned()))?;
            let person = person.resolve(conn, self.now()).await?;
            let offices = store::offices::offices_of(conn, person.id).await?;
            may_play(&person.name, &offices)?;
            let teams = store::committee::teams::teams_of(conn, person.id).await?;
            if teams.iter().any(|t| t == team) {
                return Err(TeamError::AlreadyMember(person.name, team.to_owned()));
            }
            if let Some(clash) = observer_clash(conn, id, person.id).await? {
                return Err(TeamError::ObserverClash(clash));
            }
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
            let offices = store::offices::offices_of(conn, person.id).await?;
            may_play(&person.name, &offices)?;
            let players = store::committee::teams::players_of(conn, game).await?;
            if players.iter().any(|(id, _)| *id == person.id) {
                return Err(TeamError::AlreadySeated(person.name, game.to_owned()));
            }
            // A.10 the other way round: no Observer of the game may be the player or a team-mate.
            let mates = store::committee::teams::team_mates(conn, person.id).await?;
            for (observer, name) in
                store::offices::holders_for_game(conn, Office::Observer, game).await?
            {
                if observer == person.id || mates.iter().any(|(m, _)| *m == observer) {
                    return Err(TeamError::ObservedByTeamMate {
                        player: person.name,
                        game: game.to_owned(),
                        observer: name,
                    });
                }
            }
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

/// Whether `person` joining `team` would make an Observer observe a game that a team-mate plays
/// in or GMs (A.10): in words, if so.
async fn observer_clash(
    conn: &mut sqlx::SqliteConnection,
    team: i64,
    person: i64,
) -> sqlx::Result<Option<String>> {
    let mut side = vec![person];
    side.extend(store::committee::teams::members_of(conn, team).await?);
    for (observer, name, game) in store::offices::holders_of(conn, Office::Observer).await? {
        let Some(game) = game else { continue };
        if !side.contains(&observer) {
            continue;
        }
        let mut involved = store::committee::teams::players_of(conn, &game).await?;
        involved.extend(store::offices::holders_for_game(conn, Office::GameMaster, &game).await?);
        // Only pairs this joining creates: the newcomer with a member, either way round.
        let clash = involved.iter().any(|(id, _)| {
            (observer == person && *id != person && side.contains(id))
                || (observer != person && *id == person)
        });
        if clash {
            return Ok(Some(format!(
                "{name} observes {game}, and the team would then have a player or GM of it"
            )));
        }
    }
    Ok(None)
}
