//! Playing a tournament: the Swiss's rounds paired by the Monrad rule and published, games and
//! whole matches recorded, a round's end pairing the next, and the standings.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::SqliteConnection;

use super::setup::PLAYING;
use super::{parameters, TournamentError, TournamentReply};
use crate::app::{App, Call, PersonRef};
use crate::domain::tournament::matches::{self, Game, MatchState, Score};
use crate::domain::tournament::swiss::{self, Entrant, Played};
use crate::domain::tournament::{points, Halves};
use crate::store::{self, tournament::matches::MatchRow};

const SWISS: &str = "swiss";

/// The Swiss as the pairing needs it: entrants, rounds played, and who still plays.
struct Field {
    entrants: Vec<Entrant>,
    rounds: Vec<Vec<Played>>,
    playing: BTreeSet<i64>,
    names: BTreeMap<i64, String>,
    persons: BTreeMap<i64, i64>,
}

impl App {
    async fn field(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
        before_round: i64,
    ) -> Result<Field, TournamentError> {
        let rows = store::tournament::entrants::of_tournament(conn, id).await?;
        let mut entrants = Vec::new();
        let mut playing = BTreeSet::new();
        let mut names = BTreeMap::new();
        let mut persons = BTreeMap::new();
        for e in &rows {
            let name = store::people::by_id(conn, e.person_id).await?.name;
            names.insert(e.id, format!("{name} ({})", e.account));
            persons.insert(e.id, e.person_id);
            if e.status == PLAYING {
                playing.insert(e.id);
            }
            entrants.push(Entrant {
                id: e.id,
                name: format!("{name} ({})", e.account),
                seed_x2: e.rating.unwrap_or(0) + e.peak.unwrap_or(0),
            });
        }
        let mut by_round: BTreeMap<i64, Vec<Played>> = BTreeMap::new();
        for m in store::tournament::matches::of_stage(conn, id, SWISS).await? {
            // Only finished matches count: a match in play is no result and no meeting yet.
            if m.round >= before_round || !m.over {
                continue;
            }
            let (a, b) = (
                m.first_points.unwrap_or(0) as Halves,
                m.second_points.unwrap_or(0) as Halves,
            );
            by_round.entry(m.round).or_default().push(Played {
                first: m.first_id,
                second: m.second_id,
                first_points: a,
                second_points: b,
            });
        }
        Ok(Field {
            entrants,
            rounds: by_round.into_values().collect(),
            playing,
            names,
            persons,
        })
    }

    /// Pairs `round` of the Swiss, stores its matches and announces them.
    pub(super) async fn pair_next_round(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
        round: i64,
    ) -> Result<String, TournamentError> {
        let field = self.field(conn, id, round).await?;
        let pairing = swiss::pair(&field.entrants, &field.rounds, &field.playing);
        let mut lines = vec![format!(
            "Tournament #{id}, round {round} (Monrad pairing, ACWC Pairing details; /tournament pairings tournament:{id} round:{round} explain:true shows each step):"
        )];
        for (a, b) in &pairing.pairs {
            let m = store::tournament::matches::insert(
                conn,
                id,
                SWISS,
                round,
                *a,
                Some(*b),
                self.now(),
            )
            .await?;
            lines.push(format!(
                "Match #{m}: {} – {}",
                field.names[a], field.names[b]
            ));
        }
        if let Some(bye) = pairing.bye {
            let m =
                store::tournament::matches::insert(conn, id, SWISS, round, bye, None, self.now())
                    .await?;
            store::tournament::matches::set_score(conn, m, 0, 0, Some((2, 0))).await?;
            lines.push(format!(
                "{} has a bye: a won match (ACWC Pairing details).",
                field.names[&bye]
            ));
        }
        let text = lines.join("\n");
        self.announce(conn, &text).await?;
        Ok(text)
    }

    /// `/tournament pairings`: a round's pairings; with `explain`, the ranking they came from
    /// and each step, to check by hand.
    pub async fn show_pairings(
        &self,
        id: i64,
        round: Option<i64>,
        explain: bool,
    ) -> Result<TournamentReply, TournamentError> {
        let mut conn = self.pool().acquire().await?;
        let t = self.tournament(&mut conn, id).await?;
        let all = store::tournament::matches::of_stage(&mut conn, id, SWISS).await?;
        let Some(last) = all.iter().map(|m| m.round).max() else {
            return Err(TournamentError::NotStarted(t.id));
        };
        let round = round.unwrap_or(last).clamp(1, last);
        let field = self.field(&mut conn, id, round).await?;
        let mut lines = vec![format!("Tournament #{id}, round {round}:")];
        for m in all.iter().filter(|m| m.round == round) {
            lines.push(match_line(m, &field.names));
        }
        if explain {
            let pairing = swiss::pair(&field.entrants, &field.rounds, &field.playing);
            lines.push("The ranking after the rounds before (score, opponents' average seeding, own seeding):".into());
            for (i, s) in pairing.ranking.iter().enumerate() {
                lines.push(swiss::ranking_line(i + 1, s));
            }
            lines.push("The steps:".into());
            lines.extend(pairing.steps);
        }
        Ok(TournamentReply(lines.join("\n")))
    }

    /// `/match game`: one game of a match, by one of its players or the Director.
    pub async fn record_game(
        &self,
        call: &Call,
        number: i64,
        winner: Option<&PersonRef>,
    ) -> Result<TournamentReply, TournamentError> {
        self.execute(call, async |conn, actor| {
            let m = store::tournament::matches::by_id(conn, number)
                .await?
                .ok_or(TournamentError::NoMatch(number))?;
            let t = self.tournament(conn, m.tournament_id).await?;
            let field = self.field(conn, t.id, i64::MAX).await?;
            let first = field.persons[&m.first_id];
            let second = m.second_id.map(|s| field.persons[&s]);
            let director = t.director_id == Some(actor.id);
            if !director && actor.id != first && Some(actor.id) != second {
                return Err(TournamentError::NotInMatch(number));
            }
            let game = match winner {
                None => Game::Draw,
                Some(w) => {
                    let who = w.resolve(conn, self.now()).await?;
                    if who.id == first {
                        Game::FirstWins
                    } else if Some(who.id) == second {
                        Game::SecondWins
                    } else {
                        return Err(TournamentError::NotAPlayer(who.name, number));
                    }
                }
            };
            let rules = parameters(&t).swiss_match();
            let score = Score {
                first: m.first_halves as Halves,
                second: m.second_halves as Halves,
            };
            let score = matches::record(rules, score, game)?;
            store::tournament::matches::add_game(
                conn,
                number,
                match game {
                    Game::FirstWins => "first",
                    Game::SecondWins => "second",
                    Game::Draw => "draw",
                },
                actor.id,
                self.now(),
            )
            .await?;
            self.settle(conn, &t, &m, score, &field.names).await
        })
        .await
    }

    /// `/match report`: a whole match's score at once, by the Director.
    pub async fn report_match(
        &self,
        call: &Call,
        number: i64,
        score: &str,
    ) -> Result<TournamentReply, TournamentError> {
        self.execute(call, async |conn, actor| {
            let m = store::tournament::matches::by_id(conn, number)
                .await?
                .ok_or(TournamentError::NoMatch(number))?;
            let t = self.tournament(conn, m.tournament_id).await?;
            self.require_director(conn, &t, actor, "report a whole match")
                .await?;
            let params = parameters(&t);
            let parsed = parse_score(score, params.games_per_match)
                .ok_or_else(|| TournamentError::BadScore(score.to_owned()))?;
            if m.over {
                return Err(TournamentError::Match(matches::MatchError::Over(
                    "its result is recorded",
                )));
            }
            let field = self.field(conn, t.id, i64::MAX).await?;
            self.settle(conn, &t, &m, parsed, &field.names).await
        })
        .await
    }

    /// Stores a match's new score; once it is over, announces it and, when it was the round's
    /// last, pairs the next round or announces the qualifiers.
    async fn settle(
        &self,
        conn: &mut SqliteConnection,
        t: &store::tournament::tournaments::Tournament,
        m: &MatchRow,
        score: Score,
        names: &BTreeMap<i64, String>,
    ) -> Result<TournamentReply, TournamentError> {
        let rules = parameters(t).swiss_match();
        let state = matches::state(rules, score);
        let over = match state {
            MatchState::Over { first, second } => Some((i64::from(first), i64::from(second))),
            MatchState::InPlay => None,
        };
        store::tournament::matches::set_score(
            conn,
            m.id,
            i64::from(score.first),
            i64::from(score.second),
            over,
        )
        .await?;
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
                " after {games} game{}.",
                if games == 1 { "" } else { "s" }
            ));
            return Ok(TournamentReply(text));
        };
        text.push_str(&format!(
            ": the match is over, {} – {} in match points (ACWC Qualification).",
            points(a as Halves),
            points(b as Halves)
        ));
        self.announce(conn, &text).await?;
        let round = store::tournament::matches::of_stage(conn, t.id, SWISS).await?;
        if round.iter().any(|r| r.round == m.round && !r.over) {
            return Ok(TournamentReply(text));
        }
        let rounds = t.rounds.unwrap_or(0);
        if m.round < rounds {
            let next = self.pair_next_round(conn, t.id, m.round + 1).await?;
            text.push('\n');
            text.push_str(&next);
        } else {
            let field = self.field(conn, t.id, i64::MAX).await?;
            let table = swiss::standings(&field.entrants, &field.rounds);
            let qualified = swiss::qualifiers(&table, parameters(t).qualifiers);
            let named: Vec<String> = qualified.iter().map(|q| names[q].clone()).collect();
            store::tournament::tournaments::set_stage(conn, t.id, "candidates").await?;
            let done = format!(
                "The Swiss of tournament #{} is over. To the Candidates: {} (ACWC Qualification: most points, ties broken by the sum of opponents' seeding ratings).",
                t.id,
                named.join(", ")
            );
            self.announce(conn, &done).await?;
            text.push('\n');
            text.push_str(&done);
        }
        Ok(TournamentReply(text))
    }

    /// `/tournament standings`: the Swiss's ranking.
    pub async fn tournament_standings(&self, id: i64) -> Result<TournamentReply, TournamentError> {
        let mut conn = self.pool().acquire().await?;
        self.tournament(&mut conn, id).await?;
        let field = self.field(&mut conn, id, i64::MAX).await?;
        let table: Vec<_> = swiss::standings(&field.entrants, &field.rounds)
            .into_iter()
            .filter(|s| field.playing.contains(&s.id))
            .collect();
        let mut lines = vec![format!("Tournament #{id}, the Swiss's standings:")];
        for (i, s) in table.iter().enumerate() {
            lines.push(swiss::ranking_line(i + 1, s));
        }
        if table.is_empty() {
            lines.push(
                "Nobody plays yet: the Director starts the tournament with /tournament start."
                    .into(),
            );
        }
        Ok(TournamentReply(lines.join("\n")))
    }
}

/// One match as listed: its number, players and score or result.
fn match_line(m: &MatchRow, names: &BTreeMap<i64, String>) -> String {
    let Some(second) = m.second_id else {
        return format!(
            "Match #{}: {} has a bye (a won match).",
            m.id, names[&m.first_id]
        );
    };
    let state = if m.over { "over" } else { "in play" };
    format!(
        "Match #{}: {} {} – {} {} ({state})",
        m.id,
        names[&m.first_id],
        points(m.first_halves as Halves),
        points(m.second_halves as Halves),
        names[&second]
    )
}

/// A match score written "5.5-3.5": halves of each, at most `games` games in all.
fn parse_score(text: &str, games: u32) -> Option<Score> {
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
