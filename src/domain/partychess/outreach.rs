//! An over-estimate of the pieces a Tornado's capture sequence (Rule 1230.19 §4) can reach, to
//! answer "no" without walking every sequence: a segment may pass only over empty squares and
//! the pieces taken earlier in the sequence, never continues the last segment's direction, and a
//! piece the estimate cannot reach is never taken, so it blocks every line it stands on.

use super::board::{Square, ALL};
use super::kind::Kind;
use super::mover::Mover;
use super::position::Piece;
use super::position::Position;
use super::squares::SquareSet;

/// The squares of every piece some sequence of the Tornado `m` might reach (a superset of
/// those it does reach): opposing pieces it might take, and any piece a segment might end on.
pub fn estimate(pos: &Position, m: &Mover) -> SquareSet {
    // Start by supposing every opposing piece may be taken (and so passed over), then keep
    // only those reached, until nothing changes: what a sequence reaches stays inside.
    let mut passable = SquareSet::default();
    for p in pos.on_board() {
        if p.owner != m.owner {
            if let Some(s) = p.at {
                passable.insert(s);
            }
        }
    }
    loop {
        let (reached, taken) = spread(pos, m, &passable);
        if taken == passable {
            return reached;
        }
        passable = taken;
    }
}

/// From the Tornado's square, every segment from every square where it may have taken a piece,
/// passing over `passable`: the pieces reached, and the opposing ones among them.
fn spread(pos: &Position, m: &Mover, passable: &SquareSet) -> (SquareSet, SquareSet) {
    let mut reached = SquareSet::default();
    let mut taken = SquareSet::default();
    // A square is a way on once per direction it is reached along: the next segment may not
    // continue the last one's direction.
    let mut arrived = [SquareSet::default(); 8];
    let probing = Position::probing();
    let look = |s| {
        if probing {
            pos.at(s)
        } else {
            pos.at_unrecorded(s)
        }
    };
    let mut stack: Vec<(Square, u8, Option<usize>)> = vec![(m.from, 2, None)];
    while let Some((at, reach, previous)) = stack.pop() {
        for (i, d) in ALL.into_iter().enumerate() {
            if previous == Some(i) {
                continue;
            }
            for n in 1..=i16::from(reach) {
                let Some(s) = at.step(d, n) else { break };
                if s == m.from {
                    continue;
                }
                let Some(p) = look(s) else { continue };
                reached.insert(s);
                if p.owner == m.owner {
                    break;
                }
                taken.insert(s);
                if !arrived[i].contains(s) {
                    arrived[i].insert(s);
                    let next = next_segment(p);
                    if next > 0 {
                        stack.push((s, next, Some(i)));
                    }
                }
                if !passable.contains(s) {
                    break;
                }
            }
        }
    }
    (reached, taken)
}

/// Whether some last segment of the Tornado `m` could end on `target`, a necessary condition
/// read from the target outwards: along one of the eight lines, the Tornado's square within 2,
/// or an opposing piece whose segment is long enough, with only empty squares and pieces the
/// Tornado might have taken between. A friendly piece and a piece whose capture ends the
/// sequence (a segment of 0: a King) are never passed over.
pub fn may_end_on(pos: &Position, m: &Mover, target: Square) -> bool {
    let probing = Position::probing();
    for d in ALL {
        for k in 1..i16::from(super::board::SIZE) {
            let Some(s) = target.step(d, k) else { break };
            let here = if probing {
                pos.at(s)
            } else {
                pos.at_unrecorded(s)
            };
            if s == m.from {
                if k <= 2 {
                    return true;
                }
                continue;
            }
            let Some(p) = here else { continue };
            if p.owner == m.owner {
                break;
            }
            let n = next_segment(p);
            if n == 0 {
                break;
            }
            if i16::from(n) >= k {
                return true;
            }
        }
    }
    false
}

/// The longest segment after taking `p` (Rule 1230.19 §4.c): its value, or a HarfyBlob's Hn;
/// 0 ends the sequence. A segment never runs past the board's 19 squares.
pub fn next_segment(p: &Piece) -> u8 {
    match p.kind {
        Kind::HarfyBlob => p.hn,
        k => k.value() as u8,
    }
    .min(19)
}
