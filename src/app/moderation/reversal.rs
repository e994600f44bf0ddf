//! Reversing a case as though it never happened: voiding its effects, restoring the game it
//! reversed, and re-stepping the later violations (Terms §II Act 5, §III Act 2.4.2).

use crate::app::moderation::Moderation;
use sqlx::SqliteConnection;

use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::CaseId;
use crate::domain::leaderboard::game::GameStatus;
use crate::domain::moderation::ladder::{self, Step};
use crate::domain::moderation::{CaseKind, CaseStatus};
use crate::jobs::{self, Job};
use crate::store::{self, moderation::actions::Action};

use super::{ActionKind, ModerationError};

impl Moderation<'_> {
    /// Voids a penalty and reverses its effects in the history (an undeclared penalty, Act
    /// 2.4.2; the Court's overturning uses this too).
    pub(crate) async fn void_action(
        &self,
        conn: &mut SqliteConnection,
        action: &Action,
        status: CaseStatus,
        why: &str,
    ) -> sqlx::Result<()> {
        let now = self.now();
        store::moderation::actions::set_status(conn, action.id, status, why).await?;
        store::leaderboard::events::void_action(conn, action.id, now, why).await?;
        if let (Some(g), Some(before)) = (action.game_id, action.reversed_game_status) {
            self.restore_reversed_game(conn, action, g, before).await?;
        }
        let case = CaseId(action.id);
        jobs::cancel(conn, &Job::BanExpiry { action: case }, now).await?;
        jobs::cancel(conn, &Job::DeclarationDeadline { action: case }, now).await?;
        jobs::cancel(conn, &Job::DeclarationReminder { action: case }, now).await?;
        Ok(())
    }

    /// Undoes a first violation's reversal of its game, as though the case never happened: the
    /// game gets back the status it had (a game that waited for approval waits again). If
    /// another case in force also reverses the game, it stays reversed, now by that case.
    async fn restore_reversed_game(
        &self,
        conn: &mut SqliteConnection,
        action: &Action,
        game_id: i64,
        before: GameStatus,
    ) -> sqlx::Result<()> {
        let ours = format!("fraud: case #{}", action.id);
        let Some(game) = store::leaderboard::games::by_id(conn, game_id).await? else {
            return Ok(());
        };
        if game.void_reason.as_deref() != Some(ours.as_str()) {
            return Ok(()); // something else has happened to the game since
        }
        let event_reason = format!("case #{}", action.id);
        if let Some(other) =
            store::moderation::actions::other_reversal_of_game(conn, game_id, action.id).await?
        {
            let theirs = format!("case #{other}");
            store::leaderboard::games::mark_void(
                conn,
                game_id,
                &format!("fraud: {theirs}"),
                self.now(),
            )
            .await?;
            store::leaderboard::events::revoid_game(conn, game_id, &event_reason, &theirs).await?;
            store::moderation::actions::set_reversed(conn, other, Some(before)).await?;
            return Ok(());
        }
        store::leaderboard::games::restore(conn, game_id, before).await?;
        store::leaderboard::events::unvoid_game(conn, game_id, &event_reason).await?;
        if before == GameStatus::AwaitingConfirmation {
            // The opponent's time to answer starts again, so the wait keeps its exit.
            let due = self.now() + chrono::Duration::days(self.config().leaderboard.confirm_days);
            jobs::schedule(conn, &Job::ConfirmationLapse { game: game_id }, due).await?;
        }
        Ok(())
    }

    /// After a violation is void, the later violations in force against the same member are
    /// re-stepped as though it never happened (Terms §II Act 5): a step above what the ladder
    /// now prescribes comes down to it (a lesser step chosen by discretion stays), its old
    /// effect is reversed and the new one applied. Returns a sentence per case changed.
    pub(crate) async fn restep_after_void(
        &self,
        conn: &mut SqliteConnection,
        voided: &Action,
    ) -> Result<Vec<String>, ModerationError> {
        let (CaseKind::Violation, Some(target_id)) = (voided.kind, voided.target_id) else {
            return Ok(vec![]);
        };
        let target = store::people::by_id(conn, target_id).await?;
        let tz = self.tz();
        let in_force: Vec<Action> = store::moderation::actions::list(conn, Some(target_id))
            .await?
            .into_iter()
            .filter(|a| a.kind == CaseKind::Violation && a.status.stands())
            .collect();
        let steps: Vec<(i64, Step)> = in_force
            .iter()
            .map(|a| {
                (
                    a.id,
                    a.step.and_then(Step::from_number).unwrap_or(Step::Reverse),
                )
            })
            .collect();
        let mut changed = Vec::new();
        for (case, prescribed) in ladder::restep_plan(&steps, voided.id) {
            let a = in_force
                .iter()
                .find(|a| a.id == case)
                .expect("the plan names cases in force");
            let now = self.now();
            store::leaderboard::events::void_action(
                conn,
                a.id,
                now,
                "re-stepped: an earlier case is void",
            )
            .await?;
            // One ban-expiry job per case: re-stepping moves it, or cancels it when the new
            // step is no ban.
            let expiry = Job::BanExpiry {
                action: CaseId(a.id),
            };
            let status = a.status.restep()?;
            let was_ban = a
                .step
                .and_then(Step::from_number)
                .is_some_and(|s| s.is_ban());
            // A re-step lightens: an end the Court (or a Moderator on remand) set earlier than
            // the ladder's stands (Terms §II Act 9.4).
            let ladder_end =
                ladder::four_week_ban_end(a.taken_at, tz, self.ban_day(conn).await?.day);
            let ends_at =
                ladder::restepped_ban_end(prescribed, ladder_end, a.ends_at.filter(|_| was_ban));
            let kept_earlier = ends_at.is_some_and(|e| e < ladder_end);
            store::moderation::actions::set_step(conn, a.id, prescribed.number(), ends_at, status)
                .await?;
            match ends_at {
                Some(end) => jobs::schedule(conn, &expiry, end).await?,
                None => jobs::cancel(conn, &expiry, now).await?,
            }
            let effect = self
                .apply_effects(
                    conn,
                    a.id,
                    &ActionKind::Violation { step: None },
                    Some(prescribed),
                    None,
                    Some(&target),
                    a.game_id,
                    a.recorded_at,
                )
                .await?;
            // A ban the new step brings gives its end; one it takes away is said to be lifted.
            let ban = match ends_at {
                Some(end) => format!(
                    ", banned until {}{}",
                    calendar::show_date(calendar::local_date(end, tz)),
                    if kept_earlier {
                        " (the earlier end already set stands: a re-step never lengthens a ban, Terms §II Act 9.4)"
                    } else {
                        ""
                    }
                ),
                None if was_ban && !prescribed.is_ban() => {
                    format!("; {}'s ban is lifted", target.name)
                }
                None => String::new(),
            };
            changed.push(format!(
                "Case #{} is now step {} of the ladder, since case #{} is void: {}{ban}.{}",
                a.id,
                prescribed.number(),
                voided.id,
                prescribed.describe(),
                if effect.is_empty() {
                    String::new()
                } else {
                    format!(" {effect}")
                }
            ));
        }
        Ok(changed)
    }
}
