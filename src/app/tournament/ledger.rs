//! A match's record and the state derived from it. Games and whole-match entries (a reported
//! score, a forfeit, a walkover, a disregard) are appended, and voided only by the Director's
//! corrections; the match's score, whether it is over, its match points and how it was decided
//! are always the fold of what stands (`domain::tournament::results::fold`), stored beside the
//! record for the pairings, the tables and the portal, and checked against it by `gavel check`.

use sqlx::SqliteConnection;

use super::{parameters, TournamentError};
use crate::domain::tournament::matches::Score;
use crate::domain::tournament::parameters::Parameters;
use crate::domain::tournament::results::{self, Broken, Decision, Derived, Play, Record};
use crate::domain::tournament::stages::Stage;
use crate::domain::tournament::Halves;
use crate::store;
use crate::store::tournament::matches::{Decided, MatchRow};
use crate::store::tournament::results::{GameRow, ResultKind, ResultRow};
use crate::store::tournament::tournaments::Tournament;

/// How a match of `stage` is played under the tournament's numbers.
pub(crate) fn play(params: &Parameters, stage: Stage) -> Play {
    match stage {
        Stage::Final => Play::Final(params.final_rules()),
        Stage::Candidates => Play::Candidates(params.candidates_match()),
        _ => Play::Swiss(params.swiss_match()),
    }
}

/// A match's score as stored.
pub(crate) fn score_of(m: &MatchRow) -> Score {
    Score {
        first: m.first_halves as Halves,
        second: m.second_halves as Halves,
    }
}

/// The fold's reading of a match's record: what stands, games in their order.
pub(crate) fn record_of(m: &MatchRow, games: &[GameRow], entries: &[ResultRow]) -> Record {
    let mut standing: Vec<&GameRow> = games.iter().filter(|g| g.voided_by.is_none()).collect();
    standing.sort_by_key(|g| (g.number.unwrap_or(i64::MAX), g.id));
    let mut record = Record {
        games: standing
            .iter()
            .filter(|g| !g.armageddon)
            .map(|g| g.result)
            .collect(),
        armageddon: standing.iter().find(|g| g.armageddon).map(|g| g.result),
        first_white: m.white_id.map(|w| w == m.first_id),
        ..Record::default()
    };
    for r in entries.iter().filter(|r| r.voided_by.is_none()) {
        let first = r.against_id == Some(m.first_id);
        match r.kind {
            ResultKind::Score => {
                record.report = Some(Score {
                    first: r.first_halves.unwrap_or(0) as Halves,
                    second: r.second_halves.unwrap_or(0) as Halves,
                });
            }
            ResultKind::Forfeit => record.decision = Some(Decision::Forfeit { by_first: first }),
            ResultKind::Walkover => {
                record.decision = Some(Decision::Walkover { left_first: first });
            }
            ResultKind::Disregarded => record.decision = Some(Decision::Disregarded),
        }
    }
    record
}

/// What a match's record comes to: a bye is a won match with no games.
pub(crate) async fn derive(
    conn: &mut SqliteConnection,
    params: &Parameters,
    m: &MatchRow,
) -> sqlx::Result<Result<Derived, Broken>> {
    if m.second_id.is_none() {
        return Ok(Ok(Derived {
            score: Score::default(),
            over: Some((2, 0)),
            decision: None,
            armageddon: false,
        }));
    }
    let games = store::tournament::results::games(conn, m.id).await?;
    let entries = store::tournament::results::results(conn, m.id).await?;
    Ok(results::fold(
        play(params, m.stage),
        &record_of(m, &games, &entries),
    ))
}

/// The stored columns a derived state writes: how it was decided, and by whom.
pub(crate) fn decided_of(m: &MatchRow, d: &Derived) -> Option<(Decided, Option<i64>)> {
    let other = |first: bool| {
        if first {
            Some(m.first_id)
        } else {
            m.second_id
        }
    };
    match d.decision? {
        Decision::Forfeit { by_first } => Some((Decided::Forfeit, other(by_first))),
        Decision::Walkover { left_first } => Some((Decided::Forfeit, other(left_first))),
        Decision::Disregarded => Some((Decided::Disregarded, None)),
    }
}

impl super::Tournament<'_> {
    /// Re-derives match `id`'s state from its record and stores it; the match as it now
    /// stands. A record the rules would not allow is refused, and nothing is stored.
    pub(super) async fn refold(
        &self,
        conn: &mut SqliteConnection,
        t: &Tournament,
        id: i64,
    ) -> Result<MatchRow, TournamentError> {
        let m = store::tournament::matches::by_id(conn, id)
            .await?
            .ok_or(TournamentError::NoMatch(id))?;
        let d = derive(conn, &parameters(t), &m)
            .await?
            .map_err(|why| TournamentError::Broken(id, why))?;
        let points = d.over.map(|(a, b)| (i64::from(a), i64::from(b)));
        store::tournament::matches::set_state(
            conn,
            id,
            (i64::from(d.score.first), i64::from(d.score.second)),
            points,
            decided_of(&m, &d),
        )
        .await?;
        if points.is_some() {
            // An ended match has nobody left to claim against, and nothing to confirm.
            store::tournament::claims::close_all(conn, id, self.now()).await?;
            if m.pending_kind.is_some() {
                store::tournament::matches::set_pending(conn, id, None, self.now()).await?;
            }
        }
        store::tournament::matches::by_id(conn, id)
            .await?
            .ok_or(TournamentError::NoMatch(id))
    }
}
