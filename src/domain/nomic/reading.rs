//! What an amended rule's text says of a value gavel keeps as a parameter: the readers of
//! numbers and days (`bound`) and of the session's times and room (`session_text`) answer it.

/// What an amended text says of its parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// The amendment leaves the value as it was.
    Unchanged,
    /// The new text states this value, and only it.
    Set(String),
    /// The new text does not say one new value plainly: the parameter must be set by hand.
    Unclear,
}
