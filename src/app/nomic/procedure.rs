//! `/procedure show` and `/procedure set`: the procedure's parameters, seeded from config and
//! changed by the Chief Justice when an adopted change alters one, recorded and announced.

use std::fmt;

use sqlx::SqliteConnection;

use crate::app::{App, Call};
use crate::domain::kernel::authority::Power;
use crate::store;

use super::RulesError;
use crate::domain::nomic::bound;
use crate::domain::nomic::parameters::{check_first_proposal, Procedure, Settings, NAMES};

/// The reply to `/procedure show`.
#[derive(Debug, Clone)]
pub struct SettingsShown(pub Settings, pub Vec<(&'static str, String)>);

impl fmt::Display for SettingsShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A club sees the parameters of the procedure it runs: a Terms club no Nomic numbers,
        // a Nomic club no advisory votes on drafts.
        let terms = self.0.procedure == Procedure::ChiefJustice;
        let lines: Vec<String> = NAMES
            .iter()
            .filter(|(name, _)| match *name {
                "procedure" => true,
                "advisory_votes" => terms,
                _ => !terms,
            })
            .map(|(name, what)| {
                format!("{name} = {} ({what})", self.0.get(name).unwrap_or_default())
            })
            .chain(self.1.iter().map(|(name, value)| {
                let rule = bound::TERMS
                    .iter()
                    .find(|b| b.key == *name)
                    .map_or("", |b| b.rule);
                format!("{name} = {value} (Terms {rule})")
            }))
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
    /// The proposal or draft whose amendment waited for this parameter: in effect once no
    /// other parameter waits for it.
    pub in_effect: Option<(i64, String)>,
    /// The parameters that amendment still waits for.
    pub still_waiting: Vec<String>,
}

impl fmt::Display for ParameterSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} set the procedure's {} from {} to {}.",
            self.by, self.name, self.before, self.after
        )?;
        if let Some((n, rule)) = &self.in_effect {
            let what = if rule.starts_with('§') {
                "Draft"
            } else {
                "Proposal"
            };
            if !self.still_waiting.is_empty() {
                return write!(
                    f,
                    " {what} {n}, amending {rule}, waited for it and still waits for {}: it is not yet in effect in gavel.",
                    self.still_waiting.join(", ")
                );
            }
            write!(
                f,
                " {what} {n}, amending {rule}, waited for it and is now in effect."
            )?;
        }
        Ok(())
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
            if bound::is_terms_key(&name) {
                continue; // a Terms rule's number or day, read where it is used
            }
            settings.set(&name, &value)?;
        }
        Ok(settings)
    }

    /// `/procedure show`.
    pub async fn procedure_show(&self, call: &Call) -> Result<SettingsShown, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let mut terms = Vec::new();
            if settings.procedure == Procedure::ChiefJustice {
                for b in bound::TERMS {
                    terms.push((b.key, self.current_value(conn, b.key).await?));
                }
            }
            Ok(SettingsShown(settings, terms))
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
            let name = name.trim();
            if bound::is_terms_key(name) {
                let (before, after) = self.set_terms_parameter(conn, name, value).await?;
                return self
                    .parameter_applied(conn, name, before, after, &actor.name)
                    .await;
            }
            let mut settings = self.settings(conn).await?;
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
            self.parameter_applied(conn, name, before, after, &actor.name)
                .await
        })
        .await
    }

    /// Announces a parameter set with `/procedure set`, and the amendment that waited for it
    /// now in effect.
    async fn parameter_applied(
        &self,
        conn: &mut SqliteConnection,
        name: &str,
        before: String,
        after: String,
        by: &str,
    ) -> Result<ParameterSet, RulesError> {
        let waited = store::nomic::bound::end(conn, name).await?;
        let still_waiting = match &waited {
            Some((proposal, _)) => store::nomic::bound::of_proposal(conn, *proposal)
                .await?
                .into_iter()
                .map(|w| w.name)
                .collect(),
            None => Vec::new(),
        };
        let set = ParameterSet {
            name: name.to_owned(),
            before,
            after,
            by: by.to_owned(),
            in_effect: waited,
            still_waiting,
        };
        self.announce(conn, &set.to_string()).await?;
        Ok(set)
    }
}
