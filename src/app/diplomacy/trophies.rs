//! `/diplomacy titles` (anyone): the individual winner (C.11), the team winner with the points
//! forfeited under B.8(e) (C.12) and the best country of each power (C.13), the best score on
//! it in the team rounds with C.13's tie-breaks and a die from a published seed, each title
//! saying what decided it. The TD's advancement of the final announces them.

use std::collections::BTreeMap;

use sqlx::SqliteConnection;

use super::standings::Advancement;
use super::Diplomacy;
use super::{DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call};
use crate::domain::diplomacy::advance::Placing;
use crate::domain::diplomacy::titles::{
    self, best_country, CountryResult, PositionPoints, TeamTotals,
};
use crate::domain::diplomacy::{exact, shown, whole, Points, Power};
use crate::store;

/// "(rolled 12, 80)", or nothing.
fn rolled(rolls: &[u32]) -> String {
    if rolls.is_empty() {
        String::new()
    } else {
        let r: Vec<String> = rolls.iter().map(u32::to_string).collect();
        format!(" (rolled {})", r.join(", "))
    }
}

impl Diplomacy<'_> {
    /// `/diplomacy titles [seed]`.
    pub async fn titles(
        &self,
        call: &Call,
        seed: Option<i64>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, _| {
            Ok(DiplomacyOutcome::Shown(self.titles_text(conn, seed).await?))
        })
        .await
    }
}

impl App {
    /// The three titles in words (C.11, C.12, C.13).
    pub(super) async fn titles_text(
        &self,
        conn: &mut SqliteConnection,
        seed: Option<i64>,
    ) -> Result<String, DiplomacyError> {
        let mut lines = Vec::new();
        let last = self.final_round(conn).await?;
        match self
            .advancement(conn, last)
            .await?
            .and_then(|a| a.placings.first().cloned())
        {
            Some(w) => lines.push(format!(
                "The individual winner (C.11): {} ({}, {}), {} [{}] centres at the end of the final, decided by {}{}",
                w.name,
                w.power,
                w.board,
                w.shown,
                w.exact,
                w.decided_by,
                rolled(&w.rolls)
            )),
            None => lines.push(format!(
                "The individual winner (C.11) is named when the TD advances the final (round {last})."
            )),
        }
        lines.extend(self.team_winner_lines(conn).await?);
        lines.extend(self.best_country_lines(conn, seed).await?);
        Ok(lines.join("\n"))
    }

    /// The team competition as it stands (C.12): each team's positions in the team rounds so
    /// far, ranked. `first` is round 1's advancement.
    pub(super) async fn team_ranking(
        &self,
        conn: &mut SqliteConnection,
        first: &Advancement,
    ) -> sqlx::Result<(Vec<TeamTotals<i64>>, Vec<Placing<i64>>)> {
        let names: BTreeMap<i64, String> = store::diplomacy::rounds::team_names(conn)
            .await?
            .into_iter()
            .collect();
        let second_counts = store::diplomacy::rounds::get(conn, 2)
            .await?
            .is_some_and(|r| r.team_round);
        let mut totals: BTreeMap<i64, TeamTotals<i64>> = BTreeMap::new();
        let mut rounds = vec![(1, self.round_rows(conn, 1).await?.1)];
        if second_counts {
            rounds.push((2, self.round_rows(conn, 2).await?.1));
        }
        for (round, scores) in rounds {
            for (t, total, provided) in scores {
                let e = totals.entry(t).or_insert_with(|| TeamTotals {
                    id: t,
                    name: names.get(&t).cloned().unwrap_or_default(),
                    round_one: Vec::new(),
                    round_two: Vec::new(),
                    advanced: first
                        .advanced
                        .iter()
                        .filter(|(_, _, team)| *team == Some(t))
                        .count(),
                    place_round_one: first
                        .teams
                        .iter()
                        .find(|p| p.team_id == t)
                        .map_or(usize::MAX >> 1, |p| p.place),
                });
                let points = PositionPoints {
                    points: total,
                    forfeited: !provided,
                };
                if round == 1 {
                    e.round_one.push(points);
                } else {
                    e.round_two.push(points);
                }
            }
        }
        let totals: Vec<TeamTotals<i64>> = totals.into_values().collect();
        let placings = titles::team(&totals);
        Ok((totals, placings))
    }

    /// The team competition ranked by C.12: rounds 1 and 2 less the points forfeited under
    /// B.8(e), each place with what decided it.
    async fn team_winner_lines(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<Vec<String>, DiplomacyError> {
        let Some(first) = self.advancement(conn, 1).await? else {
            return Ok(vec![
                "The team winner (C.12) is named once round 1 has advanced.".into(),
            ]);
        };
        let second = store::diplomacy::rounds::get(conn, 2).await?;
        let second_counts = second.as_ref().is_some_and(|r| r.team_round);
        let (totals, placings) = self.team_ranking(conn, &first).await?;
        let mut lines = vec![format!(
            "The team winner (C.12): rounds 1 and 2{} less the points forfeited under B.8(e):",
            match &second {
                Some(r) if r.team_round => "",
                Some(_) => " (round 2 is the semi-final, B.4, so round 1 alone)",
                None => " (round 2 is not open yet, so round 1 so far)",
            }
        )];
        for p in &placings {
            let Some(t) = totals.iter().find(|t| t.id == p.id) else {
                continue;
            };
            let r1: Points = t.round_one.iter().map(|p| p.points).sum();
            let r2: Points = t.round_two.iter().map(|p| p.points).sum();
            let key = p.keys.first().copied().unwrap_or(whole(0));
            let second = if second_counts {
                format!(" + round 2 {}", shown(r2))
            } else {
                String::new()
            };
            lines.push(format!(
                "{}. {} {} [{}]: round 1 {}{second} - forfeited {}, decided by {}",
                p.place,
                p.name,
                shown(key),
                exact(key),
                shown(r1),
                shown(t.forfeited()),
                p.decided_by
            ));
        }
        Ok(lines)
    }

    /// The best country of each power (C.13) in words.
    async fn best_country_lines(
        &self,
        conn: &mut SqliteConnection,
        seed: Option<i64>,
    ) -> Result<Vec<String>, DiplomacyError> {
        let mut results = Vec::new();
        let mut boards = Vec::new();
        let mut opened = None;
        for round in 1..=2u8 {
            let Some(r) = store::diplomacy::rounds::get(conn, i64::from(round)).await? else {
                continue;
            };
            opened.get_or_insert(r.opened_at);
            let (rows, _) = self.round_rows(conn, i64::from(round)).await?;
            for row in rows {
                boards.push((row.result.id, row.result.power, round, row.board.clone()));
                results.push(CountryResult {
                    result: row.result,
                    round,
                });
            }
        }
        let Some(opened) = opened else {
            return Err(DiplomacyError::NoRound(1));
        };
        let seed = seed.unwrap_or_else(|| opened.timestamp());
        let trophies = best_country(&results, seed as u64);
        let mut lines = vec![format!(
            "The best country of each power (C.13), from rounds 1 and 2 (d100 seed {seed}):"
        )];
        for power in Power::ALL {
            let Some(first) = trophies.get(&power).and_then(|p| p.first()) else {
                continue;
            };
            let key = first.keys.first().copied().unwrap_or_default();
            // The board the trophy was won on: the holder's game on that power, round 2's
            // first as C.13(a) ranks it higher.
            let board = boards
                .iter()
                .rev()
                .find(|(id, p, _, _)| *id == first.id && *p == power)
                .map_or(String::new(), |(_, _, r, b)| format!(", round {r}, {b}"));
            lines.push(format!(
                "{power}: {}{board}, {} [{}], decided by {}{}",
                first.name,
                shown(key),
                exact(key),
                first.decided_by,
                rolled(&first.rolls)
            ));
        }
        Ok(lines)
    }
}
