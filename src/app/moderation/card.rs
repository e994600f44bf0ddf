//! The player card (the member menu "Player card", `/card`): a member's profile (score, rank,
//! last games, offices) with the cases in force against them, for the caller alone.

use crate::app::leaderboard::membership::MembershipError;
use crate::app::{App, PersonRef};
use crate::domain::moderation::CaseStatus;
use crate::store;

use super::describe_action;

impl App {
    /// The profile of `target` and the cases in force about them.
    pub async fn player_card(
        &self,
        caller: &PersonRef,
        target: &PersonRef,
    ) -> Result<String, MembershipError> {
        let profile = self.profile(caller, Some(target)).await?;
        let mut conn = self.pool().acquire().await?;
        let mut card = profile.to_string();
        let Some(person) = target.find(&mut conn).await? else {
            return Ok(card);
        };
        let in_force: Vec<String> = store::moderation::actions::list(&mut conn, Some(person.id))
            .await?
            .iter()
            .filter(|a| a.status == CaseStatus::InForce)
            .map(|a| {
                format!(
                    "#{} {}",
                    a.id,
                    describe_action(a, Some(&person.name), self.tz())
                )
            })
            .collect();
        card.push_str("\nCases in force: ");
        if in_force.is_empty() {
            card.push_str("none.");
        } else {
            card.push_str(&in_force.join("; "));
        }
        Ok(card)
    }
}
