//! The Discord adapter end to end, against a fake Discord (gateway and REST).
//!
//! - `fake`: the fake Discord (axum REST + tokio-tungstenite gateway) and the slash-command
//!   payload builder, checked against serenity's own deserializers.
//! - `registration`: Discord's limits on application commands, checked on every command.
//! - `backoff`: the poster's waits after 429s and server errors, in virtual time.
//! - `e2e`: the real serenity client and poise framework against the fake.

mod backoff;
mod channels;
mod e2e;
mod fake;
pub mod registration;
