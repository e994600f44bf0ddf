//! Seasons and turns: Spring and Fall of a year (the seasons C.14 counts), and the movement,
//! retreat and adjustment turns within them (D.VII.4 gives each kind its minimum length).

use std::fmt;

/// The first year of every game.
pub const FIRST_YEAR: u16 = 1901;

/// Spring or Fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Half {
    Spring,
    Fall,
}

/// A season: "S1901", "F1909". Summer and Winter are not seasons for C.14.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Season {
    pub year: u16,
    pub half: Half,
}

impl Season {
    pub const fn spring(year: u16) -> Season {
        Season {
            year,
            half: Half::Spring,
        }
    }

    pub const fn fall(year: u16) -> Season {
        Season {
            year,
            half: Half::Fall,
        }
    }

    /// Reads "S1901", "F1908", "Spring 1901", "fall 1908".
    pub fn parse(text: &str) -> Option<Season> {
        let t = text.trim().to_ascii_lowercase();
        let (half, rest) = if let Some(r) = t.strip_prefix("spring") {
            (Half::Spring, r)
        } else if let Some(r) = t.strip_prefix("fall") {
            (Half::Fall, r)
        } else if let Some(r) = t.strip_prefix('s') {
            (Half::Spring, r)
        } else if let Some(r) = t.strip_prefix('f') {
            (Half::Fall, r)
        } else {
            return None;
        };
        let year: u16 = rest.trim().parse().ok()?;
        (FIRST_YEAR..=2100)
            .contains(&year)
            .then_some(Season { year, half })
    }

    /// 0 for Spring 1901, 1 for Fall 1901, 2 for Spring 1902, ...
    pub fn index(self) -> u32 {
        u32::from(self.year - FIRST_YEAR) * 2 + u32::from(self.half == Half::Fall)
    }

    /// The season after this one.
    pub fn next(self) -> Season {
        match self.half {
            Half::Spring => Season::fall(self.year),
            Half::Fall => Season::spring(self.year + 1),
        }
    }

    /// Seasons from `first` to `last`, both counted: Spring 1907 to Fall 1909 is 6.
    pub fn count(first: Season, last: Season) -> u32 {
        (last.index() + 1).saturating_sub(first.index())
    }
}

impl fmt::Display for Season {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = match self.half {
            Half::Spring => 'S',
            Half::Fall => 'F',
        };
        write!(f, "{h}{}", self.year)
    }
}

/// The kind of a turn: D.VII.4 gives movement at least 3 days, the others at least 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    Movement,
    Retreat,
    Adjustment,
}

/// A turn of the game: Spring 1901 movement, Fall 1906 retreats, Winter 1906 adjustments (kept
/// with the Fall of its year).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    pub season: Season,
    pub phase: Phase,
}

impl Turn {
    /// The game's first turn.
    pub const FIRST: Turn = Turn {
        season: Season::spring(FIRST_YEAR),
        phase: Phase::Movement,
    };

    /// Reads "S1901M", "F1901R", "W1901A", and "F1908" as a movement turn.
    pub fn parse(text: &str) -> Option<Turn> {
        let t = text.trim().to_ascii_uppercase();
        if let Some(year) = t.strip_prefix('W') {
            let year = year.trim_end_matches('A');
            let season = Season::parse(&format!("F{year}"))?;
            return Some(Turn {
                season,
                phase: Phase::Adjustment,
            });
        }
        let (body, phase) = if let Some(b) = t.strip_suffix('M') {
            (b, Phase::Movement)
        } else if let Some(b) = t.strip_suffix('R') {
            (b, Phase::Retreat)
        } else {
            (t.as_str(), Phase::Movement)
        };
        let season = Season::parse(body)?;
        Some(Turn { season, phase })
    }

    /// The turn as one number, for a job's payload: seasons × 3 + the phase.
    pub fn code(self) -> i64 {
        i64::from(self.season.index()) * 3
            + match self.phase {
                Phase::Movement => 0,
                Phase::Retreat => 1,
                Phase::Adjustment => 2,
            }
    }

    /// The turn from its [`Turn::code`].
    pub fn from_code(code: i64) -> Option<Turn> {
        let index = u32::try_from(code / 3).ok()?;
        let year = FIRST_YEAR.checked_add(u16::try_from(index / 2).ok()?)?;
        let half = if index % 2 == 0 {
            Half::Spring
        } else {
            Half::Fall
        };
        let phase = match code % 3 {
            0 => Phase::Movement,
            1 => Phase::Retreat,
            _ => Phase::Adjustment,
        };
        Some(Turn {
            season: Season { year, half },
            phase,
        })
    }

    /// The turn after this one: movement, retreats, (in Fall) adjustments.
    pub fn next(self) -> Turn {
        let (season, phase) = match (self.season.half, self.phase) {
            (_, Phase::Movement) => (self.season, Phase::Retreat),
            (Half::Spring, _) => (self.season.next(), Phase::Movement),
            (Half::Fall, Phase::Retreat) => (self.season, Phase::Adjustment),
            (Half::Fall, Phase::Adjustment) => (self.season.next(), Phase::Movement),
        };
        Turn { season, phase }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.phase {
            Phase::Movement => write!(f, "{}M", self.season),
            Phase::Retreat => write!(f, "{}R", self.season),
            Phase::Adjustment => write!(f, "W{}A", self.season.year),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spring_1907_to_fall_1909_is_six_seasons_c14() {
        assert_eq!(Season::count(Season::spring(1907), Season::fall(1909)), 6);
        assert_eq!(Season::count(Season::spring(1901), Season::fall(1906)), 12);
        assert_eq!(Season::count(Season::spring(1901), Season::fall(1909)), 18);
    }

    #[test]
    fn seasons_and_turns_read_as_they_are_written() {
        assert_eq!(Season::parse("F1908"), Some(Season::fall(1908)));
        assert_eq!(Season::parse("spring 1901"), Some(Season::spring(1901)));
        assert_eq!(Season::parse("F1899"), None);
        assert_eq!(Season::fall(1909).to_string(), "F1909");
        let w = Turn::parse("W1906A").unwrap();
        assert_eq!(w.phase, Phase::Adjustment);
        assert_eq!(w.to_string(), "W1906A");
        assert_eq!(Turn::parse("F1901").unwrap().phase, Phase::Movement);
    }

    #[test]
    fn a_turn_survives_its_code() {
        let mut t = Turn::FIRST;
        for _ in 0..40 {
            assert_eq!(Turn::from_code(t.code()), Some(t));
            t = t.next();
        }
    }

    #[test]
    fn a_year_runs_spring_movement_retreats_fall_movement_retreats_adjustments() {
        let mut t = Turn::FIRST;
        let mut seen = vec![];
        for _ in 0..6 {
            seen.push(t.to_string());
            t = t.next();
        }
        assert_eq!(
            seen,
            ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
        );
    }
}
