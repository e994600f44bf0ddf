//! Every legal play of a Swinger (Rule 1230.2 §6, §7): for the bench, the default play and the
//! check that a Pass is legal.

use super::board::Square;
use super::check;
use super::kind::Kind;
use super::legal::judge;
use super::play::{pawn_promotes_on, Play};
use super::position::{Position, Seat};
use super::reach::{self, Mover};
use super::tornado;

/// Every legal play of `seat` on `pos`, with `defined` the types in force.
pub fn legal_plays(pos: &Position, seat: Seat, defined: &[Kind]) -> Vec<Play> {
    let mut out = Vec::new();
    let mut scratch = pos.clone();
    let king = pos.king_of(seat);
    let pieces: Vec<_> = pos.of(seat).cloned().collect();
    for p in pieces.iter().filter(|p| defined.contains(&p.kind)) {
        let Some(m) = Mover::of(pos, p) else { continue };
        let promotions: Vec<Option<Kind>> = if p.kind == Kind::Pawn {
            defined
                .iter()
                .filter(|k| **k != Kind::Pawn && **k != Kind::King)
                .map(|k| Some(*k))
                .collect()
        } else {
            vec![None]
        };
        // Moves: tried in place and put back, the cheapest way to ask about Check.
        let mut tos: Vec<Square> = reach::moves(pos, &m).iter().collect();
        if m.kind == Kind::Qball {
            reach::qball(pos, m.from, &mut |_| {}, &mut |c| tos.push(c));
        }
        for to in tos {
            let promote: &[Option<Kind>] = if p.kind == Kind::Pawn && pawn_promotes_on(to) {
                &promotions
            } else {
                &[None]
            };
            let simple = promote == [None]
                && p.kind != Kind::Demon
                && !(m.kind == Kind::Qball && to.is_corner());
            if simple {
                scratch.set_square(p.id, Some(to));
                let k = if p.kind == Kind::King { Some(to) } else { king };
                let safe = k.is_none_or(|k| !check::attacked(&scratch, seat, k));
                scratch.set_square(p.id, Some(m.from));
                if safe {
                    out.push(Play::Move {
                        from: m.from,
                        to,
                        promote: None,
                    });
                }
            } else {
                for pr in promote {
                    let play = Play::Move {
                        from: m.from,
                        to,
                        promote: *pr,
                    };
                    if judge(pos, seat, &play, defined).is_ok() {
                        out.push(play);
                    }
                }
            }
        }
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
            let play = Play::Capture {
                from: m.from,
                path,
                promote: None,
            };
            if judge(pos, seat, &play, defined).is_ok() {
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
        for at in Square::all().filter(|s| pos.at(*s).is_none()) {
            let play = Play::Place { kind, at };
            if judge(pos, seat, &play, defined).is_ok() {
                out.push(play);
            }
        }
    }
    if !check::in_check(pos, seat) {
        out.push(Play::Pass);
    }
    out.push(Play::Surrender);
    out
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
