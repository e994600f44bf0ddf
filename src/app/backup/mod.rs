//! The complete export and `gavel restore`: the whole database as a file, and a new database
//! made from one, faithful to the row.

mod complete;
mod error;
mod restore;

pub use complete::complete_export;
pub use error::RestoreError;
pub use restore::{restore, Restored};
