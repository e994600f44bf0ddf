//! A player's reported result waiting for the opponent (`[leaderboard] confirm_results`):
//! `/game confirm`, `/game dispute`, the post with their buttons, and the job that leaves an
//! unanswered game for the Moderators. Every wait has an exit: the opponent's word, a
//! Moderator's `/game approve` or `/game void`, or the lapse to the Moderators.

use crate::app::leaderboard::Leaderboard;
use chrono::Duration;
use sqlx::SqliteConnection;

use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::kernel::calendar;
use crate::domain::leaderboard::confirm::on_confirmation;
use crate::domain::leaderboard::score::GameResult;
use crate::jobs::{self, Job};
use crate::store::{
    self,
    leaderboard::games::{Game, GameStatus},
    outbox::DISCUSSION,
};

use super::approval::approve_button;
use super::{describe, GameError, GameOutcome};
use crate::app::Call;

/// The buttons under a result waiting for the opponent: each runs its command for whoever
/// presses it, so the same checks decide.
pub fn confirm_buttons(number: i64) -> [Button; 2] {
    [
        Button::new("Confirm", "game confirm")
            .preset("game", number)
            .style(ButtonStyle::Success),
        Button::new("Dispute", "game dispute")
            .preset("game", number)
            .style(ButtonStyle::Danger),
    ]
}

impl Leaderboard<'_> {
    /// "alice (white) beat bob" for a stored game.
    async fn summary(&self, conn: &mut SqliteConnection, game: &Game) -> sqlx::Result<String> {
        let white = store::people::by_id(conn, game.white_id).await?.name;
        let black = store::people::by_id(conn, game.black_id).await?.name;
        Ok(match game.result.as_deref().and_then(GameResult::parse) {
            Some(result) => describe(&white, &black, result),
            None => format!("{white} (white) against {black}"),
        })
    }

    /// Posts that `game` waits for its opponent, with Confirm and Dispute buttons, and
    /// schedules the day it is left for the Moderators. Returns the sentence for the reply.
    pub(super) async fn ask_for_confirmation(
        &self,
        conn: &mut SqliteConnection,
        game: &Game,
    ) -> sqlx::Result<String> {
        let opponent = store::people::by_id(conn, game.opponent_of(game.registered_by)).await?;
        let days = self.config().leaderboard.confirm_days;
        let due = self.now() + Duration::days(days);
        let summary = self.summary(conn, game).await?;
        let text = format!(
            "Game #{} ({summary}) waits for {}'s confirmation before it counts. {} confirms it, or disputes it for the Moderators (/game confirm or /game dispute game:{}), by {}; after that a Moderator decides.",
            game.id,
            opponent.name,
            opponent.name,
            game.id,
            calendar::show(due, self.tz())
        );
        store::outbox::enqueue_with_buttons(
            conn,
            DISCUSSION,
            &text,
            &confirm_buttons(game.id),
            self.now(),
        )
        .await?;
        jobs::schedule(conn, &Job::ConfirmationLapse { game: game.id }, due).await?;
        Ok(format!(
            "It waits for {}'s confirmation before it counts.",
            opponent.name
        ))
    }

    /// Leaves `game` for a Moderator's `/game approve` or `/game void`, with a post saying why.
    async fn leave_to_moderators(
        &self,
        conn: &mut SqliteConnection,
        game: &Game,
        why: &str,
    ) -> sqlx::Result<()> {
        store::leaderboard::games::set_status(conn, game.id, GameStatus::PendingApproval).await?;
        jobs::cancel(conn, &Job::ConfirmationLapse { game: game.id }, self.now()).await?;
        let summary = self.summary(conn, game).await?;
        let text = format!(
            "Game #{} ({summary}) {why}, so it waits for a Moderator: one who did not play approves it with /game approve, or voids it with /game void.",
            game.id
        );
        store::outbox::enqueue_with_buttons(
            conn,
            DISCUSSION,
            &text,
            &[approve_button(game.id)],
            self.now(),
        )
        .await?;
        Ok(())
    }

    /// The game `number`, waiting for `actor` to confirm it.
    async fn awaiting(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        actor: i64,
    ) -> Result<Game, GameError> {
        let game = self.game(conn, number).await?;
        if !game.has_player(actor) || game.registered_by == actor {
            return Err(GameError::NotConfirmer(number));
        }
        if game.status() != GameStatus::AwaitingConfirmation {
            return Err(GameError::NotAwaitingConfirmation(
                number,
                game.status().word(),
            ));
        }
        Ok(game)
    }

    /// `/game confirm`: the opponent agrees; the game counts, or waits for a Moderator's
    /// approval when a player is monitored (Terms §II Act 10.4).
    pub async fn confirm_game(&self, call: &Call, number: i64) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let game = self.awaiting(conn, number, actor.id).await?;
            jobs::cancel(conn, &Job::ConfirmationLapse { game: number }, self.now()).await?;
            let now = self.now();
            let monitored = self.moderation().restrictions(conn, game.white_id, now).await?.monitored
                || self.moderation().restrictions(conn, game.black_id, now).await?.monitored;
            let summary = self.summary(conn, &game).await?;
            let reply = match on_confirmation(monitored) {
                GameStatus::PendingApproval => {
                    store::leaderboard::games::set_status(conn, number, GameStatus::PendingApproval)
                        .await?;
                    self.ask_for_approval(conn, &game).await?;
                    format!("Game #{number} ({summary}) is confirmed by {}. A player is monitored, so it waits for a Moderator's approval (Terms §II Act 10.4).", actor.name)
                }
                _ => {
                    let changes = self.count_game(conn, number, now).await?;
                    format!(
                        "Game #{number} ({summary}) is confirmed by {} and counts. {changes}",
                        actor.name
                    )
                }
            };
            store::outbox::enqueue(conn, DISCUSSION, &reply, now).await?;
            Ok(GameOutcome::Announced {
                game: number,
                announced: reply,
            })
        })
        .await
    }

    /// `/game dispute`: the opponent says the result is wrong; the game does not count and
    /// waits for a Moderator.
    pub async fn dispute_game(
        &self,
        call: &Call,
        number: i64,
        reason: Option<&str>,
    ) -> Result<GameOutcome, GameError> {
        self.execute(call, async |conn, actor| {
            let game = self.awaiting(conn, number, actor.id).await?;
            let why = match reason {
                Some(reason) => format!("is disputed by {} (\"{reason}\")", actor.name),
                None => format!("is disputed by {}", actor.name),
            };
            self.leave_to_moderators(conn, &game, &why).await?;
            Ok(GameOutcome::Disputed {
                game: number,
                by: actor.name.clone(),
                reason: reason.map(str::to_owned),
            })
        })
        .await
    }

    /// The opponent's time ran out: a game still waiting for them is left for a Moderator.
    pub(crate) async fn confirmation_lapse(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> sqlx::Result<String> {
        let Some(game) = store::leaderboard::games::by_id(conn, number).await? else {
            return Ok(format!("game #{number} is gone"));
        };
        if game.status() != GameStatus::AwaitingConfirmation {
            return Ok(format!("game #{number} is {} already", game.status()));
        }
        let days = self.config().leaderboard.confirm_days;
        let why = format!("was neither confirmed nor disputed within {days} days");
        self.leave_to_moderators(conn, &game, &why).await?;
        Ok(format!("game #{number} left for a Moderator"))
    }
}
