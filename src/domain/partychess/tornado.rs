//! The Tornado's move sequence (Rule 1230.19 §4): a first segment of up to 2 squares; after each
//! capture, a new segment of up to M squares (the captured piece's value, or a HarfyBlob's Hn)
//! in any direction but the last segment's; a segment without a capture ends it.

use super::board::{Dir, Square, ALL};
use super::kind::Kind;
use super::mover::{Mover, Target};
use super::position::Position;

/// Every capture sequence the Tornado may play: the squares each segment ends on, each but
/// perhaps the last holding an opposing piece it captures.
pub fn chains(pos: &Position, m: &Mover) -> Vec<Vec<Square>> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    segment(pos, m, m.from, None, 2, &mut path, &mut |p, _| {
        out.push(p.to_vec())
    });
    out
}

/// The pieces a Tornado's sequence reaches, opposing ones along the way and any piece at the end
/// (a friend there is defended, Rule 1230.2 §5).
pub fn targets(pos: &Position, m: &Mover, out: &mut Vec<Target>) {
    let mut path = Vec::new();
    segment(pos, m, m.from, None, 2, &mut path, &mut |_, last| {
        if let Some(t) = last {
            if !out.iter().any(|o| o.at == t) {
                out.push(Target { at: t, lands: true });
            }
        }
    });
}

/// One segment from `at`: `emit(path, Some(square))` for each piece reached (friendly ones end
/// there), `emit(path, None)` for each empty square that ends the sequence after a capture.
fn segment(
    pos: &Position,
    m: &Mover,
    at: Square,
    previous: Option<Dir>,
    reach: u8,
    path: &mut Vec<Square>,
    emit: &mut dyn FnMut(&[Square], Option<Square>),
) {
    for d in ALL {
        if Some(d) == previous {
            continue;
        }
        for n in 1..=i16::from(reach) {
            let Some(s) = at.step(d, n) else { break };
            match pos.at(s) {
                None => {
                    // Only after a capture is a plain segment part of a Capture play.
                    if !path.is_empty() {
                        path.push(s);
                        emit(path, None);
                        path.pop();
                    }
                }
                Some(p) if p.id == m.id => {}
                Some(p) => {
                    path.push(s);
                    emit(path, Some(s));
                    if p.owner != m.owner {
                        let m_next = match p.kind {
                            Kind::HarfyBlob => p.hn,
                            k => k.value() as u8,
                        };
                        let mut next = pos.clone();
                        next.set_square(p.id, None);
                        next.set_owner(p.id, m.owner);
                        next.set_square(m.id, Some(s));
                        if m_next > 0 {
                            segment(&next, m, s, Some(d), m_next.min(19), path, emit);
                        }
                    }
                    path.pop();
                    break;
                }
            }
        }
    }
}
