//! Nomic's invariants: no proposal is held without an active Point of Order about it (Nomic
//! 214), each player's points equal their recorded changes (Nomic 209), nobody earns points
//! after forfeiting (Nomic 115), and the deadline jobs of open votes and active Points exist
//! (Nomic 113, 214), and of closed ones do not.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::jobs::Job;
use crate::store;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let active = store::nomic::orders::active(conn).await?;
    let raised_about: BTreeSet<i64> = active.iter().filter_map(|p| p.proposal).collect();
    let proposals = store::nomic::proposals::all(conn).await?;
    let mut voting = BTreeSet::new();
    for p in &proposals {
        if p.status == ProposalStatus::Held && !raised_about.contains(&p.number) {
            breaches.push(format!(
                "Proposal {} is held, but no active Point of Order concerns it (Nomic 214)",
                p.number
            ));
        }
        if p.status == ProposalStatus::Voting && p.procedure == Procedure::Nomic {
            voting.insert(p.number);
            let close = Job::VoteClose { proposal: p.number };
            if pending.due(&close).is_none() {
                breaches.push(format!(
                    "Proposal {} is open for votes, and no pending job closes its vote (Nomic 113)",
                    p.number
                ));
            }
        }
    }
    let points: BTreeSet<i64> = active.iter().map(|p| p.number).collect();
    for p in &points {
        if pending.due(&Job::OrderDeadline { point: *p }).is_none() {
            breaches.push(format!(
                "Point of Order {p} is active, and no pending job ends its window (Nomic 214)"
            ));
        }
    }
    for job in pending.jobs() {
        let dead = match job {
            Job::VoteClose { proposal } => !voting.contains(&proposal),
            Job::OrderDeadline { point } => !points.contains(&point),
            _ => false,
        };
        if dead {
            breaches.push(format!("{job:?} is pending for what has moved on"));
        }
    }
    let players: BTreeMap<i64, _> = store::nomic::turns::players(conn)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let mut last: BTreeMap<i64, i64> = BTreeMap::new();
    for change in store::nomic::proposals::all_points_changes(conn).await? {
        let player = players.get(&change.player_id);
        let name = player.map_or("someone", |p| p.name.as_str());
        if let Some(before) = last.get(&change.player_id) {
            if before + change.change != change.total {
                breaches.push(format!(
                    "{name}'s points went from {before} by {} to {}, which do not add up (Nomic 209)",
                    change.change, change.total
                ));
            }
        }
        last.insert(change.player_id, change.total);
        if let Some(forfeited) = player.and_then(|p| p.forfeited_at) {
            if change.change > 0 && change.at >= forfeited {
                breaches.push(format!(
                    "{name} earned {} points after forfeiting (Nomic 115)",
                    change.change
                ));
            }
        }
    }
    for (id, total) in &last {
        if let Some(p) = players.get(id) {
            if p.points != *total {
                breaches.push(format!(
                    "{} has {} points, but their last recorded change left {total} (Nomic 209)",
                    p.name, p.points
                ));
            }
        }
    }
    Ok(())
}
