//! Playing a tournament: the Swiss's rounds paired by the Monrad rule and published, games and
//! whole matches recorded, a round's end pairing the next, and the standings.

use std::collections::BTreeMap;

use sqlx::SqliteConnection;

use super::read;
use super::{parameters, TournamentError, TournamentOutcome};
use super::{Explained, MatchShown, MatchState, Table};
use crate::domain::tournament::final_match::{self, Next};
use crate::domain::tournament::matches::{self, Game, Score};
use crate::domain::tournament::negotiation::utc;
use crate::domain::tournament::stages::{PlayStage, Stage};
use crate::domain::tournament::swiss;
use crate::domain::tournament::{points, Halves};
use crate::store;
use crate::store::tournament::{matches::MatchRow, tournaments::Tournament};

impl super::Tournament<'_> {
    /// Pairs `round` of the Swiss, stores its matches and announces them.
    pub(super) async fn pair_next_round(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
        round: i64,
    ) -> Result<String, TournamentError> {
        let field = read::field(conn, id, round).await?;
        let pairing = swiss::pair(&field.entrants, &field.rounds, &field.playing);
        // The explanation is kept as it was made (ACWC Pairing details: "everyone can
        // independently verify the pairings"): a later withdrawal changes the standings, not
        // the record of how this round was paired.
        let explanation = serde_json::to_string(&pairing).expect("a pairing serialises");
        store::tournament::records::insert_pairing(conn, id, round, &explanation, self.now())
            .await?;
        let t = self.load(conn, id).await?;
        let week = self.round_week(conn, id).await?;
        let mut lines = vec![format!(
            "Tournament #{id}, round {round} (Monrad pairing, ACWC Pairing details; /tournament pairings tournament:{id} round:{round} explain:true shows each step). Play by {}; each player offers 3 times in UTC with /match offer by {} (ACWC Timeline, Match negotiations):",
            utc(week.end()),
            utc(week.offers_due())
        )];
        for (a, b) in &pairing.pairs {
            let m = store::tournament::matches::insert(
                conn,
                id,
                Stage::Swiss,
                round,
                *a,
                Some(*b),
                self.now(),
            )
            .await?;
            self.schedule_week(conn, m, week).await?;
            lines.push(format!(
                "Match #{m}: {} – {}",
                field.names[a], field.names[b]
            ));
        }
        if let Some(bye) = pairing.bye {
            let m = store::tournament::matches::insert(
                conn,
                id,
                Stage::Swiss,
                round,
                bye,
                None,
                self.now(),
            )
            .await?;
            self.refold(conn, &t, m).await?;
            lines.push(format!(
                "{} has a bye: a won match (ACWC Pairing details).",
                field.names[&bye]
            ));
        }
        self.tournament_post(conn, lines.join("\n")).await
    }

    /// `/tournament pairings`: a round's pairings; with `explain`, the ranking they came from
    /// and each step, to check by hand.
    pub async fn show_pairings(
        &self,
        id: i64,
        round: Option<i64>,
        explain: bool,
    ) -> Result<TournamentOutcome, TournamentError> {
        let mut conn = self.pool().acquire().await?;
        let t = self.load(&mut conn, id).await?;
        let all = store::tournament::matches::of_stage(&mut conn, id, Stage::Swiss).await?;
        let Some(last) = all.iter().map(|m| m.round).max() else {
            return Err(TournamentError::NotStarted(t.id));
        };
        let round = round.unwrap_or(last).clamp(1, last);
        let names = read::entrant_names(&mut conn, id).await?;
        let matches = all
            .iter()
            .filter(|m| m.round == round)
            .map(|m| match_shown(m, &names))
            .collect();
        let explained = if explain {
            // The explanation as the round was paired; a round paired before gavel kept them
            // is worked out again from the record, and says so.
            let stored = store::tournament::records::pairings(&mut conn, id)
                .await?
                .into_iter()
                .find(|p| p.round == round)
                .and_then(|p| serde_json::from_str::<swiss::RoundPairing>(&p.explanation).ok());
            let worked_out_again = stored.is_none();
            let pairing = match stored {
                Some(p) => p,
                None => {
                    let field = read::field(&mut conn, id, round).await?;
                    swiss::pair(&field.entrants, &field.rounds, &field.playing)
                }
            };
            Some(Explained {
                worked_out_again,
                ranking: pairing.ranking,
                steps: pairing.steps,
            })
        } else {
            None
        };
        Ok(TournamentOutcome::Pairings {
            tournament: id,
            round,
            matches,
            explained,
        })
    }

    /// A match that is still being played, with its tournament.
    pub(super) async fn open_match(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<(Tournament, MatchRow), TournamentError> {
        let m = store::tournament::matches::by_id(conn, number)
            .await?
            .ok_or(TournamentError::NoMatch(number))?;
        let t = self.load(conn, m.tournament_id).await?;
        if m.over {
            return Err(TournamentError::Match(matches::MatchError::Over(
                "its result is recorded",
            )));
        }
        Ok((t, m))
    }

    /// The people playing a match (the second is `None` for a bye).
    pub(super) async fn match_persons(
        &self,
        conn: &mut SqliteConnection,
        m: &MatchRow,
    ) -> Result<(i64, Option<i64>), TournamentError> {
        let person = async |conn: &mut SqliteConnection, e: i64| -> Result<i64, TournamentError> {
            Ok(store::tournament::entrants::by_id(conn, e)
                .await?
                .map_or(0, |e| e.person_id))
        };
        let first = person(conn, m.first_id).await?;
        let second = match m.second_id {
            Some(s) => Some(person(conn, s).await?),
            None => None,
        };
        Ok((first, second))
    }

    /// Announces a match as its record now stands: its score, what comes next in the Final,
    /// or its result; once over, moves the tournament on.
    pub(super) async fn announce_result(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &MatchRow,
    ) -> Result<String, TournamentError> {
        let params = parameters(t);
        let stage = m.stage;
        let score = super::ledger::score_of(m);
        let next = match stage {
            Stage::Final => match final_match::next(params.final_rules(), score) {
                Next::Won { .. } => String::new(),
                Next::Play { until, control } => format!(
                    " Next: play on to game {until} at {} (ACWC Final).",
                    control.written()
                ),
                Next::Armageddon => format!(
                    " Still level after {} games: an Armageddon game decides. Both players bid a time for White with /match bid match:{}; the lower bid plays White, Black has 3 minutes and draw odds (ACWC Final).",
                    params.armageddon_after, m.id
                ),
            },
            _ => String::new(),
        };
        let over = m.first_points.zip(m.second_points).filter(|_| m.over);
        let names = read::entrant_names(conn, t.id).await?;
        let second = m
            .second_id
            .map_or("(bye)".to_owned(), |s| names[&s].clone());
        let mut text = format!(
            "Match #{}: {} {} – {} {}",
            m.id,
            names[&m.first_id],
            points(score.first),
            points(score.second),
            second
        );
        let Some((a, b)) = over else {
            let games = score.games();
            text.push_str(&format!(
                " after {games} game{}.{next}",
                if games == 1 { "" } else { "s" }
            ));
            if !next.is_empty() {
                self.tournament_post(conn, text.clone()).await?;
            }
            return Ok(text);
        };
        text.push_str(&match stage {
            Stage::Final => format!(
                ": {} wins the Final (ACWC Final).",
                if a > b { &names[&m.first_id] } else { &second }
            ),
            _ => format!(
                ": the match is over, {} – {} in match points ({}).",
                points(a as Halves),
                points(b as Halves),
                if stage == Stage::Candidates {
                    "ACWC Candidates"
                } else {
                    "ACWC Qualification"
                }
            ),
        });
        self.tournament_post(conn, text.clone()).await?;
        for said in self.advance(conn, t.id).await? {
            text.push('\n');
            text.push_str(&said);
        }
        Ok(text)
    }

    /// Announces the Armageddon game's result: White as the bids (or the Director) decided, a
    /// draw Black's win.
    pub(super) async fn announce_armageddon(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &MatchRow,
        game: Game,
    ) -> Result<String, TournamentError> {
        let names = read::entrant_names(conn, t.id).await?;
        let first = m.first_points.unwrap_or(0) > m.second_points.unwrap_or(0);
        let winner = if first {
            m.first_id
        } else {
            m.second_id.unwrap_or(m.first_id)
        };
        let how = if game == Game::Draw {
            "a draw, which is Black's win"
        } else {
            "a win"
        };
        let mut text = format!(
            "Match #{}: the Armageddon game ends in {how}: {} wins the Final (ACWC Final).",
            m.id, names[&winner]
        );
        self.tournament_post(conn, text.clone()).await?;
        for said in self.advance(conn, t.id).await? {
            text.push('\n');
            text.push_str(&said);
        }
        Ok(text)
    }

    /// `/tournament standings`: the current stage's table (the Swiss's ranking, the
    /// Candidates' table, the Final's score), or the stage asked for.
    pub async fn standings(
        &self,
        id: i64,
        stage: Option<PlayStage>,
    ) -> Result<TournamentOutcome, TournamentError> {
        let mut conn = self.pool().acquire().await?;
        let t = self.load(&mut conn, id).await?;
        let current = t.stage;
        let stage = match stage.map(PlayStage::stage) {
            Some(s) => s,
            None if current == Stage::Finished || current == Stage::Final => Stage::Final,
            None if current == Stage::Candidates => Stage::Candidates,
            None => Stage::Swiss,
        };
        let table = match stage {
            Stage::Candidates => Table::Candidates(read::round_robin(&mut conn, id).await?),
            Stage::Final => {
                let names = read::entrant_names(&mut conn, id).await?;
                let finals =
                    store::tournament::matches::of_stage(&mut conn, id, Stage::Final).await?;
                Table::Final(finals.iter().map(|m| match_shown(m, &names)).collect())
            }
            _ => {
                let field = read::field(&mut conn, id, i64::MAX).await?;
                Table::Swiss(
                    swiss::standings(&field.entrants, &field.rounds)
                        .into_iter()
                        .filter(|s| field.playing.contains(&s.id))
                        .collect(),
                )
            }
        };
        Ok(TournamentOutcome::Standings {
            tournament: id,
            table,
            over: current == Stage::Finished,
        })
    }
}

/// One match as listed: its number, players and score or result.
fn match_shown(m: &MatchRow, names: &BTreeMap<i64, String>) -> MatchShown {
    MatchShown {
        number: m.id,
        first: names[&m.first_id].clone(),
        second: m.second_id.map(|s| names[&s].clone()),
        first_halves: m.first_halves as Halves,
        second_halves: m.second_halves as Halves,
        state: match m.decided {
            Some(decided) => MatchState::Decided(decided),
            None if m.over => MatchState::Over,
            None => MatchState::InPlay,
        },
        starts_at: m.starts_at.filter(|_| !m.over),
    }
}

/// A match score written "5.5-3.5": halves of each, at most `games` games in all.
pub(super) fn parse_score(text: &str, games: u32) -> Option<Score> {
    let (a, b) = text.trim().split_once(['-', '–'])?;
    let halves = |t: &str| -> Option<Halves> {
        let t = t.trim();
        let (whole, half) = match t.split_once('.') {
            Some((w, "5")) => (w, 1),
            Some(_) => return None,
            None => (t, 0),
        };
        Some(whole.parse::<Halves>().ok()? * 2 + half)
    };
    let score = Score {
        first: halves(a)?,
        second: halves(b)?,
    };
    (score.games() <= games && (score.first + score.second).is_multiple_of(2)).then_some(score)
}
