//! Moderation's storage: the numbered cases.

pub mod actions;
pub mod reports;
