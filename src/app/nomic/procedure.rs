//! `/procedure show` and `/procedure set`: the procedure's parameters, seeded from config and
//! changed by the Chief Justice when an adopted change alters one, recorded and announced.

use std::fmt;

use sqlx::SqliteConnection;

use crate::app::{App, Call};
use crate::domain::kernel::authority::Power;
use crate::store;

use super::RulesError;
use crate::domain::nomic::parameters::{check_first_proposal, Settings, NAMES};

/// The reply to `/procedure show`.
#[derive(Debug, Clone)]
pub struct SettingsShown(pub Settings);

impl fmt::Display for SettingsShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = NAMES
            .iter()
            .map(|(name, what)| {
                format!("{name} = {} ({what})", self.0.get(name).unwrap_or_default())
            })
            .collect();
        f.write_str(&lines.join("\n"))
    }
}

/// The reply to `/procedure set`.
#[derive(Debug, Clone)]
pub struct ParameterSet {
    pub name: String,
    pub before: String,
    pub after: String,
    pub by: String,
}

impl fmt::Display for ParameterSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} set the procedure's {} from {} to {}.",
            self.by, self.name, self.before, self.after
        )
    }
}

impl App {
    /// The procedure and its numbers: the Initial Set's, then config, then what
    /// `/procedure set` stored.
    pub(crate) async fn settings(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<Settings, RulesError> {
        let rules = &self.config().rules;
        let mut settings = Settings::new(rules.procedure);
        for (name, value) in &rules.parameters {
            // Checked when the config was read.
            settings.set(name, value)?;
        }
        for (name, value) in store::nomic::procedure::all(conn).await? {
            settings.set(&name, &value)?;
        }
        Ok(settings)
    }

    /// `/procedure show`.
    pub async fn procedure_show(&self, call: &Call) -> Result<SettingsShown, RulesError> {
        self.execute(call, async |conn, _actor| {
            Ok(SettingsShown(self.settings(conn).await?))
        })
        .await
    }

    /// `/procedure set`: the Chief Justice applies a change of a parameter.
    pub async fn procedure_set(
        &self,
        call: &Call,
        name: &str,
        value: &str,
    ) -> Result<ParameterSet, RulesError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "apply a change to the procedure's parameters",
                "Nomic 108, 206; Terms §IV Act 1",
            )?;
            let mut settings = self.settings(conn).await?;
            let name = name.trim();
            let proposed = store::nomic::proposals::count(conn).await? > 0;
            if name == "first_proposal" && proposed {
                return Err(RulesError::NumberingStarted);
            }
            if name == "procedure" && proposed {
                return Err(RulesError::ProcedureInUse);
            }
            let before = settings.get(name).unwrap_or_default();
            settings.set(name, value)?;
            let after = settings.get(name).unwrap_or_default();
            if name == "first_proposal" {
                let book = self.rulebook(conn, settings.procedure).await?;
                check_first_proposal(settings.nomic.first_proposal, &book)?;
            }
            if name == "procedure" {
                self.follow_procedure(conn, settings.procedure).await?;
            }
            store::nomic::procedure::set(conn, name, &after, actor.id, self.now()).await?;
            if store::nomic::turns::started_on(conn).await?.is_some() {
                self.schedule_switch(conn).await?;
            }
            let set = ParameterSet {
                name: name.to_owned(),
                before,
                after,
                by: actor.name.clone(),
            };
            self.announce(conn, &set.to_string()).await?;
            Ok(set)
        })
        .await
    }
}
