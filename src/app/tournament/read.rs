//! Reading a tournament's record into what its rules need: the Swiss's field (entrants,
//! finished rounds with an engine mark's results given away, who still plays), the Candidates'
//! round robin, and the entrants' names. The app and the portal (read-only) share these.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::SqliteConnection;

use super::TournamentError;
use crate::domain::tournament::round_robin::{self, Finished};
use crate::domain::tournament::stages::Stage;
use crate::domain::tournament::swiss::{self, Entrant, Played};
use crate::domain::tournament::{points, EntrantId, Halves};
use crate::store;
use crate::store::tournament::entrants::EntrantStatus;
use crate::store::tournament::matches::Decided;

/// The Swiss as the pairing needs it: entrants, rounds played, and who still plays.
pub struct Field {
    pub entrants: Vec<Entrant>,
    pub rounds: Vec<Vec<Played>>,
    pub playing: BTreeSet<i64>,
    pub names: BTreeMap<i64, String>,
}

/// The Candidates as the ranking needs them: players, finished matches, who is out of the
/// Candidates (their games disregarded) and who has gone since (out of the Final only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRobin {
    pub players: Vec<EntrantId>,
    pub finished: Vec<Finished>,
    pub out: Vec<EntrantId>,
    pub gone: Vec<EntrantId>,
    pub names: BTreeMap<EntrantId, String>,
}

impl RoundRobin {
    /// The order: match points, then game points (ACWC Candidates), those out left out.
    pub fn ranking(&self) -> Vec<(EntrantId, Halves, Halves)> {
        round_robin::ranking(&self.players, &self.finished, &self.out)
    }

    /// The table, one line each.
    pub fn lines(&self) -> Vec<String> {
        self.ranking()
            .iter()
            .enumerate()
            .map(|(i, (p, m, g))| {
                format!(
                    "{}. {} {} pts, {} game points",
                    i + 1,
                    self.names[p],
                    points(*m),
                    points(*g)
                )
            })
            .collect()
    }
}

pub async fn field(
    conn: &mut SqliteConnection,
    id: i64,
    before_round: i64,
) -> Result<Field, TournamentError> {
    let rows = store::tournament::entrants::of_tournament(conn, id).await?;
    let mut entrants = Vec::new();
    let mut playing = BTreeSet::new();
    let mut names = BTreeMap::new();
    let mut cheats = Vec::new();
    for e in &rows {
        let name = store::people::by_id(conn, e.person_id).await?.name;
        names.insert(e.id, format!("{name} ({})", e.account));
        if e.engine {
            cheats.push(e.id);
        }
        // Those seeded past the Swiss do not play it (ACWC Qualification: "all entrants
        // (except for arimakat and Ogul1)").
        if e.seeded.is_some() {
            continue;
        }
        if e.status == EntrantStatus::Playing {
            playing.insert(e.id);
        }
        entrants.push(Entrant {
            id: e.id,
            name: format!("{name} ({})", e.account),
            seed_x2: e.rating.unwrap_or(0) + e.peak.unwrap_or(0),
        });
    }
    let mut by_round: BTreeMap<i64, Vec<Played>> = BTreeMap::new();
    for m in store::tournament::matches::of_stage(conn, id, Stage::Swiss).await? {
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
    let mut rounds: Vec<Vec<Played>> = by_round.into_values().collect();
    // An engine mark gives every finished game of theirs to the opponent, and the standings
    // are derived again (ACWC Disqualification and withdrawals).
    for cheat in cheats {
        rounds = swiss::awarded_against(&rounds, cheat);
    }
    Ok(Field {
        entrants,
        rounds,
        playing,
        names,
    })
}

/// Every entrant's name as shown: "alice (AliceA)".
pub async fn entrant_names(
    conn: &mut SqliteConnection,
    id: i64,
) -> Result<BTreeMap<EntrantId, String>, TournamentError> {
    let mut names = BTreeMap::new();
    for e in store::tournament::entrants::of_tournament(conn, id).await? {
        let name = store::people::by_id(conn, e.person_id).await?.name;
        names.insert(e.id, format!("{name} ({})", e.account));
    }
    Ok(names)
}

/// The Candidates' round robin as it stands.
pub async fn round_robin(
    conn: &mut SqliteConnection,
    id: i64,
) -> Result<RoundRobin, TournamentError> {
    let names = entrant_names(conn, id).await?;
    let mut players = BTreeSet::new();
    let mut finished = Vec::new();
    let entrants = store::tournament::entrants::of_tournament(conn, id).await?;
    for m in store::tournament::matches::of_stage(conn, id, Stage::Candidates).await? {
        players.insert(m.first_id);
        let Some(second) = m.second_id else { continue };
        players.insert(second);
        // A forfeited match counts as won by the appearing player (ACWC Match rules); a match
        // disregarded with a player who left counts for nobody.
        let forfeited_by = match m.decided {
            None => None,
            Some(Decided::Forfeit) => m.forfeited_id,
            Some(Decided::Disregarded) => continue,
        };
        if m.over {
            finished.push(Finished {
                first: m.first_id,
                second,
                first_games: m.first_halves as Halves,
                second_games: m.second_halves as Halves,
                forfeited_by,
            });
        }
    }
    // Only a player who left before the Final has their Candidates games disregarded (ACWC
    // Disqualification and withdrawals: "from the Candidates"); one who leaves the Final has
    // gone, and the Candidates stand as they ended.
    let final_stage = Stage::Final;
    let out = entrants
        .iter()
        .filter(|e| e.status != EntrantStatus::Playing && e.left_in != Some(final_stage))
        .map(|e| e.id)
        .collect();
    let gone = entrants
        .iter()
        .filter(|e| e.status != EntrantStatus::Playing)
        .map(|e| e.id)
        .collect();
    // Highest seeding rating first: a tie on match and game points keeps this order.
    let seed = |p: &EntrantId| {
        entrants
            .iter()
            .find(|e| e.id == *p)
            .map_or(0, |e| e.rating.unwrap_or(0) + e.peak.unwrap_or(0))
    };
    let mut players: Vec<EntrantId> = players.into_iter().collect();
    players.sort_by_key(|p| std::cmp::Reverse(seed(p)));
    Ok(RoundRobin {
        players,
        finished,
        out,
        gone,
        names,
    })
}

/// The player a person is in a match, if they play in it still: the entrant and whether first.
pub async fn side(
    conn: &mut SqliteConnection,
    m: &store::tournament::matches::MatchRow,
    person: i64,
) -> Result<Option<(i64, bool)>, TournamentError> {
    seated(conn, m, person, true).await
}

/// The player a person is in a match, whatever their standing now (a player at fault, a
/// forfeit or White named by the Director): the entrant and whether first.
pub async fn seat(
    conn: &mut SqliteConnection,
    m: &store::tournament::matches::MatchRow,
    person: i64,
) -> Result<Option<(i64, bool)>, TournamentError> {
    seated(conn, m, person, false).await
}

/// The entrant `person` is in match `m` and whether first; only while playing, if `playing`.
async fn seated(
    conn: &mut SqliteConnection,
    m: &store::tournament::matches::MatchRow,
    person: i64,
    playing: bool,
) -> Result<Option<(i64, bool)>, TournamentError> {
    for (entrant, first) in [(Some(m.first_id), true), (m.second_id, false)] {
        let Some(e) = entrant else { continue };
        let row = store::tournament::entrants::by_id(conn, e).await?;
        if row.is_some_and(|r| {
            r.person_id == person && (!playing || r.status == EntrantStatus::Playing)
        }) {
            return Ok(Some((e, first)));
        }
    }
    Ok(None)
}
