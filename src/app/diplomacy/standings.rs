//! `/diplomacy standings` (anyone) and `/diplomacy advance` (the TD): a round's players ranked
//! by C.6-C.9 and C.11 with every tie-break in order, each placing naming what decided it, the
//! d100's seed published; the advancement is stored as published.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call};
use crate::domain::diplomacy::advance::Placing;
use crate::domain::diplomacy::round_size::round_two;
use crate::domain::diplomacy::stage::Stage;
use crate::domain::diplomacy::titles::{self, PlayerResult, TeamResult};
use crate::domain::diplomacy::{exact, shown, whole, Points, Power};
use crate::domain::kernel::authority::Power as Authority;
use crate::store;
use crate::store::diplomacy::boards::BoardStatus;
use crate::store::diplomacy::rounds::RoundStage;

/// One placing of a round, as published and stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StandingLine {
    pub place: usize,
    pub person_id: i64,
    pub name: String,
    pub team_id: Option<i64>,
    pub team: Option<String>,
    pub board: String,
    pub power: String,
    /// The score the rule ranks by, exactly ("80/3") and shown ("26.67").
    pub exact: String,
    pub shown: String,
    pub decided_by: String,
    pub rolls: Vec<u32>,
    /// The player's own score in the round, without round 1's team credits (C.6: "lost after
    /// advancement is calculated"), exactly; what C.8 halves.
    #[serde(default)]
    pub score: Option<String>,
}

/// A round's advancement as published.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Advancement {
    pub round: i64,
    pub seed: i64,
    pub placings: Vec<StandingLine>,
    /// (person, name, team) of those who advance.
    pub advanced: Vec<(i64, String, Option<i64>)>,
    /// Round 1's team ranking (C.6), kept for C.12(d).
    #[serde(default)]
    pub teams: Vec<TeamPlace>,
    /// The titles as announced with the final's advancement (C.11-C.13).
    #[serde(default)]
    pub titles: Option<String>,
    /// (person, name) of the qualifiers who declined the final, in order (C.10).
    #[serde(default)]
    pub declined: Vec<(i64, String)>,
}

/// A team's place in round 1 (C.6), as published with the advancement.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TeamPlace {
    pub team_id: i64,
    pub team: String,
    pub place: usize,
    pub decided_by: String,
}

fn parse_exact(text: &str) -> Points {
    match text.split_once('/') {
        Some((n, d)) => Points::new(n.parse().unwrap_or(0), d.parse().unwrap_or(1).max(1)),
        None => whole(text.parse().unwrap_or(0)),
    }
}

/// A round-1 line's score without the team credits C.6 gave it: "these credits will be lost
/// after advancement is calculated", so C.8 halves the score alone. Lines stored before the
/// score was kept take their team's credit off the ranked score.
fn round_one_score(line: &StandingLine, teams: &[TeamPlace]) -> Points {
    if let Some(s) = &line.score {
        return parse_exact(s);
    }
    let credit = line
        .team_id
        .and_then(|t| teams.iter().find(|p| p.team_id == t))
        .map_or(whole(0), |p| titles::credit_for_place(p.place));
    parse_exact(&line.exact) - credit
}

pub(super) struct Row {
    pub(super) result: PlayerResult<i64>,
    team: Option<i64>,
    pub(super) board: String,
    board_id: i64,
}

/// A position's points for its team: (team, the position's total, whether the team provided
/// its replacements; if not, the total is forfeited, B.8(e)).
pub(super) type TeamScore = (i64, Points, bool);

impl Diplomacy<'_> {
    /// `/diplomacy standings round`.
    pub async fn standings(
        &self,
        call: &Call,
        round: i64,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, _| {
            let r = store::diplomacy::rounds::get(conn, round)
                .await?
                .ok_or(DiplomacyError::NoRound(round))?;
            if let Some(a) = self.advancement(conn, round).await? {
                return Ok(DiplomacyOutcome::Shown(written(
                    round,
                    &a.placings,
                    a.seed,
                    &a.advanced,
                )));
            }
            let seed = r.opened_at.timestamp();
            let (lines, _) = self.rank_round(conn, round, seed).await?;
            Ok(DiplomacyOutcome::Shown(written(round, &lines, seed, &[])))
        })
        .await
    }

    /// `/diplomacy advance round [places] [seed]` (the TD).
    pub async fn advance(
        &self,
        call: &Call,
        round: i64,
        places: Option<i64>,
        seed: Option<i64>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(
                &actor.offices,
                "advance a round",
                "house rules C.6-C.11",
            )?;
            let r = store::diplomacy::rounds::get(conn, round)
                .await?
                .ok_or(DiplomacyError::NoRound(round))?;
            if r.stage != RoundStage::Assigned {
                return Err(DiplomacyError::Stage(
                    round,
                    r.stage,
                    "only a dealt round that is not yet advanced advances.",
                ));
            }
            let boards = store::diplomacy::boards::of_round(conn, round).await?;
            let playing: Vec<String> = boards
                .iter()
                .filter(|b| b.status != BoardStatus::Finished)
                .map(|b| b.name.clone())
                .collect();
            if !playing.is_empty() {
                return Err(DiplomacyError::Refused(format!(
                    "These boards are still playing: {}.",
                    playing.join(", ")
                )));
            }
            let seed = seed.unwrap_or_else(|| self.now().timestamp());
            let (lines, teams) = self.rank_round(conn, round, seed).await?;
            let stage = Stage::of_last_year(r.last_year);
            let count = match (places, round, stage) {
                (Some(n), _, _) => n.max(0) as usize,
                (None, 1, _) => round_two(boards.len() as u32).boards as usize * 7,
                (None, _, Stage::TeamRound) => 49,
                // Each board's best; fewer boards than seats are filled below (C.9, C.10).
                (None, _, Stage::SemiFinal) => boards.len(),
                // The final: no one advances; its first is the individual winner (C.11).
                (None, _, Stage::Final) => 0,
            };
            let mut advanced: Vec<(i64, String, Option<i64>)> = lines
                .iter()
                .take(count)
                .map(|l| (l.person_id, l.name.clone(), l.team_id))
                .collect();
            let mut seated_note = None;
            if stage == Stage::SemiFinal && places.is_none() {
                (advanced, seated_note) =
                    self.final_seats(conn, round, &lines, boards.len()).await?;
            }
            let a = Advancement {
                round,
                seed,
                placings: lines.clone(),
                advanced,
                teams,
                titles: None,
                declined: Vec::new(),
            };
            let json = serde_json::to_string(&a).expect("advancement serialises");
            store::diplomacy::rounds::set_advanced(conn, round, seed, &json).await?;
            let mut text = written(round, &lines, seed, &a.advanced);
            if let Some(note) = seated_note {
                text.push('\n');
                text.push_str(&note);
            }
            if round == 1 && places.is_none() {
                text.push_str(&format!(
                    "\n{} advance: {}.",
                    a.advanced.len(),
                    round_two(boards.len() as u32).working
                ));
            }
            if stage == Stage::Final {
                // The final decides the titles: announce them with the standings and keep them
                // with the advancement, for the portal (C.11-C.13).
                let titles = self.titles_text(conn, Some(seed)).await?;
                text.push('\n');
                text.push_str(&titles);
                let kept = Advancement {
                    titles: Some(titles),
                    ..a
                };
                let json = serde_json::to_string(&kept).expect("advancement serialises");
                store::diplomacy::rounds::set_advanced(conn, round, seed, &json).await?;
            }
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}

impl App {
    /// The round's results by player: a replaced position's points are shared by the seasons
    /// each permanent holder played (C.14), and a player ranks by their first permanent game
    /// only (C.15). The rows dropped by C.15 still give their team its points.
    pub(super) async fn round_rows(
        &self,
        conn: &mut SqliteConnection,
        round: i64,
    ) -> sqlx::Result<(Vec<Row>, Vec<TeamScore>)> {
        let last_year = store::diplomacy::rounds::get(conn, round)
            .await?
            .map_or(1909, |r| r.last_year) as u16;
        // (when the game became theirs: 0 for the deal, else the handover's order; the row)
        let mut keyed: Vec<(i64, Row)> = Vec::new();
        let mut team_scores = Vec::new();
        for b in store::diplomacy::boards::of_round(conn, round).await? {
            let s = self.board_scored(conn, b.id).await?;
            for p in store::diplomacy::boards::positions(conn, b.id).await? {
                let power = p.power;
                let total = s.score.of(power);
                let split = super::stints::position_shares(conn, &p, total, last_year).await?;
                if let Some(t) = p.team_id {
                    team_scores.push((t, total, split.team_provided));
                }
                let handovers = store::diplomacy::handovers::of_position(conn, p.id).await?;
                for (k, holder) in split.permanent.iter().enumerate() {
                    let score = if split.replaced {
                        split
                            .shares
                            .iter()
                            .find(|x| x.holder == *holder)
                            .map_or(whole(0), |x| x.points)
                    } else {
                        total
                    };
                    let since = if k == 0 {
                        0
                    } else {
                        handovers
                            .iter()
                            .find(|h| h.incoming_id == *holder)
                            .map_or(i64::MAX, |h| h.id)
                    };
                    let name = if *holder == p.person_id {
                        p.person_name.clone()
                    } else {
                        store::people::name_of(conn, Some(*holder))
                            .await?
                            .unwrap_or_default()
                    };
                    keyed.push((
                        since,
                        Row {
                            result: PlayerResult {
                                id: *holder,
                                name,
                                power,
                                score,
                                bonus: s.score.bonus_of(power),
                                // A count-back reads only the years whose counts are known.
                                year_ends: s
                                    .years
                                    .iter()
                                    .filter(|(y, _)| s.known.contains(y))
                                    .map(|(y, c)| (*y, c.of(power)))
                                    .collect(),
                                team_place: None,
                            },
                            // B.8(e): a replacement the team did not provide scores only
                            // as an individual.
                            team: p.team_id.filter(|_| {
                                k == 0
                                    || handovers
                                        .iter()
                                        .any(|h| h.incoming_id == *holder && h.team_provided)
                            }),
                            board: b.name.clone(),
                            board_id: b.id,
                        },
                    ));
                }
            }
        }
        // C.15: a person's first permanent game, in time, is the one that counts.
        keyed.sort_by_key(|(since, _)| *since);
        let mut rows: Vec<Row> = Vec::new();
        for (_, r) in keyed {
            if !rows.iter().any(|x| x.result.id == r.result.id) {
                rows.push(r);
            }
        }
        Ok((rows, team_scores))
    }

    /// Each power's total score across the round's boards, each board's score of it in full
    /// (C.7(a), C.8(a), C.9(a)).
    async fn country_scores(
        &self,
        conn: &mut SqliteConnection,
        round: i64,
    ) -> sqlx::Result<BTreeMap<Power, Points>> {
        let mut scores = Vec::new();
        for b in store::diplomacy::boards::of_round(conn, round).await? {
            let s = self.board_scored(conn, b.id).await?;
            scores.extend(Power::ALL.into_iter().map(|p| (p, s.score.of(p))));
        }
        Ok(titles::board_totals(scores))
    }

    /// The round's ranking (C.6-C.9, C.11).
    async fn rank_round(
        &self,
        conn: &mut SqliteConnection,
        round: i64,
        seed: i64,
    ) -> sqlx::Result<(Vec<StandingLine>, Vec<TeamPlace>)> {
        let (mut rows, team_scores) = self.round_rows(conn, round).await?;
        let countries = self.country_scores(conn, round).await?;
        let teams: BTreeMap<i64, String> = store::diplomacy::rounds::team_names(conn)
            .await?
            .into_iter()
            .collect();
        let mut credits: BTreeMap<i64, Points> = BTreeMap::new();
        let mut team_places = Vec::new();
        let stage = self.stage_of(conn, round).await?;
        let placings: Vec<Placing<i64>> = match (round, stage) {
            (1, _) => {
                // C.6(b) ranks a team's best player by C.7 before credits exist.
                let plain: Vec<PlayerResult<i64>> = rows.iter().map(|r| r.result.clone()).collect();
                let first = titles::round_one(&plain, &countries, &BTreeMap::new(), seed as u64);
                let mut by_team: BTreeMap<i64, TeamResult<i64>> = BTreeMap::new();
                for r in &rows {
                    let Some(t) = r.team else { continue };
                    let place = first
                        .iter()
                        .find(|p| p.id == r.result.id)
                        .map_or(usize::MAX >> 1, |p| p.place);
                    let e = by_team.entry(t).or_insert_with(|| TeamResult {
                        id: t,
                        name: teams.get(&t).cloned().unwrap_or_default(),
                        scores: Vec::new(),
                        best_player: place,
                    });
                    e.best_player = e.best_player.min(place);
                }
                for (t, score, provided) in &team_scores {
                    if let Some(e) = by_team.get_mut(t) {
                        e.scores.push(if *provided { *score } else { whole(0) });
                    }
                }
                let team_rank = titles::teams_round_one(&by_team.into_values().collect::<Vec<_>>());
                team_places = team_rank
                    .iter()
                    .map(|p| TeamPlace {
                        team_id: p.id,
                        team: p.name.clone(),
                        place: p.place,
                        decided_by: p.decided_by.clone(),
                    })
                    .collect();
                for r in rows.iter_mut() {
                    if let Some(t) = r.team {
                        credits.insert(r.result.id, titles::credits(&team_rank, &t));
                        r.result.team_place = team_rank.iter().find(|p| p.id == t).map(|p| p.place);
                    }
                }
                let results: Vec<PlayerResult<i64>> =
                    rows.iter().map(|r| r.result.clone()).collect();
                titles::round_one(&results, &countries, &credits, seed as u64)
            }
            (_, Stage::TeamRound) => {
                let prior = self.advancement(conn, 1).await?;
                let r1: BTreeMap<i64, (Points, usize)> = prior
                    .as_ref()
                    .map(|a| {
                        a.placings
                            .iter()
                            .map(|l| (l.person_id, (round_one_score(l, &a.teams), l.place)))
                            .collect()
                    })
                    .unwrap_or_default();
                // C.8(d): the team's place in the team competition as it stands after round 2
                // (C.12); players with no team rank last.
                if let Some(first) = &prior {
                    let (_, team_rank) = self.team_ranking(conn, first).await?;
                    for r in rows.iter_mut() {
                        r.result.team_place = r
                            .team
                            .and_then(|t| team_rank.iter().find(|p| p.id == t))
                            .map(|p| p.place);
                    }
                }
                let results: Vec<PlayerResult<i64>> =
                    rows.iter().map(|r| r.result.clone()).collect();
                titles::round_two(&results, &countries, &r1)
            }
            // C.9(c) breaks a semi-final's ties by the round before it: round 2's ranking
            // (C.8), or round 1's (C.7) where round 2 is the semi-final (B.4).
            (_, Stage::SemiFinal) => {
                let prior = self.advancement(conn, round - 1).await?;
                let r2: BTreeMap<i64, usize> = prior
                    .map(|a| a.placings.iter().map(|l| (l.person_id, l.place)).collect())
                    .unwrap_or_default();
                let mut boards: BTreeMap<i64, Vec<PlayerResult<i64>>> = BTreeMap::new();
                for r in &rows {
                    boards.entry(r.board_id).or_default().push(r.result.clone());
                }
                let prior = if round == 2 {
                    titles::Prior::RoundOne
                } else {
                    titles::Prior::RoundTwo
                };
                let boards: Vec<Vec<PlayerResult<i64>>> = boards.into_values().collect();
                let per_board = titles::semi_final(&boards, &countries, &r2, prior);
                // C.10(b) and C.11(b) read one ranking of the whole semi-final: the board
                // winners, then the rest, each by C.9's criteria across the boards.
                let mut all =
                    titles::semi_final_overall(&boards, &countries, &per_board, &r2, prior);
                let winners: Vec<&Placing<i64>> =
                    per_board.iter().filter_map(|b| b.first()).collect();
                for p in all.iter_mut() {
                    if let Some(won) = winners.iter().find(|w| w.id == p.id) {
                        p.decided_by = if winners.len() > 1 {
                            format!(
                                "best of the board by {}; among the boards' best by {}",
                                won.decided_by, p.decided_by
                            )
                        } else {
                            format!("best of the board by {}", won.decided_by)
                        };
                    }
                }
                all
            }
            (_, Stage::Final) => {
                let prior = self.advancement(conn, round - 1).await?;
                let r3: BTreeMap<i64, usize> = prior
                    .map(|a| a.placings.iter().map(|l| (l.person_id, l.place)).collect())
                    .unwrap_or_default();
                let results: Vec<PlayerResult<i64>> =
                    rows.iter().map(|r| r.result.clone()).collect();
                titles::individual(&results, 1915, &r3)
            }
        };
        let lines = placings
            .into_iter()
            .map(|p| {
                let row = rows
                    .iter()
                    .find(|r| r.result.id == p.id)
                    .expect("ranked from rows");
                let key = p.keys.first().copied().unwrap_or(whole(0));
                StandingLine {
                    place: p.place,
                    person_id: p.id,
                    name: p.name.clone(),
                    team_id: row.team,
                    team: row.team.and_then(|t| teams.get(&t).cloned()),
                    board: row.board.clone(),
                    power: row.result.power.to_string(),
                    exact: exact(key),
                    shown: shown(key),
                    decided_by: p.decided_by.clone(),
                    rolls: p.rolls.clone(),
                    score: Some(exact(row.result.score)),
                }
            })
            .collect();
        Ok((lines, team_places))
    }

    /// The stage of a stored round, read from the year it plays to (B.3).
    async fn stage_of(&self, conn: &mut SqliteConnection, round: i64) -> sqlx::Result<Stage> {
        Ok(store::diplomacy::rounds::get(conn, round)
            .await?
            .map_or(Stage::TeamRound, |r| Stage::of_last_year(r.last_year)))
    }

    /// The final's number: round 4, or round 3 where round 2 was the semi-final (B.4).
    pub(super) async fn final_round(&self, conn: &mut SqliteConnection) -> sqlx::Result<i64> {
        Ok(match self.stage_of(conn, 3).await? {
            Stage::Final => 3,
            _ => 4,
        })
    }

    pub(super) async fn advancement(
        &self,
        conn: &mut SqliteConnection,
        round: i64,
    ) -> sqlx::Result<Option<Advancement>> {
        Ok(store::diplomacy::rounds::get(conn, round)
            .await?
            .and_then(|r| r.advancement)
            .and_then(|a| serde_json::from_str(&a).ok()))
    }
}

/// The standings in words: each placing with what decided it.
fn written(
    round: i64,
    lines: &[StandingLine],
    seed: i64,
    advanced: &[(i64, String, Option<i64>)],
) -> String {
    let mut out = vec![format!("Round {round} standings (d100 seed {seed}):")];
    for l in lines {
        let team = l
            .team
            .as_deref()
            .map_or(String::new(), |t| format!(", {t}"));
        let rolls = if l.rolls.is_empty() {
            String::new()
        } else {
            format!(
                " (rolled {})",
                l.rolls
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let mark = if advanced.iter().any(|a| a.0 == l.person_id) {
            " - advances"
        } else {
            ""
        };
        out.push(format!(
            "{}. {} ({}{team}, {}) {} [{}], decided by {}{rolls}{mark}",
            l.place, l.name, l.power, l.board, l.shown, l.exact, l.decided_by
        ));
    }
    out.join("\n")
}
