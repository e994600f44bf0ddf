//! `/diplomacy signup` (an individual without a team) and `/diplomacy group` (the TD, at the
//! sign-up deadline): individuals are grouped at random into teams of seven by a published
//! seed, each with a captain appointed from its players, and the remainder start the official
//! reserve list (B.2).

use super::Diplomacy;
use super::{DiplomacyError, DiplomacyOutcome};
use crate::app::Call;
use crate::domain::committee::eligibility::may_play;
use crate::domain::diplomacy::grouping::{group, TEAM_SIZE};
use crate::domain::diplomacy::states::TeamRole;
use crate::domain::kernel::authority::Power as Authority;
use crate::store;
use crate::store::diplomacy::individuals as stored;
use crate::store::diplomacy::individuals::SignupOutcome;

impl Diplomacy<'_> {
    /// `/diplomacy signup`.
    pub async fn sign_up(&self, call: &Call) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            may_play(&actor.name, &actor.offices, &self.house_bars(conn).await?)?;
            if !stored::groupings(conn).await?.is_empty() {
                return Err(DiplomacyError::Refused(
                    "The sign-up deadline has passed: the TD has grouped the individuals (B.2)."
                        .into(),
                ));
            }
            let teams = store::committee::teams::teams_of(conn, actor.id).await?;
            if !teams.is_empty() {
                return Err(DiplomacyError::AlreadyMember(
                    actor.name.clone(),
                    teams.join(", "),
                ));
            }
            let all = stored::all(conn).await?;
            if all.iter().any(|i| i.person_id == actor.id) {
                return Err(DiplomacyError::Refused(format!(
                    "{} is signed up already; the TD groups the individuals at the deadline (B.2).",
                    actor.name
                )));
            }
            stored::sign_up(conn, actor.id, self.now()).await?;
            Ok(DiplomacyOutcome::SignedUp {
                member: actor.name.clone(),
                so_far: all.len() + 1,
            })
        })
        .await
    }

    /// `/diplomacy group [seed]` (the TD).
    pub async fn group(
        &self,
        call: &Call,
        seed: Option<i64>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(
                &actor.offices,
                "group the individual sign-ups",
                "house rules B.2",
            )?;
            if !stored::groupings(conn).await?.is_empty() {
                return Err(DiplomacyError::Refused(
                    "The individuals are grouped already; the grouping is done once, at the sign-up deadline (B.2).".into(),
                ));
            }
            let waiting: Vec<(i64, String)> = stored::all(conn)
                .await?
                .into_iter()
                .filter(|i| i.outcome == SignupOutcome::Waiting)
                .map(|i| (i.person_id, i.name))
                .collect();
            let seed = seed.unwrap_or_else(|| self.now().timestamp());
            let g = group(&waiting, seed as u64);
            let mut lines = vec![format!(
                "{} individual(s) are grouped with the seed {seed}, so anyone can repeat the draw: {} team(s) of {TEAM_SIZE} and {} on the reserve list (B.2).",
                waiting.len(),
                g.teams.len(),
                g.reserves.len()
            )];
            let made = stored::grouped_teams(conn).await?;
            let mut teams = Vec::new();
            for (k, t) in g.teams.iter().enumerate() {
                let mut name = format!("Individuals {}", made + k as i64 + 1);
                if store::committee::teams::find(conn, &name).await?.is_some() {
                    name.push_str(" (B.2)");
                }
                let id = store::committee::teams::create(conn, &name, self.now()).await?;
                for (p, _) in &t.players {
                    store::committee::teams::join(conn, id, *p, TeamRole::Player, self.now()).await?;
                    stored::settle(conn, *p, None).await?;
                }
                teams.push((id, t.captain.0));
                let names: Vec<&str> = t.players.iter().map(|(_, n)| n.as_str()).collect();
                lines.push(format!(
                    "{name}: {}; captain {} (B.2).",
                    names.join(", "),
                    t.captain.1
                ));
            }
            for (rank, (p, _)) in g.reserves.iter().enumerate() {
                stored::settle(conn, *p, Some(rank as i64 + 1)).await?;
            }
            if !g.reserves.is_empty() {
                let names: Vec<String> = g
                    .reserves
                    .iter()
                    .enumerate()
                    .map(|(i, (_, n))| format!("{}. {n}", i + 1))
                    .collect();
                lines.push(format!("The reserve list: {} (B.2).", names.join(", ")));
            }
            let text = lines.join("\n");
            let grouping = stored::add_grouping(conn, seed, &text, self.now()).await?;
            for (team, captain) in teams {
                stored::add_grouped_team(conn, team, grouping, captain).await?;
            }
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}
