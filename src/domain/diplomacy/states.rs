//! Where a round, a board and an individual sign-up stand: the lifecycles the store keeps for
//! them (B.2, B.6, C.6, D.IX).

/// A round's place in its lifecycle: open for sign-ups and seating, its players dealt to
/// boards (B.6), or its finishers advanced to the next round (C.6-C.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundStage {
    Open,
    Assigned,
    Advanced,
}

impl RoundStage {
    /// The stage in the words a refusal uses ("Round 1 is assigned: ...").
    pub fn word(self) -> &'static str {
        match self {
            RoundStage::Open => "open",
            RoundStage::Assigned => "assigned",
            RoundStage::Advanced => "advanced",
        }
    }
}

/// Whether a board is still being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardStatus {
    Playing,
    Finished,
}

/// How a finished board ended: played to its last year, a draw or a conceded solo voted by
/// the players (D.IX.3, D.IX.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardEnding {
    Played,
    Draw,
    Conceded,
}

/// What the grouping made of an individual sign-up (B.2): not yet grouped, put in a team, or
/// placed on the reserve list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignupOutcome {
    Waiting,
    Teamed,
    Reserve,
}
