//! Pure rules of the constitution: no I/O, no clock; the time is always passed in.

pub mod calendar;
pub mod office;
pub mod score;
pub mod text;
