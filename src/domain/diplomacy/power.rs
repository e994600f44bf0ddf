//! The seven great powers and their one-letter names (A E F G I R T).

use std::fmt;

/// A great power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Power {
    Austria,
    England,
    France,
    Germany,
    Italy,
    Russia,
    Turkey,
}

crate::offered_as_words! {
    Power {
        Power::Austria => "A",
        Power::England => "E",
        Power::France => "F",
        Power::Germany => "G",
        Power::Italy => "I",
        Power::Russia => "R",
        Power::Turkey => "T",
    }
}

impl Power {
    /// The seven, in the order the rulebook lists them.
    pub const ALL: [Power; 7] = [
        Power::Austria,
        Power::England,
        Power::France,
        Power::Germany,
        Power::Italy,
        Power::Russia,
        Power::Turkey,
    ];

    /// The power's letter: "A" for Austria.
    pub fn letter(self) -> char {
        self.name().chars().next().unwrap_or('?')
    }

    pub fn name(self) -> &'static str {
        match self {
            Power::Austria => "Austria",
            Power::England => "England",
            Power::France => "France",
            Power::Germany => "Germany",
            Power::Italy => "Italy",
            Power::Russia => "Russia",
            Power::Turkey => "Turkey",
        }
    }

    /// Reads a letter or a name, in any case: "F", "france".
    pub fn parse(text: &str) -> Option<Power> {
        let t = text.trim().to_ascii_lowercase();
        Power::ALL.into_iter().find(|p| {
            t == p.name().to_ascii_lowercase() || t == p.letter().to_ascii_lowercase().to_string()
        })
    }

    /// The power's place in [`Power::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_power_is_read_from_its_letter_or_its_name() {
        assert_eq!(Power::parse("F"), Some(Power::France));
        assert_eq!(Power::parse("turkey"), Some(Power::Turkey));
        assert_eq!(Power::parse("X"), None);
        assert_eq!(Power::Germany.letter(), 'G');
    }
}
