//! A fixed choice as an enum: the words an option offers, written once beside the enum they
//! stand for (like poise's `ChoiceParameter`, but for both adapters). The command's declaration
//! takes its choices from `WORDS`, and the handler reads the enum, so a use case never matches
//! a word.

/// An enum whose values are offered as words.
pub trait Words: Sized + Copy + 'static {
    /// Every value, in the order offered.
    const ALL: &'static [Self];
    /// The words, in the same order.
    const WORDS: &'static [&'static str];

    /// The word for this value.
    fn word(self) -> &'static str;

    /// The value a word stands for (as offered: lower case).
    fn from_word(word: &str) -> Option<Self>;
}

/// Gives each listed enum its words; one invocation lists them all, and the test it generates
/// reads back every word of every one.
#[macro_export]
macro_rules! offered_as_words {
    ($($ty:ty { $($variant:path => $word:literal),+ $(,)? })+) => {
        $(
            impl $crate::domain::kernel::words::Words for $ty {
                const ALL: &'static [Self] = &[$($variant),+];
                const WORDS: &'static [&'static str] = &[$($word),+];

                fn word(self) -> &'static str {
                    match self {
                        $($variant => $word,)+
                    }
                }

                fn from_word(word: &str) -> Option<Self> {
                    match word {
                        $($word => Some($variant),)+
                        _ => None,
                    }
                }
            }
        )+

        #[test]
        fn every_offered_enum_reads_back_its_words() {
            $($crate::domain::kernel::words::round_trips::<$ty>();)+
        }
    };
}

/// Every value's word reads back as that value, and the words are listed in `ALL`'s order.
#[cfg(test)]
pub fn round_trips<T: Words + PartialEq + std::fmt::Debug>() {
    assert_eq!(T::ALL.len(), T::WORDS.len());
    for (value, word) in T::ALL.iter().zip(T::WORDS) {
        assert_eq!(value.word(), *word);
        assert_eq!(T::from_word(word), Some(*value));
    }
}

/// On or off: a setting turned one way or the other (`/notify set:`, `/mod clock state:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switch {
    On,
    Off,
}

crate::offered_as_words! {
    Switch {
        Switch::On => "on",
        Switch::Off => "off",
    }
}
