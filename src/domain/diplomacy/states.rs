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

/// A member's place in a team (house rules A.1): a player, its captain, a non-playing GM or a
/// reserve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamRole {
    Player,
    Captain,
    Gm,
    Reserve,
}

/// The roles a captain or the TD adds someone to a team in (A.1, B.2): the captain is named
/// when the team is created, never added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Joining {
    #[default]
    Player,
    Reserve,
    Gm,
}

crate::offered_as_words! {
    Joining {
        Joining::Player => "player",
        Joining::Reserve => "reserve",
        Joining::Gm => "gm",
    }
}

impl From<Joining> for TeamRole {
    fn from(j: Joining) -> TeamRole {
        match j {
            Joining::Player => TeamRole::Player,
            Joining::Reserve => TeamRole::Reserve,
            Joining::Gm => TeamRole::Gm,
        }
    }
}

impl std::fmt::Display for TeamRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TeamRole::Player => "player",
            TeamRole::Captain => "captain",
            TeamRole::Gm => "gm",
            TeamRole::Reserve => "reserve",
        })
    }
}

/// Who chose a replacement (B.7, B.8): the team's captain, the GM or the TD naming one, the
/// reserve pool's draw, or a player naming a temporary replacement for themself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChosenBy {
    Captain,
    Gm,
    ReservePool,
    Player,
}
