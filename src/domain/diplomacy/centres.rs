//! A season's supply-centre counts, as a GM reports them: "A=5 E=4 F=6 G=7 I=4 R=4 T=4". There
//! are 34 centres on the board, so the counts never add up to more.

use std::collections::BTreeMap;
use std::fmt;

use super::Power;

/// The centres on the board.
pub const BOARD_CENTRES: u32 = 34;

/// A solo takes this many (C.4).
pub const SOLO: u32 = 18;

/// Why counts were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CentresError {
    #[error("I can't read \"{0}\": write each power as letter=count, such as F=6.")]
    Unreadable(String),
    #[error("{0} is counted twice.")]
    Twice(Power),
    #[error("Those counts add up to {0}, but the board has only 34 supply centres.")]
    TooMany(u32),
}

/// Each power's centres; a power left out holds none (it is eliminated, C.1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Centres(BTreeMap<Power, u32>);

impl Centres {
    /// Counts from pairs; the total must be at most 34.
    pub fn new(pairs: impl IntoIterator<Item = (Power, u32)>) -> Result<Centres, CentresError> {
        let mut map = BTreeMap::new();
        for (p, n) in pairs {
            if map.insert(p, n).is_some() {
                return Err(CentresError::Twice(p));
            }
        }
        let c = Centres(map);
        let total = c.total();
        if total > BOARD_CENTRES {
            return Err(CentresError::TooMany(total));
        }
        Ok(c)
    }

    /// Reads "A=5 E=4 F=6 G=7 I=4 R=4 T=4" (letters or names, spaces or commas between).
    pub fn parse(text: &str) -> Result<Centres, CentresError> {
        let mut pairs = Vec::new();
        for item in text.split([' ', ',', ';']).filter(|s| !s.is_empty()) {
            let (p, n) = item
                .split_once(['=', ':'])
                .ok_or_else(|| CentresError::Unreadable(item.to_string()))?;
            let p = Power::parse(p).ok_or_else(|| CentresError::Unreadable(item.to_string()))?;
            let n: u32 = n
                .parse()
                .map_err(|_| CentresError::Unreadable(item.to_string()))?;
            pairs.push((p, n));
        }
        Centres::new(pairs)
    }

    /// The power's centres (0 when left out).
    pub fn of(&self, p: Power) -> u32 {
        self.0.get(&p).copied().unwrap_or(0)
    }

    pub fn total(&self) -> u32 {
        self.0.values().sum()
    }

    /// The power holding 18 or more, if any (C.4).
    pub fn solo(&self) -> Option<Power> {
        Power::ALL.into_iter().find(|&p| self.of(p) >= SOLO)
    }

    /// The counts of a solo as C.4 scores it: 34 for the winner, the others eliminated.
    pub fn solo_for(winner: Power) -> Centres {
        Centres(BTreeMap::from([(winner, BOARD_CENTRES)]))
    }

    /// The same counts with the powers outside `keep` eliminated (D.IX.4).
    pub fn only(&self, keep: &[Power]) -> Centres {
        Centres(
            self.0
                .iter()
                .filter(|(p, _)| keep.contains(p))
                .map(|(p, n)| (*p, *n))
                .collect(),
        )
    }
}

impl fmt::Display for Centres {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Power::ALL
            .into_iter()
            .map(|p| format!("{}={}", p.letter(), self.of(p)))
            .collect();
        f.write_str(&parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_the_gm_writes_them_and_powers_left_out_hold_none() {
        let c = Centres::parse("A=5 E=4 F=6 G=7 I=4 R=4").unwrap();
        assert_eq!(c.of(Power::Germany), 7);
        assert_eq!(c.of(Power::Turkey), 0);
        assert_eq!(c.total(), 30);
        assert_eq!(c.to_string(), "A=5 E=4 F=6 G=7 I=4 R=4 T=0");
    }

    #[test]
    fn counts_over_34_centres_are_refused() {
        assert_eq!(
            Centres::parse("A=10 E=10 F=10 G=5"),
            Err(CentresError::TooMany(35))
        );
        assert_eq!(
            Centres::parse("A=1 a=2"),
            Err(CentresError::Twice(Power::Austria))
        );
        assert!(matches!(
            Centres::parse("X=4"),
            Err(CentresError::Unreadable(_))
        ));
    }

    #[test]
    fn eighteen_centres_is_a_solo_c4() {
        let c = Centres::parse("F=18 G=10 E=6").unwrap();
        assert_eq!(c.solo(), Some(Power::France));
        assert_eq!(Centres::parse("F=17").unwrap().solo(), None);
    }
}
