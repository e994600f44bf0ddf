//! Party Chess's invariants: at most one piece a square, no Swinger over an instance limit
//! (Rule 1230.1 §3.G), every piece owned by a Swinger of the game, the play list holding each
//! Swinger once, the Swingers recorded as in Check being those in Check on the board (Rule
//! 1230.2 §7), and a game in play with an umpire having its turn's expiry job pending; the
//! board equal to a replay of the history (each play made again on the board it was made on
//! gives the board after it, each entry starts from the board the one before left, and the
//! last leaves the board as it stands, Rule 1230.2 §1.C(i), (vi)); each posted Weight equal to
//! Rule 1230.3's formula on the position it was posted for (§1.C(v)); and the turn under way no
//! longer than Rule 1230.2 §4 allows.

use std::collections::BTreeSet;

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::app::partychess::Posted;
use crate::domain::partychess::board::Square;
use crate::domain::partychess::check;
use crate::domain::partychess::kind::Kind;
use crate::domain::partychess::play::{apply, Play};
use crate::domain::partychess::position::Position;
use crate::domain::partychess::read_texts;
use crate::domain::partychess::stock;
use crate::domain::partychess::turns::{self, Turns};
use crate::domain::partychess::weights::{halves, weight};
use crate::jobs::Job;
use crate::store;
use crate::store::partychess::games::GameRow;
use crate::store::partychess::games::GameStage;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    pending: &Pending,
    tz: chrono_tz::Tz,
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
        // The turn under way: at most the cap on extensions after its announcement (§4.A), as
        // gavel reads Rule 1230.2 in force.
        if let (Some(announced), Some(deadline)) = (g.announced_at, g.deadline) {
            let rules: Vec<_> = store::partychess::rules::in_force(conn)
                .await?
                .iter()
                .map(|r| r.to_rule())
                .collect();
            let limits = read_texts::limits_in_force(&rules);
            let days = turns::days_given(announced, deadline, tz);
            if days > limits.max_days || deadline < announced {
                breaches.push(format!(
                    "Party Chess turn {} runs {days} days after its announcement, more than the {} Rule 1230.2 §4.A allows",
                    g.turn_number, limits.max_days
                ));
            }
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
    replay(conn, &g, &pos, breaches).await
}

/// The board as a list: each piece on it with its square, type, Swinger and Hn (ids aside, which
/// a replay need not give alike).
fn board(pos: &Position) -> Vec<(Square, Kind, u32, u8)> {
    let mut b: Vec<_> = pos
        .on_board()
        .filter_map(|p| p.at.map(|at| (at, p.kind, p.owner, p.hn)))
        .collect();
    b.sort();
    b
}

/// The history replayed: each play made again on the position before it gives the board after
/// it (with the instance limits enforced, as after a Swinger's play, or not, as after an
/// automatic one); each entry starts from the board the one before left; the last leaves the
/// board as it stands; and each posted Weight is the formula's on the position after its entry.
async fn replay(
    conn: &mut SqliteConnection,
    g: &GameRow,
    pos: &Position,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let mut last: Option<Position> = None;
    for row in store::partychess::games::plays(conn, g.id).await? {
        let (Some(before), Some(after)) = (&row.position_before, &row.position_after) else {
            // Kept before positions were recorded: the replay starts after it.
            last = None;
            continue;
        };
        let (Ok(before), Ok(after)) = (
            serde_json::from_str::<Position>(before),
            serde_json::from_str::<Position>(after),
        ) else {
            breaches.push(format!(
                "Party Chess history entry {} cannot be read",
                row.number
            ));
            last = None;
            continue;
        };
        if let Some(prev) = &last {
            if board(prev) != board(&before) {
                breaches.push(format!(
                    "Party Chess history entry {} starts from a board other than the one entry {} left (Rule 1230.2 §1.C(vi))",
                    row.number,
                    row.number - 1
                ));
            }
        }
        let play = row
            .play
            .as_deref()
            .and_then(|j| serde_json::from_str::<Play>(j).ok());
        if let (Some(play), Some(seat)) = (play, row.seat) {
            let mut made = before.clone();
            apply(&mut made, seat as u32, &play);
            let mut limited = made.clone();
            stock::enforce_limits(
                &mut limited,
                (g.seed as u64).wrapping_add(row.number as u64 - 1),
            );
            if board(&made) != board(&after) && board(&limited) != board(&after) {
                breaches.push(format!(
                    "Party Chess history entry {} ({play}) made again does not give the board recorded after it (Rule 1230.2 §1.C(i))",
                    row.number
                ));
            }
        }
        if let Some(posted) = row
            .weights
            .as_deref()
            .and_then(|j| serde_json::from_str::<Posted>(j).ok())
        {
            for (seat, x2) in &posted.x2 {
                let now = weight(&after, *seat, &posted.defined).total_x2();
                if now != *x2 {
                    breaches.push(format!(
                        "Party Chess history entry {}: Swinger {seat}'s Weight was posted as {}, but Rule 1230.3 gives {} on that position",
                        row.number,
                        halves(*x2),
                        halves(now)
                    ));
                }
            }
        }
        last = Some(after);
    }
    if let Some(prev) = &last {
        if board(prev) != board(pos) {
            breaches.push(
                "The Party Board is not the board its history leaves (Rule 1230.2 §1.C(i), (vi))"
                    .into(),
            );
        }
    }
    Ok(())
}
