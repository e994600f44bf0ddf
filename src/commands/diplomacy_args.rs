//! The Diplomacy options read as the game's own types at the edge: a season ("F1905"), a turn
//! ("S1902M"), a list of powers and a season's supply-centre counts, refused in the words the
//! use cases' errors use, so no use case parses what a member typed. A command only the TD may
//! use hands the use case what was read, refusal and all (`Given`), so a member who may not use
//! it is told that first, whatever they typed.

use crate::app::diplomacy::{DiplomacyError, Given};
use crate::domain::diplomacy::season::{Season, Turn};
use crate::domain::diplomacy::{Centres, Power};

/// A season, "S1901" or "F1908".
pub(crate) fn season(text: &str) -> Given<Season> {
    Season::parse(text).ok_or_else(|| DiplomacyError::BadSeason(text.to_owned()).to_string())
}

/// A turn, "S1901M", "F1901R" or "W1901A".
pub(crate) fn turn(text: &str) -> Result<Turn, String> {
    Turn::parse(text).ok_or_else(|| DiplomacyError::BadTurn(text.to_owned()).to_string())
}

/// The powers of a draw, or the one conceded to: "A F", "Austria, France"; none if left out.
pub(crate) fn powers(text: Option<&str>) -> Result<Vec<Power>, String> {
    text.unwrap_or("")
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(|p| Power::parse(p).ok_or_else(|| DiplomacyError::BadPower(p.to_owned()).to_string()))
        .collect()
}

/// Each power's centres, "A=5 E=4 F=6 G=7 I=4 R=4 T=4" (C.1).
pub(crate) fn centres(text: &str) -> Given<Centres> {
    Centres::parse(text).map_err(|e| DiplomacyError::from(e).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_season_a_turn_and_counts_are_read_or_refused_in_the_use_cases_words() {
        assert_eq!(season("F1908").map(|s| s.to_string()), Ok("F1908".into()));
        assert_eq!(
            season("F19x"),
            Err("`F19x` is not a season: write S1901 or F1908.".into())
        );
        assert_eq!(turn("W1901A").map(|t| t.to_string()), Ok("W1901A".into()));
        assert!(turn("1901").unwrap_err().contains("is not a turn"));
        assert!(centres("A=5 E=4 F=6 G=7 I=4 R=4 T=4").is_ok());
        assert!(centres("A=40").is_err());
        assert_eq!(
            powers(Some("A, F")),
            Ok(vec![Power::Austria, Power::France])
        );
        assert_eq!(powers(None), Ok(vec![]));
        assert_eq!(
            powers(Some("A X")),
            Err("`X` is not a power: write A, E, F, G, I, R or T.".into())
        );
    }
}
