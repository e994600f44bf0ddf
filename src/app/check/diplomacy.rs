//! The Diplomacy tournament's invariants: every season's counts add up to at most 34 centres
//! (C.1), every board seats seven different players, one a power (B.5, B.6), a board still
//! playing with a deadline has its deadline job pending (D.VII.6), a finished board ended as
//! C.5 allows, no proposal stays open on a finished board (D.IX), and a replaced position is
//! held by the last handover's incoming player, each handing over from the one before (B.7);
//! a holiday the TD decreed moved each deadline by exactly its hours (D.VII.5), and no one the
//! TD vetoed on a board took a position there after the veto (B.10).

use std::collections::{BTreeMap, BTreeSet};

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::domain::diplomacy::season::Turn;
use crate::jobs::Job;
use crate::store;
use crate::store::diplomacy::boards::BoardStatus;
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
            if let (Some(_), Some(turn)) = (b.deadline, Turn::parse(&b.turn)) {
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
    for p in store::diplomacy::votes::all(conn).await? {
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
