//! Every legal play of a Swinger (Rule 1230.2 §6, §7): for the bench, the default play and the
//! check that a Pass is legal.

use super::board::Square;
use super::check;
use super::kind::Kind;
use super::legal::judge;
use super::play::{apply, pawn_promotes_on, Play};
use super::position::{probe, Piece, Position, Seat};
use super::reach::{self, Mover};
use super::squares::SquareSet;
use super::tornado;

/// Asks, for one Swinger, whether a play would leave eir King attacked (Rule 1230.2 §7): each
/// opposing piece's answer to "does it attack the King?" is asked once, with the squares the
/// answer depends on, and asked again only of the pieces whose answer a play can change.
pub struct Guard {
    seat: Seat,
    king: Option<Square>,
    /// Each opposing piece, whether it attacks the King now, and the squares that answer read.
    watch: Vec<(u32, bool, SquareSet)>,
}

impl Guard {
    /// The Swinger `seat`'s guard on `pos`.
    pub fn new(pos: &Position, seat: Seat) -> Guard {
        let king = pos.king_of(seat);
        let watch = match king {
            Some(k) => pos
                .on_board()
                .filter(|p| p.owner != seat)
                .map(|p| {
                    let (hit, seen) = probe(|| check::reaches(pos, p, k));
                    (p.id, hit, seen)
                })
                .collect(),
            None => Vec::new(),
        };
        Guard { seat, king, watch }
    }

    /// Whether the Swinger is in Check now.
    pub fn in_check(&self) -> bool {
        self.watch.iter().any(|(_, hit, _)| *hit)
    }

    /// Whether the Swinger's King is safe once eir piece `p` has moved from `from` to `to`,
    /// `scratch` being the position with that move made.
    fn safe_after_move(&self, scratch: &Position, p: &Piece, from: Square, to: Square) -> bool {
        if p.kind == Kind::King {
            return !check::attacked(scratch, self.seat, to);
        }
        let Some(k) = self.king else { return true };
        self.watch.iter().all(|(id, hit, seen)| {
            if !seen.contains(from) && !seen.contains(to) {
                !hit
            } else {
                scratch
                    .piece(*id)
                    .is_none_or(|x| !check::reaches(scratch, x, k))
            }
        })
    }

    /// Whether the King is safe after a capture `play` that left `after`.
    fn safe_after_capture(&self, after: &Position, from: Square, path: &[Square]) -> bool {
        let Some(k) = self.king else { return true };
        let changed =
            |seen: &SquareSet| seen.contains(from) || path.iter().any(|s| seen.contains(*s));
        self.watch.iter().all(|(id, hit, seen)| {
            let Some(x) = after
                .piece(*id)
                .filter(|x| x.at.is_some() && x.owner != self.seat)
            else {
                return true;
            };
            if changed(seen) {
                !check::reaches(after, x, k)
            } else {
                !hit
            }
        })
    }
}

/// The promotions a piece of `p`'s type may choose on `to`, each a play of its own: a Pawn on
/// the centre must promote to another defined type (Rule 1230.8 §4); a Demon may, or not (Rule
/// 1230.18 §3, judged with the play); no other piece promotes on a Move.
fn promotions(kind: Kind, to: Square, defined: &[Kind]) -> Vec<Option<Kind>> {
    let others = || {
        defined
            .iter()
            .filter(move |k| **k != kind && **k != Kind::King)
            .map(|k| Some(*k))
    };
    match kind {
        Kind::Pawn if pawn_promotes_on(to) => others().collect(),
        Kind::Demon => std::iter::once(None).chain(others()).collect(),
        _ => vec![None],
    }
}

/// Each legal Move of the piece `p` (Rule 1230.2 §6.A, §7), with the promotion it makes:
/// `emit(to, promote)`. With `any_promotion`, a square is emitted once, with the first
/// promotion (or none) that makes the Move legal: the moves "currently available" to the piece
/// that its Mobility counts (Rule 1230.3). `scratch` is `pos`, lent to try moves in place.
fn each_legal_move(
    pos: &Position,
    scratch: &mut Position,
    guard: &Guard,
    p: &Piece,
    defined: &[Kind],
    any_promotion: bool,
    emit: &mut dyn FnMut(Square, Option<Kind>),
) {
    let Some(m) = Mover::of(pos, p) else { return };
    let mut tos: Vec<Square> = reach::moves(pos, &m).iter().collect();
    if m.kind == Kind::Qball {
        reach::qball(pos, m.from, &mut |_| {}, &mut |c| tos.push(c));
    }
    let seat = guard.seat;
    for to in tos {
        let choices = promotions(p.kind, to, defined);
        let corner = m.kind == Kind::Qball && to.is_corner();
        // The plain move, tried in place and put back: the cheapest way to ask about Check.
        let mut plain_safe = || {
            scratch.set_square(p.id, Some(to));
            let safe = guard.safe_after_move(scratch, p, m.from, to);
            scratch.set_square(p.id, Some(m.from));
            safe
        };
        if choices == [None] && !corner {
            if plain_safe() {
                emit(to, None);
            }
            continue;
        }
        if any_promotion && choices.first() == Some(&None) && !corner {
            // A Demon need not promote: its plain move decides, unless a promotion could save
            // a King the plain move leaves attacked.
            if plain_safe() {
                emit(to, None);
                continue;
            }
        }
        for pr in choices {
            let play = Play::Move {
                from: m.from,
                to,
                promote: pr,
                demons: Vec::new(),
            };
            if judge(pos, seat, &play, defined).is_ok() {
                emit(to, pr);
                if any_promotion {
                    break;
                }
            }
        }
    }
}

/// The squares the piece `p` may legally Move to now (Rule 1230.2 §6.A, §7): its moves, less
/// those that would leave its Swinger's King attacked, a square counted once whatever
/// promotion the Move makes.
pub fn legal_moves(
    pos: &Position,
    scratch: &mut Position,
    guard: &Guard,
    p: &Piece,
    defined: &[Kind],
) -> Vec<Square> {
    let mut out = Vec::new();
    if defined.contains(&p.kind) {
        each_legal_move(pos, scratch, guard, p, defined, true, &mut |to, _| {
            out.push(to)
        });
    }
    out
}

/// Every legal play of `seat` on `pos`, with `defined` the types in force.
pub fn legal_plays(pos: &Position, seat: Seat, defined: &[Kind]) -> Vec<Play> {
    let mut out = Vec::new();
    let mut scratch = pos.clone();
    let guard = Guard::new(pos, seat);
    let pieces: Vec<_> = pos.of(seat).cloned().collect();
    for p in pieces.iter().filter(|p| defined.contains(&p.kind)) {
        let Some(m) = Mover::of(pos, p) else { continue };
        each_legal_move(
            pos,
            &mut scratch,
            &guard,
            p,
            defined,
            false,
            &mut |to, promote| {
                out.push(Play::Move {
                    from: m.from,
                    to,
                    promote,
                    demons: Vec::new(),
                });
            },
        );
        // Captures.
        let paths: Vec<Vec<Square>> = if m.kind == Kind::Tornado && !m.echo {
            tornado::chains(pos, &m)
        } else {
            let mut ts = Vec::new();
            reach::targets(pos, &m, &mut ts);
            ts.into_iter()
                .filter(|t| pos.at(t.at).is_some_and(|q| q.owner != seat))
                .map(|t| vec![t.at])
                .collect()
        };
        for path in paths {
            if path
                .first()
                .and_then(|s| pos.at(*s))
                .is_none_or(|q| q.owner == seat)
            {
                continue;
            }
            let choices = capture_promotions(pos, p.kind, &path, m.from, defined);
            if choices != [None] || p.kind == Kind::King {
                // Promotions and the King's own square: the whole judgement.
                for pr in choices {
                    let play = Play::Capture {
                        from: m.from,
                        path: path.clone(),
                        promote: pr,
                        demons: Vec::new(),
                    };
                    if judge(pos, seat, &play, defined).is_ok() {
                        out.push(play);
                    }
                }
                continue;
            }
            let play = Play::Capture {
                from: m.from,
                path,
                promote: None,
                demons: Vec::new(),
            };
            let mut after = pos.clone();
            apply(&mut after, seat, &play);
            let Play::Capture { path, .. } = &play else {
                continue;
            };
            if guard.safe_after_capture(&after, m.from, path) {
                out.push(play);
            }
        }
    }
    // Placements: each type off-board once.
    let mut kinds: Vec<Kind> = pieces
        .iter()
        .filter(|p| p.at.is_none())
        .map(|p| p.kind)
        .filter(|k| defined.contains(k))
        .collect();
    kinds.sort();
    kinds.dedup();
    for kind in kinds {
        // Off-board HarfyBlobs of different Hn are different choices (Rule 1230.14).
        let hns: Vec<Option<u8>> = match super::play::off_board_hns(pos, seat) {
            hns if kind == Kind::HarfyBlob && hns.len() > 1 => hns.into_iter().map(Some).collect(),
            _ => vec![None],
        };
        for hn in hns {
            for at in Square::all().filter(|s| pos.at(*s).is_none()) {
                let play = Play::Place { kind, at, hn };
                if judge(pos, seat, &play, defined).is_ok() {
                    out.push(play);
                }
            }
        }
    }
    if !guard.in_check() {
        out.push(Play::Pass);
    }
    out.push(Play::Surrender);
    out
}

/// The promotions a capture by a piece of type `kind` may choose, each a play of its own: a
/// Pawn landing on the centre must promote (Rule 1230.8 §4); a Demon may, or not (Rule 1230.18
/// §3, judged with the play); a Zombie may become the type it captured, if its Swinger says so
/// (Rule 1230.21).
fn capture_promotions(
    pos: &Position,
    kind: Kind,
    path: &[Square],
    from: Square,
    defined: &[Kind],
) -> Vec<Option<Kind>> {
    match kind {
        Kind::Pawn | Kind::Demon => promotions(kind, path.last().copied().unwrap_or(from), defined),
        Kind::Zombie => {
            let taken = path.first().and_then(|s| pos.at(*s)).map(|q| q.kind);
            std::iter::once(None)
                .chain(taken.filter(|k| *k != Kind::Zombie).map(Some))
                .collect()
        }
        _ => vec![None],
    }
}

/// Whether a Pass is legal: the Swinger is not in Check (Rule 1230.2 §7).
pub fn may_pass(pos: &Position, seat: Seat) -> bool {
    !check::in_check(pos, seat)
}

/// The default play at a turn's expiry: a Pass if legal, otherwise a Surrender (Rule 1230.2 §4).
pub fn default_play(pos: &Position, seat: Seat) -> Play {
    if may_pass(pos, seat) {
        Play::Pass
    } else {
        Play::Surrender
    }
}
