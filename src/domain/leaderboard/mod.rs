//! The Leaderboard (Terms §0-§II): games and their lifecycles, scores as a fold of events,
//! the session window, ending a game by material, weekly deductions, and leaving.

pub mod confirm;
pub mod decay;
pub mod event;
pub mod game;
pub mod leave;
pub mod material;
pub mod score;
pub mod seed;
pub mod session;
pub mod session_move;
