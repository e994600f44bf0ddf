//! Whether a Tornado's capture sequence (Rule 1230.19 §4) reaches one piece, on a compact copy of
//! the board: each square one byte, the pieces taken a 64-bit set, and each state (square,
//! pieces taken) remembered with the directions already explored from it.

use super::board::{Square, ALL, SIZE};
use super::kind::Kind;
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
    let found = chase.estimate(m.from).contains(target) && {
        chase.explored.reserve(4096);
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
    target: Square,
    /// The order of the directions for each side of the target a square lies on (columns
    /// before, level or after, times rows before, level or after).
    orders: [[usize; 8]; 9],
    explored: Explored,
    /// The squares looked at, when a probe listens.
    read: Option<SquareSet>,
}

impl Chase {
    fn new(pos: &Position, m: &Mover, target: Square) -> Option<Chase> {
        let mut cell = [EMPTY; 400];
        let mut next = [0u8; MOST];
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
                next[foes] = match p.kind {
                    Kind::HarfyBlob => p.hn,
                    k => k.value() as u8,
                }
                .min(19);
                foes += 1;
            }
        }
        let mut orders = [[0usize; 8]; 9];
        for (k, order) in orders.iter_mut().enumerate() {
            let (dc, dr) = (1 - (k / 3) as i16, 1 - (k % 3) as i16);
            *order = [0, 1, 2, 3, 4, 5, 6, 7];
            order.sort_by_key(|&i| -(i16::from(ALL[i].dc) * dc + i16::from(ALL[i].dr) * dr));
        }
        Some(Chase {
            cell,
            next,
            foes: if foes == MOST {
                u64::MAX
            } else {
                (1u64 << foes) - 1
            },
            target,
            orders,
            explored: Explored::default(),
            read: Position::probing().then(SquareSet::default),
        })
    }

    /// The over-estimate of `outreach::estimate`, on the compact board: the squares of every
    /// piece some sequence might reach.
    fn estimate(&mut self, from: Square) -> SquareSet {
        let mut passable = self.foes;
        loop {
            let (reached, taken) = self.spread(from, passable);
            if taken == passable {
                return reached;
            }
            passable = taken;
        }
    }

    /// `outreach::spread`: every segment from every square where the Tornado may have taken a
    /// piece, passing over the pieces in `passable`; the pieces reached, and the opposing ones.
    fn spread(&mut self, from: Square, passable: u64) -> (SquareSet, u64) {
        let mut reached = SquareSet::default();
        let mut taken = 0u64;
        let mut arrived = [SquareSet::default(); 8];
        let mut stack: Vec<(Square, u8, Option<usize>)> = vec![(from, 2, None)];
        let size = i16::from(SIZE);
        while let Some((at, reach, previous)) = stack.pop() {
            for (i, d) in ALL.into_iter().enumerate() {
                if previous == Some(i) {
                    continue;
                }
                let (mut col, mut row) = (i16::from(at.col), i16::from(at.row));
                for _ in 0..reach {
                    col += i16::from(d.dc);
                    row += i16::from(d.dr);
                    if !(0..size).contains(&col) || !(0..size).contains(&row) {
                        break;
                    }
                    let s = Square {
                        col: col as u8,
                        row: row as u8,
                    };
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
                    let bit = 1u64 << (c - FOE);
                    taken |= bit;
                    if !arrived[i].contains(s) {
                        arrived[i].insert(s);
                        let n = self.next[usize::from(c - FOE)];
                        if n > 0 {
                            stack.push((s, n, Some(i)));
                        }
                    }
                    if passable & bit == 0 {
                        break;
                    }
                }
            }
        }
        (reached, taken)
    }

    /// The directions from `at` in the order to try them: those heading for the target first.
    fn order(&self, at: Square) -> [usize; 8] {
        let side = |a: u8, b: u8| match a.cmp(&b) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 2,
        };
        self.orders[side(at.col, self.target.col) * 3 + side(at.row, self.target.row)]
    }

    /// One state: the Tornado on `at`, arrived along direction `previous` (which its next
    /// segment may not continue), segments of up to `reach`, the pieces in `taken` gone.
    fn visit(&mut self, at: Square, previous: Option<usize>, reach: u8, taken: u64) -> bool {
        let needed = previous.map_or(0xff, |p| !(1u8 << p));
        let key = (taken, at.index() as u16);
        let done = self.explored.entry(key).or_insert(0);
        let todo = needed & !*done;
        *done |= needed;
        if todo == 0 {
            return false;
        }
        for i in self.order(at) {
            if todo & (1 << i) == 0 {
                continue;
            }
            let d = ALL[i];
            let (mut col, mut row) = (i16::from(at.col), i16::from(at.row));
            for _ in 0..reach {
                col += i16::from(d.dc);
                row += i16::from(d.dr);
                let size = i16::from(SIZE);
                if !(0..size).contains(&col) || !(0..size).contains(&row) {
                    break;
                }
                let s = Square {
                    col: col as u8,
                    row: row as u8,
                };
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
                    let n = self.next[usize::from(c - FOE)];
                    if n > 0 && self.visit(s, Some(i), n, taken | bit) {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }
}
