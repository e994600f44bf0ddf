//! Whether a Tornado's capture sequence (Rule 1230.19 §4) reaches one piece, on a compact copy of
//! the board (each square one byte, the pieces taken a 64-bit set): an over-estimate that rules
//! most pieces out at once, then a search of the states (square, pieces taken) that remembers
//! the directions already explored from each, tries first the pieces with the fewest captures
//! left to the target, and gives up a branch once no piece a last segment could start from is
//! left.

use super::board::{Square, ALL, SIZE};
use super::mover::Mover;
use super::position::{self, Position};
use super::squares::SquareSet;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A square holding no piece (or the Tornado's own, which it has left).
const EMPTY: u8 = 0;
/// A square holding a piece of the Tornado's Swinger.
const FRIEND: u8 = 1;
/// The first code of an opposing piece: `FOE + i` is the `i`-th.
const FOE: u8 = 2;
/// The most opposing pieces the 64-bit set of pieces taken holds.
const MOST: usize = 64;
/// No way to the target.
const FAR: u8 = u8::MAX;

/// The directions explored from each state (square index, pieces taken).
type Explored = HashMap<(u64, u16), u8, BuildHasherDefault<Quick>>;

/// A quick hash for small keys (no adversary chooses them).
#[derive(Default)]
struct Quick(u64);

impl Hasher for Quick {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(26) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Whether some sequence of the Tornado `m` reaches the piece on `target`: `None` when more
/// opposing pieces stand on the board than the compact set holds (the caller then walks).
pub fn reaches(pos: &Position, m: &Mover, target: Square) -> Option<bool> {
    let mut chase = Chase::new(pos, m, target)?;
    let (reached, passable) = chase.estimate(m.from);
    let found = reached.contains(target) && {
        chase.distances(passable);
        chase.explored.reserve(1024);
        chase.visit(m.from, None, 2, 0)
    };
    if let Some(read) = &chase.read {
        position::record(read);
    }
    Some(found)
}

/// The board as the search sees it, and its memory.
struct Chase {
    /// Per square: `EMPTY`, `FRIEND` or `FOE + i`.
    cell: [u8; 400],
    /// Per opposing piece: the length of the segment its capture opens (0: none).
    next: [u8; MOST],
    /// The opposing pieces, as a set: all of them.
    foes: u64,
    /// Per opposing piece: its square.
    square: [Square; MOST],
    target: Square,
    /// Per opposing piece: the fewest further captures before a segment could end on the
    /// target, passing over any piece the estimate says might be taken (`FAR`: never).
    distance: [u8; MOST],
    /// Per opposing piece and the direction of the segment that took it: the fewest further
    /// captures to the target were no piece passed over, the order in which the search tries
    /// the pieces (`FAR`: no such way).
    direct: [[u8; 8]; MOST],
    /// The opposing pieces from which a segment could end on the target: once the Tornado
    /// has taken every one, no sequence reaches it.
    finishing: u64,
    explored: Explored,
    /// The squares looked at, when a probe listens.
    read: Option<SquareSet>,
}

impl Chase {
    fn new(pos: &Position, m: &Mover, target: Square) -> Option<Chase> {
        let mut cell = [EMPTY; 400];
        let mut next = [0u8; MOST];
        let mut square = [m.from; MOST];
        let mut foes = 0;
        for p in pos.on_board() {
            let Some(at) = p.at else { continue };
            if at == m.from {
                continue;
            }
            if p.owner == m.owner {
                cell[at.index()] = FRIEND;
            } else {
                if foes == MOST {
                    return None;
                }
                cell[at.index()] = FOE + foes as u8;
                square[foes] = at;
                next[foes] = super::outreach::next_segment(p);
                foes += 1;
            }
        }
        Some(Chase {
            cell,
            next,
            foes: if foes == MOST {
                u64::MAX
            } else {
                (1u64 << foes) - 1
            },
            square,
            target,
            distance: [FAR; MOST],
            direct: [[FAR; 8]; MOST],
            finishing: 0,
            explored: Explored::default(),
            read: Position::probing().then(SquareSet::default),
        })
    }

    /// The over-estimate of `outreach::estimate`, on the compact board: the squares of every
    /// piece some sequence might reach, and the opposing pieces it might take.
    fn estimate(&mut self, from: Square) -> (SquareSet, u64) {
        let mut passable = self.foes;
        loop {
            let (reached, taken) = self.spread(from, passable);
            // Each round only narrows the estimate: once the target is out, it stays out.
            if taken == passable || !reached.contains(self.target) {
                return (reached, passable);
            }
            passable = taken;
        }
    }

    /// `outreach::spread`: every segment from every square where the Tornado may have taken a
    /// piece, passing over the pieces in `passable`; the pieces reached, and the opposing ones.
    /// Each piece's lines are scanned once each, whichever way it was reached: only the line it
    /// was reached along waits for a second way in.
    fn spread(&mut self, from: Square, passable: u64) -> (SquareSet, u64) {
        let mut reached = SquareSet::default();
        let mut taken = 0u64;
        // Per opposing piece: the directions its segments have been scanned in.
        let mut scanned = [0u8; MOST];
        // A piece is pushed at most twice: when first reached, and along its last line.
        let mut stack = [(from, 2u8, 0xffu8); 2 * MOST + 1];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let (at, reach, todo) = stack[top];
            for (i, d) in ALL.into_iter().enumerate() {
                if todo & (1 << i) == 0 {
                    continue;
                }
                let mut s = at;
                for _ in 0..reach {
                    let Some(t) = step(s, d) else { break };
                    s = t;
                    if s == from {
                        continue;
                    }
                    if let Some(read) = &mut self.read {
                        read.insert(s);
                    }
                    let c = self.cell[s.index()];
                    if c == EMPTY {
                        continue;
                    }
                    reached.insert(s);
                    if c == FRIEND {
                        break;
                    }
                    let v = usize::from(c - FOE);
                    let bit = 1u64 << v;
                    taken |= bit;
                    let n = self.next[v];
                    // Its next segment may go any way but this one.
                    let fresh = !scanned[v] & !(1u8 << i);
                    if n > 0 && fresh != 0 {
                        scanned[v] |= fresh;
                        stack[top] = (s, n, fresh);
                        top += 1;
                    }
                    // A piece whose capture ends the sequence is never passed over.
                    if passable & bit == 0 || n == 0 {
                        break;
                    }
                }
            }
        }
        (reached, taken)
    }

    /// Each opposing piece's `distance`: the pieces from which a segment could end on the
    /// target, then those from which a segment could end on one of them, and so on, passing
    /// over empty squares and the pieces in `passable` (those the estimate says might be taken).
    fn distances(&mut self, passable: u64) {
        let mut leads_to = [0u64; MOST];
        // The first piece each segment meets: an opposing piece's index, or `HITS_TARGET`.
        let mut first_hit = [[NO_HIT; 8]; MOST];
        let mut finishing = 0u64;
        let mut from = passable;
        while from != 0 {
            let u = from.trailing_zeros() as usize;
            from &= from - 1;
            for (i, d) in ALL.into_iter().enumerate() {
                let mut s = self.square[u];
                let mut first = true;
                for _ in 0..self.next[u] {
                    let Some(t) = step(s, d) else { break };
                    s = t;
                    if let Some(read) = &mut self.read {
                        read.insert(s);
                    }
                    if s == self.target {
                        finishing |= 1 << u;
                        if first {
                            first_hit[u][i] = HITS_TARGET;
                        }
                        break;
                    }
                    let c = self.cell[s.index()];
                    if c == EMPTY {
                        continue;
                    }
                    if c == FRIEND {
                        break;
                    }
                    let v = usize::from(c - FOE);
                    if passable & (1 << v) == 0 {
                        break;
                    }
                    leads_to[u] |= 1 << v;
                    if first {
                        first_hit[u][i] = v as u8;
                        first = false;
                    }
                    if self.next[v] == 0 {
                        break;
                    }
                }
            }
        }
        self.distance = levels(finishing & passable, &leads_to, passable);
        self.direct = direct_levels(&first_hit, passable);
        self.finishing = finishing & passable;
    }

    /// One state: the Tornado on `at`, arrived along direction `previous` (which its next
    /// segment may not continue), segments of up to `reach`, the pieces in `taken` gone. The
    /// pieces it could take next are tried nearest the target first, and those with no way to
    /// it not at all.
    fn visit(&mut self, at: Square, previous: Option<usize>, reach: u8, taken: u64) -> bool {
        let needed = previous.map_or(0xff, |p| !(1u8 << p));
        if previous.is_some() {
            // No sequence goes on to the target once every piece a last segment could start
            // from is taken, but for the one just taken, which it starts from now.
            let here = 1u64 << (self.cell[at.index()] - FOE);
            if self.finishing & (!taken | here) == 0 {
                return false;
            }
        }
        let key = (taken, at.index() as u16);
        let done = self.explored.entry(key).or_insert(0);
        let todo = needed & !*done;
        *done |= needed;
        if todo == 0 {
            return false;
        }
        // (distance, direction, piece, its square) of each piece a segment could take.
        let mut next = [((0u8, 0u8), 0usize, 0usize, at); 8];
        let mut count = 0;
        for (i, d) in ALL.into_iter().enumerate() {
            if todo & (1 << i) == 0 {
                continue;
            }
            let mut s = at;
            for _ in 0..reach {
                let Some(t) = step(s, d) else { break };
                s = t;
                if let Some(read) = &mut self.read {
                    read.insert(s);
                }
                let c = self.cell[s.index()];
                if c == EMPTY {
                    continue;
                }
                let bit = if c >= FOE { 1u64 << (c - FOE) } else { 0 };
                if taken & bit != 0 {
                    continue;
                }
                if s == self.target {
                    return true;
                }
                if c >= FOE {
                    let v = usize::from(c - FOE);
                    if self.next[v] > 0 && self.distance[v] != FAR {
                        next[count] = ((self.direct[v][i], self.distance[v]), i, v, s);
                        count += 1;
                    }
                }
                break;
            }
        }
        let next = &mut next[..count];
        next.sort_unstable_by_key(|n| n.0);
        for &(_, i, v, s) in next.iter() {
            if self.visit(s, Some(i), self.next[v], taken | 1 << v) {
                return true;
            }
        }
        false
    }
}

/// No piece met (`first_hit`).
const NO_HIT: u8 = u8::MAX;
/// The target met (`first_hit`).
const HITS_TARGET: u8 = u8::MAX - 1;

/// For each piece of `among` and the direction it was taken along, the fewest captures to the
/// target when each segment takes the first piece it meets (`first_hit`) and never continues
/// the last segment's direction; `FAR` where there is no such way.
fn direct_levels(first_hit: &[[u8; 8]; MOST], among: u64) -> [[u8; 8]; MOST] {
    let mut out = [[FAR; 8]; MOST];
    // Who meets each piece first along each direction: at most one piece (the nearest behind).
    let mut behind = [[NO_HIT; 8]; MOST];
    let mut queue: Vec<(u8, u8)> = Vec::with_capacity(64);
    let mut bits = among;
    while bits != 0 {
        let u = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        for (d, &hit) in first_hit[u].iter().enumerate() {
            if hit == HITS_TARGET {
                for (a, level) in out[u].iter_mut().enumerate() {
                    if a != d && *level == FAR {
                        *level = 0;
                        queue.push((u as u8, a as u8));
                    }
                }
            } else if hit != NO_HIT {
                behind[usize::from(hit)][d] = u as u8;
            }
        }
    }
    let mut head = 0;
    while let Some(&(v, d)) = queue.get(head) {
        head += 1;
        let u = behind[usize::from(v)][usize::from(d)];
        if u == NO_HIT {
            continue;
        }
        let level = out[usize::from(v)][usize::from(d)] + 1;
        for (a, l) in out[usize::from(u)].iter_mut().enumerate() {
            if a != usize::from(d) && *l == FAR {
                *l = level;
                queue.push((u, a as u8));
            }
        }
    }
    out
}

/// The number of steps from each piece of `among` to one in `first` along `leads_to`: level 0
/// is `first`, level n+1 the pieces leading to one of level n (`FAR`: none).
fn levels(first: u64, leads_to: &[u64; MOST], among: u64) -> [u8; MOST] {
    let mut out = [FAR; MOST];
    let mut level = first;
    let mut placed = 0u64;
    let mut n = 0u8;
    while level != 0 {
        placed |= level;
        let mut bits = level;
        while bits != 0 {
            out[bits.trailing_zeros() as usize] = n;
            bits &= bits - 1;
        }
        let mut outer = 0u64;
        let mut rest = among & !placed;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if leads_to[u] & level != 0 {
                outer |= 1 << u;
            }
        }
        level = outer;
        n = n.saturating_add(1);
    }
    out
}

/// The next square along `d`, if on the board.
fn step(s: Square, d: super::board::Dir) -> Option<Square> {
    let col = s.col.wrapping_add_signed(d.dc);
    let row = s.row.wrapping_add_signed(d.dr);
    (col < SIZE && row < SIZE).then_some(Square { col, row })
}
