//! Party Chess (Rules 1230.1–1230.21), with gavel doing the Chess-Umpire's duties: the 20×20
//! board, the pieces the PartyChessPieceDef rules define, plays and their legality, Check, the
//! play list and turns, the Weights, and the game's stock of pieces.

pub mod alerts;
pub mod amend;
pub mod board;
pub mod cantor;
pub mod chase;
pub mod check;
pub mod create;
pub mod defs;
pub mod diagram;
pub mod generate;
pub mod kind;
pub mod legal;
pub mod mover;
pub mod moves;
pub mod notation;
pub mod outreach;
pub mod play;
pub mod position;
pub mod random;
pub mod reach;
pub mod read_texts;
pub mod settle;
pub mod squares;
pub mod states;
pub mod stock;
pub mod suite;
pub mod tornado;
pub mod turns;
pub mod umpire;
pub mod weights;

#[cfg(test)]
mod tests;

/// The Party Chess Rule Suite as published, for the demo and the tests.
pub const SUITE_TEXT: &str = include_str!("../../../examples/party-chess-rules.txt");
