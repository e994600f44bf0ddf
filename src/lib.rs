//! gavel: a Discord bot that runs a club's constitution.
//!
//! Layers (the book's architecture chapter, `docs/src/architecture.md`): `domain` holds the
//! pure rules, `store` the SQLite queries, `app` the use cases, `commands` the command table,
//! `adapters` the Discord, console and portal front ends, and `jobs` the scheduler.

pub mod adapters;
pub mod app;
pub mod clock;
pub mod commands;
pub mod config;
pub mod domain;
pub mod jobs;
pub mod platform;
pub mod store;
