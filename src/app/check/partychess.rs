//! Party Chess's invariants: at most one piece a square, no Swinger over an instance limit
//! (Rule 1230.1 §3.G), every piece owned by a Swinger of the game, the play list holding each
//! Swinger once, the Swingers recorded as in Check being those in Check on the board (Rule
//! 1230.2 §7), and a game in play with an umpire having its turn's expiry job pending.

use std::collections::BTreeSet;

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::domain::partychess::check;
use crate::domain::partychess::kind::Kind;
use crate::domain::partychess::position::Position;
use crate::domain::partychess::turns::Turns;
use crate::jobs::Job;
use crate::store;
use crate::store::partychess::games::GameStage;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let Some(g) = store::partychess::games::current(conn).await? else {
        return Ok(());
    };
    let (Ok(pos), Ok(turns)) = (
        serde_json::from_str::<Position>(&g.position),
        serde_json::from_str::<Turns>(&g.turns),
    ) else {
        breaches.push("The Party Chess game's stored position or play list cannot be read".into());
        return Ok(());
    };
    let seats: BTreeSet<u32> = store::partychess::games::swingers(conn, g.id)
        .await?
        .iter()
        .map(|s| s.seat as u32)
        .collect();
    let mut squares = BTreeSet::new();
    for p in pos.pieces() {
        if let Some(at) = p.at {
            if !squares.insert(at) {
                breaches.push(format!("Two Party Chess pieces stand on {at}"));
            }
        }
        if !seats.contains(&p.owner) {
            breaches.push(format!(
                "A Party Chess {} belongs to seat {}, which is no Swinger of the game",
                p.kind, p.owner
            ));
        }
    }
    for seat in &seats {
        for k in Kind::ALL {
            if let Some(limit) = k.instance_limit() {
                let n = pos.of(*seat).filter(|p| p.kind == k).count();
                if n > limit {
                    breaches.push(format!("Swinger {seat} controls {n} of the {k}, over the limit of {limit} (Rule 1230.1 §3.G)"));
                }
            }
        }
    }
    if g.stage == GameStage::Playing {
        let listed: BTreeSet<u32> = turns.list.iter().copied().collect();
        if listed.len() != turns.list.len() || listed.iter().any(|s| !seats.contains(s)) {
            breaches.push("The Swinger Play List names a Swinger twice or one not of the game (Rule 1230.2 §3)".into());
        }
        // Every change of the board records who is in Check after it; a play list saved before
        // that record existed has none to compare.
        let seats: Vec<u32> = seats.iter().copied().collect();
        if g.turns.contains("\"checked\"") && turns.checked != check::checked(&pos, &seats) {
            breaches.push(format!(
                "The Party Chess game records seats {:?} as in Check, but the board puts seats {:?} in Check (Rule 1230.2 §7)",
                turns.checked,
                check::checked(&pos, &seats)
            ));
        }
        let job = Job::PartyChessTurn {
            game: g.id,
            turn: g.turn_number,
        };
        if g.umpire_id.is_some() && g.turn_number > 0 && pending.due(&job).is_none() {
            breaches.push(format!(
                "Party Chess turn {} is on, and no pending job ends it (Rule 1230.2 §4)",
                g.turn_number
            ));
        }
    }
    Ok(())
}
