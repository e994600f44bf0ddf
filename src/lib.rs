//! gavel: a Discord bot that runs a club's constitution.
//!
//! Layers (see the README's architecture section): `domain` holds the pure rules, `store` the
//! SQLite queries, `app` the use cases, `adapters` the Discord and console front ends, and
//! `jobs` the scheduler.

pub mod adapters;
pub mod app;
pub mod clock;
pub mod commands;
pub mod config;
pub mod domain;
pub mod jobs;
pub mod store;
