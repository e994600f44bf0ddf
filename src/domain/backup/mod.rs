//! The complete export: every table of the database as typed cells, the tables it covers and
//! their order, and the checks a file must pass before it is restored.

pub mod cell;
pub mod document;
pub mod tables;

pub use cell::{Cell, CellError};
pub use document::{Dump, Header, TableDump, FORMAT, FORMAT_VERSION};
pub use tables::{Column, TableInfo, TableKind};
