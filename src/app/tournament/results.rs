//! Results: a game (`/match game`) or a whole match's result (`/match report`). A report is the
//! whole match's result as the rules allow it (a Swiss match ends at 5.5 or after ten games,
//! the Candidates play all ten, the Final ends by its own rule), following from the games
//! already recorded; anything else is refused with the rule. The Director's entry stands at
//! once; a player's waits for the opponent, who confirms or disputes it with the buttons under
//! its post. That confirmation is gavel's own practice: the ACWC Match rules say only "After a
//! match, either player must post the results". A dispute goes to the Director, whose call is
//! final (ACWC Organization).

use sqlx::SqliteConnection;

use super::ledger::{self, score_of};
use super::read;
use super::{parameters, TournamentError, TournamentOutcome};
use crate::app::{Actor, Call, PersonRef};
use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::tournament::matches::{Game, Score};
use crate::domain::tournament::points;
use crate::domain::tournament::results::{self, End};
use crate::store::keys::StoredKey;
use crate::store::tournament::matches::PendingKind;
use crate::store::tournament::results::ResultKind;
use crate::store::{self, tournament::matches::MatchRow, tournament::tournaments::Tournament};

/// A game's result held for confirmation is its stored key (a held score is "11-5" in halves).
fn game_of(key: &str) -> Game {
    Game::from_key(key).unwrap_or(Game::Draw)
}

/// A held score, in halves.
pub(super) fn held_score(key: &str) -> Score {
    let (a, b) = key.split_once('-').unwrap_or(("0", "0"));
    Score {
        first: a.parse().unwrap_or(0),
        second: b.parse().unwrap_or(0),
    }
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

impl super::Tournament<'_> {
    /// `/match game`: one game, by a player (for the opponent to confirm) or the Director.
    pub async fn record_game(
        &self,
        call: &Call,
        number: i64,
        winner: Option<&PersonRef>,
    ) -> Result<TournamentOutcome, TournamentError> {
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
            self.armageddon_next(&t, &m)?;
            if director {
                return self.apply_game(conn, &t, &m, game, actor.id).await;
            }
            let (me, _) = side.expect("a player");
            let names = read::entrant_names(conn, t.id).await?;
            let words = describe_game(game, &m, &names);
            self.hold(conn, &t, &m, me, PendingKind::Game, game.key(), &words)
                .await
        })
        .await
        .map(|told| TournamentOutcome::of_match(number, told))
    }

    /// `/match report`: a whole match's result, by a player (for the opponent to confirm) or
    /// the Director.
    pub async fn report_match(
        &self,
        call: &Call,
        number: i64,
        score: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.open_match(conn, number).await?;
            let director = t.director_id == Some(actor.id);
            let side = read::side(conn, &m, actor.id).await?;
            if !director && side.is_none() {
                return Err(TournamentError::NotInMatch(number));
            }
            let parsed = self.parse_report(&t, &m, score)?;
            if director {
                return self.record_score(conn, &t, &m, parsed, actor.id).await;
            }
            let (me, _) = side.expect("a player");
            let names = read::entrant_names(conn, t.id).await?;
            let second = m.second_id.map_or(String::new(), |s| names[&s].clone());
            let words = format!(
                "the result {} {} – {} {}",
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
        .map(|told| TournamentOutcome::of_match(number, told))
    }

    /// A reported score, read and checked as a whole result of `m` from its games recorded.
    pub(super) fn parse_report(
        &self,
        t: &Tournament,
        m: &MatchRow,
        score: &str,
    ) -> Result<Score, TournamentError> {
        parse_whole(t, m, score, score_of(m)).map(|(s, _)| s)
    }

    /// Whether the next game of `m` is the Final's Armageddon game (refused until White is
    /// settled by the bids or the Director).
    fn armageddon_next(&self, t: &Tournament, m: &MatchRow) -> Result<bool, TournamentError> {
        let play = ledger::play(&parameters(t), m.stage);
        match play.end(score_of(m)) {
            None => Ok(false),
            Some(End::Armageddon) if m.white_id.is_some() => Ok(true),
            Some(End::Armageddon) => Err(TournamentError::NoBids(m.id)),
            Some(End::Result { .. }) => Err(TournamentError::Match(
                crate::domain::tournament::matches::MatchError::Over("its result is recorded"),
            )),
        }
    }

    /// Adds a game to the record, re-derives the match and announces it.
    async fn apply_game(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &MatchRow,
        game: Game,
        by: i64,
    ) -> Result<String, TournamentError> {
        let armageddon = self.armageddon_next(t, m)?;
        store::tournament::results::add_game(conn, m.id, game, armageddon, by, self.now()).await?;
        // A game played shows both players there: a claim that one was absent is overtaken.
        store::tournament::claims::close_all(conn, m.id, self.now()).await?;
        let after = self.refold(conn, t, m.id).await?;
        if armageddon {
            return self.announce_armageddon(conn, t, &after, game).await;
        }
        self.announce_result(conn, t, &after).await
    }

    /// Records a whole match's result (checked already) and announces it.
    pub(super) async fn record_score(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &MatchRow,
        score: Score,
        by: i64,
    ) -> Result<String, TournamentError> {
        store::tournament::results::add_result(
            conn,
            m.id,
            ResultKind::Score,
            Some((i64::from(score.first), i64::from(score.second))),
            None,
            Some(by),
            None,
            self.now(),
        )
        .await?;
        if m.pending_kind.is_some() {
            // The Director's entry supersedes a player's result still waiting.
            store::tournament::matches::set_pending(conn, m.id, None, self.now()).await?;
        }
        let after = self.refold(conn, t, m.id).await?;
        self.announce_result(conn, t, &after).await
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
    ) -> Result<String, TournamentError> {
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
        Ok(text)
    }

    /// Records the result held for confirmation on `m` as posted, by the entrant who posted it.
    /// Returns the reply, or `None` when nothing was held.
    pub(super) async fn apply_held(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &MatchRow,
    ) -> Result<Option<String>, TournamentError> {
        let (Some(kind), Some(result), Some(by)) =
            (m.pending_kind, m.pending_result.clone(), m.pending_by)
        else {
            return Ok(None);
        };
        store::tournament::matches::set_pending(conn, m.id, None, self.now()).await?;
        let m = store::tournament::matches::by_id(conn, m.id)
            .await?
            .ok_or(TournamentError::NoMatch(m.id))?;
        let person = store::tournament::entrants::by_id(conn, by)
            .await?
            .map_or(0, |e| e.person_id);
        let reply = if kind == PendingKind::Game {
            self.apply_game(conn, t, &m, game_of(&result), person)
                .await?
        } else {
            let score = held_score(&result);
            results::check_report(ledger::play(&parameters(t), m.stage), score_of(&m), score)
                .map_err(|why| TournamentError::Report(m.id, why))?;
            self.record_score(conn, t, &m, score, person).await?
        };
        Ok(Some(reply))
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
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.pending_for(conn, number, actor).await?;
            let told = self
                .apply_held(conn, &t, &m)
                .await?
                .ok_or(TournamentError::NothingPending(number))?;
            Ok(TournamentOutcome::Confirmed {
                number,
                by: actor.name.clone(),
                told,
            })
        })
        .await
    }

    /// `/match dispute`: the opponent (or the Director) disputes the result held for them; it
    /// is not recorded, and the Director rules.
    pub async fn dispute_result(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, _) = self.pending_for(conn, number, actor).await?;
            store::tournament::matches::set_pending(conn, number, None, self.now()).await?;
            let said = format!(
                "Match #{number}: {} disputes the result, which is not recorded. The Director of tournament #{} makes the final call (/tournament ruling) and enters the result (ACWC Organization).",
                actor.name, t.id
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }
}

/// A score typed for `m`, read and checked as a whole result the rules allow from `from` (its
/// games recorded, or nothing when a correction replaces them); the end it reaches.
pub(super) fn parse_whole(
    t: &Tournament,
    m: &MatchRow,
    text: &str,
    from: Score,
) -> Result<(Score, End), TournamentError> {
    let params = parameters(t);
    let play = ledger::play(&params, m.stage);
    let most = match play {
        results::Play::Final(rules) => rules.armageddon_after.max(rules.games),
        _ => params.games_per_match,
    };
    let parsed = super::play::parse_score(text, most)
        .ok_or_else(|| TournamentError::BadScore(text.to_owned(), most))?;
    let end = results::check_report(play, from, parsed)
        .map_err(|why| TournamentError::Report(m.id, why))?;
    Ok((parsed, end))
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
