//! Results: a game (`/match game`) or a whole match's score (`/match report`). The Director's
//! entry stands at once; a player's waits for the opponent, who confirms or disputes it with the
//! buttons under its post. That confirmation is gavel's own practice: the ACWC Match rules say
//! only "After a match, either player must post the results". A dispute goes to the Director,
//! whose call is final (ACWC Organization).

use sqlx::SqliteConnection;

use super::read;
use super::{parameters, TournamentError, TournamentReply};
use crate::app::{Actor, App, Call, PersonRef};
use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::tournament::final_match::{self, Next};
use crate::domain::tournament::matches::{self, Game, Score};
use crate::domain::tournament::stages::Stage;
use crate::domain::tournament::{points, Halves};
use crate::store::keys::StoredKey;
use crate::store::tournament::matches::PendingKind;
use crate::store::{self, tournament::matches::MatchRow, tournament::tournaments::Tournament};

/// A game's result held for confirmation is its stored key (a held score is "5.5-3.5").
fn game_of(key: &str) -> Game {
    Game::from_key(key).unwrap_or(Game::Draw)
}

/// The buttons under a result waiting for the opponent.
fn confirm_buttons(number: i64) -> [Button; 2] {
    [
        Button::new("Confirm", "match confirm")
            .preset("match", number)
            .style(ButtonStyle::Success),
        Button::new("Dispute", "match dispute")
            .preset("match", number)
            .style(ButtonStyle::Danger),
    ]
}

impl App {
    /// `/match game`: one game, by a player (for the opponent to confirm) or the Director.
    pub async fn record_game(
        &self,
        call: &Call,
        number: i64,
        winner: Option<&PersonRef>,
    ) -> Result<TournamentReply, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.open_match(conn, number).await?;
            let director = t.director_id == Some(actor.id);
            let side = read::side(conn, &m, actor.id).await?;
            if !director && side.is_none() {
                return Err(TournamentError::NotInMatch(number));
            }
            let persons = self.match_persons(conn, &m).await?;
            let game = match winner {
                None => Game::Draw,
                Some(w) => {
                    let who = w.resolve(conn, self.now()).await?;
                    if who.id == persons.0 {
                        Game::FirstWins
                    } else if Some(who.id) == persons.1 {
                        Game::SecondWins
                    } else {
                        return Err(TournamentError::NotAPlayer(who.name, number));
                    }
                }
            };
            // Refuse now what could not be added once confirmed.
            let (_, armageddon) = self.next_score(&t, &m, game)?;
            if director {
                return self.apply_game(conn, &t, &m, game, actor.id).await;
            }
            if armageddon && m.white_id.is_none() {
                return Err(TournamentError::NoBids(number));
            }
            let (me, _) = side.expect("a player");
            let names = read::entrant_names(conn, t.id).await?;
            let words = describe_game(game, &m, &names);
            self.hold(conn, &t, &m, me, PendingKind::Game, game.key(), &words)
                .await
        })
        .await
    }

    /// `/match report`: a whole match's score, by a player (for the opponent to confirm) or the
    /// Director.
    pub async fn report_match(
        &self,
        call: &Call,
        number: i64,
        score: &str,
    ) -> Result<TournamentReply, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.open_match(conn, number).await?;
            let director = t.director_id == Some(actor.id);
            let side = read::side(conn, &m, actor.id).await?;
            if !director && side.is_none() {
                return Err(TournamentError::NotInMatch(number));
            }
            let params = parameters(&t);
            let most = if m.stage == Stage::Final {
                params.armageddon_after
            } else {
                params.games_per_match
            };
            let parsed = super::play::parse_score(score, most)
                .ok_or_else(|| TournamentError::BadScore(score.to_owned(), most))?;
            if director {
                return self.settle(conn, &t, &m, parsed).await;
            }
            let (me, _) = side.expect("a player");
            let names = read::entrant_names(conn, t.id).await?;
            let second = m.second_id.map_or(String::new(), |s| names[&s].clone());
            let words = format!(
                "the score {} {} – {} {}",
                names[&m.first_id],
                points(parsed.first),
                points(parsed.second),
                second
            );
            let key = format!("{}-{}", parsed.first, parsed.second);
            self.hold(conn, &t, &m, me, PendingKind::Score, &key, &words)
                .await
        })
        .await
    }

    /// The score after `game`, and whether it is the Final's Armageddon game.
    fn next_score(
        &self,
        t: &Tournament,
        m: &MatchRow,
        game: Game,
    ) -> Result<(Score, bool), TournamentError> {
        let score = Score {
            first: m.first_halves as Halves,
            second: m.second_halves as Halves,
        };
        let stage = m.stage;
        let params = parameters(t);
        if stage == Stage::Final {
            if final_match::next(params.final_rules(), score) == Next::Armageddon {
                return Ok((score, true));
            }
            return Ok((score.with(game), false));
        }
        let rules = if stage == Stage::Candidates {
            params.candidates_match()
        } else {
            params.swiss_match()
        };
        Ok((matches::record(rules, score, game)?, false))
    }

    /// Adds a game to the record and settles the match.
    async fn apply_game(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &MatchRow,
        game: Game,
        by: i64,
    ) -> Result<TournamentReply, TournamentError> {
        let (score, armageddon) = self.next_score(t, m, game)?;
        if armageddon && m.white_id.is_none() {
            return Err(TournamentError::NoBids(m.id));
        }
        store::tournament::matches::add_game(conn, m.id, game, by, self.now()).await?;
        if armageddon {
            return self.settle_armageddon(conn, t, m, game).await;
        }
        self.settle(conn, t, m, score).await
    }

    /// Holds a player's result for the opponent, posted with Confirm and Dispute buttons.
    #[allow(clippy::too_many_arguments)]
    async fn hold(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &MatchRow,
        me: i64,
        kind: PendingKind,
        result: &str,
        words: &str,
    ) -> Result<TournamentReply, TournamentError> {
        if m.pending_kind.is_some() {
            return Err(TournamentError::Pending(m.id));
        }
        store::tournament::matches::set_pending(conn, m.id, Some((kind, result, me)), self.now())
            .await?;
        let names = read::entrant_names(conn, t.id).await?;
        let opponent = if m.first_id == me {
            m.second_id
        } else {
            Some(m.first_id)
        };
        let opponent = opponent.map_or(String::new(), |o| names[&o].clone());
        let text = format!(
            "Match #{}: {} records {words}. {opponent} confirms it, or disputes it for the Director to rule (/match confirm or /match dispute match:{}); the confirmation is gavel's practice, not the ACWC rules', which let either player post the result.",
            m.id, names[&me], m.id
        );
        store::outbox::enqueue_with_buttons(
            conn,
            store::outbox::TOURNAMENT,
            &text,
            &confirm_buttons(m.id),
            self.now(),
        )
        .await?;
        Ok(TournamentReply(text))
    }

    /// The pending result of a match the caller may confirm or dispute: the opponent of whoever
    /// recorded it, or the Director.
    async fn pending_for(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        actor: &Actor,
    ) -> Result<(Tournament, MatchRow), TournamentError> {
        let (t, m) = self.open_match(conn, number).await?;
        let Some(by) = m.pending_by else {
            return Err(TournamentError::NothingPending(number));
        };
        let side = read::side(conn, &m, actor.id).await?.map(|s| s.0);
        let opponent = side.is_some() && side != Some(by);
        if !opponent && t.director_id != Some(actor.id) {
            return Err(TournamentError::NotOpponent(number));
        }
        Ok((t, m))
    }

    /// `/match confirm`: the opponent (or the Director) confirms the result held for them.
    pub async fn confirm_result(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<TournamentReply, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.pending_for(conn, number, actor).await?;
            let (kind, result) = (m.pending_kind, m.pending_result.clone().unwrap_or_default());
            let by = m.pending_by.unwrap_or_default();
            store::tournament::matches::set_pending(conn, number, None, self.now()).await?;
            let person = store::tournament::entrants::by_id(conn, by)
                .await?
                .map_or(actor.id, |e| e.person_id);
            let mut reply = if kind == Some(PendingKind::Game) {
                self.apply_game(conn, &t, &m, game_of(&result), person)
                    .await?
            } else {
                let (a, b) = result.split_once('-').unwrap_or(("0", "0"));
                let score = Score {
                    first: a.parse().unwrap_or(0),
                    second: b.parse().unwrap_or(0),
                };
                self.settle(conn, &t, &m, score).await?
            };
            reply.0 = format!("{} confirms. {}", actor.name, reply.0);
            Ok(reply)
        })
        .await
    }

    /// `/match dispute`: the opponent (or the Director) disputes the result held for them; it
    /// is not recorded, and the Director rules.
    pub async fn dispute_result(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<TournamentReply, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, _) = self.pending_for(conn, number, actor).await?;
            store::tournament::matches::set_pending(conn, number, None, self.now()).await?;
            let said = format!(
                "Match #{number}: {} disputes the result, which is not recorded. The Director of tournament #{} makes the final call (/tournament ruling) and enters the result (ACWC Organization).",
                actor.name, t.id
            );
            Ok(TournamentReply(self.tournament_post(conn, said).await?))
        })
        .await
    }
}

/// A game in words: "a win for alice (AliceA)" or "a draw".
fn describe_game(
    game: Game,
    m: &MatchRow,
    names: &std::collections::BTreeMap<i64, String>,
) -> String {
    match game {
        Game::FirstWins => format!("a win for {}", names[&m.first_id]),
        Game::SecondWins => format!(
            "a win for {}",
            m.second_id.map_or(String::new(), |s| names[&s].clone())
        ),
        Game::Draw => "a draw".into(),
    }
}
