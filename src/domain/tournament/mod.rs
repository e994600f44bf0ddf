//! Tournaments as the ACWC 2019 rules run them ("ACWC"): who may enter and their seeding
//! rating, the Swiss paired by the Monrad rule as written (with every step explained, so anyone
//! can check it by hand), matches of ten games, the Candidates' round robin, and the Final that
//! extends itself. Pure rules: the app loads the entrants and results, calls these, and stores.
//!
//! Points are counted in halves (`Halves`), so a 5-5 match and a drawn game are exact.

pub mod eligibility;
pub mod final_match;
pub mod lichess;
pub mod matches;
pub mod negotiation;
pub mod offices;
pub mod parameters;
pub mod results;
pub mod round_robin;
pub mod stages;
pub mod states;
pub mod swiss;

/// An entrant of a tournament (the app's id for them).
pub type EntrantId = i64;

/// Points counted in halves: a won game is 2, a drawn game 1 each; a won match 2, a tied one 1.
pub type Halves = u32;

/// Halves written as points: `11` is "5.5".
pub fn points(halves: Halves) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// A seeding rating kept doubled, as written: `4301` is "2150.5".
pub fn rating_shown(x2: i64) -> String {
    if x2.rem_euclid(2) == 0 {
        (x2 / 2).to_string()
    } else {
        format!("{}.5", x2.div_euclid(2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_are_written_as_points() {
        assert_eq!(points(11), "5.5");
        assert_eq!(points(10), "5");
        assert_eq!(points(0), "0");
    }
}
