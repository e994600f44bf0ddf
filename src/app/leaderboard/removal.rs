//! Leaving the Leaderboard: removal of inactive members by the Chief Justice (Terms §II Act 7)
//! and removal on request within seven days (Terms §II Act 8).

use crate::app::leaderboard::Leaderboard;
use crate::app::PersonRef;
use chrono::DateTime;
use chrono_tz::Tz;

use sqlx::SqliteConnection;

use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::LeaveRequestId;
use crate::domain::leaderboard::decay;
use crate::jobs::{self, Job};
use crate::store::{self, leaderboard::events::NewEvent, people::Person};

use crate::app::leaderboard::weekly::WeekBook;
use crate::app::{Call, UseCaseError};
use crate::store::leaderboard::events::EventKind;

#[derive(Debug, thiserror::Error)]
pub enum RemovalError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("The Chief Justice does not remove themselves: use /leave, like any member (Terms §II Act 8; §III Act 2.2).")]
    OwnRemoval,
    #[error("{0} is not a Member of the Leaderboard, so there is nothing to remove them from (Terms §II Act 7, 8).")]
    NotAMember(String),
    #[error("{0} may not be removed: they were not absent for more than three of the past six weeks with at most two games (Terms §II Act 7), nor asked to leave (Terms §II Act 8).")]
    NotEligible(String),
    #[error("{0} is banned, so a request to leave cannot be carried out until the ban has passed (Terms §II Act 8.1).")]
    Banned(String),
    #[error("A Court hearing involves {0}, so a request to leave cannot be carried out until it has passed (Terms §II Act 8.1).")]
    InHearing(String),
    #[error("You already asked to leave on {0}; it will be carried out by {1} (Terms §II Act 8).")]
    AlreadyAsked(String, String),
    #[error("You already asked to leave on {0}; it waits until {1} has passed, and is carried out then (Terms §II Act 8.1).")]
    AlreadyAskedWaiting(String, String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for RemovalError {
    fn is_internal(&self) -> bool {
        matches!(self, RemovalError::Store(_))
    }
}

/// What a removal or a request to leave did: `commands/leaderboard/said.rs` puts it into
/// words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemovalOutcome {
    /// Who the Chief Justice may remove under Terms §II Act 7: each member's name, weeks
    /// absent and games in the frame.
    Eligible(Vec<(String, usize, u32)>),
    /// A member is removed; `announced` is what #discussion was told.
    Removed { announced: String },
    /// A request to leave is recorded, carried out within `days` days, by `due` at the latest
    /// (Terms §II Act 8); `waits_for` names what Act 8.1 holds it for now.
    LeaveRequested {
        days: i64,
        due: DateTime<Tz>,
        waits_for: Option<String>,
    },
}

impl Leaderboard<'_> {
    /// Current members who meet Terms §II Act 7, with their absences and games in the frame.
    async fn eligible(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<(Person, usize, u32)>> {
        let book = WeekBook::load(conn).await?;
        let this_week = calendar::week_start(calendar::local_date(self.now(), self.tz()));
        let (from, to) = book.removal_frame(this_week);
        let mut out = Vec::new();
        for (person, membership) in store::people::current_members(conn).await? {
            let (absent, games) = book
                .frame(conn, person.id, membership.joined_at, from, to)
                .await?;
            if decay::eligible(absent, games) {
                out.push((person, absent, games));
            }
        }
        Ok(out)
    }

    /// `/member eligible-removals`: who the Chief Justice may remove under Terms §II Act 7.
    pub async fn eligible_removals(&self) -> Result<RemovalOutcome, RemovalError> {
        let mut conn = self.pool().acquire().await?;
        let list = self.eligible(&mut conn).await?;
        Ok(RemovalOutcome::Eligible(
            list.into_iter()
                .map(|(p, absent, games)| (p.name, absent, games))
                .collect(),
        ))
    }

    /// `/member remove`: the Chief Justice removes an eligible member, or one who asked to leave.
    pub async fn remove_member(
        &self,
        call: &Call,
        member: &PersonRef,
    ) -> Result<RemovalOutcome, RemovalError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "remove a member from the Leaderboard",
                "Terms §II Act 7, 8",
            )?;
            let person = member.resolve(conn, self.now()).await?;
            if person.id == actor.id {
                // The Chief Justice asks to leave like anyone else (Terms §II Act 8).
                return Err(RemovalError::OwnRemoval);
            }
            if store::people::open_membership(conn, person.id).await?.is_none() {
                return Err(RemovalError::NotAMember(person.name));
            }
            let request = store::leaderboard::leave::open_request(conn, person.id).await?;
            // Act 8.1 holds back a removal on request, not one under Act 7, which "may be
            // used on any banned Member": so a barred request falls through to Act 7.
            let may_leave = match &request {
                Some(_) => self.check_may_leave(conn, &person).await,
                None => Ok(()),
            };
            let eligible = self.eligible(conn).await?.iter().any(|(p, ..)| p.id == person.id);
            let text = match (request, may_leave) {
                (Some(request), Ok(())) => {
                    store::leaderboard::leave::carry_out(conn, request.id, self.now()).await?;
                    let due = Job::LeaveDue {
                        request: LeaveRequestId(request.id),
                    };
                    jobs::cancel(conn, &due, self.now()).await?;
                    self.remove(conn, &person, "removed at their request (Terms §II Act 8)")
                        .await?
                }
                _ if eligible => {
                    self.remove(
                        conn,
                        &person,
                        "removed by the Chief Justice: absent for more than three of the past six weeks, with at most two games (Terms §II Act 7)",
                    )
                    .await?
                }
                (Some(_), Err(barred)) => return Err(barred),
                (None, _) => return Err(RemovalError::NotEligible(person.name)),
            };
            Ok(RemovalOutcome::Removed { announced: text })
        })
        .await
    }

    /// What a request to leave waits for under Terms §II Act 8.1, in words: "your ban", or
    /// "appeal #3 (a Court hearing involving you)"; `None` if nothing holds it.
    async fn what_leaving_waits_for(
        &self,
        conn: &mut SqliteConnection,
        person: i64,
    ) -> sqlx::Result<Option<String>> {
        let r = self
            .moderation()
            .restrictions(conn, person, self.now())
            .await?;
        if r.banned() {
            return Ok(Some("your ban".into()));
        }
        Ok(store::court::appeals::hearing_of(conn, person)
            .await?
            .map(|n| format!("appeal #{n} (a Court hearing involving you)")))
    }

    /// Terms §II Act 8.1: not while banned or in a Court hearing.
    async fn check_may_leave(
        &self,
        conn: &mut SqliteConnection,
        person: &Person,
    ) -> Result<(), RemovalError> {
        let r = self
            .moderation()
            .restrictions(conn, person.id, self.now())
            .await?;
        if r.banned() {
            return Err(RemovalError::Banned(person.name.clone()));
        }
        if r.in_hearing {
            return Err(RemovalError::InHearing(person.name.clone()));
        }
        Ok(())
    }

    /// Ends the membership; the score leaves the Leaderboard. Offices are untouched (Act 8.2).
    async fn remove(
        &self,
        conn: &mut SqliteConnection,
        person: &Person,
        why: &str,
    ) -> sqlx::Result<String> {
        let now = self.now();
        store::people::end_membership(conn, person.id, now, why).await?;
        store::leaderboard::events::append(
            conn,
            &NewEvent {
                at: now,
                kind: EventKind::Removed,
                person_id: Some(person.id),
                game_id: None,
                action_id: None,
                amount: None,
                reason: why,
            },
        )
        .await?;
        let text = format!(
            "{} was {why}. They may rejoin with /join at the initial score, unless banned.",
            person.name
        );
        self.announce(conn, &text).await?;
        Ok(text)
    }

    /// `/leave`: a request to be removed, carried out within the Act's days, seven unless
    /// amended (Terms §II Act 8).
    pub async fn leave(&self, call: &Call) -> Result<RemovalOutcome, RemovalError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            if store::people::open_membership(conn, actor.id)
                .await?
                .is_none()
            {
                return Err(RemovalError::NotAMember(actor.name.clone()));
            }
            let waits_for = self.what_leaving_waits_for(conn, actor.id).await?;
            if let Some(r) = store::leaderboard::leave::open_request(conn, actor.id).await? {
                let asked = calendar::show(r.requested_at, self.tz());
                // Never a date that has passed, nor one Act 8.1 will not let pass: say what
                // the request waits for instead.
                return Err(match waits_for {
                    Some(what) => RemovalError::AlreadyAskedWaiting(asked, what),
                    None if r.due_at <= now => {
                        RemovalError::AlreadyAskedWaiting(asked, "the next daily check".into())
                    }
                    None => RemovalError::AlreadyAsked(asked, calendar::show(r.due_at, self.tz())),
                });
            }
            let days = self.leave_days(conn).await?;
            let due = calendar::local_days_after(now, days, self.tz());
            let id = store::leaderboard::leave::create(conn, actor.id, now, due).await?;
            let job = Job::LeaveDue {
                request: LeaveRequestId(id),
            };
            jobs::schedule(conn, &job, due).await?;
            Ok(RemovalOutcome::LeaveRequested {
                days,
                due: due.with_timezone(&self.tz()),
                waits_for,
            })
        })
        .await
    }

    /// The leave job: carries out a due request, or waits a day while Act 8.1 forbids it.
    pub(crate) async fn carry_out_leave(
        &self,
        conn: &mut SqliteConnection,
        request_id: LeaveRequestId,
    ) -> anyhow::Result<String> {
        let Some(request) = store::leaderboard::leave::by_id(conn, request_id.get()).await? else {
            return Ok("no such request".into());
        };
        if request.state().carry_out(self.now()).is_err() {
            return Ok("already settled".into());
        }
        let person = store::people::by_id(conn, request.person_id).await?;
        if store::people::open_membership(conn, person.id)
            .await?
            .is_none()
        {
            store::leaderboard::leave::carry_out(conn, request.id, self.now()).await?;
            return Ok("no longer a member".into());
        }
        if let Err(why) = self.check_may_leave(conn, &person).await {
            // The same job again, a day later: it is this row, pending once more.
            let retry = calendar::local_days_after(self.now(), 1, self.tz());
            jobs::schedule(
                conn,
                &Job::LeaveDue {
                    request: request_id,
                },
                retry,
            )
            .await?;
            return Ok(format!("waiting: {why}"));
        }
        store::leaderboard::leave::carry_out(conn, request.id, self.now()).await?;
        self.remove(conn, &person, "removed at their request (Terms §II Act 8)")
            .await?;
        Ok(format!("{} removed at their request", person.name))
    }
}
