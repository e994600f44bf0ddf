//! The five plays (Rule 1230.2 §6) and what each does to the position: a Move, a Capture (an
//! Archer's from a distance, a Kamikaze's last, a Tornado's chain, a HarfyBlob's growth), a
//! Placement, a Pass, a Surrender; promotions (Rule 1230.1 §3.C).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::Square;
use super::kind::Kind;
use super::position::{Copied, Position, Seat};
use super::reach::{self, Mover};

/// One play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "play", rename_all = "snake_case")]
pub enum Play {
    Move {
        from: Square,
        to: Square,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promote: Option<Kind>,
        /// Demons that did not make the play, promoted after it (Rule 1230.18 §3).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        demons: Vec<DemonPromotion>,
    },
    /// `path` is the square of each capture (for a Tornado, each segment's end).
    Capture {
        from: Square,
        path: Vec<Square>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promote: Option<Kind>,
        /// Demons that did not make the play, promoted after it (Rule 1230.18 §3).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        demons: Vec<DemonPromotion>,
    },
    Place {
        kind: Kind,
        at: Square,
        /// Which of the Swinger's off-board HarfyBlobs, by its Hn (each has its own, Rule
        /// 1230.14); `None` for every other type, and when they all have the same.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hn: Option<u8>,
    },
    Pass,
    Surrender,
}

/// A Demon promoted after its Swinger's Move or Capture made by another piece (Rule 1230.18
/// §3: "only if the Swinger controlling the Demon has just Moved or Captured"): the square it
/// stands on and the type it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DemonPromotion {
    pub at: Square,
    pub to: Kind,
}

impl Play {
    /// The Demons promoted after this play by their Swinger's Move or Capture (Rule 1230.18 §3).
    pub fn demons(&self) -> &[DemonPromotion] {
        match self {
            Play::Move { demons, .. } | Play::Capture { demons, .. } => demons,
            _ => &[],
        }
    }
}

impl Play {
    /// The play as announced, read on the board it was made on: a Tornado's sequence that ends
    /// on an empty square ends with a move to it (`e5xe7-g9`), not a capture (Rule 1230.19
    /// §4.b); otherwise as `Display` writes it.
    pub fn written(&self, before: &Position) -> String {
        let text = self.to_string();
        let Play::Capture { from, path, .. } = self else {
            return text;
        };
        let (Some(last), true) = (path.last(), path.len() > 1) else {
            return text;
        };
        let empty = *last == *from || before.at(*last).is_none();
        let tail = format!("x{last}");
        match text.find(&tail) {
            Some(i) if empty => format!("{}-{last}{}", &text[..i], &text[i + tail.len()..]),
            _ => text,
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let promote =
            |p: &Option<Kind>| p.map(|k| format!(" promoting to {k}")).unwrap_or_default();
        match self {
            Play::Move {
                from,
                to,
                promote: p,
                ..
            } => write!(f, "move {from}-{to}{}", promote(p))?,
            Play::Capture {
                from,
                path,
                promote: p,
                ..
            } => write!(
                f,
                "capture {from}x{}{}",
                path.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("x"),
                promote(p)
            )?,
            Play::Place {
                kind,
                at,
                hn: Some(hn),
            } => write!(f, "place {} (Hn {hn}) on {at}", kind.name())?,
            Play::Place { kind, at, .. } => write!(f, "place {} on {at}", kind.name())?,
            Play::Pass => f.write_str("pass")?,
            Play::Surrender => f.write_str("surrender")?,
        }
        for d in self.demons() {
            write!(f, ", the Demon on {} promoting to {}", d.at, d.to)?;
        }
        Ok(())
    }
}

/// The squares where a Pawn promotes (Rule 1230.8 §4).
pub const PAWN_PROMOTION: [&str; 4] = ["j10", "j11", "k10", "k11"];

/// Whether a Pawn promotes on this square.
pub fn pawn_promotes_on(sq: Square) -> bool {
    PAWN_PROMOTION
        .iter()
        .any(|s| Square::parse(s).is_ok_and(|p| p == sq))
}

/// Whether a Demon on `at` may promote (Rule 1230.18 §3): two friendly pieces X and Y of one
/// type with X's row below and Y's above the Demon's, and the columns strictly either way round,
/// no more than 10 apart. The clause's /AND/ of the distance binds the whole /OR/.
pub fn demon_may_promote(pos: &Position, owner: Seat, demon: u32, at: Square) -> bool {
    let friends: Vec<_> = pos
        .of(owner)
        .filter(|p| p.id != demon)
        .filter_map(|p| p.at.map(|s| (p.kind, s)))
        .collect();
    let (r, c) = (at.row, at.col);
    friends.iter().any(|&(kx, x)| {
        friends.iter().any(|&(ky, y)| {
            kx == ky
                && x != y
                && x.row < r
                && r < y.row
                && ((x.col < c && c < y.col) || (x.col > c && c > y.col))
                && x.distance(y) <= 10
        })
    })
}

/// What a play did, in words, for the announcement and the history.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Effects {
    pub lines: Vec<String>,
}

/// Makes the play on `pos` as `seat`, without judging it (see `legal`): the position after.
pub fn apply(pos: &mut Position, seat: Seat, play: &Play) -> Effects {
    let mut fx = Effects::default();
    match play {
        Play::Move {
            from, to, promote, ..
        } => {
            let Some(p) = pos.at(*from).cloned() else {
                return fx;
            };
            let copied = copied(pos, &p);
            // The scratch is the Qball's own (Rule 1230.13 §3.c); an Echo copying its move
            // stays in the corner.
            let scratch = p.kind == Kind::Qball && to.is_corner();
            if scratch {
                // Rule 1230.13 §3.c: it scratches and joins its owner's off-board pieces.
                pos.set_square(p.id, None);
                fx.lines.push(format!(
                    "The {} scratches in the corner {to} and goes off-board (Rule 1230.13 §3.c).",
                    p.kind
                ));
            } else {
                pos.set_square(p.id, Some(*to));
            }
            promote_piece(pos, p.id, *promote, &mut fx);
            pos.last.insert(seat, copied);
        }
        Play::Capture {
            from,
            path,
            promote,
            ..
        } => {
            let Some(p) = pos.at(*from).cloned() else {
                return fx;
            };
            let copied = copied(pos, &p);
            let mut alive = true;
            for (i, sq) in path.iter().enumerate() {
                let Some(victim) = pos.at(*sq).cloned() else {
                    // A Tornado's last segment may end on an empty square: a move, which ends
                    // the sequence.
                    pos.set_square(p.id, Some(*sq));
                    fx.lines.push(format!(
                        "The {}'s last segment takes nothing: it moves to {sq} and its sequence ends (Rule 1230.19 §4.b).",
                        p.kind
                    ));
                    continue;
                };
                // An Archer, or a CopyCat taking an Archer as the Archer captures (Rule 1230.9
                // §3), shoots and stays.
                let shoots = matches!(p.kind, Kind::Archer | Kind::CopyCat)
                    && i == 0
                    && !lands(pos, &p, *sq);
                pos.set_square(victim.id, None);
                pos.set_owner(victim.id, seat);
                fx.lines.push(format!("The {} on {sq} is captured and joins the capturer's off-board pieces (Rule 1230.1 §4).", victim.named()));
                if shoots {
                    fx.lines.push(format!(
                        "The {} shoots from {from} and stays there (Rule 1230.15 §3).",
                        p.kind
                    ));
                } else {
                    pos.set_square(p.id, Some(*sq));
                }
                if p.kind == Kind::HarfyBlob {
                    // Rule 1230.14: Hn grows by 1, or by a captured HarfyBlob's Hn; past 20 it
                    // falls to 19.
                    let gain = if victim.kind == Kind::HarfyBlob {
                        victim.hn
                    } else {
                        1
                    };
                    let mut hn = pos.piece(p.id).map_or(1, |x| x.hn).saturating_add(gain);
                    if hn > 20 {
                        hn = 19;
                    }
                    pos.set_hn(p.id, hn);
                    fx.lines
                        .push(format!("The HarfyBlob's Hn is now {hn} (Rule 1230.14)."));
                }
                if p.kind == Kind::Kamikaze {
                    pos.destroy(p.id);
                    fx.lines.push(
                        "The Kamikaze is destroyed after its capture (Rule 1230.16 §4).".into(),
                    );
                    alive = false;
                    break;
                }
            }
            if alive {
                promote_piece(pos, p.id, *promote, &mut fx);
            }
            let hn = pos.piece(p.id).map_or(copied.hn, |x| {
                if x.kind == Kind::HarfyBlob {
                    x.hn
                } else {
                    copied.hn
                }
            });
            pos.last.insert(seat, Copied { hn, ..copied });
        }
        Play::Place { kind, at, hn } => {
            if let Some(id) = off_board(pos, seat, *kind, *hn) {
                pos.set_square(id, Some(*at));
            }
            pos.last.remove(&seat);
        }
        Play::Pass => {
            pos.last.remove(&seat);
        }
        Play::Surrender => {
            let ids: Vec<u32> = pos
                .of(seat)
                .filter(|p| p.at.is_some())
                .map(|p| p.id)
                .collect();
            for id in ids {
                pos.set_square(id, None);
            }
            pos.last.remove(&seat);
            fx.lines
                .push("All of the Swinger's pieces are off-board (Rule 1230.2 §6.E).".into());
        }
    }
    for d in play.demons() {
        if let Some(id) = pos.at(d.at).filter(|q| q.owner == seat).map(|q| q.id) {
            promote_piece(pos, id, Some(d.to), &mut fx);
        }
    }
    fx
}

fn promote_piece(pos: &mut Position, id: u32, promote: Option<Kind>, fx: &mut Effects) {
    if let Some(k) = promote {
        if let Some(old) = pos.piece(id).map(|p| p.kind) {
            pos.set_kind(id, k);
            pos.set_hn(id, 1);
            fx.lines.push(format!(
                "The {old} is promoted to a {k} ({}; Rule 1230.1 §3.C).",
                old.cite()
            ));
        }
    }
}

/// What an Echo of the mover's Swinger will copy after this piece moves (Rule 1230.10 §2.b):
/// the type it moved as.
fn copied(pos: &Position, p: &super::position::Piece) -> Copied {
    match Mover::of(pos, p) {
        Some(m) => Copied {
            kind: m.kind,
            hn: m.hn,
        },
        None => Copied {
            kind: p.kind,
            hn: p.hn,
        },
    }
}

/// Whether the piece lands on the square it captures on.
fn lands(pos: &Position, p: &super::position::Piece, sq: Square) -> bool {
    let Some(m) = Mover::of(pos, p) else {
        return true;
    };
    let mut ts = Vec::new();
    reach::targets(pos, &m, &mut ts);
    ts.iter().find(|t| t.at == sq).is_none_or(|t| t.lands)
}

/// The off-board piece of a type a Swinger would place, with the Hn named if one is: the
/// oldest such.
pub fn off_board(pos: &Position, seat: Seat, kind: Kind, hn: Option<u8>) -> Option<u32> {
    pos.of(seat)
        .filter(|p| p.kind == kind && p.at.is_none() && hn.is_none_or(|h| p.hn == h))
        .map(|p| p.id)
        .min()
}

/// The distinct Hn of a Swinger's off-board HarfyBlobs, least first.
pub fn off_board_hns(pos: &Position, seat: Seat) -> Vec<u8> {
    let mut hns: Vec<u8> = pos
        .of(seat)
        .filter(|p| p.kind == Kind::HarfyBlob && p.at.is_none())
        .map(|p| p.hn)
        .collect();
    hns.sort_unstable();
    hns.dedup();
    hns
}
