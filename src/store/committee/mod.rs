//! Storage for committees: their rules and motions, votes, disputes and Observers' reports, and
//! the tournament's teams and game seats that the Diplomacy offices' eligibility reads.

pub mod teams;
