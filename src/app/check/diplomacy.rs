//! The Diplomacy tournament's invariants: every season's counts add up to at most 34 centres
//! (C.1), every board seats seven different players, one a power (B.5, B.6), a board still
//! playing with a deadline has its deadline job pending (D.VII.6), a finished board ended as
//! C.5 allows, no proposal stays open on a finished board (D.IX), and a replaced position is
//! held by the last handover's incoming player, each handing over from the one before (B.7);
//! a holiday the TD decreed moved each deadline by exactly its hours (D.VII.5), and no one the
//! TD vetoed on a board took a position there after the veto (B.10); a board's season and end
//! equal a re-derivation from its counts: no counts of a season it has not reached, and a board
//! a count ended ends on counts that end it, one in play on counts that do not (C.1, B.3, C.4);
//! and no vote due with a turn whose results a 1901 NMR holds is decided (D.VII.6b, D.IX.2).

use std::collections::{BTreeMap, BTreeSet};

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::domain::diplomacy::correction::ends_game;
use crate::domain::diplomacy::season::{Season, Turn};
use crate::domain::diplomacy::{Centres, Power};
use crate::jobs::Job;
use crate::store;
use crate::store::diplomacy::boards::{Board, BoardEnding, BoardStatus};
use crate::store::diplomacy::handovers::KindName;
use crate::store::diplomacy::votes::ProposalStatus;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let mut totals: BTreeMap<(i64, String), i64> = BTreeMap::new();
    for c in store::diplomacy::record::all_counts(conn).await? {
        *totals.entry((c.board_id, c.season)).or_default() += c.centres;
    }
    for ((board, season), total) in totals {
        if total > 34 {
            breaches.push(format!(
                "Board {board}'s counts for {season} add up to {total}, more than the 34 centres (C.1)"
            ));
        }
    }
    let boards = store::diplomacy::boards::all(conn).await?;
    let finished: BTreeSet<i64> = boards
        .iter()
        .filter(|b| b.status == BoardStatus::Finished)
        .map(|b| b.id)
        .collect();
    for b in &boards {
        let positions = store::diplomacy::boards::positions(conn, b.id).await?;
        let people: BTreeSet<i64> = positions.iter().map(|p| p.person_id).collect();
        if positions.len() != 7 || people.len() != 7 {
            breaches.push(format!(
                "{} seats {} positions held by {} people, not seven players one a power (B.5)",
                b.name,
                positions.len(),
                people.len()
            ));
        }
        if b.status == BoardStatus::Playing {
            if let (Some(_), turn) = (b.deadline, b.turn) {
                let job = Job::DiplomacyDeadline {
                    board: b.id,
                    turn: turn.code(),
                };
                let done = store::jobs::all(conn)
                    .await?
                    .iter()
                    .any(|j| j.idempotency_key == job.key() && j.done_at.is_some());
                if pending.due(&job).is_none() && !done {
                    breaches.push(format!(
                        "{} has a deadline for {}, and no job for it (D.VII.6)",
                        b.name, b.turn
                    ));
                }
            }
        } else if b.ending.is_none() {
            breaches.push(format!("{} is finished without an ending (C.5)", b.name));
        }
    }
    for b in &boards {
        counts_agree(conn, b, breaches).await?;
    }
    for p in store::diplomacy::boards::all_positions(conn).await? {
        let handovers = store::diplomacy::handovers::of_position(conn, p.id).await?;
        for pair in handovers.windows(2) {
            if pair[1].outgoing_id != pair[0].incoming_id {
                breaches.push(format!(
                    "Handover #{} of position {} hands over from someone who did not hold it (B.7)",
                    pair[1].id, p.id
                ));
            }
        }
        if let Some(last) = handovers.last() {
            if last.incoming_id != p.person_id {
                breaches.push(format!(
                    "Position {} is held by someone other than its last handover's replacement (B.7)",
                    p.id
                ));
            }
        }
    }
    let held: BTreeMap<i64, Turn> = boards
        .iter()
        .filter(|b| b.results_held && b.status == BoardStatus::Playing)
        .map(|b| (b.id, b.turn))
        .collect();
    for p in store::diplomacy::votes::all(conn).await? {
        if p.status != ProposalStatus::Open && held.get(&p.board_id) == Some(&p.turn) {
            breaches.push(format!(
                "Proposal #{} due with {} was decided while a 1901 NMR holds that turn's results (D.VII.6b, D.IX.2)",
                p.id, p.turn
            ));
        }
        if p.status == ProposalStatus::Open && finished.contains(&p.board_id) {
            breaches.push(format!(
                "Proposal #{} is still open on a finished board (D.IX.2)",
                p.id
            ));
        }
    }
    for h in store::diplomacy::holidays::all(conn).await? {
        if h.new_deadline - h.old_deadline != chrono::Duration::hours(h.hours) {
            breaches.push(format!(
                "Board {}'s holiday for {} moved {} from {} to {}, not by its {} hour(s) (D.VII.5)",
                h.board_id, h.reason, h.turn, h.old_deadline, h.new_deadline, h.hours
            ));
        }
    }
    let boards_of: BTreeMap<i64, i64> = store::diplomacy::boards::all_positions(conn)
        .await?
        .into_iter()
        .map(|p| (p.id, p.board_id))
        .collect();
    let handovers = store::diplomacy::handovers::all(conn).await?;
    for v in store::diplomacy::vetoes::all(conn).await? {
        for h in &handovers {
            if h.incoming_id == v.person_id
                && h.kind != KindName::Return
                && h.at >= v.at
                && boards_of.get(&h.position_id) == Some(&v.board_id)
            {
                breaches.push(format!(
                    "{} took a position on board {} in handover #{}, though the TD vetoed them there (B.10)",
                    v.name, v.board_id, h.id
                ));
            }
        }
    }
    Ok(())
}

/// A board's season and end against its counts, derived again (C.1, B.3, C.4).
async fn counts_agree(
    conn: &mut SqliteConnection,
    b: &Board,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let mut by_season: BTreeMap<Season, Vec<(Power, u32)>> = BTreeMap::new();
    for c in store::diplomacy::record::counts(conn, b.id).await? {
        if let Some(s) = Season::parse(&c.season) {
            by_season
                .entry(s)
                .or_default()
                .push((c.power, c.centres as u32));
        }
    }
    let current = b.published_at.map(|_| b.turn).map(|t| t.season);
    if let (Some(now), Some(last)) = (current, by_season.keys().next_back()) {
        if *last > now {
            breaches.push(format!(
                "{} is at {} but has counts for {last}, a season it has not reached (C.1)",
                b.name, b.turn
            ));
        }
    }
    let last_year = store::diplomacy::rounds::get(conn, b.round)
        .await?
        .map_or(1909, |r| r.last_year) as u16;
    let ends = by_season
        .iter()
        .next_back()
        .is_some_and(|(s, v)| Centres::new(v.clone()).is_ok_and(|c| ends_game(&c, *s, last_year)));
    match (b.status, b.ending) {
        (BoardStatus::Playing, _) if ends => breaches.push(format!(
            "{} is in play, though its last counts end the game (B.3, C.4)",
            b.name
        )),
        (BoardStatus::Finished, Some(BoardEnding::Played)) if !ends => breaches.push(format!(
            "{} ended on its counts, though its last counts do not end the game (B.3, C.4)",
            b.name
        )),
        _ => {}
    }
    Ok(())
}
