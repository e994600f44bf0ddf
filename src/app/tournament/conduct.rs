//! The Director's conduct of a tournament: withdrawals and disqualifications (with what each
//! does to the stage being played), forfeits (two disqualify), rulings, seeds past the Swiss,
//! the numbers before the start, and the Final's Armageddon bids (ACWC Organization, Match
//! rules, Disqualification and withdrawals); private cheating reports are in `cheating`.

use sqlx::SqliteConnection;

use super::read;
use super::{parameters, TournamentError, TournamentOutcome, TournamentShown};
use crate::app::{Call, PersonRef};
use crate::domain::kernel::words::Words;
use crate::domain::tournament::final_match::{self, Next};
use crate::domain::tournament::matches::Score;
use crate::domain::tournament::parameters::{Number, Parameters};
use crate::domain::tournament::stages::{SeedStage, Stage};
use crate::domain::tournament::Halves;
use crate::store::tournament::entrants::EntrantStatus;
use crate::store::tournament::results::ResultKind;
use crate::store::{self, tournament::entrants::EntrantRow, tournament::tournaments::Tournament};

/// Forfeited matches that disqualify (ACWC Match rules: "forfeited in two different matches").
pub(super) const FORFEITS_DISQUALIFY: i64 = 2;

/// The reason a player disqualified by their second forfeit is given, by which a reversed
/// forfeit knows to take the disqualification back.
pub(super) const TWO_FORFEITS: &str =
    "disqualified: forfeited in two different matches (ACWC Match rules)";

impl super::Tournament<'_> {
    /// The entrant a person plays as in a tournament (their one account still in it).
    async fn playing_entrant(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        who: &PersonRef,
    ) -> Result<EntrantRow, TournamentError> {
        let person = who.resolve(conn, self.now()).await?;
        store::tournament::entrants::of_person(conn, t.id, person.id)
            .await?
            .into_iter()
            .find(|e| e.status == EntrantStatus::Playing || e.status == EntrantStatus::Entered)
            .ok_or(TournamentError::NotPlaying(person.name, t.id))
    }

    /// `/tournament withdraw`: a player leaves, or the Director withdraws them.
    pub async fn withdraw(
        &self,
        call: &Call,
        id: i64,
        who: Option<&PersonRef>,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.load(conn, id).await?;
            let me = PersonRef::configured(&actor.name, None);
            let who = match who {
                Some(w) => w,
                None => &me,
            };
            let e = self.playing_entrant(conn, &t, who).await?;
            let e_person = store::people::by_id(conn, e.person_id).await?;
            if e.person_id != actor.id {
                self.require_director(conn, &t, actor, "withdraw another player")
                    .await?;
            }
            let text = self
                .remove_entrant(
                    conn,
                    &t,
                    &e,
                    EntrantStatus::Withdrawn,
                    &format!("{} withdraws", e_person.name),
                    false,
                )
                .await?;
            Ok(TournamentOutcome::of_tournament(id, text))
        })
        .await
    }

    /// `/tournament disqualify`: the Director disqualifies a player, for an engine mark or not.
    pub async fn disqualify(
        &self,
        call: &Call,
        id: i64,
        who: &PersonRef,
        reason: &str,
        engine: bool,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self
                .directed(conn, id, actor, "disqualify a player")
                .await?;
            let e = self.playing_entrant(conn, &t, who).await?;
            let name = store::people::by_id(conn, e.person_id).await?.name;
            let text = self
                .remove_entrant(
                    conn,
                    &t,
                    &e,
                    EntrantStatus::Disqualified,
                    &format!("{name} is disqualified: {}", reason.trim()),
                    engine,
                )
                .await?;
            Ok(TournamentOutcome::of_tournament(id, text))
        })
        .await
    }

    /// Takes a player out of a tournament and does what the stage being played says (ACWC
    /// Disqualification and withdrawals), then moves the tournament on. A result a player
    /// posted that waits for the opponent and was not disputed stands first: the rules let
    /// either player post a match's result (ACWC Match rules), and the confirmation is gavel's
    /// own step.
    pub(super) async fn remove_entrant(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        e: &EntrantRow,
        status: EntrantStatus,
        said: &str,
        engine: bool,
    ) -> Result<String, TournamentError> {
        let stage = t.stage;
        if stage == Stage::Finished {
            return Err(TournamentError::Finished(t.id));
        }
        store::tournament::entrants::set_status(conn, e.id, status, Some(said)).await?;
        store::tournament::entrants::set_left_in(conn, e.id, stage).await?;
        if engine {
            store::tournament::entrants::set_engine(conn, e.id).await?;
        }
        let mut lines = vec![format!("Tournament #{}: {said}.", t.id)];
        let held: Vec<_> = store::tournament::matches::of_tournament(conn, t.id)
            .await?
            .into_iter()
            .filter(|m| !m.over && m.has(e.id) && m.pending_kind.is_some())
            .collect();
        let names = read::entrant_names(conn, t.id).await?;
        for m in &held {
            let by = m.pending_by.map_or(String::new(), |b| names[&b].clone());
            lines.push(format!(
                "The result {by} posted in match #{}, not disputed, stands (ACWC Match rules: either player posts the result; a disagreement goes to the Director).",
                m.id
            ));
        }
        let mut text = String::new();
        if !held.is_empty() {
            text = self.tournament_post(conn, lines.join("\n")).await?;
            lines = Vec::new();
            for m in &held {
                if let Some(reply) = self.apply_held(conn, t, m).await? {
                    text.push('\n');
                    text.push_str(&reply);
                }
            }
        }
        let open: Vec<_> = store::tournament::matches::of_tournament(conn, t.id)
            .await?
            .into_iter()
            .filter(|m| !m.over && m.has(e.id))
            .collect();
        match stage {
            Stage::Entries => {}
            Stage::Swiss => {
                lines.push(
                    "They are left out of later pairings (ACWC Disqualification and withdrawals)."
                        .into(),
                );
                for m in &open {
                    self.add_decision(conn, m, ResultKind::Walkover, e.id, said)
                        .await?;
                    self.refold(conn, t, m.id).await?;
                    lines.push(format!(
                        "Match #{}, which they had not finished, goes to their opponent.",
                        m.id
                    ));
                }
                if engine {
                    lines.push("For an engine mark, every finished game of theirs in the Qualification is given to their opponent, and the standings are derived again.".into());
                }
            }
            Stage::Candidates => {
                for m in &open {
                    self.add_decision(conn, m, ResultKind::Disregarded, e.id, said)
                        .await?;
                    self.refold(conn, t, m.id).await?;
                }
                lines.push("All their games in the Candidates are disregarded (ACWC Disqualification and withdrawals).".into());
            }
            Stage::Final | Stage::Finished => {
                for m in &open {
                    self.add_decision(conn, m, ResultKind::Disregarded, e.id, said)
                        .await?;
                    self.refold(conn, t, m.id).await?;
                }
                if !open.is_empty() {
                    lines.push("The runner-up steps in, as written (ACWC Disqualification and withdrawals, Finals).".into());
                }
            }
        }
        if !lines.is_empty() {
            let posted = self.tournament_post(conn, lines.join("\n")).await?;
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&posted);
        }
        // A held result that stood may already have moved the tournament on.
        let t = self.load(conn, t.id).await?;
        let moved = if t.stage == Stage::Final && stage == Stage::Final && !open.is_empty() {
            self.start_final(conn, &t).await?
        } else {
            self.advance(conn, t.id).await?
        };
        for said in moved {
            text.push('\n');
            text.push_str(&said);
        }
        Ok(text)
    }

    /// Records a match decided other than by its games, against entrant `against`.
    pub(super) async fn add_decision(
        &self,
        conn: &mut SqliteConnection,
        m: &store::tournament::matches::MatchRow,
        kind: ResultKind,
        against: i64,
        reason: &str,
    ) -> Result<(), TournamentError> {
        store::tournament::results::add_result(
            conn,
            m.id,
            kind,
            None,
            Some(against),
            None,
            Some(reason),
            self.now(),
        )
        .await?;
        if m.pending_kind.is_some() {
            store::tournament::matches::set_pending(conn, m.id, None, self.now()).await?;
        }
        Ok(())
    }

    /// `/match forfeit`: the Director forfeits a match against a player (a no-show, a failed
    /// reschedule, a rematch refused, a player who left and did not come back). Two forfeited
    /// matches disqualify (ACWC Match rules).
    pub async fn forfeit_match(
        &self,
        call: &Call,
        number: i64,
        who: &PersonRef,
        reason: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.open_match(conn, number).await?;
            self.require_director(conn, &t, actor, "forfeit a match")
                .await?;
            let e = self.playing_entrant(conn, &t, who).await?;
            self.forfeit_against(conn, &t, &m, &e, reason)
                .await
                .map(|told| TournamentOutcome::of_match(number, told))
        })
        .await
    }

    /// Forfeits `m` against entrant `e` and disqualifies them at their second forfeit.
    pub(super) async fn forfeit_against(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        m: &store::tournament::matches::MatchRow,
        e: &EntrantRow,
        reason: &str,
    ) -> Result<String, TournamentError> {
        if !m.has(e.id) || m.second_id.is_none() {
            let name = store::people::by_id(conn, e.person_id).await?.name;
            return Err(TournamentError::NotAPlayer(name, m.id));
        }
        let name = store::people::by_id(conn, e.person_id).await?.name;
        // A second forfeit that falls in the Final disqualifies the finalist, and the rules
        // replace a disqualified finalist rather than hand the Final over (ACWC Match rules:
        // "forfeited in two different matches"; Disqualification and withdrawals, Finals).
        if m.stage == Stage::Final
            && store::tournament::results::forfeits_of(conn, e.id).await? + 1 >= FORFEITS_DISQUALIFY
        {
            let mut text = self
                .tournament_post(
                    conn,
                    format!(
                        "Match #{}, the Final: {name} forfeits it: {}. It is their second forfeit (ACWC Match rules).",
                        m.id,
                        reason.trim()
                    ),
                )
                .await?;
            let said = format!("{name} is {TWO_FORFEITS}");
            text.push('\n');
            text.push_str(
                &self
                    .remove_entrant(conn, t, e, EntrantStatus::Disqualified, &said, false)
                    .await?,
            );
            return Ok(text);
        }
        self.add_decision(conn, m, ResultKind::Forfeit, e.id, reason.trim())
            .await?;
        self.refold(conn, t, m.id).await?;
        let mut text = self
            .tournament_post(
                conn,
                format!(
                    "Match #{} is forfeited by {name}: {} (ACWC Match rules).",
                    m.id,
                    reason.trim()
                ),
            )
            .await?;
        if store::tournament::results::forfeits_of(conn, e.id).await? >= FORFEITS_DISQUALIFY {
            let said = format!("{name} is {TWO_FORFEITS}");
            text.push('\n');
            text.push_str(
                &self
                    .remove_entrant(conn, t, e, EntrantStatus::Disqualified, &said, false)
                    .await?,
            );
        } else {
            for said in self.advance(conn, t.id).await? {
                text.push('\n');
                text.push_str(&said);
            }
        }
        Ok(text)
    }

    /// `/tournament ruling`: the Director's final call in a dispute, recorded and announced.
    pub async fn ruling(
        &self,
        call: &Call,
        id: i64,
        text: &str,
        a_match: Option<i64>,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            self.directed(conn, id, actor, "rule on a dispute").await?;
            if let Some(n) = a_match {
                let m = store::tournament::matches::by_id(conn, n).await?;
                if m.is_none_or(|m| m.tournament_id != id) {
                    return Err(TournamentError::NoMatch(n));
                }
            }
            let n = store::tournament::records::insert_ruling(
                conn,
                id,
                a_match,
                actor.id,
                text.trim(),
                self.now(),
            )
            .await?;
            let about = a_match.map_or(String::new(), |m| format!(" on match #{m}"));
            let said = format!(
                "Ruling {n} of tournament #{id}{about}, by the Director {}: {} This call is final (ACWC Organization).",
                actor.name,
                text.trim()
            );
            Ok(TournamentOutcome::of_tournament(id, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/tournament seed`: the Director places last year's finalists past the Swiss.
    pub async fn seed(
        &self,
        call: &Call,
        id: i64,
        account: &str,
        stage: SeedStage,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.directed(conn, id, actor, "seed a player").await?;
            if t.stage != Stage::Entries {
                return Err(TournamentError::Started(id));
            }
            let e = self.entrant(conn, id, account).await?;
            let stage = stage.stage();
            if stage == Stage::Final {
                let taken = store::tournament::entrants::of_tournament(conn, id)
                    .await?
                    .into_iter()
                    .find(|o| o.seeded == Some(Stage::Final) && o.id != e.id);
                if let Some(o) = taken {
                    return Err(TournamentError::FinalSeeded(o.account));
                }
            }
            store::tournament::entrants::set_seed(conn, e.id, Some(stage)).await?;
            let said = format!(
                "{} is seeded into {} of tournament #{id} and does not play the stages before it (ACWC Format).",
                e.account,
                stage.written()
            );
            Ok(TournamentOutcome::of_tournament(id, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/tournament show`: the tournament's stage, Director and numbers.
    pub async fn show(&self, id: i64) -> Result<TournamentShown, TournamentError> {
        let mut conn = self.pool().acquire().await?;
        let t = self.load(&mut conn, id).await?;
        let director = match t.director_id {
            Some(d) => Some(store::people::by_id(&mut conn, d).await?.name),
            None => None,
        };
        Ok(TournamentShown {
            tournament: t.id,
            format: t.format_played(),
            stage: t.stage,
            director,
            rounds: t.rounds,
            parameters: parameters(&t),
            name: t.name,
        })
    }

    /// `/tournament set`: the Director changes one of the numbers before the start.
    pub async fn set_number(
        &self,
        call: &Call,
        id: i64,
        number: Number,
        value: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self
                .directed(conn, id, actor, "change the tournament's numbers")
                .await?;
            if t.stage != Stage::Entries {
                return Err(TournamentError::Started(id));
            }
            let mut params: Parameters = parameters(&t);
            params
                .set(number, u32::try_from(value).unwrap_or(0))
                .map_err(TournamentError::BadNumber)?;
            let json = serde_json::to_string(&params).expect("parameters serialise");
            store::tournament::tournaments::set_parameters(conn, id, &json).await?;
            let said = format!(
                "Tournament #{id}: the Director sets {} to {value}.",
                number.word()
            );
            Ok(TournamentOutcome::of_tournament(
                id,
                self.tournament_post(conn, said).await?,
            ))
        })
        .await
    }

    /// `/match bid`: a finalist's sealed bid for White in the Armageddon game; once both have
    /// bid, the lower bid plays White (the higher seed on equal bids) and both are announced.
    pub async fn bid_for_white(
        &self,
        call: &Call,
        number: i64,
        time: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.open_match(conn, number).await?;
            let score = Score {
                first: m.first_halves as Halves,
                second: m.second_halves as Halves,
            };
            if m.stage != Stage::Final
                || final_match::next(parameters(&t).final_rules(), score) != Next::Armageddon
            {
                return Err(TournamentError::NoArmageddon(number));
            }
            if m.white_id.is_some() {
                return Err(TournamentError::BidsIn(number));
            }
            let me = PersonRef::configured(&actor.name, None);
            let e = self.playing_entrant(conn, &t, &me).await?;
            if !m.has(e.id) {
                return Err(TournamentError::NotInMatch(number));
            }
            let seconds = final_match::parse_bid(time)
                .ok_or_else(|| TournamentError::BadBid(time.to_owned()))?;
            store::tournament::matches::bid(conn, number, e.id, i64::from(seconds), self.now())
                .await?;
            let bids = store::tournament::matches::bids(conn, number).await?;
            let bid_of = |who: i64| bids.iter().find(|b| b.0 == who).map(|b| b.1 as u32);
            let (Some(first), Some(second)) =
                (bid_of(m.first_id), m.second_id.and_then(bid_of))
            else {
                return Ok(TournamentOutcome::BidSealed { number, seconds });
            };
            let seeds = self.seed_ratings(conn, &m).await?;
            let (first_white, white_seconds) =
                final_match::armageddon_white(first, second, seeds.0 >= seeds.1);
            let white = if first_white { m.first_id } else { m.second_id.unwrap_or(m.first_id) };
            store::tournament::matches::set_white(conn, number, white, i64::from(white_seconds))
                .await?;
            let names = read::entrant_names(conn, t.id).await?;
            let said = format!(
                "Match #{number}, Armageddon: the bids for White are {} {} and {} {}. {} plays White with {}; Black has {} and draw odds, no increment (ACWC Final). Record the game with /match game.",
                names[&m.first_id],
                final_match::clock(first),
                m.second_id.map_or(String::new(), |s| names[&s].clone()),
                final_match::clock(second),
                names[&white],
                final_match::clock(white_seconds),
                final_match::clock(final_match::ARMAGEDDON_BLACK_SECONDS)
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// The doubled seeding ratings of a match's two players.
    async fn seed_ratings(
        &self,
        conn: &mut SqliteConnection,
        m: &store::tournament::matches::MatchRow,
    ) -> Result<(i64, i64), TournamentError> {
        let seed =
            async |conn: &mut SqliteConnection, e: Option<i64>| -> Result<i64, TournamentError> {
                let Some(e) = e else { return Ok(0) };
                Ok(store::tournament::entrants::by_id(conn, e)
                    .await?
                    .map_or(0, |e| e.rating.unwrap_or(0) + e.peak.unwrap_or(0)))
            };
        Ok((
            seed(conn, Some(m.first_id)).await?,
            seed(conn, m.second_id).await?,
        ))
    }
}
