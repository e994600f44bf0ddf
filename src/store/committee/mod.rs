//! Storage for committees: their rules and motions, votes, disputes and Observers' reports, and
//! the tournament's teams and game seats that the Diplomacy offices' eligibility reads.

pub mod bound;
pub mod committees;
pub mod disputes;
pub mod house_rules;
pub mod motions;
pub mod teams;
