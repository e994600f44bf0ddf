//! The integration tests, as one binary: transcripts, app scenarios and the Discord adapter
//! against a fake Discord.

mod book;
mod check;
mod cli;
mod committee;
mod console;
mod court;
mod diplomacy;
mod diplomacy_advance;
mod diplomacy_check;
pub mod discord;
mod export_dates;
mod jobs;
mod layers;
mod leaderboard;
mod moderation;
mod modlog;
mod nomic_config;
mod parity;
mod partychess_check;
mod partychess_export;
mod partychess_turn_length;
mod permissions;
mod portal;
mod random;
mod reading;
mod restore;
mod rules;
mod rules_import;
mod scores_import;
mod tournament;
mod transcripts;
