//! The kernel every capability uses: typed ids, moments, the club calendar, text typed by
//! people, limits, offices and the authority they carry, buttons as values,
//! and long lists in pages.

pub mod authority;
pub mod button;
pub mod calendar;
pub mod choices;
pub mod ids;
pub mod limits;
pub mod moment;
pub mod number_words;
pub mod office;
pub mod pages;
pub mod reminder;
pub mod text;
pub mod words;
