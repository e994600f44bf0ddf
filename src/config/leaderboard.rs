//! `[leaderboard]`: whether a player's reported result waits for the opponent's confirmation,
//! and for how long before it is left to the Moderators.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LeaderboardConfig {
    /// A game registered by one of its players waits for the other to confirm it before it
    /// counts. Off by default: the Terms ask only that Members register the games they played
    /// (Terms §II Act 4).
    pub confirm_results: bool,
    /// Days the opponent has to confirm or dispute; then the game waits for a Moderator.
    pub confirm_days: i64,
}

impl Default for LeaderboardConfig {
    fn default() -> Self {
        Self {
            confirm_results: false,
            confirm_days: 7,
        }
    }
}
