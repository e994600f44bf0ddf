//! Party Chess as stored: the Rule Suite with its history, the game, its Swingers, its plays
//! and its ledger.

pub mod games;
pub mod rules;
