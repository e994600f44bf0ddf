//! The pieces' rules, tested with their own sentences; the game's rules with worked positions.

mod agree;
mod board_changes;
mod copies;
mod exotic;
mod game;
mod limits;
mod mobility;
mod pieces;
mod place;
mod promotions;
mod support;
