//! Committees that vote by their own rules (the World Masters Diplomacy house rules, section A,
//! made general): the Diplomacy offices and who may hold them (A.4, A.8, A.10), a committee's
//! rules (size, turnout, majority, tie-break, sitting body; A.2, A.6), the tally of a motion,
//! the TD's approval or veto of a rule change and the override (A.7), and disputes referred to
//! the committee (D.I.2). Pure rules: the app loads the facts, calls these, and stores.

pub mod approval;
pub mod bound;
pub mod dispute;
pub mod eligibility;
pub mod house_rules;
pub mod motion;
pub mod reading;
pub mod rules;
pub mod sitting;
pub mod tally;

/// A person, as the app knows them (the `people` table's id).
pub type PersonId = i64;
