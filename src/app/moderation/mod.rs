//! Moderation: the fraud ladder, bans, monitors, deductions, the chessclock requirement and
//! technical modifications (Terms §II Acts 3, 5, 9-12; §III Acts 2, 4-6), each a numbered case
//! that must be declared publicly within seven days or, if a penalty, is void (§III Act 2.4).
//! One file per use case (and one for the jobs a case schedules); this module holds their
//! errors, inputs and replies and the steps they share.

mod approve;
mod card;
pub use card::PlayerCard;
mod cases;
mod deadlines;
mod declare;
pub mod in_force;
pub mod reports;
mod restrictions;
pub use restrictions::Restriction;
mod outcome;
pub use outcome::{CaseDetail, CaseEntry, Declared, ModerationOutcome};
mod reversal;
mod take;

use crate::app::PersonRef;

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::authority::Unauthorised;
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::CaseId;
use crate::domain::kernel::text::{self, TextError};
use crate::domain::moderation::ladder::{BanDateError, LadderError, Step};
use crate::domain::moderation::{CaseKind, CaseRefusal};
use crate::jobs::{self, Job};
use crate::store::{
    self, leaderboard::events::NewEvent, moderation::actions::Action, people::Person,
};

use super::{App, UseCaseError};
use crate::store::leaderboard::events::EventKind;

/// Moderation's use cases: `app.moderation().take_action(...)`.
pub struct Moderation<'a>(&'a App);

impl App {
    pub fn moderation(&self) -> Moderation<'_> {
        Moderation(self)
    }
}

impl std::ops::Deref for Moderation<'_> {
    type Target = App;
    fn deref(&self) -> &App {
        self.0
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Page(#[from] crate::domain::kernel::pages::PageError),
    #[error("A Moderator may not act against themselves (Terms §III Act 2.2: decisions must be free of unreasonable bias).")]
    AgainstSelf,
    #[error("Moderators shall not act in games they took part in (Terms §III Act 3.5).")]
    OwnGame,
    #[error("You played {name} in game #{game} that day: an action against them then may be about that game, however it is named, and Moderators shall not act in games they took part in (Terms §III Act 3.5). Another Moderator may take it.")]
    PlayedThatDay { name: String, game: i64 },
    #[error("{0} did not play in game #{1}.")]
    NotInGame(String, i64),
    #[error("There is no game #{0}.")]
    NoGame(i64),
    #[error("Game #{0} is not waiting for approval.")]
    NotPending(i64),
    #[error("A penalty must name its offence: give game:N or incident:\"what happened\" (Terms §III Act 2.2, double jeopardy).")]
    NoOffence,
    #[error("{name} was already penalised for this offence in case #{case}; no penalty shall twice be issued for the same offence (Terms §III Act 2.2).")]
    DoubleJeopardy { name: String, case: i64 },
    #[error(transparent)]
    Ladder(#[from] LadderError),
    #[error(transparent)]
    BanDate(#[from] BanDateError),
    #[error("An action taken outside gavel may be recorded up to {1} days after it was taken (Terms §III Act 2.4); {0} is too long ago.")]
    TakenTooLongAgo(String, i64),
    #[error("{0} is in the future; an action is recorded once it has been taken.")]
    TakenInFuture(String),
    #[error("Points must be a whole number from 1 to 1000.")]
    BadPoints,
    #[error("{0} is already monitored (case #{1}).")]
    AlreadyMonitored(String, i64),
    #[error("{0} is not monitored.")]
    NotMonitored(String),
    #[error("{0} is already required to use a chessclock (case #{1}).")]
    ClockAlready(String, i64),
    #[error("{0} is not required to use a chessclock.")]
    ClockNotRequired(String),
    #[error("There is no case #{0}.")]
    NoCase(i64),
    #[error("{0} is not a Member of the Leaderboard, so there is nothing to penalise (Terms §II Act 5).")]
    NotAMember(String),
    #[error("{0} has never been a Member of the Leaderboard, so there is nobody to ban (Terms §II Act 9).")]
    NeverAMember(String),
    #[error("Nobody called {0} is known to gavel.")]
    Unknown(String),
    #[error("The 7 days to declare case #{0} ended on {1}; it can no longer be declared (Terms §III Act 2.4.2).")]
    DeadlinePassed(i64, String),
    #[error("This action had to be declared by {0}, which has passed: declare it now by leaving out later:true (Terms §III Act 2.4).")]
    LaterTooLate(String),
    #[error("Only the person who took case #{0} may declare it.")]
    NotYourCase(i64),
    #[error("Case #{0} was already declared.")]
    AlreadyDeclared(i64),
    #[error("Case #{0} is {1}; it can no longer be declared.")]
    NotDeclarable(i64, String),
    #[error("There is no lifting a ban by a Moderator: only the Court of Appeals may remove, shorten or lengthen a ban (Terms §II Act 9.4).")]
    OnlyTheCourt,
    #[error(transparent)]
    Case(#[from] CaseRefusal),
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for ModerationError {
    fn is_internal(&self) -> bool {
        matches!(self, ModerationError::Store(_))
    }
}

/// The options every action shares.
#[derive(Debug, Clone, Default)]
pub struct ActionInput {
    pub target: Option<PersonRef>,
    pub reason: String,
    /// The game the action concerns (names the offence).
    pub game: Option<i64>,
    /// A described incident (names the offence when there is no game).
    pub incident: Option<String>,
    /// When the action was taken, if outside gavel and before today (YYYY-MM-DD, up to 7 days back).
    pub taken: Option<NaiveDate>,
    /// Record now, declare later with `/mod declare` (within 7 days).
    pub declare_later: bool,
    /// Why a lesser step of the ladder is chosen (Terms §II Act 5); violations only.
    pub discretion: Option<String>,
}

/// Which moderation action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionKind {
    Violation { step: Option<i64> },
    Ban { until: NaiveDate },
    Monitor,
    Deduction { points: i64 },
    Award { points: i64 },
    Clock,
    Technical,
}

impl ActionKind {
    /// The kind of case this action opens.
    pub fn case_kind(&self) -> CaseKind {
        match self {
            ActionKind::Violation { .. } => CaseKind::Violation,
            ActionKind::Ban { .. } => CaseKind::Ban,
            ActionKind::Monitor => CaseKind::Monitor,
            ActionKind::Deduction { .. } => CaseKind::Deduction,
            ActionKind::Award { .. } => CaseKind::Award,
            ActionKind::Clock => CaseKind::Clock,
            ActionKind::Technical => CaseKind::Technical,
        }
    }

    /// Penalties are void if not declared in time, and are subject to double jeopardy.
    fn is_penalty(&self) -> bool {
        self.case_kind().is_penalty()
    }
}

impl Moderation<'_> {
    /// When an action was taken: now, or a past club date up to the declaration window's
    /// `days` back (Terms §III Act 2.4).
    pub(super) fn taken_at(
        &self,
        taken: Option<NaiveDate>,
        days: i64,
    ) -> Result<DateTime<Utc>, ModerationError> {
        let now = self.now();
        let Some(date) = taken else {
            return Ok(now);
        };
        let today = calendar::local_date(now, self.tz());
        if date > today {
            return Err(ModerationError::TakenInFuture(calendar::show_date(date)));
        }
        if date == today {
            return Ok(now);
        }
        if (today - date).num_days() > days {
            return Err(ModerationError::TakenTooLongAgo(
                calendar::show_date(date),
                days,
            ));
        }
        // Taken during that day; noon club time stands for "some time that day".
        Ok(calendar::local_to_utc(
            date.and_hms_opt(12, 0, 0).expect("valid"),
            self.tz(),
        ))
    }

    /// Puts an action's effects into the history and the game records, as of `effective`: when
    /// the action was recorded, never the day it was taken on (a backdated penalty changes
    /// only the penalised member's score, from when gavel learns of it).
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn apply_effects(
        &self,
        conn: &mut SqliteConnection,
        action_id: i64,
        kind: &ActionKind,
        step: Option<Step>,
        points: Option<i64>,
        target: Option<&Person>,
        game: Option<i64>,
        effective: DateTime<Utc>,
    ) -> Result<String, ModerationError> {
        let event = |kind: EventKind, amount: Option<i64>, reason: String| (kind, amount, reason);
        let mut to_append = None;
        let text = match (kind, step) {
            // A named game was reversed when the violation was recorded, whatever its step
            // (`reverse_fictitious_game`); a first violation without one reverses nothing more.
            (ActionKind::Violation { .. }, Some(Step::Reverse)) if game.is_none() => {
                "No game is named, so nothing is reversed; the violation counts on the ladder."
                    .into()
            }
            (ActionKind::Violation { .. }, Some(Step::Halve)) => {
                to_append = Some(event(
                    EventKind::Halve,
                    None,
                    format!("score halved: second violation, case #{action_id} (Terms §II Act 5)"),
                ));
                String::new()
            }
            (ActionKind::Violation { .. }, Some(Step::Reset)) => {
                to_append = Some(event(
                    EventKind::Reset,
                    None,
                    format!("score reset: third violation, case #{action_id} (Terms §II Act 5)"),
                ));
                String::new()
            }
            (ActionKind::Deduction { .. }, _) | (ActionKind::Award { .. }, _) => {
                let p = points.unwrap_or(0);
                to_append = Some(event(
                    EventKind::Adjust,
                    Some(p),
                    format!(
                        "{} {}, case #{action_id} (Terms §II Act 3)",
                        if p < 0 { "deducted" } else { "awarded" },
                        text::points(p.abs())
                    ),
                ));
                String::new()
            }
            _ => String::new(),
        };
        let mut text = text;
        if let (Some((kind, amount, reason)), Some(t)) = (to_append, target) {
            let event = store::leaderboard::events::append(
                conn,
                &NewEvent {
                    at: effective,
                    kind,
                    person_id: Some(t.id),
                    game_id: None,
                    action_id: Some(action_id),
                    amount,
                    reason: &reason,
                },
            )
            .await?;
            if let (Some(p), Some(m)) = (
                amount,
                self.leaderboard().movement(conn, event, t.id).await?,
            ) {
                text = adjustment_effect(&t.name, p, m.before, m.after);
            }
        }
        Ok(text)
    }

    /// A violation that names a game (registering a game that was not played, Terms §II Act
    /// 4.1) removes that game as never entered (§0 Act 11) at every step of the ladder, beside
    /// the step's own penalty. The game's status is remembered, so voiding the case restores it
    /// exactly.
    pub(super) async fn reverse_fictitious_game(
        &self,
        conn: &mut SqliteConnection,
        action_id: i64,
        g: i64,
    ) -> Result<String, ModerationError> {
        let game = store::leaderboard::games::by_id(conn, g)
            .await?
            .ok_or(ModerationError::NoGame(g))?;
        if !game.status().is_reversible_by_fraud() {
            return Ok(format!(
                "Game #{g} is already off the Leaderboard ({}), so there is nothing more to reverse.",
                game.status()
            ));
        }
        store::moderation::actions::set_reversed(conn, action_id, Some(game.status())).await?;
        let now = self.now();
        store::leaderboard::games::mark_void(conn, g, &format!("fraud: case #{action_id}"), now)
            .await?;
        store::leaderboard::events::void_game(conn, g, now, &format!("case #{action_id}")).await?;
        // A game that was never played made nobody present (Terms §0 Act 9).
        store::leaderboard::sessions::forget_presence_by_game(conn, g).await?;
        Ok(format!("Game #{g} is reversed."))
    }

    /// Posts the declaration (Terms §III Act 2.4) through the outbox and links it to the case.
    pub(super) async fn declare(
        &self,
        conn: &mut SqliteConnection,
        action: &Action,
        actor: &str,
        target: Option<&str>,
        reasoning: &str,
    ) -> sqlx::Result<()> {
        let tz = self.tz();
        let what = describe_action(action, target, tz);
        let when =
            if calendar::local_date(action.taken_at, tz) == calendar::local_date(self.now(), tz) {
                String::new()
            } else {
                format!(
                    ", taken {}",
                    calendar::show_date(calendar::local_date(action.taken_at, tz))
                )
            };
        let discretion = match &action.discretion {
            Some(why) => format!("; discretion for a lesser step (Terms §II Act 5): {why}"),
            None => String::new(),
        };
        // A technical modification is announced publicly (Terms §III Act 5.1); its description
        // is its whole content, so it is not repeated as a reasoning.
        let text = if action.kind == CaseKind::Technical {
            format!(
                "Announcement, case #{} (Terms §III Act 5.1): {actor} made this {what}.",
                action.id
            )
        } else {
            format!(
                "Declaration, case #{} (Terms §III Act 2.4): {actor} took this action{when}: {what}. Reasoning: {reasoning}{discretion}",
                action.id
            )
        };
        let outbox = self.announce_logged(conn, &text).await?;
        store::moderation::actions::set_declaration(conn, action.id, reasoning, outbox).await?;
        // The member the case is about is told privately, with the way to appeal.
        self.notice_case(conn, action, &what, reasoning).await?;
        let case = CaseId(action.id);
        jobs::cancel(conn, &Job::DeclarationDeadline { action: case }, self.now()).await?;
        jobs::cancel(conn, &Job::DeclarationReminder { action: case }, self.now()).await?;
        Ok(())
    }

    pub(super) async fn schedule_declaration_jobs(
        &self,
        conn: &mut SqliteConnection,
        action: &Action,
    ) -> sqlx::Result<()> {
        let case = CaseId(action.id);
        let deadline = Job::DeclarationDeadline { action: case };
        jobs::schedule(conn, &deadline, action.deadline_at).await?;
        let reminder = calendar::local_days_after(action.deadline_at, -1, self.tz());
        jobs::schedule(conn, &Job::DeclarationReminder { action: case }, reminder).await
    }
}

/// What a deduction or award did to the score, in words: the floor of 100 is named when it
/// absorbed some or all of a deduction (Terms §II Act 6), so no reply claims points that were
/// not taken.
fn adjustment_effect(name: &str, points: i64, before: i64, after: i64) -> String {
    let moved = after - before;
    if points < 0 && moved == 0 {
        format!("{name}'s score stays at the floor of {after} (Terms §II Act 6).")
    } else if points < 0 && moved > points {
        format!(
            "{name}: {before} → {after}; only {} could be taken, as no score falls below {after} (Terms §II Act 6).",
            text::points(-moved)
        )
    } else {
        format!("Score: {name} {before} → {after}.")
    }
}

/// "a fraud violation against alice (step 2: the score is halved)".
pub fn describe_action(a: &Action, target: Option<&str>, tz: chrono_tz::Tz) -> String {
    let who = target.unwrap_or("the Leaderboard");
    let until = |a: &Action| match a.ends_at {
        Some(end) => format!(
            "until {}",
            calendar::show_date(calendar::local_date(end, tz))
        ),
        None => "permanently".into(),
    };
    match a.kind {
        CaseKind::Violation => {
            let step = a.step.and_then(Step::from_number).unwrap_or(Step::Reverse);
            let mut s = format!(
                "fraud violation by {who}, step {} of the ladder (Terms §II Act 5): {}",
                step.number(),
                step.describe()
            );
            if step.is_ban() {
                s.push_str(&format!(", banned {}", until(a)));
            }
            s
        }
        CaseKind::Ban => format!("{who} banned {}", until(a)),
        CaseKind::Monitor => format!("{who} monitored: games wait for a Moderator's approval"),
        CaseKind::Deduction => {
            format!(
                "{} deducted from {who}",
                text::points(a.points.unwrap_or(0).abs())
            )
        }
        CaseKind::Award => format!("{} awarded to {who}", text::points(a.points.unwrap_or(0))),
        CaseKind::Clock => format!("{who} must use a chessclock in every game"),
        CaseKind::Technical => format!("technical modification: {}", a.reason),
    }
}

#[cfg(test)]
mod tests {
    use super::adjustment_effect;

    #[test]
    fn a_deduction_the_floor_absorbs_says_so() {
        // Terms §II Act 6: no score falls below 100.
        assert_eq!(
            adjustment_effect("carol", -5, 100, 100),
            "carol's score stays at the floor of 100 (Terms §II Act 6)."
        );
        assert_eq!(
            adjustment_effect("carol", -50, 120, 100),
            "carol: 120 → 100; only 20 points could be taken, as no score falls below 100 (Terms §II Act 6)."
        );
        assert_eq!(
            adjustment_effect("carol", -1, 150, 149),
            "Score: carol 150 → 149."
        );
        assert_eq!(
            adjustment_effect("carol", 30, 100, 130),
            "Score: carol 100 → 130."
        );
    }
}
