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

/// What a whole-match entry of a match's record is (beside its games).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultKind {
    /// The whole match's score, reported.
    Score,
    /// Forfeited by one player (ACWC Match rules): counts toward the two that disqualify.
    Forfeit,
    /// Won by the opponent of a player who left the tournament with it unfinished (ACWC
    /// Disqualification and withdrawals, Qualifications): not a forfeit of the match.
    Walkover,
    /// Disregarded with a player who left (ACWC Disqualification and withdrawals).
    Disregarded,
}

/// What a player claims against an absent opponent (ACWC Match rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimKind {
    /// The opponent did not show up at the agreed time.
    NoShow,
    /// The opponent left the match while it was still ongoing.
    Left,
}

/// Where a claim stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimState {
    /// Made, and the only one of the match.
    Open,
    /// Met by the opponent's counter-claim: both wait for the Director (ACWC Organization).
    Countered,
    /// The win was claimed: the match is forfeited by the absent player.
    Claimed,
    /// The appearing player chose to reschedule.
    Rescheduled,
    /// Overtaken: a new time was set, or the match ended otherwise.
    Closed,
}

/// A correction the Director made to the record (ACWC Organization: the final call).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CorrectionKind {
    /// A match's forfeit or result reversed, and perhaps replaced.
    Reverse,
    /// A player removed by mistake, back in.
    Reinstate,
    /// A mistyped account corrected.
    Account,
    /// White in the Armageddon game settled when a finalist never bid.
    White,
}
