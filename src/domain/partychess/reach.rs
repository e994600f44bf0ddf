//! Where each type of piece gets to: the squares it could move to if empty (its geometry) and
//! the pieces it could take (its captures), one branch per rule. The ordinary pieces follow the
//! notation; the rest is code tied to its rule. A piece beside a Cantor also gets `diag 1-4
//! skip` for moving and capturing (Rule 1230.20, deferred to by Rule 1230.1 §3.F).

use super::board::{Dir, Square, ALL, DIAGONAL, ORTHOGONAL};
pub use super::cantor::beside_cantor;
use super::cantor::GIFT as CANTOR_GIFT;
use super::kind::Kind;
pub use super::mover::{Mover, Target};
use super::notation::{ride, Lines};
use super::position::Position;
use super::squares::SquareSet;

/// The region where a Demon moves one square (Rule 1230.18 §2: 5<R<15 and e<C<o).
pub fn demon_inside(sq: Square) -> bool {
    let (r, c) = (sq.row + 1, sq.col);
    5 < r && r < 15 && (b'e' - b'a') < c && c < (b'o' - b'a')
}

/// Whether a type's geometry is its notation alone (the rest are code, or more than it: a
/// Tornado's chain is its captures, not its moves).
fn moves_by_notation(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::King
            | Kind::Rook
            | Kind::Camel
            | Kind::Bishop
            | Kind::CopyCat
            | Kind::Jester
            | Kind::Tornado
            | Kind::Cantor
            | Kind::Zombie
    )
}

/// Every square the piece could move to if that square were empty, by its type's rule.
pub fn geometry(pos: &Position, m: &Mover) -> SquareSet {
    geometry_with(pos, m, true)
}

/// The geometry, with or without the Cantor's gift.
fn geometry_with(pos: &Position, m: &Mover, gift: bool) -> SquareSet {
    let mut out = SquareSet::default();
    let mut add = |s: Square| out.insert(s);
    let from = m.from;
    match m.kind {
        k if moves_by_notation(k) => {
            for r in m.kind.notation() {
                r.each(pos, from, &mut add);
            }
        }
        Kind::Pawn => {
            // Rule 1230.8 §2: one square orthogonally, or two while it defends a friend.
            let two = !m.echo && defends_any(pos, m);
            ride(Lines::Orth, 1, if two { 2 } else { 1 }).each(pos, from, &mut add);
        }
        Kind::HarfyBlob => ride(Lines::Any, 1, m.hn.max(1)).each(pos, from, &mut add),
        Kind::Qball => qball(pos, from, &mut add, &mut |_| {}),
        Kind::Archer => two_legs(pos, from, 1..=4, |d1| d1 == 4, |d1| 4 - d1, &mut add),
        Kind::Kamikaze => two_legs(pos, from, 1..=6, |_| false, |_| 6, &mut add),
        Kind::BouncyBall => bouncy(pos, from, &mut add),
        Kind::Demon => {
            // Rule 1230.18 §2: exactly 1 inside the region, exactly 2 outside.
            let n = if demon_inside(from) { 1 } else { 2 };
            ride(Lines::Any, n, n).each(pos, from, &mut add);
        }
        // An Echo moves as the type it copies (`Mover`); il-Nabi's moves are undefined. The
        // rest are the types `moves_by_notation` names, taken above.
        _ => {}
    }
    if gift && beside_cantor(pos, from) {
        CANTOR_GIFT.each(pos, from, &mut add);
    }
    out
}

/// The empty squares the piece may move to.
pub fn moves(pos: &Position, m: &Mover) -> SquareSet {
    let mut out = SquareSet::default();
    for s in geometry(pos, m).iter() {
        if pos.at(s).is_none() {
            out.insert(s);
        }
    }
    out
}

/// Rule 1230.13 §3: the Qball runs diagonally to the edge over empty squares (from an edge
/// square, to another), then 1-10 squares diagonally at a right angle; `scratch` gets the
/// corners where part (a) ends (§3.c).
pub fn qball(
    pos: &Position,
    from: Square,
    part_b: &mut dyn FnMut(Square),
    scratch: &mut dyn FnMut(Square),
) {
    for d in DIAGONAL {
        let mut n = 1;
        let edge = loop {
            let Some(s) = from.step(d, n) else {
                break None;
            };
            if pos.at(s).is_some() {
                break None;
            }
            if s.on_edge() {
                break Some(s);
            }
            n += 1;
        };
        let Some(edge) = edge else { continue };
        if edge.is_corner() {
            scratch(edge);
            continue;
        }
        for p in d.perpendicular() {
            for k in 1..=10 {
                let Some(s) = edge.step(p, k) else { break };
                // The Qball's own square is empty once it has left it.
                let occupied = s != from && pos.at(s).is_some();
                part_b(s);
                if occupied {
                    break;
                }
            }
        }
    }
}

/// Two legs at a right angle, neither passing over a piece: `first` squares orthogonally, then
/// up to `second(d1)` at a right angle (exactly, for the Archer; `straight(d1)` ends after the
/// first leg).
fn two_legs(
    pos: &Position,
    from: Square,
    first: std::ops::RangeInclusive<i16>,
    straight: impl Fn(i16) -> bool,
    second: impl Fn(i16) -> i16,
    add: &mut dyn FnMut(Square),
) {
    let archer = straight(4);
    for d in ORTHOGONAL {
        for d1 in first.clone() {
            let Some(corner) = from.step(d, d1) else {
                break;
            };
            if straight(d1) {
                add(corner);
                break;
            }
            if pos.at(corner).is_some() {
                break;
            }
            for p in d.perpendicular() {
                let (lo, hi) = if archer {
                    (second(d1), second(d1))
                } else {
                    (1, second(d1))
                };
                for k in 1..=hi {
                    let Some(s) = corner.step(p, k) else { break };
                    if k >= lo {
                        add(s);
                    }
                    if pos.at(s).is_some() {
                        break;
                    }
                }
            }
        }
    }
}

/// Rule 1230.17 §2: along one direction over exactly one piece, at SQn, to SQ2n.
fn bouncy(pos: &Position, from: Square, add: &mut dyn FnMut(Square)) {
    for d in ALL {
        let mut n = 1;
        let over = loop {
            let Some(s) = from.step(d, n) else { break None };
            if pos.at(s).is_some() {
                break Some(n);
            }
            n += 1;
        };
        let Some(n) = over else { continue };
        let clear = (n + 1..2 * n).all(|k| from.step(d, k).is_some_and(|s| pos.at(s).is_none()));
        if let (true, Some(to)) = (clear, from.step(d, 2 * n)) {
            add(to);
        }
    }
}

/// Every occupied square the mover's capture reaches, whoever's piece stands there: the caller
/// keeps opposing ones for attacks and friendly ones for defence (Rule 1230.2 §5).
pub fn targets(pos: &Position, m: &Mover, out: &mut Vec<Target>) {
    targets_with(pos, m, true, out);
}

fn targets_with(pos: &Position, m: &Mover, gift: bool, out: &mut Vec<Target>) {
    let occupied = |s: Square| pos.at(s).is_some_and(|p| p.id != m.id);
    let land = |s: Square| Target { at: s, lands: true };
    match (m.kind, m.echo) {
        (Kind::Pawn, false) => {
            // Rule 1230.8 §3: a pawn captures only diagonally, one square.
            for d in DIAGONAL {
                if let Some(s) = m.from.step(d, 1).filter(|s| occupied(*s)) {
                    out.push(land(s));
                }
            }
        }
        (Kind::Archer, false) => {
            // Rule 1230.15 §3: orth up to 4 or diag up to 3, the way clear, without moving.
            for d in ALL {
                let max = if d.is_diagonal() { 3 } else { 4 };
                for k in 1..=max {
                    let Some(s) = m.from.step(d, k) else { break };
                    if pos.at(s).is_some() {
                        out.push(Target {
                            at: s,
                            lands: false,
                        });
                        break;
                    }
                }
            }
        }
        (Kind::CopyCat, false) => copycat(pos, m, out),
        (Kind::Tornado, false) => super::tornado::targets(pos, m, out),
        (Kind::IlNabi, _) => {}
        _ => {
            for s in geometry_with(pos, m, gift).iter().filter(|s| occupied(*s)) {
                out.push(land(s));
            }
            return;
        }
    }
    if gift && beside_cantor(pos, m.from) {
        CANTOR_GIFT.each(pos, m.from, &mut |s| {
            if occupied(s) && !out.iter().any(|t| t.at == s) {
                out.push(land(s));
            }
        });
    }
}

/// Whether the mover's capture reaches the piece on `target` (`targets`, asked of one square).
/// Where captures are the geometry's occupied squares, only the geometry is looked at: the
/// answer then depends on fewer squares than the whole list of targets.
pub fn takes(pos: &Position, m: &Mover, target: Square) -> bool {
    match (m.kind, m.echo) {
        (Kind::Pawn | Kind::Archer | Kind::CopyCat | Kind::Tornado, false) | (Kind::IlNabi, _) => {
            let mut ts = Vec::new();
            targets(pos, m, &mut ts);
            ts.iter().any(|t| t.at == target)
        }
        _ => {
            target != m.from && pos.at(target).is_some() && in_geometry(pos, m, target)
                || super::cantor::takes(pos, m.from, target)
        }
    }
}

/// Whether `target` is in the piece's geometry without the Cantor's gift (`geometry_with`,
/// asked of one square): for the riders, leapers and the Kamikaze only the squares on the way
/// are looked at.
fn in_geometry(pos: &Position, m: &Mover, target: Square) -> bool {
    let from = m.from;
    match m.kind {
        k if moves_by_notation(k) => k.notation().iter().any(|r| r.hits(pos, from, target)),
        Kind::HarfyBlob => ride(Lines::Any, 1, m.hn.max(1)).hits(pos, from, target),
        Kind::Demon => {
            let n = if demon_inside(from) { 1 } else { 2 };
            ride(Lines::Any, n, n).hits(pos, from, target)
        }
        Kind::Kamikaze => kamikaze_hits(pos, from, target),
        _ => geometry_with(pos, m, false).contains(target),
    }
}

/// Whether the Kamikaze's two legs (`two_legs` with 1-6 then 1-6) end on `target`: 1-6
/// squares orthogonally to an empty corner, the way there empty, then 1-6 at a right angle
/// over empty squares (Rule 1230.16 §2).
fn kamikaze_hits(pos: &Position, from: Square, target: Square) -> bool {
    let dc = i16::from(target.col) - i16::from(from.col);
    let dr = i16::from(target.row) - i16::from(from.row);
    if dc == 0 || dr == 0 || dc.abs() > 6 || dr.abs() > 6 {
        return false;
    }
    let across = Dir {
        dc: dc.signum() as i8,
        dr: 0,
    };
    let along = Dir {
        dc: 0,
        dr: dr.signum() as i8,
    };
    // `n` squares from `at` along `d`, every one empty.
    let empty = |at: Square, d: Dir, n: i16| {
        (1..=n).all(|k| at.step(d, k).is_some_and(|s| pos.at(s).is_none()))
    };
    let by = |first: Dir, n1: i16, second: Dir, n2: i16| {
        empty(from, first, n1)
            && from
                .step(first, n1)
                .is_some_and(|c| empty(c, second, n2 - 1))
    };
    by(across, dc.abs(), along, dr.abs()) || by(along, dr.abs(), across, dc.abs())
}

/// Rule 1230.9 §3: a CopyCat captures a piece only as that piece captures (a CopyCat only by
/// the CopyCat's own move).
fn copycat(pos: &Position, m: &Mover, out: &mut Vec<Target>) {
    let squares: Vec<Square> = pos
        .on_board()
        .filter(|p| p.id != m.id)
        .filter_map(|p| p.at)
        .collect();
    for at in squares {
        if let Some(t) = copycat_takes(pos, m, at) {
            out.push(t);
        }
    }
}

/// Whether a CopyCat could take the piece on `at`, as that piece captures.
pub fn copycat_takes(pos: &Position, m: &Mover, at: Square) -> Option<Target> {
    let p = pos.at(at)?;
    let (kind, hn, echo) = if p.kind == Kind::Echo {
        let c = pos.last.get(&p.owner)?;
        (c.kind, c.hn, true)
    } else {
        (p.kind, p.hn, false)
    };
    if kind == Kind::CopyCat {
        let mut hit = false;
        for r in Kind::CopyCat.notation() {
            r.each(pos, m.from, &mut |s| hit |= s == at);
        }
        return hit.then_some(Target { at, lands: true });
    }
    // A Tornado captures by its first segment; its chain needs captures a CopyCat cannot
    // make, so the imagined Tornado takes only the first.
    let imagined = Mover {
        kind,
        hn,
        echo: echo || kind == Kind::Tornado,
        ..*m
    };
    let mut ts = Vec::new();
    targets_with(pos, &imagined, false, &mut ts);
    ts.into_iter().find(|t| t.at == at)
}

/// Whether the mover defends at least one friendly piece (Rule 1230.2 §5).
pub fn defends_any(pos: &Position, m: &Mover) -> bool {
    let mut ts = Vec::new();
    // A pawn's captures do not depend on its own moves, so this does not recurse.
    targets(pos, m, &mut ts);
    ts.iter()
        .any(|t| pos.at(t.at).is_some_and(|p| p.owner == m.owner))
}

/// The direction of a straight step between two squares, if they lie on a line.
pub fn line(from: Square, to: Square) -> Option<Dir> {
    Dir::between(from, to).map(|(d, _)| d)
}
