//! `[discord.roles]`: the Discord role that follows each of gavel's offices, and the role a
//! banned member holds while banned. gavel gives and takes away only these roles.

use serde::Deserialize;

use super::de_snowflake_opt;

/// One optional role id per office key (as `/office appoint` types it), and `banned`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct RolesConfig {
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub chief_justice: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub justice: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub moderator: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub staff: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub td: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub atd: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub acting_td: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub tmc: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub chief_gm: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub gm: Option<u64>,
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub observer: Option<u64>,
    /// Held for the length of a ban (Terms §II Act 9).
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub banned: Option<u64>,
}

pub use crate::domain::roles::BANNED;

impl RolesConfig {
    /// Every configured role: (office key or `banned`, role id).
    pub fn managed(&self) -> Vec<(&'static str, u64)> {
        [
            ("chief_justice", self.chief_justice),
            ("justice", self.justice),
            ("moderator", self.moderator),
            ("staff", self.staff),
            ("td", self.td),
            ("atd", self.atd),
            ("acting_td", self.acting_td),
            ("tmc", self.tmc),
            ("chief_gm", self.chief_gm),
            ("gm", self.gm),
            ("observer", self.observer),
            (BANNED, self.banned),
        ]
        .into_iter()
        .filter_map(|(key, id)| id.map(|id| (key, id)))
        .collect()
    }

    /// The role configured for an office key (or `banned`).
    pub fn role_of(&self, key: &str) -> Option<u64> {
        self.managed()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, id)| id)
    }

    pub fn is_empty(&self) -> bool {
        self.managed().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kernel::office::Office;

    /// Checks: every office gavel knows has its key under `[discord.roles]`, and `banned` too.
    #[test]
    fn every_office_may_have_a_role() {
        for office in Office::ALL {
            let text = format!("{} = 123", office.key());
            let roles: RolesConfig =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", office.key()));
            assert_eq!(roles.role_of(office.key()), Some(123), "{}", office.key());
        }
        let roles: RolesConfig = toml::from_str("banned = \"456\"").expect("banned");
        assert_eq!(roles.managed(), [(BANNED, 456)]);
    }

    /// Checks: a role id that is no Discord id, and a key that is no office, are refused with
    /// the key named, as `gavel check-config` prints them.
    #[test]
    fn a_bad_role_is_refused_naming_its_key() {
        let origin = std::path::Path::new("config.toml");
        let bad_id =
            super::super::Config::from_toml("[discord.roles]\nmoderator = \"mods\"\n", origin)
                .expect_err("not an id")
                .to_string();
        assert!(bad_id.contains("moderator"), "{bad_id}");
        assert!(bad_id.contains("Discord id"), "{bad_id}");
        let no_office = super::super::Config::from_toml("[discord.roles]\nwizard = 5\n", origin)
            .expect_err("no such office")
            .to_string();
        assert!(no_office.contains("wizard"), "{no_office}");
    }
}
