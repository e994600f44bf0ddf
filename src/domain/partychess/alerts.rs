//! Checks as they begin and as they last (Rule 1230.2 §1.C(iv), §3.C/D, §7): after every change
//! of the board, the Swingers newly placed in Check are named and move to the top of the play
//! list keeping their order; those already in Check are named as still checked and keep their
//! place.

use super::check;
use super::position::{Position, Seat};
use super::turns::Turns;

/// The Checks on the board after a change, against those before it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checks {
    /// Placed in Check by this change, in seat order: alerted (§1.C(iv)) and moved up (§3.C/D).
    pub begun: Vec<Seat>,
    /// In Check before the change and still: named, not moved.
    pub still: Vec<Seat>,
}

/// Finds the Checks on `pos` after a change of the board, moves the newly checked up the list
/// (§3.C for one, §3.D for several) and records who is in Check for the next change.
pub fn review(turns: &mut Turns, pos: &Position, seats: &[Seat]) -> Checks {
    let now = check::checked(pos, seats);
    let (still, begun): (Vec<Seat>, Vec<Seat>) =
        now.iter().partition(|s| turns.checked.contains(s));
    turns.move_up(&begun);
    turns.checked = now;
    Checks { begun, still }
}
