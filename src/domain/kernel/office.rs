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
    /// The Tournament Director of the Diplomacy house rules (A.2, A.3).
    TournamentDirector,
    /// An Assistant Tournament Director, at most two (A.2).
    AssistantDirector,
    /// The Assistant TD in the TD post for now (A.6): one at a time, and only an Assistant TD.
    ActingDirector,
    /// A member of the Tournament Management Committee, 5 to 8 (A.2).
    TmcMember,
    /// The Chief-GM (A.11).
    ChiefGm,
    /// The GM of one game (A.12); held per game.
    GameMaster,
    /// A Tournament Observer of one game (A.9, A.10); held per game.
    Observer,
}

/// An office the Chief Justice (or, for a game's offices, the TD) fills by command: every
/// office but the Chief Justice's, who is set in the configuration. Its words are the offices'
/// stored names, in the order members are offered them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Appointable {
    Moderator,
    Justice,
    Staff,
    TournamentDirector,
    AssistantDirector,
    ActingDirector,
    TmcMember,
    ChiefGm,
    GameMaster,
    Observer,
}

crate::offered_as_words! {
    Appointable {
        Appointable::Moderator => "moderator",
        Appointable::Justice => "justice",
        Appointable::Staff => "staff",
        Appointable::TournamentDirector => "td",
        Appointable::AssistantDirector => "atd",
        Appointable::ActingDirector => "acting_td",
        Appointable::TmcMember => "tmc",
        Appointable::ChiefGm => "chief_gm",
        Appointable::GameMaster => "gm",
        Appointable::Observer => "observer",
    }
}

impl From<Appointable> for Office {
    fn from(office: Appointable) -> Office {
        match office {
            Appointable::Moderator => Office::Moderator,
            Appointable::Justice => Office::Justice,
            Appointable::Staff => Office::Staff,
            Appointable::TournamentDirector => Office::TournamentDirector,
            Appointable::AssistantDirector => Office::AssistantDirector,
            Appointable::ActingDirector => Office::ActingDirector,
            Appointable::TmcMember => Office::TmcMember,
            Appointable::ChiefGm => Office::ChiefGm,
            Appointable::GameMaster => Office::GameMaster,
            Appointable::Observer => Office::Observer,
        }
    }
}

impl Office {
    pub const ALL: [Office; 11] = [
        Office::ChiefJustice,
        Office::Justice,
        Office::Moderator,
        Office::Staff,
        Office::TournamentDirector,
        Office::AssistantDirector,
        Office::ActingDirector,
        Office::TmcMember,
        Office::ChiefGm,
        Office::GameMaster,
        Office::Observer,
    ];

    /// The name stored in the database and typed in commands.
    pub fn key(self) -> &'static str {
        match self {
            Office::ChiefJustice => "chief_justice",
            Office::Justice => "justice",
            Office::Moderator => "moderator",
            Office::Staff => "staff",
            Office::TournamentDirector => "td",
            Office::AssistantDirector => "atd",
            Office::ActingDirector => "acting_td",
            Office::TmcMember => "tmc",
            Office::ChiefGm => "chief_gm",
            Office::GameMaster => "gm",
            Office::Observer => "observer",
        }
    }

    /// Offices held for one game at a time (A.9, A.12): appointed with `game:`.
    pub fn per_game(self) -> bool {
        matches!(self, Office::GameMaster | Office::Observer)
    }

    /// The Diplomacy house rules' offices (section A), as against the Terms'.
    pub fn is_tournament_office(self) -> bool {
        !matches!(
            self,
            Office::ChiefJustice | Office::Justice | Office::Moderator | Office::Staff
        )
    }

    pub fn from_key(key: &str) -> Option<Office> {
        Office::ALL.into_iter().find(|o| o.key() == key)
    }

    /// "a Moderator", "a Justice", "a member of Staff".
    pub fn with_article(self) -> String {
        match self {
            Office::Staff => "a member of Staff".into(),
            Office::AssistantDirector | Office::ActingDirector => format!("an {self}"),
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
            Office::TournamentDirector => "Tournament Director",
            Office::AssistantDirector => "Assistant TD",
            Office::ActingDirector => "Acting TD",
            Office::TmcMember => "TMC member",
            Office::ChiefGm => "Chief-GM",
            Office::GameMaster => "GM",
            Office::Observer => "Tournament Observer",
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

    /// The TD's powers: the Tournament Director, or the Assistant TD acting as TD (A.6).
    pub fn is_director(&self) -> bool {
        self.holds(Office::TournamentDirector) || self.holds(Office::ActingDirector)
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
    fn every_office_offered_in_commands_is_an_appointable_office_under_its_stored_name() {
        use crate::domain::kernel::words::Words;
        for offered in Appointable::ALL {
            let office = Office::from(*offered);
            assert!(office.appointable(), "{office}");
            assert_eq!(office.key(), offered.word());
        }
        let appointable = Office::ALL.iter().filter(|o| o.appointable()).count();
        assert_eq!(Appointable::ALL.len(), appointable);
    }

    #[test]
    fn office_keys_round_trip() {
        for o in Office::ALL {
            assert_eq!(Office::from_key(o.key()), Some(o));
        }
    }
}
