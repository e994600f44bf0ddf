//! The Court of Appeals' storage: appeals, their lifecycle, votes and opinions.

pub mod appeals;
