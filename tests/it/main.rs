//! The integration tests, as one binary: transcripts, app scenarios and the Discord adapter
//! against a fake Discord.

mod discord;
mod moderation;
mod transcripts;
