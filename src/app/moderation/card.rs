//! The player card (the member menu "Player card", `/card`): a member's profile (score, rank,
//! last games, offices) with the cases in force against them, for the caller alone.

use crate::app::leaderboard::membership::MembershipError;
use crate::app::leaderboard::profile::Profile;
use crate::app::moderation::Moderation;
use crate::app::PersonRef;
use crate::domain::moderation::CaseStatus;
use crate::store;

use super::describe_action;

/// A player card: the member's profile, and the cases in force against them (`None` for
/// someone gavel has never met).
#[derive(Debug, Clone)]
pub struct PlayerCard {
    pub profile: Profile,
    /// Each case in force: its number and what it did, as its declaration says it.
    pub in_force: Option<Vec<(i64, String)>>,
}

impl Moderation<'_> {
    /// The profile of `target` and the cases in force about them.
    pub async fn player_card(
        &self,
        caller: &PersonRef,
        target: &PersonRef,
    ) -> Result<PlayerCard, MembershipError> {
        let profile = self.leaderboard().profile(caller, Some(target)).await?;
        let mut conn = self.pool().acquire().await?;
        let Some(person) = target.find(&mut conn).await? else {
            return Ok(PlayerCard {
                profile,
                in_force: None,
            });
        };
        let in_force = store::moderation::actions::list(&mut conn, Some(person.id))
            .await?
            .iter()
            .filter(|a| a.status == CaseStatus::InForce)
            .map(|a| (a.id, describe_action(a, Some(&person.name), self.tz())))
            .collect();
        Ok(PlayerCard {
            profile,
            in_force: Some(in_force),
        })
    }
}
