//! The automatic plays at the top of the play list (Rule 1230.2 §4.B), made one at a time: each
//! is decided on the board as the one before it left it, and each play is followed, as every
//! play is, by the Checks it began moving up the list (§3.C/D).

use super::alerts::{self, Checks};
use super::check;
use super::kind::Kind;
use super::play::{apply, Play};
use super::position::{Position, Seat};
use super::turns::{Auto, Turns};
use super::weights::{weights, Weight};

/// One automatic turn and what followed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub auto: Auto,
    /// What the play did to the board, in words.
    pub effects: Vec<String>,
    /// The Checks after the play; None for a skipped turn, which changes nothing.
    pub checks: Option<Checks>,
    /// The Weights after the play (Rule 1230.3), posted after each play; empty for a skip.
    pub weights: Vec<Weight>,
    /// The position after it.
    pub after: Position,
}

impl Step {
    /// The play made, if any.
    pub fn play(&self) -> Option<Play> {
        self.auto.play()
    }
}

/// Settles the top of the list until a Swinger must play or waits in Check, or each Swinger has
/// been settled once (all Warm: the top waits). Each decision is taken on `pos` as the previous
/// automatic play left it: a Warm Office uncovered by another's Surrender is checked and waits
/// (§4.B(ii)), and the 7 Swingers of §4.B(iii) are counted on the board as it stands. `defined`
/// are the types defined now, for the Weights.
pub fn settle(
    turns: &mut Turns,
    pos: &mut Position,
    seats: &[Seat],
    defined: &[Kind],
) -> Vec<Step> {
    let mut out = Vec::new();
    for _ in 0..turns.list.len() {
        let auto = {
            let now = &*pos;
            turns.auto_at_top(&|s| now.of(s).any(|p| p.at.is_some()), &|s| {
                check::in_check(now, s)
            })
        };
        let Some(auto) = auto else { break };
        let effects = match auto.play() {
            Some(play) => apply(pos, auto.seat(), &play).lines,
            None => Vec::new(),
        };
        turns.end_turn();
        let checks = auto.play().map(|_| alerts::review(turns, pos, seats));
        let weights = match checks {
            Some(_) => weights(pos, seats, defined),
            None => Vec::new(),
        };
        out.push(Step {
            auto,
            effects,
            checks,
            weights,
            after: pos.clone(),
        });
    }
    out
}
