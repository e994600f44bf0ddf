//! Committees: the Diplomacy offices' eligibility (house rules A.2, A.4, A.6, A.8, A.10), the
//! teams and game seats it reads, committees and their motions (A.6), changes to the house
//! rules (A.7), disputes (D.I.2) and Observers' reports (A.9).

pub mod approval;
pub mod bound;
pub mod committees;
pub mod disputes;
pub(crate) mod eligibility;
mod error;
mod export;
pub mod house_rules;
pub mod motion;
pub mod teams;

pub use error::CommitteeError;

use crate::app::App;

/// The committees' use cases (their motions, disputes, teams and house rules):
/// `app.committee().vote(...)`.
pub struct Committee<'a>(&'a App);

impl App {
    pub fn committee(&self) -> Committee<'_> {
        Committee(self)
    }
}

impl std::ops::Deref for Committee<'_> {
    type Target = App;
    fn deref(&self) -> &App {
        self.0
    }
}
