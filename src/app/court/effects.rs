//! What a decision does to the record by itself (Terms §III Act 3.8; §II Acts 5, 6.3, 9.4,
//! 10): upheld, the case is marked so; overturned, it is voided (every later score re-derived
//! and later violations re-stepped, exactly as a void does) or replaced by a new ban end or a
//! lesser step; remanded, it goes back to its Moderator to re-decide within 7 days (§III Act
//! 2.4). An en banc judgement that differs from the panel's first undoes what it can of it.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::moderation::ActionKind;
use crate::domain::court::{
    appealed_as_it_stands, decision_reaches, overdue_words, restore, ActionFacts, Decision,
    Judgement, Replacement, Restore, Subject,
};
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::{AppealId, CaseId};
use crate::domain::moderation::ladder::{self, Step};
use crate::domain::moderation::CaseStatus;
use crate::jobs::{self, Job};
use crate::store::{self, court::appeals::AppealRow};

use super::CourtError;

impl super::Court<'_> {
    /// Carries out `judgement` on the appeal's subject and returns what it did, in words. When
    /// the whole Court rules after a panel, `panel` is the panel's judgement already carried out.
    pub(super) async fn carry_out(
        &self,
        conn: &mut SqliteConnection,
        row: &mut AppealRow,
        judgement: &Judgement,
        panel: Option<&Judgement>,
    ) -> Result<Vec<String>, CourtError> {
        let n = row.id;
        let mut lines = Vec::new();
        if let Some(panel) = panel {
            if panel.decision == judgement.decision {
                lines.push(format!(
                    "Appeal #{n}: the whole Court's decision is the panel's, which stands."
                ));
                return Ok(lines);
            }
        }
        if let Some(line) = self.unreached(conn, row, panel).await? {
            lines.push(line);
            row.effects.extend(lines.iter().cloned());
            return Ok(lines);
        }
        if let Some(panel) = panel {
            lines.extend(self.undo(conn, row, &panel.decision).await?);
            let voided = matches!(&panel.decision, Decision::Overturn(o) if o.replacement == Replacement::Void);
            if voided && row.case_id.is_some() {
                row.effects.extend(lines.iter().cloned());
                return Ok(lines);
            }
        }
        let why = format!("appeal #{n}");
        match (&row.filing.subject, row.case_id, row.deduction_id) {
            (Subject::Matter(_), ..) => lines.push(match &judgement.decision {
                Decision::Overturn(o) => match &o.replacement {
                    Replacement::Ruling(r) => {
                        format!("Appeal #{n}: the Court rules: {}", r.as_str())
                    }
                    _ => format!("Appeal #{n}: the Court overturns what was done."),
                },
                _ => format!("Appeal #{n}: what was done stands."),
            }),
            (Subject::Action(a), None, Some(event)) => {
                let what = crate::domain::court::standing::capital(&a.name());
                match &judgement.decision {
                    Decision::Overturn(_) => {
                        store::leaderboard::events::void_event(conn, event, self.now(), &format!("overturned: {why}"))
                            .await?;
                        lines.push(format!(
                            "{what} is overturned by the Court (appeal #{n}) and reversed as though it never happened; every later score is re-derived (Terms §II Act 6.3)."
                        ));
                    }
                    Decision::Uphold => lines.push(format!("{what} is upheld by the Court (appeal #{n}).")),
                    Decision::Remand { .. } => lines.push(format!(
                        "{what} goes back to the Chief Justice (appeal #{n}) to reconsider under the Court's conditions."
                    )),
                }
            }
            (Subject::Action(_), Some(case), _) => lines.extend(
                self.carry_out_on_case(conn, row, case, &judgement.decision)
                    .await?,
            ),
            (Subject::Action(_), None, None) => {}
        }
        row.effects.extend(lines.iter().cloned());
        // The parties may be told the outcome privately (a case or an appeal about them).
        if !lines.is_empty() {
            let text = format!("Appeal #{n} is decided:\n{}", lines.join("\n"));
            let notice = crate::domain::notify::Notice::Case;
            self.send_notice_each(conn, &row.filing.parties(), notice, &text)
                .await?;
        }
        Ok(lines)
    }

    /// A case void by the time of the decision is not revived (Terms §III Act 2.4.2): the
    /// decision changes nothing, and a remand the panel made no longer waits. A case the panel
    /// itself voided is left to [`Self::undo`], which says so in its own words.
    async fn unreached(
        &self,
        conn: &mut SqliteConnection,
        row: &mut AppealRow,
        panel: Option<&Judgement>,
    ) -> Result<Option<String>, CourtError> {
        let Some(case) = row.case_id else {
            return Ok(None);
        };
        if matches!(panel, Some(Judgement { decision: Decision::Overturn(o), .. }) if o.replacement == Replacement::Void)
        {
            return Ok(None);
        }
        let action = store::moderation::actions::by_id(conn, case)
            .await?
            .ok_or(CourtError::NoCase(case))?;
        let Err(why) = decision_reaches(action.status) else {
            return Ok(None);
        };
        if row.redecide_due_at.is_some() && row.redecided_at.is_none() {
            row.redecide_due_at = None;
            jobs::cancel(
                conn,
                &Job::RedecideDeadline {
                    appeal: AppealId(row.id),
                },
                self.now(),
            )
            .await?;
        }
        Ok(Some(why.words(case)))
    }

    async fn carry_out_on_case(
        &self,
        conn: &mut SqliteConnection,
        row: &mut AppealRow,
        case: i64,
        decision: &Decision,
    ) -> Result<Vec<String>, CourtError> {
        let n = row.id;
        let now = self.now();
        let tz = self.tz();
        let action = store::moderation::actions::by_id(conn, case)
            .await?
            .ok_or(CourtError::NoCase(case))?;
        let mut lines = Vec::new();
        match decision {
            Decision::Uphold => {
                store::moderation::actions::set_status(
                    conn,
                    case,
                    action.status,
                    &format!("upheld by the Court, appeal #{n}"),
                )
                .await?;
                lines.push(format!(
                    "Case #{case} is upheld by the Court (appeal #{n})."
                ));
            }
            Decision::Overturn(o) => match &o.replacement {
                Replacement::Void | Replacement::Ruling(_) => {
                    let status = action.status.overturn()?;
                    self.moderation()
                        .void_action(
                            conn,
                            &action,
                            status,
                            &format!("overturned by the Court, appeal #{n}"),
                        )
                        .await?;
                    let what = match action.kind {
                        crate::domain::moderation::CaseKind::Monitor => {
                            " The monitor is removed (Terms §II Act 10)."
                        }
                        crate::domain::moderation::CaseKind::Ban => {
                            " The ban is lifted (Terms §II Act 9.4)."
                        }
                        _ => "",
                    };
                    // Only the fraud ladder's reversal is §II Act 5's; the rest is the Court's
                    // overturn itself (§III Act 3.8b).
                    let rule = if action.kind == crate::domain::moderation::CaseKind::Violation {
                        "Terms §II Act 5"
                    } else {
                        "Terms §III Act 3.8b"
                    };
                    lines.push(format!(
                        "Case #{case} is overturned by the Court (appeal #{n}) and void: its effects are reversed as though it never happened, and every later score re-derived ({rule}).{what}"
                    ));
                    let restepped = self.moderation().restep_after_void(conn, &action).await?;
                    lines.extend(restepped);
                }
                Replacement::BanEnds(day) => {
                    let end = calendar::start_of_day(*day, tz);
                    self.move_ban(conn, case, Some(end), now).await?;
                    lines.push(format!(
                        "Case #{case}: the Court (appeal #{n}) moves the end of the ban to {} (Terms §II Act 9.4).",
                        calendar::show_date(*day)
                    ));
                }
                Replacement::LesserStep(step) => {
                    lines.push(self.set_case_step(conn, &action, *step, n).await?);
                }
                Replacement::Points(points) => {
                    lines.push(
                        self.set_case_points(conn, &action, *points, n, "by the Court")
                            .await?,
                    );
                }
            },
            Decision::Remand { conditions } => {
                let days = self.declaration_days(conn).await?;
                let due = calendar::local_days_after(now, days, tz);
                row.redecide_due_at = Some(due);
                row.redecided_at = None;
                jobs::schedule(
                    conn,
                    &Job::RedecideDeadline {
                        appeal: AppealId(n),
                    },
                    due,
                )
                .await?;
                let moderator = self.name(conn, action.actor_id).await?;
                let conditions: Vec<&str> = conditions
                    .iter()
                    .map(|c| c.as_str().trim_end_matches('.'))
                    .collect();
                let line = format!(
                    "Case #{case} goes back to {moderator} (appeal #{n}) to re-decide under these conditions: {}. {moderator} re-decides with /mod redecide case:{case} and declares it by {}, {}.",
                    conditions.join("; "),
                    calendar::show(due, tz),
                    overdue_words(action.kind)
                );
                let notice = crate::domain::notify::Notice::Redecision;
                self.send_notice(conn, action.actor_id, notice, &line, &[])
                    .await?;
                lines.push(line);
            }
        }
        Ok(lines)
    }

    /// Gives a ban a new end (or none), with its expiry job; a ban whose end is past is over.
    pub(super) async fn move_ban(
        &self,
        conn: &mut SqliteConnection,
        case: i64,
        end: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<(), CourtError> {
        let expiry = Job::BanExpiry {
            action: CaseId(case),
        };
        store::moderation::actions::set_ends_at(conn, case, end, CaseStatus::InForce).await?;
        match end {
            Some(end) => jobs::schedule(conn, &expiry, end.max(now)).await?,
            None => jobs::cancel(conn, &expiry, now).await?,
        }
        Ok(())
    }

    /// A deduction or award takes other points, as of when it was recorded: its old event is
    /// voided and the new one put in its place, so every later score is re-derived (Terms §III
    /// Acts 2.4.3, 3.8). Returns the words "the deduction of 40 points" for what it was, and
    /// the score's movement, if any.
    pub(super) async fn replace_points(
        &self,
        conn: &mut SqliteConnection,
        action: &store::moderation::actions::Action,
        points: i64,
        n: i64,
    ) -> Result<(String, String), CourtError> {
        let case = action.id;
        let deduction = action.kind == crate::domain::moderation::CaseKind::Deduction;
        let signed = if deduction { -points } else { points };
        let was = format!(
            "the {} of {}",
            if deduction { "deduction" } else { "award" },
            crate::domain::kernel::text::points(action.points.map_or(0, i64::abs))
        );
        store::leaderboard::events::void_action(
            conn,
            case,
            self.now(),
            &format!("points changed, appeal #{n}"),
        )
        .await?;
        store::moderation::actions::set_points(conn, case, signed).await?;
        let target = match action.target_id {
            Some(t) => Some(store::people::by_id(conn, t).await?),
            None => None,
        };
        let kind = if deduction {
            ActionKind::Deduction { points }
        } else {
            ActionKind::Award { points }
        };
        let effect = self
            .moderation()
            .apply_effects(
                conn,
                case,
                &kind,
                None,
                Some(signed),
                target.as_ref(),
                None,
                action.recorded_at,
            )
            .await?;
        Ok((was, effect))
    }

    /// The Court puts fewer points in place of a deduction or award (Terms §III Act 3.8b), or
    /// the whole Court puts back those appealed; `by` says which.
    pub(super) async fn set_case_points(
        &self,
        conn: &mut SqliteConnection,
        action: &store::moderation::actions::Action,
        points: i64,
        n: i64,
        by: &str,
    ) -> Result<String, CourtError> {
        let (was, effect) = self.replace_points(conn, action, points, n).await?;
        Ok(format!(
            "Case #{}: {was} is replaced {by} with one of {} (appeal #{n}), as of when it was made; every later score is re-derived (Terms §III Act 3.8b).{}",
            action.id,
            crate::domain::kernel::text::points(points),
            if effect.is_empty() { String::new() } else { format!(" {effect}") }
        ))
    }

    /// A violation takes another step of the ladder: its old effect is reversed and the new one
    /// applied, as re-stepping does (Terms §II Act 5).
    pub(super) async fn set_case_step(
        &self,
        conn: &mut SqliteConnection,
        action: &store::moderation::actions::Action,
        step: Step,
        n: i64,
    ) -> Result<String, CourtError> {
        let now = self.now();
        let case = action.id;
        store::leaderboard::events::void_action(
            conn,
            case,
            now,
            &format!("re-stepped by the Court, appeal #{n}"),
        )
        .await?;
        let ban_day = self.ban_day(conn).await?.day;
        let ends_at = (step == Step::FourWeekBan)
            .then(|| ladder::four_week_ban_end(action.taken_at, self.tz(), ban_day));
        store::moderation::actions::set_step(
            conn,
            case,
            step.number(),
            ends_at,
            CaseStatus::InForce,
        )
        .await?;
        self.move_ban(conn, case, ends_at, now).await?;
        let target = match action.target_id {
            Some(t) => Some(store::people::by_id(conn, t).await?),
            None => None,
        };
        let effect = self
            .moderation()
            .apply_effects(
                conn,
                case,
                &ActionKind::Violation { step: None },
                Some(step),
                None,
                target.as_ref(),
                action.game_id,
                action.recorded_at,
            )
            .await?;
        Ok(format!(
            "Case #{case} is now step {} of the ladder by the Court (appeal #{n}): {}.{}",
            step.number(),
            step.describe(),
            if effect.is_empty() {
                String::new()
            } else {
                format!(" {effect}")
            }
        ))
    }

    /// Returns a case to what it was when appealed, as it stands now (Terms §III Act 3.9.2):
    /// the step, the ban end or the points a panel or a re-decision on remand changed go back,
    /// but never to a step an earlier void has since taken away (§II Act 5). `undone` says
    /// what is undone, for the announcement.
    async fn restore_appealed(
        &self,
        conn: &mut SqliteConnection,
        action: &store::moderation::actions::Action,
        appealed: &ActionFacts,
        n: i64,
        undone: &str,
    ) -> Result<Vec<String>, CourtError> {
        let case = action.id;
        let tz = self.tz();
        if let (Some(points), Some(now)) = (appealed.points, action.points) {
            if points != now.abs() {
                let by = format!("by the whole Court (undoing {undone})");
                return Ok(vec![
                    self.set_case_points(conn, action, points, n, &by).await?,
                ]);
            }
        }
        let prescribed = self.ladder_step_now(conn, action).await?;
        let appealed = appealed_as_it_stands(&appealed.action, prescribed);
        let end_now = action.ends_at.map(|e| calendar::local_date(e, tz));
        Ok(match restore(&appealed, action.step, end_now) {
            Restore::Nothing => vec![],
            Restore::Step(step) => vec![self.set_case_step(conn, action, step, n).await?],
            Restore::BanEnd(end) => {
                self.move_ban(
                    conn,
                    case,
                    end.map(|d| calendar::start_of_day(d, tz)),
                    self.now(),
                )
                .await?;
                vec![format!(
                    "Case #{case}: {undone} is undone; the ban ends {} again, as when appealed.",
                    end.map_or("never".to_owned(), calendar::show_date)
                )]
            }
        })
    }

    /// Undoes what a panel's decision did before the whole Court's different one is carried
    /// out: a moved ban end or a lesser step goes back to what the case was when appealed; a
    /// remand no longer waits. A case the panel voided stays void: what was reversed as though
    /// it never happened is not brought back (see the README's reading).
    async fn undo(
        &self,
        conn: &mut SqliteConnection,
        row: &mut AppealRow,
        decision: &Decision,
    ) -> Result<Vec<String>, CourtError> {
        let n = row.id;
        let (Some(case), Subject::Action(facts)) = (row.case_id, &row.filing.subject) else {
            return Ok(vec![]);
        };
        let action = store::moderation::actions::by_id(conn, case)
            .await?
            .ok_or(CourtError::NoCase(case))?;
        let Decision::Overturn(o) = decision else {
            if let Decision::Remand { .. } = decision {
                row.redecide_due_at = None;
                jobs::cancel(
                    conn,
                    &Job::RedecideDeadline {
                        appeal: AppealId(n),
                    },
                    self.now(),
                )
                .await?;
                if row.redecided_at.is_some() {
                    let undone = "the re-decision on remand";
                    return self.restore_appealed(conn, &action, facts, n, undone).await;
                }
            }
            return Ok(vec![]);
        };
        Ok(match &o.replacement {
            Replacement::BanEnds(_) | Replacement::LesserStep(_) | Replacement::Points(_) => {
                let undone = "the panel's decision";
                self.restore_appealed(conn, &action, facts, n, undone)
                    .await?
            }
            _ => vec![format!(
                "Case #{case} stays void: what was reversed as though it never happened is not brought back."
            )],
        })
    }
}
