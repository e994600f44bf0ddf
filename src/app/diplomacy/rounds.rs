//! `/diplomacy round open` and `/diplomacy assign` (the TD): a round plays to the year B.3
//! gives it, and its players are dealt to boards and powers by a seeded draw under B.5 and
//! B.6, with the seed and every relaxed rule published.

use std::collections::BTreeMap;

use super::Diplomacy;
use super::Given;
use super::{DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call};
use crate::domain::diplomacy::assign::{deal, Player};
use crate::domain::diplomacy::round_size::round_two;
use crate::domain::diplomacy::stage::{rounds, stage};
use crate::domain::diplomacy::{Power, Season};
use crate::domain::kernel::authority::Power as Authority;
use crate::store;
use crate::store::diplomacy::rounds::RoundStage;

impl Diplomacy<'_> {
    /// `/diplomacy round open round end`.
    pub async fn open_round(
        &self,
        call: &Call,
        round: i64,
        end: Given<Season>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(&actor.offices, "open a round", "house rules A.3, B.1")?;
            let end = end.clone().map_err(DiplomacyError::Refused)?;
            if store::diplomacy::rounds::get(conn, round).await?.is_some() {
                return Err(DiplomacyError::RoundExists(round));
            }
            if round > 1
                && store::diplomacy::rounds::get(conn, round - 1)
                    .await?
                    .is_none()
            {
                return Err(DiplomacyError::NoRound(round - 1));
            }
            // Round 1 has a board a team (B.2, B.5), so its boards count the teams (B.4).
            let teams = store::diplomacy::boards::of_round(conn, 1).await?.len() as u32;
            let Some(stage) = stage(round, teams) else {
                return Err(DiplomacyError::Refused(format!(
                    "There is no round {round}: with {teams} teams the tournament has {} rounds, the last the final (B.1, B.4).",
                    rounds(teams)
                )));
            };
            let year = stage.last_year();
            if end != Season::fall(year as u16) {
                return Err(DiplomacyError::WrongEnd(round, year, end.to_string()));
            }
            store::diplomacy::rounds::insert(conn, round, year, stage.team_round(), self.now())
                .await?;
            let mut text = if round == 1 {
                format!("Round {round} is open; its games play to Fall {year} (B.3).")
            } else {
                format!(
                    "Round {round} is open, {}; its games play to Fall {year} (B.3).",
                    stage.name()
                )
            };
            if round == 2 {
                let r2 = round_two(teams);
                text.push_str(&format!(
                    " Round 2 has {} boards: {}.",
                    r2.boards, r2.working
                ));
            }
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }

    /// `/diplomacy assign round [seed]`: deals the round's players (B.5, B.6).
    pub async fn assign_round(
        &self,
        call: &Call,
        round: i64,
        seed: Option<i64>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(&actor.offices, "deal players to boards", "house rules A.3(ii), B.6")?;
            let r = store::diplomacy::rounds::get(conn, round)
                .await?
                .ok_or(DiplomacyError::NoRound(round))?;
            if r.stage != RoundStage::Open {
                return Err(DiplomacyError::Stage(round, r.stage, "it is dealt already."));
            }
            let seed = seed.unwrap_or_else(|| self.now().timestamp());
            let players = self.players_for(conn, round).await?;
            let d = deal(&players, r.team_round, seed as u64)
                .map_err(|e| DiplomacyError::Refused(e.to_string()))?;
            let names: BTreeMap<i64, (String, Option<i64>)> = players
                .iter()
                .map(|p| (p.id, (p.name.clone(), p.team)))
                .collect();
            let mut lines = vec![format!(
                "Round {round} is dealt to {} board(s) with the seed {seed}; anyone can repeat the draw (B.6).",
                d.boards.len()
            )];
            for (k, seats) in d.boards.iter().enumerate() {
                let name = format!("R{round} Board {}", k + 1);
                let board = store::diplomacy::boards::insert(conn, round, &name, self.now()).await?;
                let mut seated = Vec::new();
                for (p, id) in seats.iter().enumerate() {
                    let power = Power::ALL[p];
                    let (who, team) = names[id].clone();
                    store::diplomacy::boards::seat(conn, board, power, *id, team).await?;
                    store::committee::teams::seat(conn, &name, *id, self.now()).await?;
                    seated.push(format!("{}={who}", power.letter()));
                }
                lines.push(format!("{name}: {}", seated.join(" ")));
            }
            if d.relaxed.is_empty() {
                lines.push("Every rule of B.6 holds.".into());
            }
            for r in &d.relaxed {
                lines.push(format!(
                    "Relaxed {} ({} time(s)): {}.",
                    r.rule.cite(),
                    r.times,
                    r.why
                ));
            }
            let notes = lines[1..].join("\n");
            store::diplomacy::rounds::set_dealt(conn, round, seed, &notes).await?;
            let text = lines.join("\n");
            self.announce(conn, &text).await?;
            // The TD makes sure each game has an Observer (A.9): the new boards have none yet.
            let unobserved = crate::store::committee::teams::games_without_observer(conn).await?;
            Ok(DiplomacyOutcome::Dealt { announced: text, unobserved })
        })
        .await
    }
}

impl App {
    /// The players of a round with their history (B.6(c), (d)): round 1's from the teams'
    /// sign-ups; later rounds' from the previous round's advancement.
    async fn players_for(
        &self,
        conn: &mut sqlx::SqliteConnection,
        round: i64,
    ) -> Result<Vec<Player>, DiplomacyError> {
        let positions = store::diplomacy::boards::all_positions(conn).await?;
        let mut played: BTreeMap<i64, Vec<Power>> = BTreeMap::new();
        let mut met: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        let mut by_board: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        for p in &positions {
            played.entry(p.person_id).or_default().push(p.power);
            by_board.entry(p.board_id).or_default().push(p.person_id);
        }
        for people in by_board.values() {
            for a in people {
                met.entry(*a)
                    .or_default()
                    .extend(people.iter().filter(|b| *b != a));
            }
        }
        let history = |id: i64, name: String, team: Option<i64>, power: Option<Power>| Player {
            id,
            name,
            team,
            power,
            played: played.get(&id).cloned().unwrap_or_default(),
            met: met.get(&id).cloned().unwrap_or_default(),
        };
        if round == 1 {
            let entrants = store::diplomacy::rounds::team_players(conn).await?;
            let teams = store::diplomacy::rounds::team_names(conn).await?;
            for (team, name) in &teams {
                let signed = entrants
                    .iter()
                    .filter(|e| e.0 == *team && e.3.is_some())
                    .count();
                if signed > 0 && signed < 7 {
                    return Err(DiplomacyError::Refused(format!(
                        "{name} has {signed} players with a power; a team plays all seven powers in round 1 (B.2, B.5)."
                    )));
                }
            }
            return Ok(entrants
                .into_iter()
                .filter(|e| e.3.is_some())
                .map(|(team, id, name, power)| {
                    history(
                        id,
                        name,
                        Some(team),
                        power.as_deref().and_then(Power::parse),
                    )
                })
                .collect());
        }
        let previous = store::diplomacy::rounds::get(conn, round - 1)
            .await?
            .ok_or(DiplomacyError::NoRound(round - 1))?;
        let advanced: Vec<(i64, String, Option<i64>)> = previous
            .advancement
            .as_deref()
            .and_then(|a| serde_json::from_str::<super::standings::Advancement>(a).ok())
            .map(|a| a.advanced)
            .ok_or_else(|| {
                DiplomacyError::Refused(format!(
                    "Round {} has not advanced anyone yet: the TD runs /diplomacy advance round:{}.",
                    round - 1,
                    round - 1
                ))
            })?;
        Ok(advanced
            .into_iter()
            .map(|(id, name, team)| history(id, name, team, None))
            .collect())
    }
}
