//! Adapters: the ways people reach the use cases. They parse and render; they hold no rule.

pub mod console;
pub mod discord;
pub mod portal;
