//! The Tornado's move sequence (Rule 1230.19 §4): a first segment of up to 2 squares; after each
//! capture, a new segment of up to M squares (the captured piece's value, or a HarfyBlob's Hn)
//! in any direction but the last segment's; a segment without a capture ends it. The pieces it
//! has taken on the way are off the board for the rest of the sequence.

use super::board::{Dir, Square, ALL};
use super::mover::{Mover, Target};
use super::position::{Piece, Position};
use super::squares::SquareSet;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// The states a walk has explored: square, last direction, pieces taken.
type Seen = HashSet<(Square, Option<Dir>, SquareSet), BuildHasherDefault<Mix>>;

/// A quick hash for the walk's memory of its states (small keys, no adversary).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Every capture sequence the Tornado may play: the squares each segment ends on, each but
/// perhaps the last holding an opposing piece it captures.
/// A segment that meets a friendly piece stops short of it: a piece never captures a friend
/// (Rule 1230.1 §4). Beside a Cantor, the Tornado may also take a piece by the Cantor's gift,
/// which starts no chain (Rule 1230.20).
pub fn chains(pos: &Position, m: &Mover) -> Vec<Vec<Square>> {
    let mut out: Vec<Vec<Square>> = Vec::new();
    let mut walk = Walk::new(pos, m);
    walk.segment(m.from, None, 2, &mut |p, last| {
        if last.is_none_or(|s| pos.at(s).is_some_and(|q| q.owner != m.owner)) {
            out.push(p.to_vec());
        }
        false
    });
    for s in super::cantor::captures(pos, m.from, m.owner) {
        if !out.iter().any(|c| c == &[s]) {
            out.push(vec![s]);
        }
    }
    out
}

/// The pieces a Tornado's sequence reaches, opposing ones along the way and any piece at the end
/// (a friend there is defended, Rule 1230.2 §5).
pub fn targets(pos: &Position, m: &Mover, out: &mut Vec<Target>) {
    let mut walk = Walk::new(pos, m);
    walk.seen = Some(HashSet::default());
    walk.segment(m.from, None, 2, &mut |_, last| {
        if let Some(t) = last {
            if !out.iter().any(|o| o.at == t) {
                out.push(Target { at: t, lands: true });
            }
        }
        false
    });
}

/// Whether the Tornado's sequence, or the Cantor's gift beside a Cantor (Rule 1230.20),
/// reaches the piece on `target`, stopping at the first way.
pub fn reaches(pos: &Position, m: &Mover, target: Square) -> bool {
    super::cantor::takes(pos, m.from, target) || sequence_reaches(pos, m, target)
}

/// Whether the Tornado's sequence reaches the piece on `target`, stopping at the first way.
fn sequence_reaches(pos: &Position, m: &Mover, target: Square) -> bool {
    if !super::outreach::may_end_on(pos, m, target) {
        return false;
    }
    if let Some(found) = super::chase::reaches(pos, m, target) {
        return found;
    }
    if !super::outreach::estimate(pos, m).contains(target) {
        return false;
    }
    let mut walk = Walk::new(pos, m);
    walk.seen = Some(HashSet::default());
    walk.segment(m.from, None, 2, &mut |_, last| last == Some(target))
}

/// A sequence being walked: the squares so far and the pieces taken.
struct Walk<'a> {
    pos: &'a Position,
    m: &'a Mover,
    path: Vec<Square>,
    taken: Vec<Square>,
    /// Where the walk has been (square, last direction, pieces taken), when what it emits
    /// does not depend on the way there: from a state seen before it finds nothing new.
    seen: Option<Seen>,
    /// Whether a probe listens, so that every square looked at must be recorded.
    probing: bool,
}

impl<'a> Walk<'a> {
    fn new(pos: &'a Position, m: &'a Mover) -> Self {
        Walk {
            pos,
            m,
            path: Vec::new(),
            taken: Vec::new(),
            seen: None,
            probing: Position::probing(),
        }
    }

    /// The piece on a square as the sequence has left the board: the Tornado's first square
    /// is empty, and the pieces it took are gone.
    fn at(&self, s: Square) -> Option<&'a Piece> {
        if s == self.m.from || self.taken.contains(&s) {
            None
        } else {
            if self.probing {
                self.pos.at(s)
            } else {
                self.pos.at_unrecorded(s)
            }
        }
    }

    /// One segment from `at`: `emit(path, Some(square))` for each piece reached (friendly ones
    /// end there), `emit(path, None)` for each empty square that ends the sequence after a
    /// capture. `emit` returns true to stop the whole walk, which then returns true.
    fn segment(
        &mut self,
        at: Square,
        previous: Option<Dir>,
        reach: u8,
        emit: &mut dyn FnMut(&[Square], Option<Square>) -> bool,
    ) -> bool {
        if let Some(seen) = &mut self.seen {
            let mut taken = SquareSet::default();
            for s in &self.taken {
                taken.insert(*s);
            }
            if !seen.insert((at, previous, taken)) {
                return false;
            }
        }
        for d in ALL {
            if Some(d) == previous {
                continue;
            }
            for n in 1..=i16::from(reach) {
                let Some(s) = at.step(d, n) else { break };
                match self.at(s) {
                    None => {
                        // Only after a capture is a plain segment part of a Capture play.
                        if !self.path.is_empty() {
                            self.path.push(s);
                            let stop = emit(&self.path, None);
                            self.path.pop();
                            if stop {
                                return true;
                            }
                        }
                    }
                    Some(p) => {
                        self.path.push(s);
                        let mut stop = emit(&self.path, Some(s));
                        if !stop && p.owner != self.m.owner {
                            let next = super::outreach::next_segment(p);
                            if next > 0 {
                                self.taken.push(s);
                                stop = self.segment(s, Some(d), next, emit);
                                self.taken.pop();
                            }
                        }
                        self.path.pop();
                        if stop {
                            return true;
                        }
                        break;
                    }
                }
            }
        }
        false
    }
}

/// Why a capture sequence the Tornado cannot play fails: the first of its segments that breaks
/// Rule 1230.19 §4 (or Rule 1230.1 §4), named with its squares and the reason. None if every
/// segment keeps to the rule (the sequence is then one `chains` finds).
pub fn refusal(pos: &Position, m: &Mover, path: &[Square]) -> Option<String> {
    let mut taken: Vec<Square> = Vec::new();
    let at = |s: Square, taken: &[Square]| {
        if s == m.from || taken.contains(&s) {
            None
        } else {
            pos.at(s)
        }
    };
    let mut from = m.from;
    let mut previous: Option<Dir> = None;
    let mut reach: u8 = 2;
    for (i, to) in path.iter().copied().enumerate() {
        let n = i + 1;
        let segment = format!("segment {n}, {from} to {to}");
        let last = n == path.len();
        let Some((d, len)) = super::board::Dir::between(from, to) else {
            return Some(format!(
                "{segment}: it is not along a row, a column or a diagonal (Rule 1230.1 §5)"
            ));
        };
        if Some(d) == previous {
            return Some(format!(
                "{segment}: it goes on in the direction of segment {i}, and a new segment goes in any direction except the previous segment's (Rule 1230.19 §4.c)"
            ));
        }
        if len > reach {
            return Some(if n == 1 {
                format!("{segment}: it is {len} squares long, and the first segment goes up to 2 (Rule 1230.19 §4.a)")
            } else {
                format!("{segment}: it is {len} squares long, and after taking a piece worth {reach} the next segment goes up to {reach} (Rule 1230.19 §4.c)")
            });
        }
        if let Some(block) = (1..i16::from(len))
            .filter_map(|k| from.step(d, k))
            .find(|s| at(*s, &taken).is_some())
        {
            return Some(format!(
                "{segment}: {block} is occupied, and the squares between must be unoccupied (Rule 1230.19 §4)"
            ));
        }
        match at(to, &taken) {
            Some(p) if p.owner == m.owner => {
                return Some(format!(
                    "{segment}: the {} there is the Tornado's own, and a piece never captures a friend (Rule 1230.1 §4)",
                    p.kind
                ));
            }
            Some(p) => {
                reach = super::outreach::next_segment(p);
                if reach == 0 && !last {
                    return Some(format!(
                        "segment {}, from {to}: the {} taken on {to} is worth 0, so no segment follows it (Rule 1230.19 §4.c)",
                        n + 1,
                        p.kind
                    ));
                }
                taken.push(to);
            }
            None if n == 1 => {
                return Some(format!(
                    "{segment}: {to} is empty, so the first segment takes nothing and the sequence is a Move (Rule 1230.19 §4.b)"
                ));
            }
            None if !last => {
                return Some(format!(
                    "{segment}: {to} is empty, and a segment that takes nothing ends the sequence (Rule 1230.19 §4.b)"
                ));
            }
            None => {}
        }
        previous = Some(d);
        from = to;
    }
    None
}
