//! Where the game of Party Chess stands, and how each entry of its play list came to be
//! (Rule 1230.2).

/// The game's stage: gathering its Swingers, or in play once the Chess-Umpire starts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameStage {
    Gathering,
    Playing,
}

/// How an entry of the play list came to be: announced by its Swinger, the default play of
/// one who did not announce, a warm Swinger's surrender, a skipped turn, or the
/// Chess-Umpire's own entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayHow {
    Announced,
    Default,
    Warm,
    Skipped,
    Umpire,
}
