//! Judging a play: whether the Swinger may make it (Rule 1230.2 §6, §7 and the piece's rule),
//! and if so the position after it. Refusals name the rule.

use super::board::Square;
use super::check;
use super::kind::Kind;
use super::play::{self, apply, demon_may_promote, pawn_promotes_on, Effects, Play};
use super::position::{Position, Seat};
use super::reach::{self, Mover};
use super::tornado;

/// Why a play was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("There is no piece on {0}.")]
    Empty(Square),
    #[error("The {kind} on {at} is not yours: a Swinger plays only the pieces e controls (Rule 1230.2 §6).")]
    NotYours { kind: Kind, at: Square },
    #[error("{0} is occupied: a Move goes to an unoccupied square (Rule 1230.2 §6.A); to take a piece there, use /partychess capture.")]
    Occupied(Square),
    #[error("The {kind} on {from} cannot move to {to}: its moves are {moves} ({rule}).")]
    Unreachable {
        kind: Kind,
        from: Square,
        to: Square,
        moves: String,
        rule: String,
    },
    #[error("The Echo on {0} has no move: its Swinger's most recent play was not a Move or a Capture, or moved a type no PartyChessPieceDef rule defines now (Rule 1230.10 §2).")]
    EchoIdle(Square),
    #[error("The {kind} on {from} cannot capture on {at} ({rule}; Rule 1230.1 §4).")]
    CannotCapture {
        kind: Kind,
        from: Square,
        at: Square,
        rule: String,
    },
    #[error("The Tornado cannot play this sequence: {0}.")]
    TornadoSegment(String),
    #[error("A piece may not capture a friendly piece (Rule 1230.1 §4).")]
    Friendly,
    #[error("{0} is occupied: a piece is placed on an unoccupied square (Rule 1230.2 §6.C).")]
    PlaceOccupied(Square),
    #[error("You have no {0} off-board to place.")]
    NoneOffBoard(Kind),
    #[error(
        "Only a HarfyBlob has an Hn to choose by (Rule 1230.14): leave hn: out to place a {0}."
    )]
    HnNotHarfyBlob(Kind),
    #[error(
        "You have no off-board HarfyBlob with Hn {hn}; yours have Hn {have} (Rule 1230.2 §6.C)."
    )]
    NoSuchHn { hn: u8, have: String },
    #[error("Your off-board HarfyBlobs have Hn {0}: say which you place with hn: (Rule 1230.2 §6.C: you place one of your off-board pieces; Rule 1230.14: each has its own Hn).")]
    ChooseHn(String),
    #[error("A Pawn is placed only on the columns a, b, s, t or the rows 1, 2, 19, 20 (Rule 1230.8 §5).")]
    PawnPlacement,
    #[error("Placed on {at}, the {kind} would attack an opposing piece, which a Placement may not do (Rule 1230.2 §6.C).")]
    PlacementAttacks { kind: Kind, at: Square },
    #[error("That play would leave your King in Check at the end of your turn (Rule 1230.2 §7).")]
    SelfCheck,
    #[error("A Pawn reaching {0} is promoted at once: say which piece it becomes with promote: (Rule 1230.8 §4).")]
    PromotionNeeded(Square),
    #[error("A {0} cannot be promoted on this play (Rule 1230.1 §3.C: a piece promotes only as its rule says).")]
    NoPromotion(Kind),
    #[error("A Zombie promotes only to the type of the piece it captured, here a {taken}, not a {asked} (Rule 1230.21).")]
    ZombieTakes { asked: Kind, taken: Kind },
    #[error("There is no Demon of yours on {0} to promote (Rule 1230.18 §3).")]
    NoDemon(Square),
    #[error("The Demon on {0} makes this play: its promotion is named with promote:R, not {0}=R (Rule 1230.18 §3).")]
    DemonMoved(Square),
    #[error("The Demon on {0} cannot be promoted: after this play it does not stand between two friendly pieces of one type no more than 10 apart (Rule 1230.18 §3).")]
    DemonNotBetween(Square),
    #[error("A {0} is not a piece you may promote to: it must be defined by a PartyChessPieceDef rule, differ from the piece, and respect its instance limit (Rule 1230.1 §3.C, §3.G).")]
    BadPromotion(Kind),
    #[error("The {0} is no piece defined by a PartyChessPieceDef rule now, so it cannot be played (Rule 1230.1 §3.E).")]
    Undefined(Kind),
}

/// What a judged play leads to.
#[derive(Debug, Clone)]
pub struct Judged {
    pub after: Position,
    pub effects: Effects,
}

/// Judges `play` by `seat` on `pos`, with `defined` the types defined by PartyChessPieceDef
/// rules now.
pub fn judge(
    pos: &Position,
    seat: Seat,
    play: &Play,
    defined: &[Kind],
) -> Result<Judged, PlayError> {
    match play {
        Play::Move {
            from, to, promote, ..
        } => {
            let m = mover(pos, seat, *from, defined)?;
            if pos.at(*to).is_some() {
                return Err(PlayError::Occupied(*to));
            }
            let mut ok = reach::moves(pos, &m).contains(*to);
            if m.kind == Kind::Qball && to.is_corner() {
                reach::qball(pos, m.from, &mut |_| {}, &mut |c| ok |= c == *to);
            }
            if !ok {
                return Err(unreachable(pos, *from, *to, &m));
            }
            check_promotion(pos, seat, &m, *to, None, *promote, defined)?;
        }
        Play::Capture {
            from,
            path,
            promote,
            ..
        } => {
            let m = mover(pos, seat, *from, defined)?;
            let Some(first) = path.first() else {
                return Err(unreachable(pos, *from, *from, &m));
            };
            let victim = pos.at(*first).ok_or(PlayError::Empty(*first))?;
            if victim.owner == seat {
                return Err(PlayError::Friendly);
            }
            let ok = if m.kind == Kind::Tornado && !m.echo {
                tornado::chains(pos, &m).iter().any(|c| c == path)
            } else {
                let mut ts = Vec::new();
                reach::targets(pos, &m, &mut ts);
                path.len() == 1 && ts.iter().any(|t| t.at == *first)
            };
            if !ok && m.kind == Kind::Tornado && !m.echo {
                if let Some(why) = tornado::refusal(pos, &m, path) {
                    return Err(PlayError::TornadoSegment(why));
                }
            }
            if !ok {
                return Err(PlayError::CannotCapture {
                    kind: pos.at(*from).map_or(m.kind, |p| p.kind),
                    from: *from,
                    at: *first,
                    rule: pos.at(*from).map_or(m.kind, |p| p.kind).cite(),
                });
            }
            let last = *path.last().unwrap_or(first);
            let lands = pos.at(*from).is_some_and(|p| p.kind != Kind::Archer) || path.len() > 1;
            check_promotion(
                pos,
                seat,
                &m,
                if lands { last } else { *from },
                Some(victim.kind),
                *promote,
                defined,
            )?;
        }
        Play::Place { kind, at, hn } => {
            if !defined.contains(kind) {
                return Err(PlayError::Undefined(*kind));
            }
            if hn.is_some() && *kind != Kind::HarfyBlob {
                return Err(PlayError::HnNotHarfyBlob(*kind));
            }
            let hns = || {
                let list: Vec<String> = play::off_board_hns(pos, seat)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                list.join(", ")
            };
            if play::off_board(pos, seat, *kind, *hn).is_none() {
                return Err(match hn {
                    Some(hn) if play::off_board(pos, seat, *kind, None).is_some() => {
                        PlayError::NoSuchHn {
                            hn: *hn,
                            have: hns(),
                        }
                    }
                    _ => PlayError::NoneOffBoard(*kind),
                });
            }
            if *kind == Kind::HarfyBlob && hn.is_none() && play::off_board_hns(pos, seat).len() > 1
            {
                return Err(PlayError::ChooseHn(hns()));
            }
            if pos.at(*at).is_some() {
                return Err(PlayError::PlaceOccupied(*at));
            }
            if *kind == Kind::Pawn && !(at.col <= 1 || at.col >= 18 || at.row <= 1 || at.row >= 18)
            {
                return Err(PlayError::PawnPlacement);
            }
        }
        Play::Pass | Play::Surrender => {}
    }
    let mut after = pos.clone();
    let effects = apply_judging_demons(pos, &mut after, seat, play, defined)?;
    if let Play::Place { kind, at, .. } = play {
        if let Some(p) = after.at(*at) {
            if check::attacks_any(&after, p) {
                return Err(PlayError::PlacementAttacks {
                    kind: *kind,
                    at: *at,
                });
            }
        }
    }
    if check::in_check(&after, seat) {
        return Err(PlayError::SelfCheck);
    }
    Ok(Judged { after, effects })
}

/// The piece on `from`, which `seat` must control and which must be playable.
fn mover(pos: &Position, seat: Seat, from: Square, defined: &[Kind]) -> Result<Mover, PlayError> {
    let p = pos.at(from).ok_or(PlayError::Empty(from))?;
    if p.owner != seat {
        return Err(PlayError::NotYours {
            kind: p.kind,
            at: from,
        });
    }
    if !defined.contains(&p.kind) {
        return Err(PlayError::Undefined(p.kind));
    }
    Mover::of(pos, p).ok_or(PlayError::EchoIdle(from))
}

fn unreachable(pos: &Position, from: Square, to: Square, m: &Mover) -> PlayError {
    let kind = pos.at(from).map_or(m.kind, |p| p.kind);
    let moves = if m.echo {
        format!(
            "a {}'s, which it copies: {}",
            m.kind,
            m.kind.moves_described()
        )
    } else if m.kind == Kind::HarfyBlob {
        format!("any 1-{} (its Hn)", m.hn)
    } else {
        m.kind.moves_described()
    };
    PlayError::Unreachable {
        kind,
        from,
        to,
        moves,
        rule: kind.cite(),
    }
}

/// A Pawn reaching the centre must promote (Rule 1230.8 §4); a Demon may when its rule allows
/// (Rule 1230.18 §3); no other piece promotes.
fn check_promotion(
    pos: &Position,
    seat: Seat,
    m: &Mover,
    lands_on: Square,
    taken: Option<Kind>,
    promote: Option<Kind>,
    defined: &[Kind],
) -> Result<(), PlayError> {
    let own = pos.piece(m.id).map_or(m.kind, |p| p.kind);
    let must = own == Kind::Pawn && pawn_promotes_on(lands_on);
    // Rule 1230.21: "At the end of a turn in which a Zombie Captures, it promotes to the type of
    // the piece it captured, if the Swinger specifies this when announcing the Capture."
    if own == Kind::Zombie {
        if let (Some(k), Some(t)) = (promote, taken) {
            if k != t {
                return Err(PlayError::ZombieTakes { asked: k, taken: t });
            }
        }
    }
    let may = must
        || (own == Kind::Zombie && taken.is_some())
        || (own == Kind::Demon && {
            let mut after = pos.clone();
            after.set_square(m.id, Some(lands_on));
            demon_may_promote(&after, seat, m.id, lands_on)
        });
    match promote {
        None if must => Err(PlayError::PromotionNeeded(lands_on)),
        None => Ok(()),
        Some(_) if !may => Err(PlayError::NoPromotion(own)),
        Some(k) => allowed_promotion(pos, seat, own, k, defined, 0),
    }
}

/// Whether a piece of type `own` may become a `k` (Rule 1230.1 §3.C, §3.G): a type defined now,
/// not its own, and not one the Swinger already controls up to its instance limit (`more` of
/// the same promotions made earlier on this play counted too).
fn allowed_promotion(
    pos: &Position,
    seat: Seat,
    own: Kind,
    k: Kind,
    defined: &[Kind],
    more: usize,
) -> Result<(), PlayError> {
    let at_limit = k
        .instance_limit()
        .is_some_and(|limit| pos.of(seat).filter(|p| p.kind == k).count() + more >= limit);
    if k == own || !defined.contains(&k) || at_limit {
        Err(PlayError::BadPromotion(k))
    } else {
        Ok(())
    }
}

/// Makes `play` on `after` (a copy of `pos`), judging first, on the position the play leaves,
/// each Demon it names as promoting though it did not make the play: the Swinger has just
/// Moved or Captured (Rule 1230.18 §3), the Demon is eirs and stands where its rule lets it
/// promote, and it becomes a type it may become.
fn apply_judging_demons(
    pos: &Position,
    after: &mut Position,
    seat: Seat,
    play: &Play,
    defined: &[Kind],
) -> Result<Effects, PlayError> {
    let demons = play.demons();
    if demons.is_empty() {
        return Ok(apply(after, seat, play));
    }
    let plain = match play.clone() {
        Play::Move {
            from, to, promote, ..
        } => Play::Move {
            from,
            to,
            promote,
            demons: Vec::new(),
        },
        Play::Capture {
            from,
            path,
            promote,
            ..
        } => Play::Capture {
            from,
            path,
            promote,
            demons: Vec::new(),
        },
        other => other,
    };
    let mut moved = pos.clone();
    apply(&mut moved, seat, &plain);
    let mover = match play {
        Play::Move { from, .. } | Play::Capture { from, .. } => pos.at(*from).map(|p| p.id),
        _ => None,
    };
    for (i, d) in demons.iter().enumerate() {
        let demon = moved
            .at(d.at)
            .filter(|q| q.owner == seat && q.kind == Kind::Demon)
            .ok_or(PlayError::NoDemon(d.at))?;
        if Some(demon.id) == mover {
            return Err(PlayError::DemonMoved(d.at));
        }
        if demons[..i].iter().any(|e| e.at == d.at) {
            return Err(PlayError::NoDemon(d.at));
        }
        if !demon_may_promote(&moved, seat, demon.id, d.at) {
            return Err(PlayError::DemonNotBetween(d.at));
        }
        // The play's own promotion is on the board already; the Demons' before this one not.
        let earlier = demons[..i].iter().filter(|e| e.to == d.to).count();
        allowed_promotion(&moved, seat, Kind::Demon, d.to, defined, earlier)?;
    }
    Ok(apply(after, seat, play))
}
