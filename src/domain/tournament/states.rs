//! What the store keeps of a tournament's entrants and matches besides the stage
//! ([`super::stages::Stage`]): an entrant's standing, how a match's time was fixed and who was
//! at fault when it was not (ACWC Match negotiations), a match decided without its games, and
//! a result held for the opponent's confirmation.

/// Where an entrant stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntrantStatus {
    /// Entered, not yet checked at the start.
    Entered,
    Playing,
    /// Refused at the start by the entry conditions.
    Ineligible,
    Disqualified,
    Withdrawn,
}

/// How a match's time was fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeBy {
    /// Both players agreed an offered time.
    Agreed,
    /// The player not at fault, or the arbiter, assigned it.
    Assigned,
}

/// Who was at fault when a match had no agreed time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtFault {
    /// The arbiter found no player at fault.
    Nobody,
    /// Both made their offers and none was agreed: the arbiter is to decide.
    Neither,
    First,
    Second,
    Both,
}

/// How a match was decided other than by its games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    /// Forfeited by one player; the other takes the match.
    Forfeit,
    /// Disregarded, with no points.
    Disregarded,
}

impl Decided {
    /// What the match was, in a listing ("forfeited").
    pub fn word(self) -> &'static str {
        match self {
            Decided::Forfeit => "forfeited",
            Decided::Disregarded => "disregarded",
        }
    }
}

/// What a result awaiting the opponent's confirmation records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PendingKind {
    /// One game's result.
    Game,
    /// The match's score.
    Score,
}
