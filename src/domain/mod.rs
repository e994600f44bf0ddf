//! Pure rules of the constitution: no I/O, no clock; the time is always passed in.
//!
//! One folder per capability, and the kernel they all use:
//! - [`kernel`]: ids, moments, the club calendar, text checks, offices and authority, buttons;
//! - [`leaderboard`]: games, scores, sessions, weekly deductions, leaving (Terms §0-§II);
//! - [`moderation`]: a case's lifecycle, the fraud ladder, restrictions (Terms §II, §III Act 2);
//! - [`court`]: the Court of Appeals (Terms §III Act 3);
//! - [`committee`]: committees, their motions and the Diplomacy offices (house rules A, D.I.2);
//! - [`nomic`]: the rulebook, rule changes and Points of Order (Nomic 101-215, Terms §IV).
//! - [`notify`]: the kinds of direct message a member may choose to receive.
//! - [`roles`]: the Discord roles that follow offices and bans.
//! - [`backup`]: the complete export's format, which `gavel restore` reads back.

pub mod backup;
pub mod committee;
pub mod court;
pub mod diplomacy;
pub mod kernel;
pub mod leaderboard;
pub mod moderation;
pub mod nomic;
pub mod notify;
pub mod partychess;
pub mod roles;
pub mod tournament;
