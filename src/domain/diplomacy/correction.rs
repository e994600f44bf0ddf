//! Which season's counts may be recorded, and what a correction re-derives (C.1, B.3, D.VIII.1).
//! The GM records the counts of the board's current season, the season of the turn it is on
//! (a Winter adjustment keeps the Fall of its year); a season the board has not reached is
//! refused, so no mistyped year can end the game. A past season's counts, once recorded, change
//! only by the correction D.VIII.1 allows, which the TD makes (the express consent it needs),
//! and which re-derives whether the game has ended: a solo, or the last year's Fall (B.3, C.4).

use super::centres::Centres;
use super::season::{Half, Season};

/// Why counts may not be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountsError {
    #[error("The board is at {current}: the counts of {season}, a season it has not reached, cannot be recorded (C.1).")]
    NotReached { season: Season, current: Season },
    #[error("The counts of {season} are recorded and the board has moved on to {current}: a past season's counts are corrected by the TD with /board correct (D.VIII.1).")]
    Past { season: Season, current: Season },
}

/// Whether the GM may record `season`'s counts on a board at `current` (`None` when gavel runs
/// none of its turns: the GM keeps its clock elsewhere). `recorded` is true when the season's
/// counts are already on record.
pub fn may_record(
    current: Option<Season>,
    season: Season,
    recorded: bool,
) -> Result<(), CountsError> {
    let Some(current) = current else {
        return Ok(());
    };
    if season > current {
        Err(CountsError::NotReached { season, current })
    } else if season < current && recorded {
        Err(CountsError::Past { season, current })
    } else {
        Ok(())
    }
}

/// Whether counts recorded for `season` end the game: a solo, or the round's last Fall (B.3,
/// C.4).
pub fn ends_game(counts: &Centres, season: Season, last_year: u16) -> bool {
    counts.solo().is_some() || (season.year == last_year && season.half == Half::Fall)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Season {
        Season::parse(text).unwrap()
    }

    #[test]
    fn a_season_the_board_has_not_reached_is_refused_c1() {
        let e = may_record(Some(s("S1901")), s("F1909"), false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "The board is at S1901: the counts of F1909, a season it has not reached, cannot be recorded (C.1)."
        );
        assert!(
            may_record(Some(s("F1901")), s("F1901"), true).is_ok(),
            "the GM mends the current season"
        );
        assert!(
            may_record(Some(s("S1903")), s("F1902"), false).is_ok(),
            "a season missed is filled"
        );
        assert!(
            may_record(None, s("F1909"), false).is_ok(),
            "a board gavel runs no turn of"
        );
    }

    #[test]
    fn a_past_seasons_recorded_counts_change_only_by_the_tds_correction_d_viii_1() {
        assert_eq!(
            may_record(Some(s("S1903")), s("F1902"), true),
            Err(CountsError::Past {
                season: s("F1902"),
                current: s("S1903")
            })
        );
    }

    #[test]
    fn a_solo_or_the_last_fall_ends_the_game_b3_c4() {
        let even = Centres::parse("A=5 E=5 F=5 G=5 I=5 R=5 T=4").unwrap();
        let solo = Centres::parse("A=18 E=4 F=4 G=4 I=4").unwrap();
        assert!(!ends_game(&even, s("F1908"), 1909));
        assert!(ends_game(&even, s("F1909"), 1909));
        assert!(!ends_game(&even, s("S1909"), 1909));
        assert!(ends_game(&solo, s("S1903"), 1909));
    }
}
