//! `/team create` (anyone signing a team up, who names its captain) and `/team add` (the
//! captain or the TD): teams of at least seven players, a non-playing captain, reserves, and in
//! round 1 the power each player's sign-up gives (B.2, B.5). Who may not be affiliated (A.4,
//! A.6, A.8, A.10) is refused by the same check as every other door to a team.

use super::Diplomacy;
use super::{DiplomacyError, DiplomacyOutcome};
use crate::app::committee::eligibility::check_may_join;
use crate::app::{Call, PersonRef};
use crate::domain::committee::eligibility::may_play;
use crate::domain::diplomacy::states::{Joining, TeamRole};
use crate::domain::diplomacy::Power;
use crate::domain::kernel::authority::Power as Authority;
use crate::store;

impl Diplomacy<'_> {
    /// `/team create name captain`.
    pub async fn create_team(
        &self,
        call: &Call,
        name: &str,
        captain: &PersonRef,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        let name = name.trim().to_owned();
        self.execute(call, async |conn, _actor| {
            if store::committee::teams::find(conn, &name).await?.is_some() {
                return Err(DiplomacyError::TeamExists(name.clone()));
            }
            let captain = captain.resolve(conn, self.now()).await?;
            let offices = store::offices::offices_of(conn, captain.id).await?;
            may_play(&captain.name, &offices, &self.house_bars(conn).await?)?;
            let team = store::committee::teams::create(conn, &name, self.now()).await?;
            store::committee::teams::join(conn, team, captain.id, TeamRole::Captain, self.now()).await?;
            let text = format!(
                "The team {name} is signed up, captained by {}. It needs at least seven players (B.2); its captain adds them with /team add.",
                captain.name
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }

    /// `/team add team member [power] [role]`.
    pub async fn add_member(
        &self,
        call: &Call,
        team: &str,
        member: &PersonRef,
        power: Option<Power>,
        role: Joining,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        let team = team.trim().to_owned();
        self.execute(call, async |conn, actor| {
            let id = store::committee::teams::find(conn, &team)
                .await?
                .ok_or_else(|| DiplomacyError::NoTeam(team.clone()))?;
            let captain = store::diplomacy::rounds::is_captain(conn, id, actor.id).await?;
            if !captain && !Authority::Director.held_by(&actor.offices) {
                return Err(DiplomacyError::NotCaptain(team.clone()));
            }
            let role = TeamRole::from(role);
            let person = member.resolve(conn, self.now()).await?;
            if !store::committee::teams::teams_of(conn, person.id)
                .await?
                .is_empty()
            {
                let of = store::committee::teams::teams_of(conn, person.id).await?;
                return Err(DiplomacyError::AlreadyMember(person.name, of.join(", ")));
            }
            check_may_join(conn, id, &person).await?;
            if let Some(p) = power {
                if store::diplomacy::rounds::signed_power_taken(conn, id, p).await? {
                    return Err(DiplomacyError::PowerTaken(team.clone(), p));
                }
            }
            store::committee::teams::join(conn, id, person.id, role, self.now()).await?;
            if let Some(p) = power {
                store::diplomacy::rounds::sign_up(conn, id, person.id, p).await?;
            }
            Ok(DiplomacyOutcome::Joined {
                member: person.name,
                team: team.clone(),
                role,
                power,
            })
        })
        .await
    }
}
