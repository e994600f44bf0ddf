//! Taking a moderation action: `/mod violation`, `ban`, `monitor`, `deduct`, `award`,
//! `clock on` and `technical`, each a numbered case (Terms §II Acts 3, 5, 9-11; §III Acts 2,
//! 5, 6).

use crate::app::moderation::Moderation;
use sqlx::SqliteConnection;

use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::CaseId;
use crate::domain::kernel::text::{bounded, Reason};
use crate::domain::moderation::ladder::{self, Step};
use crate::domain::moderation::{offence_key, CaseKind};
use crate::jobs::{self, Job};
use crate::store::{self, moderation::actions::NewAction};

use super::{describe_action, ActionInput, ActionKind, ModerationError, ModerationOutcome};
use crate::app::{Actor, Call};

impl Moderation<'_> {
    /// Takes a moderation action: `/mod violation`, `ban`, `monitor`, `deduct`, `award`,
    /// `clock on`, `technical`.
    pub async fn take_action(
        &self,
        call: &Call,
        kind: ActionKind,
        input: &ActionInput,
    ) -> Result<ModerationOutcome, ModerationError> {
        self.execute(call, async |conn, actor| {
            self.take_action_in(conn, actor, &kind, input).await
        })
        .await
    }

    pub(super) async fn take_action_in(
        &self,
        conn: &mut SqliteConnection,
        actor: &Actor,
        kind: &ActionKind,
        input: &ActionInput,
    ) -> Result<ModerationOutcome, ModerationError> {
        let now = self.now();
        Self::check_authority(actor, kind)?;
        let reason = Reason::parse(&input.reason)?;
        let discretion = input
            .discretion
            .as_deref()
            .map(|why| bounded("discretion", why, Reason::MAX))
            .transpose()?;
        let discretion = discretion.as_deref();
        let target = match &input.target {
            Some(t) => {
                let p = t
                    .find(conn)
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
            let game = store::leaderboard::games::by_id(conn, number)
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
        let declaration_days = self.declaration_days(conn).await?;
        let taken_at = self.taken_at(input.taken, declaration_days)?;
        // However the action names it (game:, incident: or only a reason), an action against
        // someone the Moderator played that day may be about that game (Terms §III Act 3.5).
        if let Some(t) = &target {
            let day = calendar::local_date(taken_at, self.tz());
            if let Some(game) =
                store::leaderboard::games::between_on(conn, actor.id, t.id, day).await?
            {
                return Err(ModerationError::PlayedThatDay {
                    name: t.name.clone(),
                    game,
                });
            }
        }
        let offence = offence_key(input.game, input.incident.as_deref())?;
        if kind.is_penalty() {
            let offence = offence.as_deref().ok_or(ModerationError::NoOffence)?;
            let target = target.as_ref().expect("penalties have a target");
            // A penalty once issued counts, even after it was void for want of a declaration:
            // "when a previous penalty had been issued" (Terms §III Act 2.2).
            let issued =
                store::moderation::actions::issued_for_offence(conn, target.id, offence).await?;
            if let Some(case) = issued.iter().find(|a| a.kind.is_penalty()).map(|a| a.id) {
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
                let prior =
                    store::moderation::actions::violations_in_force(conn, target.id).await?;
                let s = ladder::choose(Step::prescribed(prior), *chosen, discretion)?;
                step = Some(s);
                if s == Step::FourWeekBan {
                    ends_at = Some(ladder::four_week_ban_end(
                        taken_at,
                        tz,
                        self.ban_day(conn).await?.day,
                    ));
                }
            }
            ActionKind::Ban { until } => {
                let end = *until;
                ladder::is_valid_ban_end(
                    end,
                    calendar::local_date(now, tz),
                    &self.ban_day(conn).await?,
                )?;
                ends_at = Some(calendar::start_of_day(end, tz));
                // Staff ban without Court review (Terms §III Act 6).
                appealable = actor.offices.has_moderator_powers();
            }
            ActionKind::Monitor => {
                let target = target.as_ref().expect("monitors have a target");
                if let Some(open) =
                    store::moderation::actions::open_of_kind(conn, target.id, CaseKind::Monitor)
                        .await?
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
                    store::moderation::actions::open_of_kind(conn, target.id, CaseKind::Clock)
                        .await?
                {
                    return Err(ModerationError::ClockAlready(target.name.clone(), open.id));
                }
                appealable = false; // Terms §II Act 11.3
            }
            ActionKind::Technical => {}
        }
        let deadline = calendar::local_days_after(taken_at, declaration_days, tz);
        if input.declare_later && deadline <= now {
            return Err(ModerationError::LaterTooLate(calendar::show(deadline, tz)));
        }
        let id = store::moderation::actions::insert(
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
                discretion,
            },
        )
        .await?;
        let mut effects = Vec::new();
        if let (ActionKind::Violation { .. }, Some(g)) = (kind, input.game) {
            effects.push(self.reverse_fictitious_game(conn, id, g).await?);
        }
        effects.push(
            self.apply_effects(
                conn,
                id,
                kind,
                step,
                points,
                target.as_ref(),
                input.game,
                now,
            )
            .await?,
        );
        let effect: String = effects
            .iter()
            .filter(|e| !e.is_empty())
            .map(|e| format!(" {e}"))
            .collect();
        if let Some(end) = ends_at {
            let expiry = Job::BanExpiry { action: CaseId(id) };
            jobs::schedule(conn, &expiry, end).await?;
        }
        let action = store::moderation::actions::by_id(conn, id)
            .await?
            .expect("just inserted");
        let target_name = target.as_ref().map(|t| t.name.as_str());
        let summary = describe_action(&action, target_name, tz);
        // Technical modifications must be announced publicly (Terms §III Act 5.1): never later.
        if input.declare_later && *kind != ActionKind::Technical {
            self.schedule_declaration_jobs(conn, &action).await?;
            // Moderators see it at once in the mod log; the public declaration comes later.
            self.log_for_moderators(
                conn,
                &format!(
                    "Case #{id} recorded by {}, to be declared by {}: {summary}.{effect}",
                    actor.name,
                    calendar::show(deadline, tz)
                ),
            )
            .await?;
            return Ok(ModerationOutcome::Recorded {
                case: id,
                summary,
                effect,
                declare_by: deadline.with_timezone(&tz),
                void_if_late: kind.is_penalty() && appealable,
            });
        }
        self.declare(conn, &action, &actor.name, target_name, reason.as_str())
            .await?;
        Ok(ModerationOutcome::Taken {
            case: id,
            summary,
            effect,
        })
    }

    /// Who may take which action (Terms §II Acts 9, 11; §III Acts 2, 3.4, 5, 6).
    fn check_authority(actor: &Actor, kind: &ActionKind) -> Result<(), ModerationError> {
        let offices = &actor.offices;
        match kind {
            ActionKind::Clock => Power::ChiefJustice.require(
                offices,
                "require a chessclock",
                "Terms §II Act 11, 11.3",
            )?,
            ActionKind::Technical => Power::ChiefJustice.require(
                offices,
                "make technical modifications",
                "Terms §III Act 5",
            )?,
            ActionKind::Ban { .. } => {
                Power::Ban.require(offices, "ban", "Terms §II Act 9, §III Act 6")?
            }
            _ => Power::Moderate.require(offices, "do this", "Terms §III Act 2, 3.4")?,
        }
        Ok(())
    }
}
