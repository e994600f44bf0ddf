//! The bounds on what members type: numbers, points, steps and free text. The command table
//! declares these limits to Discord and the console, and the use cases enforce the same ones.

/// The highest game, case or page number anyone can type (far above any club's count).
pub const NUMBER_MAX: i64 = 1_000_000_000;

/// Points a Moderator may deduct or award at once (Terms §II Act 3).
pub const POINTS_MAX: i64 = 1000;

/// The ladder's steps (Terms §II Act 5).
pub const STEP_MAX: i64 = 5;

/// A described incident that names an offence (Terms §III Act 2.2).
pub const INCIDENT_MAX: usize = 300;

/// A date written YYYY-MM-DD.
pub const DATE_MAX: usize = 10;
/// How a date-time option is written (YYYY-MM-DD HH:MM), and how it is recorded.
pub const DATE_TIME_FORMAT: &str = "%Y-%m-%d %H:%M";
/// The longest date-time option: "YYYY-MM-DD HH:MM".
pub const DATE_TIME_MAX: usize = 16;

/// Captured pieces, written like "q 2p r".
pub const MATERIAL_MAX: usize = 40;
