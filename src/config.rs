//! Configuration: `config.toml` read into typed structs, with defaults that mirror the chess club's Terms.

mod committees;
mod leaderboard;
mod roles;

use std::path::{Path, PathBuf};

use chrono::{NaiveTime, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Deserializer};

pub use crate::domain::nomic::parameters::Procedure;
pub use committees::CommitteesConfig;
pub use leaderboard::LeaderboardConfig;
pub use roles::{RolesConfig, BANNED};

/// Why a configuration was refused; every message names the key at fault.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("the configuration file {path} does not exist (it was named with --config or GAVEL_CONFIG); gavel will not start a new, empty club from a mistyped path")]
    Missing { path: PathBuf },
    #[error("{path}: key `{key}`: {message}")]
    Invalid {
        path: PathBuf,
        key: &'static str,
        message: String,
    },
}

/// The whole configuration of one club.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub club: ClubConfig,
    pub database: DatabaseConfig,
    pub discord: DiscordConfig,
    pub chief_justice: ChiefJusticeConfig,
    pub scores: ScoreConfig,
    pub session: SessionConfig,
    pub moderation: ModerationConfig,
    pub decay: DecayConfig,
    pub rules: RulesConfig,
    pub orders: OrdersConfig,
    pub court: CourtConfig,
    pub portal: PortalConfig,
    pub tournament: TournamentConfig,
    pub committees: CommitteesConfig,
    pub leaderboard: LeaderboardConfig,
}

/// The public portal (`gavel portal`, and `gavel run` when `listen` is set).
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct PortalConfig {
    /// Where the portal listens, `host:port` (for example `127.0.0.1:8080`); when set, `gavel
    /// run` serves the portal beside the bot.
    pub listen: Option<String>,
    /// The portal's address as the public reaches it (for example `https://club.example`);
    /// when set, announcements link to its pages, such as the Party Board's PNG.
    pub public_url: Option<String>,
    /// Seconds a shared cache in front of the portal (a reverse proxy, a CDN) may answer a page
    /// from its copy without asking (`Cache-Control: s-maxage`); 0, the default, has it ask
    /// each time, as browsers always do.
    pub shared_max_age: u32,
}

impl PortalConfig {
    /// The address to listen on, if one is set (checked when the config is loaded).
    pub fn address(&self) -> Option<std::net::SocketAddr> {
        self.listen.as_deref().and_then(|a| a.parse().ok())
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClubConfig {
    /// Shown in replies and announcements.
    pub name: String,
    /// An IANA zone name; every "day", "week" and "Friday" is counted in it.
    #[serde(deserialize_with = "de_timezone")]
    pub timezone: Tz,
}

impl Default for ClubConfig {
    fn default() -> Self {
        Self {
            name: "Friday Lunch Chess Club".into(),
            timezone: chrono_tz::Europe::London,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DatabaseConfig {
    /// SQLite file, relative to the configuration file's folder; `:memory:` for a throwaway
    /// database.
    pub path: String,
}

impl DatabaseConfig {
    /// The path as written in the config file at `config`, made relative to that file's folder
    /// when it is relative (the in-memory path is left as it is).
    fn resolved(&self, config: &Path) -> String {
        let path = Path::new(&self.path);
        if self.path == crate::store::IN_MEMORY || path.is_absolute() {
            return self.path.clone();
        }
        match config.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => {
                folder.join(path).to_string_lossy().into_owned()
            }
            _ => self.path.clone(),
        }
    }
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        Self {
            path: "gavel.db".into(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct DiscordConfig {
    /// The club's server: gavel registers its slash commands there alone and refuses every
    /// interaction from anywhere else. `gavel run` will not start without it.
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub guild_id: Option<u64>,
    /// Where announcements are posted.
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub discussion_channel_id: Option<u64>,
    /// The Moderators' private channel: members' reports of messages are posted there, with
    /// the buttons Take action and Dismiss. Unset, reports wait in the outbox.
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub mod_channel_id: Option<u64>,
    /// The mod log: every moderator action, declaration, void, office change, Court decision
    /// and report outcome, as it happens, with the private details Moderators need.
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub modlog_channel_id: Option<u64>,
    /// Send every REST call through this HTTP proxy (twilight-http-proxy, or a fake Discord).
    pub proxy_url: Option<String>,
    /// A command still working after this many milliseconds defers its reply (Discord shows
    /// "thinking...") and edits it when done, so no command outlives Discord's 3-second limit.
    pub defer_after_ms: Option<u64>,
    /// `[discord.roles]`: the roles that follow offices, and the banned role.
    pub roles: RolesConfig,
}

impl DiscordConfig {
    /// When a command defers its reply: 1.5 s unless configured.
    pub fn defer_after(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.defer_after_ms.unwrap_or(1500))
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ChiefJusticeConfig {
    /// The Discord user who holds the office of Chief Justice from the start.
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub discord_id: Option<u64>,
    /// The same person's name in the console.
    pub name: String,
}

impl Default for ChiefJusticeConfig {
    fn default() -> Self {
        Self {
            discord_id: None,
            name: "cj".into(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScoreConfig {
    /// The score a member joins with (Terms §II Act 1).
    pub initial: i64,
    /// No score goes below this (Terms §II Act 2, Act 6).
    pub floor: i64,
    /// The Elo K factor (Terms §II Act 3).
    pub elo_k: f64,
    /// The share of a normal change that an online game moves (Terms §I Act 9.3).
    pub online_weight: f64,
}

impl Default for ScoreConfig {
    fn default() -> Self {
        Self {
            initial: 100,
            floor: 100,
            elo_k: 32.0,
            online_weight: 0.5,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SessionConfig {
    /// The weekday of club sessions (Terms §0 Act 5), the day bans follow (§II Act 9.2).
    #[serde(deserialize_with = "de_weekday")]
    pub day: Weekday,
    /// Every weekday a session is held, when the club meets more than once a week; `day` is
    /// always one of them.
    #[serde(deserialize_with = "de_weekdays")]
    pub days: Vec<Weekday>,
    /// Start of the session window, club time, `HH:MM`.
    #[serde(deserialize_with = "de_time")]
    pub start: NaiveTime,
    /// End of the session window, club time, `HH:MM`.
    #[serde(deserialize_with = "de_time")]
    pub end: NaiveTime,
    /// Where sessions are held.
    pub place: String,
    /// Minutes after a session closes during which its games may still be registered or
    /// adjudicated (games stopped by the bell, Terms §I Act 5).
    pub registration_grace: i64,
}

impl Default for SessionConfig {
    fn default() -> Self {
        Self {
            day: Weekday::Fri,
            days: Vec::new(),
            start: NaiveTime::from_hms_opt(12, 30, 0).expect("valid time"),
            end: NaiveTime::from_hms_opt(13, 10, 0).expect("valid time"),
            place: "322".into(),
            registration_grace: 30,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ModerationConfig {
    /// Days a Moderator has to declare an action before a penalty is void (Terms §III Act 2.4).
    pub declaration_days: i64,
}

impl Default for ModerationConfig {
    fn default() -> Self {
        Self {
            declaration_days: 7,
        }
    }
}

/// How the Judge of a new Point of Order is named (Nomic 214).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum JudgeRule {
    /// The player whose allocated day preceded the current day (Nomic 214).
    #[default]
    Rotation,
    /// The Chief Justice judges every new Point, player or not, except in their own or a
    /// team-mate's turn, after forfeiting, or once overruled that day; overruling and forfeit
    /// pass it along the rotation as usual.
    ChiefJustice,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct OrdersConfig {
    /// `"rotation"` (Nomic 214) or `"chief_justice"`.
    pub judge: JudgeRule,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CourtConfig {
    /// Club days a Moderator has to answer a petition against a monitor still in place after
    /// the session immediately following it (Terms §II Act 10.5).
    pub response_days: i64,
}

impl Default for CourtConfig {
    fn default() -> Self {
        Self { response_days: 3 }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DecayConfig {
    /// Consecutive held weeks before a weekly deduction applies (Terms §II Act 6.1, 6.2).
    pub weeks: usize,
    /// Points lost for each week absent, from the `weeks`-th on (Terms §II Act 6.1).
    pub absence_points: i64,
    /// Points lost for each held week without a game since the member's last game, present or
    /// not, from the `weeks`-th on (Act 6.2).
    pub inactivity_points: i64,
}

impl Default for DecayConfig {
    fn default() -> Self {
        Self {
            weeks: 3,
            absence_points: 15,
            inactivity_points: 5,
        }
    }
}

/// Tournaments (ACWC 2019): where their posts go.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct TournamentConfig {
    /// The tournament channel (pairings, results, rulings); #discussion when left out.
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub channel_id: Option<u64>,
    /// Lichess's address (`https://lichess.org`): `/tournament fetch` reads an account's facts
    /// from its public API. Left out, the Director records them by hand.
    pub lichess_url: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct RulesConfig {
    /// `nomic` or `chief_justice` (the default, the Terms §IV).
    pub procedure: Procedure,
    /// Where proposals and votes are posted (Nomic 201's "voting thread").
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub voting_channel_id: Option<u64>,
    /// Where changes of points are posted (Nomic 209).
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub points_channel_id: Option<u64>,
    /// The hour-before reminder of who has not voted pings them when true (names only when
    /// false).
    pub reminder_pings: bool,
    /// The procedure's parameters at the start, by name (`/procedure set` changes them later);
    /// a name left out takes the Initial Set's value. Values may be written as numbers or text.
    #[serde(deserialize_with = "de_parameters")]
    pub parameters: std::collections::BTreeMap<String, String>,
}

impl Config {
    /// The configured Discord channel of an outbox channel name; `None` keeps its entries until
    /// one is configured (or shows them in the console).
    pub fn channel_id(&self, name: &str) -> Option<u64> {
        use crate::store::outbox::{
            DISCUSSION, MODERATORS, MOD_LOG, POINTS, TD_REPORTS, TOURNAMENT, VOTING,
        };
        match name {
            DISCUSSION => self.discord.discussion_channel_id,
            TOURNAMENT => self
                .tournament
                .channel_id
                .or(self.discord.discussion_channel_id),
            TD_REPORTS => self.committees.td_channel_id,
            MODERATORS => self.discord.mod_channel_id,
            MOD_LOG => self.discord.modlog_channel_id,
            VOTING => self.rules.voting_channel_id,
            POINTS => self.rules.points_channel_id,
            _ => None,
        }
    }

    /// Reads `path`; a missing file gives the built-in defaults. A relative `database.path`
    /// is read relative to the configuration file's folder, wherever gavel is started.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let mut config = Self::from_toml(&text, path)?;
                config.database.path = config.database.resolved(path);
                Ok(config)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Self::default()),
            Err(source) => Err(ConfigError::Read {
                path: path.to_owned(),
                source,
            }),
        }
    }

    /// Reads the configuration file named on purpose (`--config`, `GAVEL_CONFIG`): unlike
    /// [`Config::load`], a missing file is an error.
    pub fn load_named(path: &Path) -> Result<Self, ConfigError> {
        if !path.exists() {
            return Err(ConfigError::Missing {
                path: path.to_owned(),
            });
        }
        Self::load(path)
    }

    /// The keys `gavel run` needs that this configuration leaves out, each with where to find
    /// its value: the bot refuses to start without them, and `gavel check-config` names them.
    pub fn missing_for_discord(&self) -> Vec<String> {
        let mut missing = Vec::new();
        if self.discord.guild_id.is_none() {
            missing.push(
                "discord.guild_id: the club's server, whose commands gavel registers and whose interactions alone it takes (right-click the server with developer mode on, Copy Server ID)".to_owned(),
            );
        }
        if self.discord.discussion_channel_id.is_none() {
            missing.push(
                "discord.discussion_channel_id: #discussion, where declarations and announcements are posted; without it they wait for ever and undeclared penalties become void (Terms §III Act 2.4.2)".to_owned(),
            );
        }
        if self.chief_justice.discord_id.is_none() {
            missing.push(
                "chief_justice.discord_id: on Discord the Chief Justice is known only by their user id (right-click them with developer mode on, Copy User ID)".to_owned(),
            );
        }
        missing
    }

    /// Parses and validates a configuration text; `origin` names it in messages.
    pub fn from_toml(text: &str, origin: &Path) -> Result<Self, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: origin.to_owned(),
            message: format!("\n{}", e.to_string().trim_end()),
        })?;
        config.validate(origin)?;
        Ok(config)
    }

    fn validate(&self, origin: &Path) -> Result<(), ConfigError> {
        let invalid = |key, message: &str| {
            Err(ConfigError::Invalid {
                path: origin.to_owned(),
                key,
                message: message.to_owned(),
            })
        };
        if self.club.name.trim().is_empty() {
            return invalid("club.name", "must not be empty");
        }
        if self.database.path.trim().is_empty() {
            return invalid("database.path", "must not be empty");
        }
        if self.chief_justice.name.trim().is_empty() {
            return invalid("chief_justice.name", "must not be empty");
        }
        if let Some(url) = &self.discord.proxy_url {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return invalid("discord.proxy_url", "must start with http:// or https://");
            }
        }
        if self.scores.initial < self.scores.floor {
            return invalid("scores.initial", "must not be below scores.floor");
        }
        if !(self.scores.elo_k > 0.0 && self.scores.elo_k <= 400.0) {
            return invalid("scores.elo_k", "must be greater than 0 and at most 400");
        }
        if !(self.scores.online_weight > 0.0 && self.scores.online_weight <= 1.0) {
            return invalid(
                "scores.online_weight",
                "must be greater than 0 and at most 1",
            );
        }
        if self.session.start >= self.session.end {
            return invalid("session.end", "must be later than session.start");
        }
        if !(1..=52).contains(&self.decay.weeks) {
            return invalid("decay.weeks", "must be from 1 to 52");
        }
        if self.decay.absence_points < 0 || self.decay.inactivity_points < 0 {
            return invalid(
                "decay.absence_points",
                "deductions are written as positive numbers",
            );
        }
        let mut settings = crate::domain::nomic::parameters::Settings::new(self.rules.procedure);
        for (name, value) in &self.rules.parameters {
            if let Err(e) = settings.set(name, value) {
                return invalid("rules.parameters", &e.to_string());
            }
        }
        if let Some(listen) = &self.portal.listen {
            if listen.parse::<std::net::SocketAddr>().is_err() {
                return invalid(
                    "portal.listen",
                    "must be an address and port such as 127.0.0.1:8080",
                );
            }
        }
        if !(1..=31).contains(&self.leaderboard.confirm_days) {
            return invalid("leaderboard.confirm_days", "must be from 1 to 31");
        }
        if !(1..=31).contains(&self.moderation.declaration_days) {
            return invalid("moderation.declaration_days", "must be from 1 to 31");
        }
        Ok(())
    }
}

fn de_timezone<'de, D: Deserializer<'de>>(d: D) -> Result<Tz, D::Error> {
    let name = String::deserialize(d)?;
    name.parse::<Tz>().map_err(|_| {
        serde::de::Error::custom(format!(
            "`{name}` is not an IANA time zone name (for example Europe/London)"
        ))
    })
}

fn de_weekday<'de, D: Deserializer<'de>>(d: D) -> Result<Weekday, D::Error> {
    let name = String::deserialize(d)?;
    name.parse::<Weekday>().map_err(|_| {
        serde::de::Error::custom(format!("`{name}` is not a weekday (for example Friday)"))
    })
}

fn de_weekdays<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Weekday>, D::Error> {
    let names = Vec::<String>::deserialize(d)?;
    names
        .iter()
        .map(|name| {
            name.parse::<Weekday>().map_err(|_| {
                serde::de::Error::custom(format!("`{name}` is not a weekday (for example Friday)"))
            })
        })
        .collect()
}

fn de_time<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveTime, D::Error> {
    let text = String::deserialize(d)?;
    NaiveTime::parse_from_str(&text, "%H:%M")
        .map_err(|_| serde::de::Error::custom(format!("`{text}` is not a time of day as HH:MM")))
}

/// Parameters as text, whether written as numbers, words or `true`/`false`.
fn de_parameters<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<std::collections::BTreeMap<String, String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Int(i64),
        Bool(bool),
        Text(String),
    }
    let raw = std::collections::BTreeMap::<String, Raw>::deserialize(d)?;
    Ok(raw
        .into_iter()
        .map(|(name, value)| {
            let text = match value {
                Raw::Int(n) => n.to_string(),
                Raw::Bool(b) => if b { "yes" } else { "no" }.to_owned(),
                Raw::Text(t) => t,
            };
            (name, text)
        })
        .collect())
}

/// Discord ids are accepted as integers or as strings of digits (as Discord's client copies them).
fn de_snowflake_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Int(i64),
        Text(String),
    }
    let id = match Raw::deserialize(d)? {
        Raw::Int(n) if n > 0 => n as u64,
        Raw::Text(s) if s.parse::<u64>().is_ok_and(|n| n > 0) => s.parse().expect("checked"),
        _ => {
            return Err(serde::de::Error::custom(
                "must be a Discord id: a positive whole number",
            ))
        }
    };
    Ok(Some(id))
}

#[cfg(test)]
mod tests;
