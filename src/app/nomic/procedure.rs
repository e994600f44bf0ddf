//! `/procedure show` and `/procedure set`: the procedure's parameters, seeded from config and
//! changed by the Chief Justice when an adopted change alters one, recorded and announced.

use sqlx::SqliteConnection;

use crate::app::{App, Call};
use crate::domain::kernel::authority::Power;
use crate::store;

use super::{Nomic, RulesError};
use crate::domain::kernel::words::Words;
use crate::domain::nomic::bound;
use crate::domain::nomic::parameters::{check_first_proposal, Parameter, Procedure, Settings};

/// The answer to `/procedure show`: the procedure's parameters, and under the Terms the numbers
/// and days its Acts set (each key with its value).
#[derive(Debug, Clone)]
pub struct SettingsShown(pub Settings, pub Vec<(&'static str, String)>);

/// The answer to `/procedure set`: its announcement.
#[derive(Debug, Clone)]
pub struct ParameterSet {
    pub announced: String,
}

/// The announcement of a parameter set: who set it, from what to what, and the amendment that
/// waited for it (in effect once no other parameter waits for it).
fn applied_words(
    by: &str,
    name: &str,
    before: &str,
    after: &str,
    waited: Option<&(i64, String)>,
    still_waiting: &[String],
) -> String {
    let mut words = format!("{by} set the procedure's {name} from {before} to {after}.");
    if let Some((n, rule)) = waited {
        let what = if rule.starts_with('§') {
            "Draft"
        } else {
            "Proposal"
        };
        if still_waiting.is_empty() {
            words.push_str(&format!(
                " {what} {n}, amending {rule}, waited for it and is now in effect."
            ));
        } else {
            words.push_str(&format!(
                " {what} {n}, amending {rule}, waited for it and still waits for {}: it is not yet in effect in gavel.",
                still_waiting.join(", ")
            ));
        }
    }
    words
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
}

impl Nomic<'_> {
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
        parameter: Parameter,
        value: &str,
    ) -> Result<ParameterSet, RulesError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "apply a change to the procedure's parameters",
                "Nomic 108, 206; Terms §IV Act 1",
            )?;
            let name = parameter.word();
            if bound::is_terms_key(name) {
                let (before, after) = self.set_terms_parameter(conn, name, value).await?;
                return self
                    .parameter_applied(conn, name, before, after, &actor.name)
                    .await;
            }
            let mut settings = self.settings(conn).await?;
            let proposed = store::nomic::proposals::count(conn).await? > 0;
            if parameter == Parameter::FirstProposal && proposed {
                return Err(RulesError::NumberingStarted);
            }
            if parameter == Parameter::Procedure && proposed {
                return Err(RulesError::ProcedureInUse);
            }
            let before = settings.get(name).unwrap_or_default();
            settings.set(name, value)?;
            let after = settings.get(name).unwrap_or_default();
            if parameter == Parameter::FirstProposal {
                let book = self.rulebook(conn, settings.procedure).await?;
                check_first_proposal(settings.nomic.first_proposal, &book)?;
            }
            if parameter == Parameter::Procedure {
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
        let announced = applied_words(by, name, &before, &after, waited.as_ref(), &still_waiting);
        self.announce(conn, &announced).await?;
        Ok(ParameterSet { announced })
    }
}
