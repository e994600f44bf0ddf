//! From one stage to the next: when every match of a stage's round is over, gavel pairs the next
//! Swiss round, or sends the qualifiers (and those seeded) to the Candidates and plays their round
//! robin, or sets up the Final between the champion and the Challenger, or declares the winner
//! (ACWC Format, Timeline).

use sqlx::SqliteConnection;

use super::read;
use super::{parameters, TournamentError};
use crate::domain::tournament::negotiation::{utc, Week};
use crate::domain::tournament::parameters::Parameters;
use crate::domain::tournament::round_robin;
use crate::domain::tournament::stages::{self, Stage};
use crate::domain::tournament::{points, swiss, EntrantId};
use crate::store::tournament::entrants::EntrantStatus;
use crate::store::tournament::matches::Decided;
use crate::store::{self, tournament::tournaments::Tournament};

impl super::Tournament<'_> {
    /// Moves the tournament on when its current stage's matches are all over: the next Swiss
    /// round, the next stage, or the end. Returns what was announced.
    pub(super) async fn advance(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
    ) -> Result<Vec<String>, TournamentError> {
        let t = self.load(conn, id).await?;
        let Some(stage) = Some(t.stage).filter(|s| s.is_play()) else {
            return Ok(Vec::new());
        };
        let played = store::tournament::matches::of_stage(conn, id, stage).await?;
        if played.iter().any(|m| !m.over) {
            return Ok(Vec::new());
        }
        let last = played.iter().map(|m| m.round).max().unwrap_or(0);
        if stage == Stage::Swiss && last < t.rounds.unwrap_or(0) {
            return Ok(vec![self.pair_next_round(conn, id, last + 1).await?]);
        }
        let shape = Parameters::shape(t.format_played());
        let next = shape.after(stage);
        let mut said = Vec::new();
        match (stage, next) {
            (Stage::Swiss, Stage::Candidates) => {
                let field = read::field(conn, id, i64::MAX).await?;
                let table = swiss::standings(&field.entrants, &field.rounds);
                let table: Vec<_> = table
                    .into_iter()
                    .filter(|s| field.playing.contains(&s.id))
                    .collect();
                let qualified = swiss::qualifiers(&table, parameters(&t).qualifiers);
                let seeded = self.seeded(conn, id, Stage::Candidates).await?;
                let four = stages::candidates(&qualified, &seeded);
                let named: Vec<&str> = four.iter().map(|p| field.names[p].as_str()).collect();
                said.push(self.tournament_post(conn, format!(
                    "The Swiss of tournament #{id} is over. To the Candidates: {} (ACWC Qualification: most points, ties broken by the sum of opponents' seeding ratings{}).",
                    named.join(", "),
                    if seeded.is_empty() { "" } else { "; the last seed joins as seeded, ACWC Format" }
                )).await?);
                said.push(self.start_round_robin(conn, id, &four).await?);
            }
            (Stage::Candidates, Stage::Final) => {
                said.extend(self.start_final(conn, &t).await?);
            }
            (_, Stage::Finished) => {
                said.push(self.finish(conn, &t, stage).await?);
            }
            _ => {}
        }
        Ok(said)
    }

    /// The week of a round paired now: the week after the last round's week (ACWC Timeline:
    /// "one week per round"), or for the first round the week its publication gives.
    pub(super) async fn round_week(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
    ) -> Result<Week, TournamentError> {
        let last = store::tournament::matches::of_tournament(conn, id)
            .await?
            .into_iter()
            .filter_map(|m| m.week_start)
            .max();
        Ok(match last {
            Some(start) => Week::following(Week { start }, self.now()),
            None => Week::of_publication(self.now()),
        })
    }

    /// Announces `text` in the tournament's channel and returns it.
    pub(super) async fn tournament_post(
        &self,
        conn: &mut SqliteConnection,
        text: String,
    ) -> Result<String, TournamentError> {
        store::outbox::enqueue(conn, store::outbox::TOURNAMENT, &text, self.now()).await?;
        Ok(text)
    }

    /// Those the Director seeded into `stage` who still play.
    pub(super) async fn seeded(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
        stage: Stage,
    ) -> Result<Vec<EntrantId>, TournamentError> {
        Ok(store::tournament::entrants::of_tournament(conn, id)
            .await?
            .into_iter()
            .filter(|e| e.status == EntrantStatus::Playing && e.seeded == Some(stage))
            .map(|e| e.id)
            .collect())
    }

    /// The Candidates' round robin (or a `roundrobin` tournament's): every round's matches at
    /// once, one round a week (ACWC Timeline), no match stopped early.
    pub(super) async fn start_round_robin(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
        players: &[EntrantId],
    ) -> Result<String, TournamentError> {
        store::tournament::tournaments::set_stage(conn, id, Stage::Candidates).await?;
        let names = read::entrant_names(conn, id).await?;
        let week = self.round_week(conn, id).await?;
        let mut lines = vec![format!(
            "Tournament #{id}, the Candidates: a round robin, one round a week from {}, every match played out to its last game (ACWC Candidates, Timeline).",
            utc(week.start)
        )];
        for (r, round) in round_robin::schedule(players).iter().enumerate() {
            for (a, b) in round {
                let Some(b) = b else {
                    lines.push(format!("Round {}: {} rests.", r + 1, names[a]));
                    continue;
                };
                let m = store::tournament::matches::insert(
                    conn,
                    id,
                    Stage::Candidates,
                    r as i64 + 1,
                    *a,
                    Some(*b),
                    self.now(),
                )
                .await?;
                let due = week.after(r as i64);
                self.schedule_week(conn, m, due).await?;
                lines.push(format!(
                    "Round {}, match #{m}: {} – {}, by {}",
                    r + 1,
                    names[a],
                    names[b],
                    utc(due.end())
                ));
            }
        }
        self.tournament_post(conn, lines.join("\n")).await
    }

    /// The Final between the champion and the Challenger (or the Candidates' top two), as the
    /// Candidates ended and whoever has since left.
    pub(super) async fn start_final(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
    ) -> Result<Vec<String>, TournamentError> {
        let rr = read::round_robin(conn, t.id).await?;
        let ranking: Vec<EntrantId> = rr.ranking().iter().map(|r| r.0).collect();
        let champion = self
            .seeded(conn, t.id, Stage::Final)
            .await?
            .first()
            .copied();
        let Some((first, second)) = stages::finalists(champion, &ranking, &rr.gone) else {
            let winner = champion.or(ranking.first().copied());
            return Ok(vec![
                self.declare_winner(conn, t, winner, "nobody is left to play the Final")
                    .await?,
            ]);
        };
        store::tournament::tournaments::set_stage(conn, t.id, Stage::Final).await?;
        let round = store::tournament::matches::of_stage(conn, t.id, Stage::Final)
            .await?
            .len() as i64
            + 1;
        let m = store::tournament::matches::insert(
            conn,
            t.id,
            Stage::Final,
            round,
            first,
            Some(second),
            self.now(),
        )
        .await?;
        let rules = parameters(t).final_rules();
        let table = rr.lines().join("\n");
        Ok(vec![self.tournament_post(conn, format!(
            "The Candidates of tournament #{} are over:\n{table}\nThe Final, match #{m}: {} – {}, {} games at 2+5; the leader must be {} points ahead, or two more games are played; after {} games any lead wins; after {} games, Armageddon (ACWC Final). The finalists split it over days as they see fit (ACWC Timeline).",
            t.id,
            rr.names[&first],
            rr.names[&second],
            rules.games,
            points(rules.lead),
            rules.lead_dropped_after,
            rules.armageddon_after
        )).await?])
    }

    /// The end of a tournament's last stage: its winner.
    async fn finish(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        stage: Stage,
    ) -> Result<String, TournamentError> {
        let (winner, how) = match stage {
            Stage::Swiss => {
                let field = read::field(conn, t.id, i64::MAX).await?;
                let table: Vec<_> = swiss::standings(&field.entrants, &field.rounds)
                    .into_iter()
                    .filter(|s| field.playing.contains(&s.id))
                    .collect();
                (
                    swiss::qualifiers(&table, 1).first().copied(),
                    "the Swiss's most points, ties broken by the sum of opponents' seeding ratings",
                )
            }
            Stage::Candidates => {
                let rr = read::round_robin(conn, t.id).await?;
                (
                    rr.ranking().first().map(|r| r.0),
                    "the round robin's most points, ties broken by game points (ACWC Candidates)",
                )
            }
            _ => {
                let finals = store::tournament::matches::of_stage(conn, t.id, Stage::Final).await?;
                let last = finals
                    .iter()
                    .rev()
                    .find(|m| m.decided != Some(Decided::Disregarded));
                let winner = last.and_then(|m| match (m.first_points, m.second_points) {
                    (Some(a), Some(b)) if a > b => Some(m.first_id),
                    (Some(a), Some(b)) if b > a => m.second_id,
                    _ => None,
                });
                (winner, "the Final (ACWC Final)")
            }
        };
        self.declare_winner(conn, t, winner, how).await
    }

    async fn declare_winner(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        winner: Option<EntrantId>,
        how: &str,
    ) -> Result<String, TournamentError> {
        store::tournament::tournaments::set_stage(conn, t.id, Stage::Finished).await?;
        let names = read::entrant_names(conn, t.id).await?;
        let text = match winner {
            Some(w) => format!(
                "Tournament #{}, {}, is over: {} wins, by {how}.",
                t.id, t.name, names[&w]
            ),
            None => format!(
                "Tournament #{}, {}, is over with no winner: {how}.",
                t.id, t.name
            ),
        };
        self.tournament_post(conn, text).await
    }
}
