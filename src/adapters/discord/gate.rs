//! Only the club's server: every interaction (slash command, button press, submitted form) is
//! checked for where it came from before anything reads its options. One from another server,
//! or from a direct message, is refused privately and logged, and nothing runs.
//!
//! Direct messages are refused as a rule. A command may one day be declared usable there (in
//! `IN_DIRECT_MESSAGES`), and only a command that acts on the sender's own record alone, since a
//! direct message says nothing about the sender's place in the club's server.

use poise::serenity_prelude as serenity;

/// Commands that may be used in a direct message with gavel: none yet. Each must act only on
/// the sender's own record (their profile, their history), never on anyone else's.
const IN_DIRECT_MESSAGES: &[&str] = &[];

/// Where an interaction came from, as Discord says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The club's server (`discord.guild_id`).
    Club,
    /// A direct message with gavel.
    Direct,
    /// Another server gavel was added to.
    Elsewhere(u64),
}

impl Place {
    /// The place of an interaction whose guild is `guild`, for the club's server `club` (with
    /// none configured, no server is the club's).
    pub fn of(guild: Option<serenity::GuildId>, club: Option<u64>) -> Self {
        match guild {
            Some(id) if Some(id.get()) == club => Place::Club,
            Some(id) => Place::Elsewhere(id.get()),
            None => Place::Direct,
        }
    }
}

/// Admits an interaction from `place` that runs `path` (a command's path, when the interaction
/// names one gavel knows), or gives the private refusal to send. A refusal is logged with who
/// sent it and from where.
pub fn admit(
    place: Place,
    path: Option<&str>,
    user: serenity::UserId,
    what: &str,
) -> Result<(), String> {
    match place {
        Place::Club => Ok(()),
        Place::Direct if path.is_some_and(|p| IN_DIRECT_MESSAGES.contains(&p)) => Ok(()),
        Place::Direct => {
            tracing::warn!(
                user = user.get(),
                interaction = what,
                "refused an interaction from a direct message"
            );
            Err("gavel takes no commands in direct messages: use them in the club's server. Nothing was done.".into())
        }
        Place::Elsewhere(guild) => {
            tracing::warn!(
                user = user.get(),
                guild,
                interaction = what,
                "refused an interaction from another server"
            );
            Err("gavel serves only its club's server; nothing was done here.".into())
        }
    }
}

/// Commands a button on gavel's own direct message may run there: the Appeal button of a case
/// notice, which `notice` checks is pressed by the member the case is about.
const FROM_OWN_DIRECT_MESSAGES: &[&str] = &["court appeal"];

/// Admits a press (or the form it opened) on a message gavel itself sent in a direct message
/// with the presser, when its command is one such messages carry; anything else is judged as
/// any other interaction (`admit`).
pub fn admit_on_own_message(
    place: Place,
    path: Option<&str>,
    user: serenity::UserId,
    what: &str,
) -> Result<(), String> {
    match place {
        Place::Direct if path.is_some_and(|p| FROM_OWN_DIRECT_MESSAGES.contains(&p)) => Ok(()),
        _ => admit(place, path, user, what),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks: the club's server is admitted; another server (9999) and a direct message are
    /// refused, whatever the command; no command is declared usable in direct messages yet.
    #[test]
    fn only_the_clubs_server_is_admitted() {
        let club = Some(2000);
        let user = serenity::UserId::new(7);
        let here = Place::of(Some(serenity::GuildId::new(2000)), club);
        let there = Place::of(Some(serenity::GuildId::new(9999)), club);
        let direct = Place::of(None, club);
        assert_eq!(
            (here, there, direct),
            (Place::Club, Place::Elsewhere(9999), Place::Direct)
        );
        assert_eq!(admit(here, Some("join"), user, "/join"), Ok(()));
        assert_eq!(admit(here, None, user, "b/?"), Ok(()));
        for path in [Some("join"), Some("profile"), Some("mod technical"), None] {
            assert!(admit(there, path, user, "x").is_err(), "{path:?}");
            assert!(admit(direct, path, user, "x").is_err(), "{path:?}");
        }
        assert!(IN_DIRECT_MESSAGES.is_empty());
        // A press on gavel's own direct message may appeal; nothing else is admitted there, and
        // the same command from another server stays refused.
        assert_eq!(
            admit_on_own_message(direct, Some("court appeal"), user, "x"),
            Ok(())
        );
        assert!(admit_on_own_message(direct, Some("mod ban"), user, "x").is_err());
        assert!(admit_on_own_message(there, Some("court appeal"), user, "x").is_err());
        let unset = Place::of(Some(serenity::GuildId::new(2000)), None);
        assert_eq!(unset, Place::Elsewhere(2000));
    }
}
