//! Every legal play of a Swinger (Rule 1230.2 §6, §7): for the bench, the default play and the
//! check that a Pass is legal.

use super::board::Square;
use super::check;
use super::kind::Kind;
use super::legal::judge;
use super::play::{apply, pawn_promotes_on, Play};
use super::position::{probe, Position, Seat};
use super::reach::{self, Mover};
use super::squares::SquareSet;
use super::tornado;

/// Every legal play of `seat` on `pos`, with `defined` the types in force.
pub fn legal_plays(pos: &Position, seat: Seat, defined: &[Kind]) -> Vec<Play> {
    let mut out = Vec::new();
    let mut scratch = pos.clone();
    let king = pos.king_of(seat);
    // Each opposing piece's answer to "does it attack the King?", with the squares the answer
    // depends on: a move elsewhere leaves it as it was. A CopyCat looks at every piece.
    let watch: Vec<(u32, bool, Option<SquareSet>)> = match king {
        Some(k) => pos
            .on_board()
            .filter(|p| p.owner != seat)
            .map(|p| {
                let (hit, seen) = probe(|| check::reaches(pos, p, k));
                (p.id, hit, Some(seen))
            })
            .collect(),
        None => Vec::new(),
    };
    let pieces: Vec<_> = pos.of(seat).cloned().collect();
    for p in pieces.iter().filter(|p| defined.contains(&p.kind)) {
        let Some(m) = Mover::of(pos, p) else { continue };
        // A Pawn on the centre must promote; a Demon may, or not (judged below).
        let others = || {
            defined
                .iter()
                .filter(move |k| **k != p.kind && **k != Kind::King)
                .map(|k| Some(*k))
        };
        let promotions: Vec<Option<Kind>> = match p.kind {
            Kind::Pawn => others().collect(),
            Kind::Demon => std::iter::once(None).chain(others()).collect(),
            _ => vec![None],
        };
        // Moves: tried in place and put back, the cheapest way to ask about Check.
        let mut tos: Vec<Square> = reach::moves(pos, &m).iter().collect();
        if m.kind == Kind::Qball {
            reach::qball(pos, m.from, &mut |_| {}, &mut |c| tos.push(c));
        }
        for to in tos {
            let promote: &[Option<Kind>] = if promotes(p.kind, to) {
                &promotions
            } else {
                &[None]
            };
            let simple = promote == [None] && !(m.kind == Kind::Qball && to.is_corner());
            if simple {
                scratch.set_square(p.id, Some(to));
                let safe = if p.kind == Kind::King {
                    !check::attacked(&scratch, seat, to)
                } else if let Some(k) = king {
                    watch.iter().all(|(id, hit, seen)| match seen {
                        Some(seen) if !seen.contains(m.from) && !seen.contains(to) => !hit,
                        _ => scratch
                            .piece(*id)
                            .is_none_or(|x| !check::reaches(&scratch, x, k)),
                    })
                } else {
                    true
                };
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
            if matches!(p.kind, Kind::Pawn | Kind::Demon | Kind::King) {
                // Promotions and the King's own square: the whole judgement.
                let lands = path.last().copied().unwrap_or(m.from);
                let promote: &[Option<Kind>] = if promotes(p.kind, lands) {
                    &promotions
                } else {
                    &[None]
                };
                for pr in promote {
                    let play = Play::Capture {
                        from: m.from,
                        path: path.clone(),
                        promote: *pr,
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
            };
            let mut after = pos.clone();
            apply(&mut after, seat, &play);
            let Play::Capture { path, .. } = &play else {
                continue;
            };
            let changed =
                |seen: &SquareSet| seen.contains(m.from) || path.iter().any(|s| seen.contains(*s));
            let safe = king.is_none_or(|k| {
                watch.iter().all(|(id, hit, seen)| {
                    let Some(x) = after
                        .piece(*id)
                        .filter(|x| x.at.is_some() && x.owner != seat)
                    else {
                        return true;
                    };
                    match seen {
                        Some(seen) if !changed(seen) => !hit,
                        _ => !check::reaches(&after, x, k),
                    }
                })
            });
            if safe {
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
    if !watch.iter().any(|(_, hit, _)| *hit) {
        out.push(Play::Pass);
    }
    out.push(Play::Surrender);
    out
}

/// Whether a piece of this type landing on `to` must or may promote, so that each choice is a
/// play of its own: a Pawn on the centre (Rule 1230.8 §4), a Demon anywhere its rule allows
/// (Rule 1230.18 §3, judged with the play).
fn promotes(kind: Kind, to: Square) -> bool {
    match kind {
        Kind::Pawn => pawn_promotes_on(to),
        Kind::Demon => true,
        _ => false,
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
