//! The use-case routine for what must stay secret: orders (their text), votes (their ballot)
//! and anonymous press (its author). It runs like `App::execute`, but the audit log records
//! only what the caller passes as public: the command with its public options, and the actor
//! as given (a player, unnamed, for secret ballots and anonymous press; D.IX.2, D.X.2), and,
//! where the reply itself is secret (the GM's reading of a turn's orders), a summary in its
//! place.

use std::fmt::Display;

use sqlx::SqliteConnection;

use crate::app::{Actor, App, Call, Command, PersonRef, UseCaseError};

impl App {
    /// Runs `body` for the caller; audits `public_args` under `shown_as` (or the caller).
    pub(super) async fn execute_sealed<T, E>(
        &self,
        call: &Call,
        public_args: serde_json::Value,
        shown_as: Option<&str>,
        body: impl AsyncFnOnce(&mut SqliteConnection, &Actor) -> Result<T, E>,
    ) -> Result<T, E>
    where
        T: Display,
        E: UseCaseError,
    {
        self.sealed(call, public_args, shown_as, None, body).await
    }

    /// As `execute_sealed` for the caller, with `said` in the audit log in place of a reply
    /// that shows what is not public (a refusal is kept as it is).
    pub(super) async fn execute_sealed_reply<T, E>(
        &self,
        call: &Call,
        public_args: serde_json::Value,
        said: &str,
        body: impl AsyncFnOnce(&mut SqliteConnection, &Actor) -> Result<T, E>,
    ) -> Result<T, E>
    where
        T: Display,
        E: UseCaseError,
    {
        self.sealed(call, public_args, None, Some(said), body).await
    }

    async fn sealed<T, E>(
        &self,
        call: &Call,
        public_args: serde_json::Value,
        shown_as: Option<&str>,
        said: Option<&str>,
        body: impl AsyncFnOnce(&mut SqliteConnection, &Actor) -> Result<T, E>,
    ) -> Result<T, E>
    where
        T: Display,
        E: UseCaseError,
    {
        let mut tx = self.begin().await?;
        let result = match self.actor(&mut tx, &call.caller).await {
            Ok(actor) => body(&mut tx, &actor).await,
            Err(error) => Err(E::from(error)),
        };
        let caller = match shown_as {
            Some(name) => PersonRef::console(name),
            None => call.caller.clone(),
        };
        let command = Command::new(call.command.name, public_args);
        match said {
            Some(said) => {
                self.conclude_saying(tx, &caller, command, result, said)
                    .await
            }
            None => self.conclude(tx, &caller, command, result).await,
        }
    }
}
