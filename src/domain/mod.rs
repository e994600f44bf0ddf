//! Pure rules of the constitution: no I/O, no clock; the time is always passed in.

pub mod calendar;
pub mod decay;
pub mod ids;
pub mod ladder;
pub mod material;
pub mod office;
pub mod score;
pub mod session;
pub mod text;
