//! Offices a person can hold, and what each may do.

use std::fmt;

/// An office under the Terms (§III). Offices are held by people, Members or not (§II Act 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Office {
    ChiefJustice,
    Justice,
    Moderator,
    /// School staff who may ban without Court review (§III Act 6).
    Staff,
}

/// The offices typed in commands, in the order members are offered them.
pub const APPOINTABLE: &[&str] = &["moderator", "justice", "staff"];

impl Office {
    pub const ALL: [Office; 4] = [
        Office::ChiefJustice,
        Office::Justice,
        Office::Moderator,
        Office::Staff,
    ];

    /// The name stored in the database and typed in commands.
    pub fn key(self) -> &'static str {
        match self {
            Office::ChiefJustice => "chief_justice",
            Office::Justice => "justice",
            Office::Moderator => "moderator",
            Office::Staff => "staff",
        }
    }

    pub fn from_key(key: &str) -> Option<Office> {
        Office::ALL.into_iter().find(|o| o.key() == key)
    }

    /// "a Moderator", "a Justice", "a member of Staff".
    pub fn with_article(self) -> String {
        match self {
            Office::Staff => "a member of Staff".into(),
            other => format!("a {other}"),
        }
    }

    /// Offices the Chief Justice fills by appointment; the Chief Justice comes from config.
    pub fn appointable(self) -> bool {
        self != Office::ChiefJustice
    }
}

impl fmt::Display for Office {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Office::ChiefJustice => "Chief Justice",
            Office::Justice => "Justice",
            Office::Moderator => "Moderator",
            Office::Staff => "Staff",
        })
    }
}

/// The set of offices one person holds, with the powers that follow from them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offices(Vec<Office>);

impl Offices {
    pub fn new(mut offices: Vec<Office>) -> Self {
        offices.sort();
        offices.dedup();
        Self(offices)
    }

    pub fn holds(&self, office: Office) -> bool {
        self.0.contains(&office)
    }

    pub fn is_chief_justice(&self) -> bool {
        self.holds(Office::ChiefJustice)
    }

    /// Moderator powers: Moderators, Justices (§III Act 3.4) and the Chief Justice (§II Act 12, §III Act 4).
    pub fn has_moderator_powers(&self) -> bool {
        self.holds(Office::Moderator) || self.is_justice()
    }

    /// A member of the Court: a Justice or the Chief Justice.
    pub fn is_justice(&self) -> bool {
        self.holds(Office::Justice) || self.holds(Office::ChiefJustice)
    }

    pub fn iter(&self) -> impl Iterator<Item = Office> + '_ {
        self.0.iter().copied()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Offices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<String> = self.0.iter().map(|o| o.to_string()).collect();
        f.write_str(&names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn justices_and_the_chief_justice_hold_moderator_powers() {
        assert!(Offices::new(vec![Office::Justice]).has_moderator_powers());
        assert!(Offices::new(vec![Office::ChiefJustice]).has_moderator_powers());
        assert!(Offices::new(vec![Office::Moderator]).has_moderator_powers());
        assert!(!Offices::new(vec![Office::Staff]).has_moderator_powers());
        assert!(!Offices::default().has_moderator_powers());
    }

    #[test]
    fn the_chief_justice_is_not_appointed_by_command() {
        assert!(!Office::ChiefJustice.appointable());
        assert!(Office::Moderator.appointable());
    }

    #[test]
    fn every_office_offered_in_commands_is_appointable() {
        for key in APPOINTABLE {
            assert!(
                Office::from_key(key).is_some_and(Office::appointable),
                "{key}"
            );
        }
        let appointable = Office::ALL.iter().filter(|o| o.appointable()).count();
        assert_eq!(APPOINTABLE.len(), appointable);
    }

    #[test]
    fn office_keys_round_trip() {
        for o in Office::ALL {
            assert_eq!(Office::from_key(o.key()), Some(o));
        }
    }
}
