//! The kinds of event in the score history (see "History is the truth"): each is one
//! [`super::score::Change`] of the fold, or a weekly decay, which adjusts like a deduction.

/// What a score event records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// Joining (or rejoining) the Leaderboard (Terms §II Act 1).
    Joined,
    /// Leaving the Leaderboard (Terms §II Act 2).
    Removed,
    /// A counted game.
    Game,
    /// Points deducted or awarded by a case (Terms §II Act 3).
    Adjust,
    /// The weekly deduction for too few games (Terms §II Act 6).
    Decay,
    /// The score halved: a second violation (Terms §II Act 5).
    Halve,
    /// The score reset: a third violation (Terms §II Act 5).
    Reset,
}
