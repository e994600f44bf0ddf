//! Moderation: the fraud ladder, bans, monitors, deductions, the chessclock requirement and
//! technical modifications (Terms §II Acts 3, 5, 9-12; §III Acts 2, 4-6), each a numbered case
//! that must be declared publicly within seven days or, if a penalty, is void (§III Act 2.4).

use std::fmt;

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;
use sqlx::SqliteConnection;

use crate::domain::calendar;
use crate::domain::game::GameStatus;
use crate::domain::ids::CaseId;
use crate::domain::ladder::{self, BanDateError, LadderError, Step};
use crate::domain::moderation::{BanState, CaseKind, CaseRefusal, CaseStatus};
use crate::domain::office::Office;
use crate::domain::text::{bounded, Reason, TextError};
use crate::jobs::{self, Job};
use crate::store::{
    self,
    actions::{Action, NewAction},
    events::NewEvent,
    keys::StoredKey,
    people::{Person, PersonRef},
};

use super::{Actor, App, Command, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    #[error(
        "Only a Moderator, a Justice or the Chief Justice may do this (Terms §III Act 2, 3.4)."
    )]
    NotModerator,
    #[error("Only a Moderator, a Justice, the Chief Justice or Staff may ban (Terms §II Act 9, §III Act 6).")]
    NotBanner,
    #[error("Only the Chief Justice may {0}.")]
    NotChiefJustice(&'static str),
    #[error("A Moderator may not act against themselves (Terms §III Act 2.2: decisions must be free of unreasonable bias).")]
    AgainstSelf,
    #[error("Moderators shall not act in games they took part in (Terms §III Act 3.5).")]
    OwnGame,
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
    #[error("`{0}` is not a date; write YYYY-MM-DD.")]
    BadDate(String),
    #[error("An action taken outside gavel may be recorded up to 7 days after it was taken (Terms §III Act 2.4); {0} is too long ago.")]
    TakenTooLongAgo(String),
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

/// What a moderation command did.
#[derive(Debug, Clone)]
pub struct ModerationReply(pub String);

impl fmt::Display for ModerationReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
    pub taken: Option<String>,
    /// Record now, declare later with `/mod declare` (within 7 days).
    pub declare_later: bool,
}

/// Which moderation action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionKind {
    Violation { step: Option<i64> },
    Ban { until: String },
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

impl App {
    /// Takes a moderation action: `/mod violation`, `ban`, `monitor`, `deduct`, `award`,
    /// `clock on`, `technical`.
    #[tracing::instrument(skip_all, fields(caller = %caller.name, kind = %kind.case_kind()))]
    pub async fn take_action(
        &self,
        caller: &PersonRef,
        kind: ActionKind,
        input: &ActionInput,
    ) -> Result<ModerationReply, ModerationError> {
        let command = Command::new(
            match kind {
                ActionKind::Violation { .. } => "mod violation",
                ActionKind::Ban { .. } => "mod ban",
                ActionKind::Monitor => "mod monitor",
                ActionKind::Deduction { .. } => "mod deduct",
                ActionKind::Award { .. } => "mod award",
                ActionKind::Clock => "mod clock on",
                ActionKind::Technical => "mod technical",
            },
            json!({ "member": input.target.as_ref().map(|t| &t.name), "reason": input.reason,
                    "game": input.game, "incident": input.incident, "taken": input.taken,
                    "declare_later": input.declare_later, "detail": format!("{kind:?}") }),
        );
        let mut tx = self.begin().await?;
        let result = self.take_action_in(&mut tx, caller, &kind, input).await;
        self.conclude(tx, caller, command, result).await
    }

    async fn take_action_in(
        &self,
        conn: &mut SqliteConnection,
        caller: &PersonRef,
        kind: &ActionKind,
        input: &ActionInput,
    ) -> Result<ModerationReply, ModerationError> {
        let now = self.now();
        let actor = self.actor(conn, caller).await?;
        self.check_authority(&actor, kind)?;
        let reason = Reason::parse(&input.reason)?;
        let target = match &input.target {
            Some(t) => {
                let p = store::people::find(conn, t)
                    .await?
                    .ok_or_else(|| ModerationError::Unknown(t.name.clone()))?;
                if p.id == actor.id {
                    return Err(ModerationError::AgainstSelf);
                }
                let member = store::people::open_membership(conn, p.id).await?.is_some();
                if matches!(kind, ActionKind::Ban { .. }) {
                    // A removed member may be banned: it keeps them from rejoining (§II Act 7).
                    if !member && store::people::last_membership(conn, p.id).await?.is_none() {
                        return Err(ModerationError::NeverAMember(p.name));
                    }
                } else if !member {
                    return Err(ModerationError::NotAMember(p.name));
                }
                Some(p)
            }
            None => None,
        };
        if let Some(number) = input.game {
            let game = store::games::by_id(conn, number)
                .await?
                .ok_or(ModerationError::NoGame(number))?;
            if game.has_player(actor.id) {
                return Err(ModerationError::OwnGame);
            }
            if let Some(t) = &target {
                if !game.has_player(t.id) {
                    return Err(ModerationError::NotInGame(t.name.clone(), number));
                }
            }
        }
        let taken_at = self.taken_at(input.taken.as_deref())?;
        let offence = match (input.game, input.incident.as_deref()) {
            (Some(g), _) => Some(format!("game:{g}")),
            (None, Some(text)) => Some(format!(
                "incident:{}",
                normalise(&bounded("incident", text, 300)?)
            )),
            (None, None) => None,
        };
        if kind.is_penalty() {
            let offence = offence.as_deref().ok_or(ModerationError::NoOffence)?;
            let target = target.as_ref().expect("penalties have a target");
            let standing = store::actions::standing_for_offence(conn, target.id, offence).await?;
            if let Some(case) = standing.iter().find(|a| a.kind.is_penalty()).map(|a| a.id) {
                return Err(ModerationError::DoubleJeopardy {
                    name: target.name.clone(),
                    case,
                });
            }
        }
        let tz = self.tz();
        let mut step = None;
        let mut points = None;
        let mut ends_at = None;
        let mut appealable = true;
        match kind {
            ActionKind::Violation { step: chosen } => {
                let target = target.as_ref().expect("violations have a target");
                let prior = store::actions::violations_in_force(conn, target.id).await?;
                let s = ladder::choose(Step::prescribed(prior), *chosen, reason.as_str())?;
                step = Some(s);
                if s == Step::FourWeekBan {
                    let end = ladder::four_week_ban_end(calendar::local_date(taken_at, tz));
                    ends_at = Some(calendar::start_of_day(end, tz));
                }
            }
            ActionKind::Ban { until } => {
                let end = parse_date(until)?;
                ladder::is_valid_ban_end(end, calendar::local_date(now, tz))?;
                ends_at = Some(calendar::start_of_day(end, tz));
                // Staff ban without Court review (Terms §III Act 6).
                appealable = actor.offices.has_moderator_powers();
            }
            ActionKind::Monitor => {
                let target = target.as_ref().expect("monitors have a target");
                if let Some(open) =
                    store::actions::open_of_kind(conn, target.id, CaseKind::Monitor).await?
                {
                    return Err(ModerationError::AlreadyMonitored(
                        target.name.clone(),
                        open.id,
                    ));
                }
            }
            ActionKind::Deduction { points: p } | ActionKind::Award { points: p } => {
                if !(1..=1000).contains(p) {
                    return Err(ModerationError::BadPoints);
                }
                points = Some(if matches!(kind, ActionKind::Deduction { .. }) {
                    -p
                } else {
                    *p
                });
            }
            ActionKind::Clock => {
                let target = target.as_ref().expect("clock requirements have a target");
                if let Some(open) =
                    store::actions::open_of_kind(conn, target.id, CaseKind::Clock).await?
                {
                    return Err(ModerationError::ClockAlready(target.name.clone(), open.id));
                }
                appealable = false; // Terms §II Act 11.3
            }
            ActionKind::Technical => {}
        }
        let deadline =
            calendar::local_days_after(taken_at, self.config().moderation.declaration_days, tz);
        if input.declare_later && deadline <= now {
            return Err(ModerationError::LaterTooLate(calendar::show(deadline, tz)));
        }
        let id = store::actions::insert(
            conn,
            &NewAction {
                kind: kind.case_kind(),
                target_id: target.as_ref().map(|t| t.id),
                actor_id: actor.id,
                reason: reason.as_str(),
                offence: offence.as_deref(),
                game_id: input.game,
                step: step.map(Step::number),
                points,
                taken_at,
                recorded_at: now,
                deadline_at: deadline,
                ends_at,
                appealable,
            },
        )
        .await?;
        let effect = self
            .apply_effects(
                conn,
                id,
                kind,
                step,
                points,
                target.as_ref(),
                input.game,
                taken_at,
            )
            .await?;
        let effect = if effect.is_empty() {
            effect
        } else {
            format!(" {effect}")
        };
        if let Some(end) = ends_at {
            let expiry = Job::BanExpiry { action: CaseId(id) };
            jobs::schedule(conn, &expiry, end).await?;
        }
        let action = store::actions::by_id(conn, id)
            .await?
            .expect("just inserted");
        let target_name = target.as_ref().map(|t| t.name.as_str());
        let summary = describe_action(&action, target_name, tz);
        // Technical modifications must be announced publicly (Terms §III Act 5.1): never later.
        if input.declare_later && *kind != ActionKind::Technical {
            self.schedule_declaration_jobs(conn, &action).await?;
            return Ok(ModerationReply(format!(
                "Case #{id} recorded: {summary}.{effect} Declare it publicly with /mod declare case:{id} reasoning:\"...\" by {} (Terms §III Act 2.4){}.",
                calendar::show(deadline, tz),
                if kind.is_penalty() && appealable { ", or the penalty is void" } else { "" }
            )));
        }
        self.declare(conn, &action, &actor.name, target_name, reason.as_str())
            .await?;
        Ok(ModerationReply(format!(
            "Case #{id}: {summary}.{effect} Declared in #discussion."
        )))
    }

    fn check_authority(&self, actor: &Actor, kind: &ActionKind) -> Result<(), ModerationError> {
        match kind {
            ActionKind::Clock => {
                if !actor.offices.is_chief_justice() {
                    return Err(ModerationError::NotChiefJustice(
                        "require a chessclock (Terms §II Act 11, 11.3)",
                    ));
                }
            }
            ActionKind::Technical => {
                if !actor.offices.is_chief_justice() {
                    return Err(ModerationError::NotChiefJustice(
                        "make technical modifications (Terms §III Act 5)",
                    ));
                }
            }
            ActionKind::Ban { .. } => {
                if !actor.offices.has_moderator_powers() && !actor.offices.holds(Office::Staff) {
                    return Err(ModerationError::NotBanner);
                }
            }
            _ => {
                if !actor.offices.has_moderator_powers() {
                    return Err(ModerationError::NotModerator);
                }
            }
        }
        Ok(())
    }

    /// When an action was taken: now, or a past club date up to 7 days back.
    fn taken_at(&self, taken: Option<&str>) -> Result<DateTime<Utc>, ModerationError> {
        let now = self.now();
        let Some(text) = taken else {
            return Ok(now);
        };
        let date = parse_date(text)?;
        let today = calendar::local_date(now, self.tz());
        if date > today {
            return Err(ModerationError::TakenInFuture(calendar::show_date(date)));
        }
        if date == today {
            return Ok(now);
        }
        let days = self.config().moderation.declaration_days;
        if (today - date).num_days() > days {
            return Err(ModerationError::TakenTooLongAgo(calendar::show_date(date)));
        }
        // Taken during that day; noon club time stands for "some time that day".
        Ok(calendar::local_to_utc(
            date.and_hms_opt(12, 0, 0).expect("valid"),
            self.tz(),
        ))
    }

    /// Puts an action's effects into the history and the game records.
    #[allow(clippy::too_many_arguments)]
    async fn apply_effects(
        &self,
        conn: &mut SqliteConnection,
        action_id: i64,
        kind: &ActionKind,
        step: Option<Step>,
        points: Option<i64>,
        target: Option<&Person>,
        game: Option<i64>,
        taken_at: DateTime<Utc>,
    ) -> Result<String, ModerationError> {
        let event =
            |kind: &'static str, amount: Option<i64>, reason: String| (kind, amount, reason);
        let mut to_append = None;
        let text = match (kind, step) {
            (ActionKind::Violation { .. }, Some(Step::Reverse)) => match game {
                Some(g) => {
                    let game = store::games::by_id(conn, g)
                        .await?
                        .ok_or(ModerationError::NoGame(g))?;
                    if game.status().is_reversible_by_fraud() {
                        // Remember what the game was, so voiding this case restores exactly that.
                        store::actions::set_reversed(conn, action_id, Some(game.status())).await?;
                        store::games::mark_void(
                            conn,
                            g,
                            &format!("fraud: case #{action_id}"),
                            self.now(),
                        )
                        .await?;
                        store::events::void_game(
                            conn,
                            g,
                            self.now(),
                            &format!("case #{action_id}"),
                        )
                        .await?;
                        format!("Game #{g} is reversed.")
                    } else {
                        format!("Game #{g} is already off the Leaderboard ({}), so there is nothing more to reverse.", game.status())
                    }
                }
                None => {
                    "No game is named, so nothing is reversed; the violation counts on the ladder."
                        .into()
                }
            },
            (ActionKind::Violation { .. }, Some(Step::Halve)) => {
                to_append = Some(event(
                    "halve",
                    None,
                    format!("score halved: second violation, case #{action_id} (Terms §II Act 5)"),
                ));
                String::new()
            }
            (ActionKind::Violation { .. }, Some(Step::Reset)) => {
                to_append = Some(event(
                    "reset",
                    None,
                    format!("score reset: third violation, case #{action_id} (Terms §II Act 5)"),
                ));
                String::new()
            }
            (ActionKind::Deduction { .. }, _) | (ActionKind::Award { .. }, _) => {
                let p = points.unwrap_or(0);
                to_append = Some(event(
                    "adjust",
                    Some(p),
                    format!(
                        "{} {} points, case #{action_id} (Terms §II Act 3)",
                        if p < 0 { "deducted" } else { "awarded" },
                        p.abs()
                    ),
                ));
                "No score falls below 100 (Terms §II Act 6).".to_owned()
            }
            _ => String::new(),
        };
        if let (Some((kind, amount, reason)), Some(t)) = (to_append, target) {
            store::events::append(
                conn,
                &NewEvent {
                    at: taken_at,
                    kind,
                    person_id: Some(t.id),
                    game_id: None,
                    action_id: Some(action_id),
                    amount,
                    reason: &reason,
                },
            )
            .await?;
        }
        Ok(text)
    }

    /// Posts the declaration (Terms §III Act 2.4) through the outbox and links it to the case.
    async fn declare(
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
        let text = format!(
            "Declaration, case #{} (Terms §III Act 2.4): {actor} took this action{when}: {what}. Reasoning: {reasoning}",
            action.id
        );
        let outbox =
            store::outbox::enqueue(conn, store::outbox::DISCUSSION, &text, self.now()).await?;
        store::actions::set_declaration(conn, action.id, reasoning, outbox).await?;
        let case = CaseId(action.id);
        jobs::cancel(conn, &Job::DeclarationDeadline { action: case }, self.now()).await?;
        jobs::cancel(conn, &Job::DeclarationReminder { action: case }, self.now()).await?;
        Ok(())
    }

    async fn schedule_declaration_jobs(
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

    /// `/mod declare case reasoning`: the public declaration of an action recorded earlier.
    pub async fn declare_case(
        &self,
        caller: &PersonRef,
        case: i64,
        reasoning: &str,
    ) -> Result<ModerationReply, ModerationError> {
        let command = Command::new(
            "mod declare",
            json!({ "case": case, "reasoning": reasoning }),
        );
        let mut tx = self.begin().await?;
        let result = async {
            let actor = self.actor(&mut tx, caller).await?;
            let action = store::actions::by_id(&mut tx, case)
                .await?
                .ok_or(ModerationError::NoCase(case))?;
            if action.actor_id != actor.id {
                return Err(ModerationError::NotYourCase(case));
            }
            if action.declaration_outbox_id.is_some() {
                return Err(ModerationError::AlreadyDeclared(case));
            }
            // A lifted monitor or clock requirement must still be declared (Terms §III Act 2.4).
            if action.status.declarable().is_err() {
                return Err(ModerationError::NotDeclarable(
                    case,
                    action.status.to_string(),
                ));
            }
            if self.now() > action.deadline_at {
                return Err(ModerationError::DeadlinePassed(
                    case,
                    calendar::show(action.deadline_at, self.tz()),
                ));
            }
            let reasoning = Reason::parse(reasoning)?;
            let target = store::people::name_of(&mut tx, action.target_id).await?;
            self.declare(
                &mut tx,
                &action,
                &actor.name,
                target.as_deref(),
                reasoning.as_str(),
            )
            .await?;
            Ok(ModerationReply(format!(
                "Case #{case} is declared in #discussion (Terms §III Act 2.4)."
            )))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

    /// `/mod unmonitor` and `/mod clock off`: ends a monitor (any Moderator, Act 10.2) or a
    /// chessclock requirement (the Chief Justice only, Act 11.3).
    pub async fn end_restriction(
        &self,
        caller: &PersonRef,
        member: &PersonRef,
        kind: &'static str,
        reason: &str,
    ) -> Result<ModerationReply, ModerationError> {
        // The adapters name the restriction; anything but a monitor is a chessclock requirement.
        let restriction = if kind == "monitor" {
            CaseKind::Monitor
        } else {
            CaseKind::Clock
        };
        let name = match restriction {
            CaseKind::Monitor => "mod unmonitor",
            _ => "mod clock off",
        };
        let command = Command::new(name, json!({ "member": member.name, "reason": reason }));
        let mut tx = self.begin().await?;
        let result = async {
            let actor = self.actor(&mut tx, caller).await?;
            if restriction == CaseKind::Clock && !actor.offices.is_chief_justice() {
                return Err(ModerationError::NotChiefJustice(
                    "remove a chessclock requirement (Terms §II Act 11.3)",
                ));
            }
            if restriction == CaseKind::Monitor && !actor.offices.has_moderator_powers() {
                return Err(ModerationError::NotModerator);
            }
            let reason = Reason::parse(reason)?;
            let person = store::people::find(&mut tx, member)
                .await?
                .ok_or_else(|| ModerationError::Unknown(member.name.clone()))?;
            if person.id == actor.id {
                return Err(ModerationError::AgainstSelf);
            }
            let open = store::actions::open_of_kind(&mut tx, person.id, restriction).await?;
            let Some(open) = open else {
                return Err(if restriction == CaseKind::Monitor {
                    ModerationError::NotMonitored(person.name)
                } else {
                    ModerationError::ClockNotRequired(person.name)
                });
            };
            store::actions::end(&mut tx, open.id, self.now()).await?;
            let lifted = open.status.lift()?;
            store::actions::set_status(&mut tx, open.id, lifted, reason.as_str()).await?;
            let what = if restriction == CaseKind::Monitor {
                "is no longer monitored (Terms §II Act 10.2)"
            } else {
                "is no longer required to use a chessclock (Terms §II Act 11.3)"
            };
            let text = format!(
                "{} {what}, case #{} lifted by {}: {reason}",
                person.name, open.id, actor.name
            );
            self.announce(&mut tx, &text).await?;
            Ok(ModerationReply(text))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

    /// `/mod unban`: refused, with the rule (Terms §II Act 9.4).
    pub async fn moderator_unban(
        &self,
        caller: &PersonRef,
        member: &PersonRef,
    ) -> Result<ModerationReply, ModerationError> {
        let tx = self.begin().await?;
        let command = Command::new("mod unban", json!({ "member": member.name }));
        self.conclude(
            tx,
            caller,
            command,
            Err::<ModerationReply, _>(ModerationError::OnlyTheCourt),
        )
        .await
    }

    /// `/game approve`: a Moderator who did not play approves a monitored member's game (Act 10.4).
    pub async fn approve_game(
        &self,
        caller: &PersonRef,
        number: i64,
    ) -> Result<ModerationReply, ModerationError> {
        let command = Command::new("game approve", json!({ "game": number }));
        let mut tx = self.begin().await?;
        let result = async {
            let actor = self.actor(&mut tx, caller).await?;
            if !actor.offices.has_moderator_powers() {
                return Err(ModerationError::NotModerator);
            }
            let game = store::games::by_id(&mut tx, number)
                .await?
                .ok_or(ModerationError::NoGame(number))?;
            if game.has_player(actor.id) {
                return Err(ModerationError::OwnGame);
            }
            if game.status() != GameStatus::PendingApproval {
                return Err(ModerationError::NotPending(number));
            }
            store::games::set_approved(&mut tx, number, actor.id).await?;
            let changes = self.count_game(&mut tx, number, self.now()).await?;
            Ok(ModerationReply(format!(
                "Game #{number} is approved as valid by {} (Terms §II Act 10.4). {changes}",
                actor.name
            )))
        }
        .await;
        self.conclude(tx, caller, command, result).await
    }

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
        store::actions::set_status(conn, action.id, status, why).await?;
        store::events::void_action(conn, action.id, now, why).await?;
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
        let Some(game) = store::games::by_id(conn, game_id).await? else {
            return Ok(());
        };
        if game.void_reason.as_deref() != Some(ours.as_str()) {
            return Ok(()); // something else has happened to the game since
        }
        let event_reason = format!("case #{}", action.id);
        if let Some(other) =
            store::actions::other_reversal_of_game(conn, game_id, action.id).await?
        {
            let theirs = format!("case #{other}");
            store::games::mark_void(conn, game_id, &format!("fraud: {theirs}"), self.now()).await?;
            store::events::revoid_game(conn, game_id, &event_reason, &theirs).await?;
            store::actions::set_reversed(conn, other, Some(before)).await?;
            return Ok(());
        }
        store::games::restore(conn, game_id, before).await?;
        store::events::unvoid_game(conn, game_id, &event_reason).await?;
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
        let mut before = 0;
        let mut changed = Vec::new();
        for a in store::actions::list(conn, Some(target_id)).await? {
            if a.kind != CaseKind::Violation || !a.status.stands() {
                continue;
            }
            let prescribed = Step::prescribed(before);
            before += 1;
            let Some(old) = a.step.and_then(Step::from_number) else {
                continue;
            };
            if a.id < voided.id || old <= prescribed {
                continue;
            }
            let now = self.now();
            store::events::void_action(conn, a.id, now, "re-stepped: an earlier case is void")
                .await?;
            // One ban-expiry job per case: re-stepping moves it, or cancels it when the new
            // step is no ban.
            let expiry = Job::BanExpiry {
                action: CaseId(a.id),
            };
            let status = a.status.restep()?;
            let ends_at = (prescribed == Step::FourWeekBan).then(|| {
                let end = ladder::four_week_ban_end(calendar::local_date(a.taken_at, tz));
                calendar::start_of_day(end, tz)
            });
            store::actions::set_step(conn, a.id, prescribed.number(), ends_at, status).await?;
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
                    a.taken_at,
                )
                .await?;
            changed.push(format!(
                "Case #{} is now step {} of the ladder, since case #{} is void: {}.{}",
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

    /// The job at a declaration deadline: an undeclared penalty is void (Terms §III Act 2.4.2).
    pub(crate) async fn declaration_deadline(
        &self,
        conn: &mut SqliteConnection,
        action_id: CaseId,
    ) -> anyhow::Result<String> {
        let Some(action) = store::actions::by_id(conn, action_id.get()).await? else {
            return Ok("no such case".into());
        };
        if action.declaration_outbox_id.is_some() {
            return Ok("declared in time".into());
        }
        if action.status.declarable().is_err() {
            return Ok(format!("already {}", action.status));
        }
        let actor = store::people::by_id(conn, action.actor_id).await?.name;
        // Only penalties given with Moderator powers are voided (Act 2.4.2); a Staff ban is
        // not a Moderator power and is not subject to review (§III Act 6), so it is flagged.
        let staff_ban = action.kind == CaseKind::Ban && !action.appealable;
        if !action.kind.is_penalty() || staff_ban {
            store::actions::set_status(
                conn,
                action.id,
                action.status,
                "not declared within 7 days (Terms §III Act 2.4)",
            )
            .await?;
            self.announce(
                conn,
                &format!(
                    "Case #{} ({}) by {actor} was not declared within 7 days (Terms §III Act 2.4).",
                    action.id, action.kind
                ),
            )
            .await?;
            return Ok("undeclared (not a penalty)".into());
        }
        self.void_action(
            conn,
            &action,
            action.status.void()?,
            "not declared within 7 days (Terms §III Act 2.4.2)",
        )
        .await?;
        let target = store::people::name_of(conn, action.target_id)
            .await?
            .unwrap_or_else(|| "nobody".into());
        self.announce(
            conn,
            &format!(
                "Case #{} ({} against {target} by {actor}) is void: it was not declared within 7 days (Terms §III Act 2.4.2). Its effects are reversed.",
                action.id, action.kind
            ),
        )
        .await?;
        for line in self.restep_after_void(conn, &action).await? {
            self.announce(conn, &line).await?;
        }
        Ok("void: not declared".into())
    }

    /// The job a day before a declaration deadline.
    pub(crate) async fn declaration_reminder(
        &self,
        conn: &mut SqliteConnection,
        action_id: CaseId,
    ) -> anyhow::Result<String> {
        let Some(action) = store::actions::by_id(conn, action_id.get()).await? else {
            return Ok("no such case".into());
        };
        if action.declaration_outbox_id.is_some()
            || action.status != CaseStatus::InForce
            || self.now() >= action.deadline_at
        {
            return Ok("nothing to remind".into());
        }
        let actor = store::people::by_id(conn, action.actor_id).await?.name;
        let void = if action.kind.is_penalty() && action.appealable {
            " or the penalty is void"
        } else {
            ""
        };
        self.announce(
            conn,
            &format!(
                "Reminder for {actor}: case #{} must be declared with /mod declare by {}{void} (Terms §III Act 2.4).",
                action.id,
                calendar::show(action.deadline_at, self.tz())
            ),
        )
        .await?;
        Ok("reminded".into())
    }

    /// The job at a ban's end: the ban expires and it is announced.
    pub(crate) async fn ban_expiry(
        &self,
        conn: &mut SqliteConnection,
        action_id: CaseId,
        scheduled_end: DateTime<Utc>,
    ) -> anyhow::Result<String> {
        let Some(action) = store::actions::by_id(conn, action_id.get()).await? else {
            return Ok("no such case".into());
        };
        // The case may have moved on since the job was scheduled: void, re-stepped below a
        // ban, or given another end. Then this is not the end of its ban.
        let state = BanState {
            kind: action.kind,
            step: action.step.and_then(Step::from_number),
            status: action.status,
            ends_at: action.ends_at,
        };
        let expired = match state.expire(scheduled_end) {
            Ok(expired) => expired,
            Err(CaseRefusal::CannotExpire(status)) => return Ok(format!("already {status}")),
            Err(moved_on) => return Ok(format!("nothing to do: {moved_on}")),
        };
        store::actions::set_status(conn, action.id, expired, "the ban ended").await?;
        let target = store::people::name_of(conn, action.target_id)
            .await?
            .unwrap_or_else(|| "nobody".into());
        let member = match action.target_id {
            Some(t) => store::people::open_membership(conn, t).await?.is_some(),
            None => false,
        };
        let next = if member {
            "they may play again"
        } else {
            "they may rejoin with /join"
        };
        self.announce(
            conn,
            &format!("{target}'s ban (case #{}) has ended; {next}.", action.id),
        )
        .await?;
        Ok("expired".into())
    }

    /// `/mod cases [member]`.
    pub async fn cases(
        &self,
        member: Option<&PersonRef>,
    ) -> Result<ModerationReply, ModerationError> {
        let mut conn = self.pool().acquire().await?;
        let target = match member {
            Some(m) => match store::people::find(&mut conn, m).await? {
                Some(p) => Some(p.id),
                None => return Ok(ModerationReply(format!("No cases concern {}.", m.name))),
            },
            None => None,
        };
        let actions = store::actions::list(&mut conn, target).await?;
        if actions.is_empty() {
            return Ok(ModerationReply("No cases.".into()));
        }
        let mut lines = vec!["Cases:".to_owned()];
        for a in actions {
            lines.push(self.case_line(&mut conn, &a).await?);
        }
        Ok(ModerationReply(lines.join("\n")))
    }

    async fn case_line(&self, conn: &mut SqliteConnection, a: &Action) -> sqlx::Result<String> {
        let tz = self.tz();
        let target = store::people::name_of(conn, a.target_id).await?;
        let actor = store::people::by_id(conn, a.actor_id).await?.name;
        let declared = match (a.declaration_outbox_id, a.declared_at) {
            (_, Some(at)) => format!(
                "declared {}",
                calendar::show_date(calendar::local_date(at, tz))
            ),
            (Some(_), None) => "declaration posting".into(),
            (None, None) => format!("undeclared, due by {}", calendar::show(a.deadline_at, tz)),
        };
        Ok(format!(
            "#{} {}, by {actor}: {}. Status: {}; {declared}",
            a.id,
            calendar::show_date(calendar::local_date(a.taken_at, tz)),
            describe_action(a, target.as_deref(), tz),
            a.status.word()
        ))
    }

    /// `/mod case N`: one case in full, with its declaration link.
    pub async fn case(&self, number: i64) -> Result<ModerationReply, ModerationError> {
        let mut conn = self.pool().acquire().await?;
        let a = store::actions::by_id(&mut conn, number)
            .await?
            .ok_or(ModerationError::NoCase(number))?;
        let mut text = self.case_line(&mut conn, &a).await?;
        text.push_str(&format!("\nReason: {}", a.reason));
        if let Some(reasoning) = &a.declaration {
            text.push_str(&format!("\nDeclared reasoning: {reasoning}"));
        }
        if let Some(outbox) = a.declaration_outbox_id {
            let d = &self.config().discord;
            if let (Some(msg), Some(guild), Some(channel)) = (
                store::actions::declaration_message(&mut conn, outbox).await?,
                d.guild_id,
                d.discussion_channel_id,
            ) {
                text.push_str(&format!(
                    "\nDeclaration: https://discord.com/channels/{guild}/{channel}/{msg}"
                ));
            }
        }
        if let Some(why) = &a.status_reason {
            // The stored spelling ("in_force"), as this line has always shown it.
            text.push_str(&format!("\nStatus: {} ({why})", a.status.key()));
        }
        if !a.appealable {
            text.push_str("\nNot appealable.");
        }
        Ok(ModerationReply(text))
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
            format!("{} points deducted from {who}", a.points.unwrap_or(0).abs())
        }
        CaseKind::Award => format!("{} points awarded to {who}", a.points.unwrap_or(0)),
        CaseKind::Clock => format!("{who} must use a chessclock in every game"),
        CaseKind::Technical => format!("technical modification: {}", a.reason),
    }
}

/// The case's status as a word: in force, expired, lifted, void, overturned, remanded.
pub fn status_word(a: &Action) -> String {
    a.status.word().to_owned()
}

fn parse_date(text: &str) -> Result<NaiveDate, ModerationError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| ModerationError::BadDate(text.to_owned()))
}

/// Offences are compared without regard to case, spacing or punctuation.
fn normalise(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
