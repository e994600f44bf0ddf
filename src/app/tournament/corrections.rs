//! The Director's final call on the record (ACWC Organization: "In case of disputes between
//! participants, the TD should be contacted, who will make the final call"): a match's result
//! or forfeit reversed (and perhaps replaced), a player removed by mistake reinstated, a
//! mistyped account corrected, White settled in the Armageddon game when a finalist never bids.
//! Each is numbered and kept (`tournament_corrections`), voids rather than deletes what it
//! replaces, re-derives the standings and what follows, and is announced.

use sqlx::SqliteConnection;

use super::conduct::{FORFEITS_DISQUALIFY, TWO_FORFEITS};
use super::ledger::{self, score_of};
use super::read;
use super::{parameters, TournamentError, TournamentOutcome};
use crate::app::{Call, PersonRef};
use crate::domain::tournament::final_match;
use crate::domain::tournament::matches::Score;
use crate::domain::tournament::results::End;
use crate::domain::tournament::stages::Stage;
use crate::domain::tournament::states::CorrectionKind;
use crate::domain::tournament::{points, swiss};
use crate::store;
use crate::store::tournament::entrants::{EntrantRow, EntrantStatus};
use crate::store::tournament::matches::{Decided, MatchRow};
use crate::store::tournament::results::ResultKind;
use crate::store::tournament::tournaments::Tournament;

/// A match's record in words, for a correction: "4 – 6 (over, 0 – 1)", "forfeited by ann".
fn state_words(m: &MatchRow, names: &std::collections::BTreeMap<i64, String>) -> String {
    let score = format!(
        "{} – {}",
        points(m.first_halves as u32),
        points(m.second_halves as u32)
    );
    match (m.decided, m.forfeited_id) {
        (Some(Decided::Forfeit), Some(f)) => {
            format!(
                "{score}, forfeited by {}",
                names.get(&f).cloned().unwrap_or_default()
            )
        }
        (Some(Decided::Disregarded), _) => format!("{score}, disregarded"),
        _ if m.over => format!(
            "{score}, over: {} – {} in match points",
            points(m.first_points.unwrap_or(0) as u32),
            points(m.second_points.unwrap_or(0) as u32)
        ),
        _ => format!("{score}, in play"),
    }
}

/// A reason as a sentence: trimmed, with its full stop.
fn sentence(reason: &str) -> String {
    let t = reason.trim();
    if t.ends_with(['.', '!', '?']) {
        t.to_owned()
    } else {
        format!("{t}.")
    }
}

impl super::Tournament<'_> {
    /// Records a correction; its number.
    #[allow(clippy::too_many_arguments)]
    async fn correction(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        kind: CorrectionKind,
        (a_match, entrant): (Option<i64>, Option<i64>),
        before: &str,
        reason: &str,
        director: i64,
    ) -> Result<i64, TournamentError> {
        Ok(store::tournament::records::insert_correction(
            conn,
            t.id,
            kind,
            a_match,
            entrant,
            (before, ""),
            reason.trim(),
            director,
            self.now(),
        )
        .await?)
    }

    /// `/match reverse`: the Director reverses a match's forfeit or reported result; with
    /// `score` or `forfeit`, the right result replaces the whole record of the match.
    pub async fn reverse_result(
        &self,
        call: &Call,
        number: i64,
        reason: &str,
        score: Option<&str>,
        forfeit: Option<&PersonRef>,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let m = store::tournament::matches::by_id(conn, number)
                .await?
                .ok_or(TournamentError::NoMatch(number))?;
            let t = self.load(conn, m.tournament_id).await?;
            self.require_director(conn, &t, actor, "correct a match's result")
                .await?;
            if m.second_id.is_none() {
                return Err(TournamentError::Bye(number));
            }
            if score.is_some() && forfeit.is_some() {
                return Err(TournamentError::OneCorrection);
            }
            let names = read::entrant_names(conn, t.id).await?;
            let before = state_words(&m, &names);
            let entries: Vec<_> = store::tournament::results::results(conn, number)
                .await?
                .into_iter()
                .filter(|r| r.voided_by.is_none())
                .collect();
            let current = m.stage == t.stage;
            // Read what replaces the record before anything changes.
            let replacement = match (score, forfeit) {
                (Some(text), _) => {
                    let (parsed, end) =
                        super::results::parse_whole(&t, &m, text, Score::default())?;
                    if end == End::Armageddon && !current {
                        return Err(TournamentError::StageOver(number));
                    }
                    Some(Ok(parsed))
                }
                (None, Some(who)) => {
                    let person = who.resolve(conn, self.now()).await?;
                    let Some((e, _)) = read::seat(conn, &m, person.id).await? else {
                        return Err(TournamentError::NotAPlayer(person.name, number));
                    };
                    Some(Err(e))
                }
                (None, None) => {
                    if entries.is_empty() {
                        return Err(TournamentError::ByGames(number));
                    }
                    if let Some(r) = entries
                        .iter()
                        .find(|r| matches!(r.kind, ResultKind::Walkover | ResultKind::Disregarded))
                    {
                        let who = r.against_id.and_then(|a| names.get(&a).cloned());
                        return Err(TournamentError::FollowsRemoval(number, who.unwrap_or_default()));
                    }
                    if !current {
                        return Err(TournamentError::StageOver(number));
                    }
                    // Reopened, the match must have two players to play it.
                    for e in [Some(m.first_id), m.second_id].into_iter().flatten() {
                        let row = store::tournament::entrants::by_id(conn, e).await?;
                        if let Some(r) = row.filter(|r| r.status != EntrantStatus::Playing) {
                            let name = store::people::by_id(conn, r.person_id).await?.name;
                            return Err(TournamentError::PlayerGone(number, name));
                        }
                    }
                    None
                }
            };
            let n = self
                .correction(conn, &t, CorrectionKind::Reverse, (Some(number), None), &before, reason, actor.id)
                .await?;
            let reversed_forfeits: Vec<i64> = entries
                .iter()
                .filter(|r| r.kind == ResultKind::Forfeit)
                .filter_map(|r| r.against_id)
                .collect();
            for r in &entries {
                store::tournament::results::void_result(conn, r.id, n).await?;
            }
            let mut forfeited = None;
            match replacement {
                Some(Ok(s)) => {
                    // The Director's result replaces the whole record, its games included.
                    store::tournament::results::void_games(conn, number, n).await?;
                    store::tournament::results::add_result(
                        conn,
                        number,
                        ResultKind::Score,
                        Some((i64::from(s.first), i64::from(s.second))),
                        None,
                        Some(actor.id),
                        Some(reason.trim()),
                        self.now(),
                    )
                    .await?;
                }
                Some(Err(e)) => {
                    store::tournament::results::add_result(
                        conn,
                        number,
                        ResultKind::Forfeit,
                        None,
                        Some(e),
                        Some(actor.id),
                        Some(reason.trim()),
                        self.now(),
                    )
                    .await?;
                    forfeited = Some(e);
                }
                None => {}
            }
            if m.pending_kind.is_some() {
                store::tournament::matches::set_pending(conn, number, None, self.now()).await?;
            }
            let after = self.refold(conn, &t, number).await?;
            if !after.over {
                // Reopened: its week's steps still to come run again.
                if let Some(start) = after.week_start {
                    self.schedule_week(conn, number, crate::domain::tournament::negotiation::Week { start })
                        .await?;
                }
            }
            let after_words = state_words(&after, &names);
            store::tournament::records::set_correction_after(conn, n, &after_words).await?;
            let mut text = self
                .tournament_post(
                    conn,
                    format!(
                        "Correction {n} to tournament #{}, by the Director {}: match #{number} was {before}; it is now {after_words}. {} This call is final (ACWC Organization).",
                        t.id,
                        actor.name,
                        sentence(reason)
                    ),
                )
                .await?;
            // What follows: a forfeit reversed no longer counts toward the two that disqualify,
            // and one given may be the second.
            for e in reversed_forfeits {
                if Some(e) == forfeited {
                    continue;
                }
                if let Some(said) = self.undo_forfeit_disqualification(conn, &t, e, n).await? {
                    text.push('\n');
                    text.push_str(&said);
                }
            }
            if let Some(e) = forfeited {
                let row = store::tournament::entrants::by_id(conn, e).await?;
                if let Some(row) = row.filter(|r| r.status == EntrantStatus::Playing) {
                    if store::tournament::results::forfeits_of(conn, e).await? >= FORFEITS_DISQUALIFY {
                        let name = store::people::by_id(conn, row.person_id).await?.name;
                        let t = self.load(conn, t.id).await?;
                        let said = format!("{name} is {TWO_FORFEITS}");
                        text.push('\n');
                        text.push_str(
                            &self
                                .remove_entrant(conn, &t, &row, EntrantStatus::Disqualified, &said, false)
                                .await?,
                        );
                    }
                }
            }
            text.push_str(&self.after_correction(conn, t.id, &after).await?);
            Ok(TournamentOutcome::of_match(number, text))
        })
        .await
    }

    /// What a correction to `m` changes further on: the stage being played moves on as its
    /// record now says; a stage already over shows its table as corrected (the stages begun
    /// since stand, as the Director's final call left them); a finished tournament names its
    /// winner as corrected.
    async fn after_correction(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
        m: &MatchRow,
    ) -> Result<String, TournamentError> {
        let t = self.load(conn, id).await?;
        let mut said = Vec::new();
        if m.stage == t.stage {
            said.extend(self.advance(conn, id).await?);
        } else {
            let lines = match m.stage {
                Stage::Swiss => {
                    let field = read::field(conn, id, i64::MAX).await?;
                    let mut lines = vec![
                        "The Swiss's standings as corrected (the stages begun since stand):"
                            .to_owned(),
                    ];
                    let table: Vec<_> = swiss::standings(&field.entrants, &field.rounds)
                        .into_iter()
                        .filter(|s| field.playing.contains(&s.id))
                        .collect();
                    for (i, s) in table.iter().enumerate() {
                        lines.push(swiss::ranking_line(i + 1, s));
                    }
                    lines
                }
                Stage::Candidates => {
                    let rr = read::round_robin(conn, id).await?;
                    let mut lines = vec![
                        "The Candidates' table as corrected (the Final begun since stands):"
                            .to_owned(),
                    ];
                    lines.extend(rr.lines());
                    lines
                }
                _ => {
                    let names = read::entrant_names(conn, id).await?;
                    let winner = match (m.first_points, m.second_points) {
                        (Some(a), Some(b)) if a > b => Some(m.first_id),
                        (Some(a), Some(b)) if b > a => m.second_id,
                        _ => None,
                    };
                    vec![match winner {
                        Some(w) => format!(
                            "As corrected, {} wins the Final and tournament #{id} (ACWC Final).",
                            names[&w]
                        ),
                        None => {
                            format!("As corrected, the Final of tournament #{id} has no winner.")
                        }
                    }]
                }
            };
            said.push(self.tournament_post(conn, lines.join("\n")).await?);
        }
        Ok(said.iter().map(|s| format!("\n{s}")).collect())
    }

    /// After a forfeit against `e` is reversed: if its second forfeit had disqualified them
    /// and one is left, they are put back where they were.
    async fn undo_forfeit_disqualification(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        e: i64,
        correction: i64,
    ) -> Result<Option<String>, TournamentError> {
        let Some(row) = store::tournament::entrants::by_id(conn, e).await? else {
            return Ok(None);
        };
        let for_forfeits = row.status == EntrantStatus::Disqualified
            && row
                .status_reason
                .as_deref()
                .is_some_and(|r| r.ends_with(TWO_FORFEITS));
        if !for_forfeits
            || store::tournament::results::forfeits_of(conn, e).await? >= FORFEITS_DISQUALIFY
        {
            return Ok(None);
        }
        let t = self.load(conn, t.id).await?;
        let name = store::people::by_id(conn, row.person_id).await?.name;
        match self.put_back(conn, &t, &row, correction).await {
            Ok(effects) => {
                Ok(Some(self.tournament_post(conn, format!(
                    "{name}'s disqualification for two forfeits rested on the forfeit reversed: {name} is reinstated (correction {correction}). {effects}"
                )).await?))
            }
            Err(why) => Ok(Some(self.tournament_post(conn, format!(
                "{name}'s disqualification for two forfeits rested on the forfeit reversed, but {name} cannot be put back: {why}"
            )).await?)),
        }
    }

    /// Puts a removed entrant back into the stage they left, while it is played; what it
    /// reopened, in words.
    async fn put_back(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        e: &EntrantRow,
        correction: i64,
    ) -> Result<String, TournamentError> {
        let name = store::people::by_id(conn, e.person_id).await?.name;
        if store::tournament::results::forfeits_of(conn, e.id).await? >= FORFEITS_DISQUALIFY {
            return Err(TournamentError::TwoForfeits(name));
        }
        let others = store::tournament::entrants::of_person(conn, t.id, e.person_id).await?;
        if others.iter().any(|o| {
            o.id != e.id && matches!(o.status, EntrantStatus::Playing | EntrantStatus::Entered)
        }) {
            return Err(TournamentError::OtherAccount(name, t.id));
        }
        let left = e.left_in.unwrap_or(t.stage);
        if t.stage == Stage::Entries {
            store::tournament::entrants::reinstate(conn, e.id, EntrantStatus::Entered).await?;
            return Ok("They are entered again.".into());
        }
        if left != t.stage || matches!(t.stage, Stage::Final | Stage::Finished) {
            return Err(TournamentError::LeftStage(name, left.written()));
        }
        store::tournament::entrants::reinstate(conn, e.id, EntrantStatus::Playing).await?;
        let matches = store::tournament::matches::of_stage(conn, t.id, t.stage).await?;
        let latest = matches.iter().map(|m| m.round).max().unwrap_or(0);
        let mut reopened = Vec::new();
        for m in matches.iter().filter(|m| m.has(e.id)) {
            // In the Swiss only the round still being played is reopened: a later round was
            // paired without them. In the Candidates all their matches come back.
            if t.stage == Stage::Swiss && m.round != latest {
                continue;
            }
            let mut voided = false;
            for r in store::tournament::results::results(conn, m.id).await? {
                if r.voided_by.is_none()
                    && r.against_id == Some(e.id)
                    && matches!(r.kind, ResultKind::Walkover | ResultKind::Disregarded)
                {
                    store::tournament::results::void_result(conn, r.id, correction).await?;
                    voided = true;
                }
            }
            if voided {
                let after = self.refold(conn, t, m.id).await?;
                if !after.over {
                    if let Some(start) = after.week_start {
                        self.schedule_week(
                            conn,
                            m.id,
                            crate::domain::tournament::negotiation::Week { start },
                        )
                        .await?;
                    }
                    reopened.push(format!("#{}", m.id));
                }
            }
        }
        Ok(match (t.stage, reopened.is_empty()) {
            (Stage::Swiss, true) => "They are back in the pairings from the next round.".into(),
            (Stage::Swiss, false) => format!(
                "They are back in the pairings, and match {} is theirs to play again.",
                reopened.join(", ")
            ),
            (_, true) => "Their Candidates games count again.".into(),
            (_, false) => format!(
                "Their Candidates games count again, and match {} is theirs to play.",
                reopened.join(", ")
            ),
        })
    }

    /// `/tournament reinstate`: the Director puts back a player withdrawn or disqualified by
    /// mistake, into the stage they left while it is played.
    pub async fn reinstate(
        &self,
        call: &Call,
        id: i64,
        who: &PersonRef,
        reason: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.directed(conn, id, actor, "reinstate a player").await?;
            if t.stage == Stage::Finished {
                return Err(TournamentError::Finished(id));
            }
            let person = who.resolve(conn, self.now()).await?;
            let e = store::tournament::entrants::of_person(conn, id, person.id)
                .await?
                .into_iter()
                .rev()
                .find(|e| matches!(e.status, EntrantStatus::Withdrawn | EntrantStatus::Disqualified))
                .ok_or(TournamentError::NotRemoved(person.name.clone(), id))?;
            let before = format!(
                "{} ({}) {}",
                person.name,
                e.account,
                e.status_reason.clone().unwrap_or_else(|| "removed".into())
            );
            let n = self
                .correction(conn, &t, CorrectionKind::Reinstate, (None, Some(e.id)), &before, reason, actor.id)
                .await?;
            let effects = self.put_back(conn, &t, &e, n).await?;
            let after = format!("{} ({}) plays again", person.name, e.account);
            store::tournament::records::set_correction_after(conn, n, &after).await?;
            let said = format!(
                "Correction {n} to tournament #{id}, by the Director {}: {} ({}) is reinstated: {} {effects} This call is final (ACWC Organization).",
                actor.name,
                person.name,
                e.account,
                sentence(reason)
            );
            Ok(TournamentOutcome::of_tournament(id, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/tournament account`: the Director corrects a mistyped account. Before the start the
    /// facts and exception recorded for the name typed are cleared, since they were about that
    /// name; after it they stay, frozen as the start used them.
    pub async fn correct_account(
        &self,
        call: &Call,
        id: i64,
        account: &str,
        to: &str,
        reason: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.directed(conn, id, actor, "correct an account").await?;
            if t.stage == Stage::Finished {
                return Err(TournamentError::Finished(id));
            }
            let e = self.entrant(conn, id, account).await?;
            let to = to.trim();
            if let Some(other) = store::tournament::entrants::by_account(conn, id, to).await? {
                if other.id != e.id {
                    return Err(TournamentError::AccountTaken(to.to_owned()));
                }
            }
            let before = e.account.clone();
            let n = self
                .correction(conn, &t, CorrectionKind::Account, (None, Some(e.id)), &before, reason, actor.id)
                .await?;
            let entries = t.stage == Stage::Entries;
            store::tournament::entrants::set_account(conn, e.id, to, entries).await?;
            store::tournament::records::set_correction_after(conn, n, to).await?;
            let facts = if entries {
                "The facts and any exception recorded were for the name typed, so the Director records them again for the right account (ACWC Player eligibility)."
            } else {
                "The facts stay as recorded, frozen as the start used them."
            };
            let said = format!(
                "Correction {n} to tournament #{id}, by the Director {}: the account {before} is corrected to {to}: {} {facts} This call is final (ACWC Organization).",
                actor.name,
                sentence(reason)
            );
            Ok(TournamentOutcome::of_tournament(id, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/match white`: the Director settles White in the Armageddon game when a finalist never
    /// bids (ACWC Final; Organization: the final call).
    pub async fn settle_white(
        &self,
        call: &Call,
        number: i64,
        who: &PersonRef,
        time: &str,
        reason: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m) = self.open_match(conn, number).await?;
            self.require_director(conn, &t, actor, "settle White in the Armageddon game")
                .await?;
            let play = ledger::play(&parameters(&t), m.stage);
            if m.stage != Stage::Final || play.end(score_of(&m)) != Some(End::Armageddon) {
                return Err(TournamentError::NoArmageddon(number));
            }
            if m.white_id.is_some() {
                return Err(TournamentError::BidsIn(number));
            }
            let person = who.resolve(conn, self.now()).await?;
            let Some((white, _)) = read::seat(conn, &m, person.id).await? else {
                return Err(TournamentError::NotAPlayer(person.name, number));
            };
            let seconds = final_match::parse_bid(time)
                .ok_or_else(|| TournamentError::BadBid(time.to_owned()))?;
            let names = read::entrant_names(conn, t.id).await?;
            let bids = store::tournament::matches::bids(conn, number).await?;
            let before = if bids.is_empty() {
                "no bids".to_owned()
            } else {
                bids.iter()
                    .map(|(e, s)| format!("{} bid {}", names[e], final_match::clock(*s as u32)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let n = self
                .correction(conn, &t, CorrectionKind::White, (Some(number), Some(white)), &before, reason, actor.id)
                .await?;
            store::tournament::matches::set_white(conn, number, white, i64::from(seconds)).await?;
            let after = format!("{} plays White with {}", names[&white], final_match::clock(seconds));
            store::tournament::records::set_correction_after(conn, n, &after).await?;
            let said = format!(
                "Correction {n} to tournament #{}, by the Director {}: in match #{number}'s Armageddon game ({before}), {after}; Black has {} and draw odds, no increment: {} Record the game with /match game. This call is final (ACWC Final, Organization).",
                t.id,
                actor.name,
                final_match::clock(final_match::ARMAGEDDON_BLACK_SECONDS),
                sentence(reason)
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }
}
