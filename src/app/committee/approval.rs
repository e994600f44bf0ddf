//! The TD's approval or veto of an adopted rule change, within the configured time (house rules
//! A.7): approval makes the new version; a veto (with its reason) opens the override, which
//! needs a 2/3 majority with 3/4 of the sitting body voting; silence reads as configured.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::committee::Committee;
use crate::app::{Actor, App, Call};
use crate::domain::committee::approval::{self, Act, Approval};
use crate::domain::committee::motion::Kind;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::kernel::office::Offices;
use crate::jobs::{self, Job};
use crate::store;

use super::motion::open::Opening;
use super::CommitteeError;

/// What `/motion approve` or `/motion veto` did to `motion`, as announced (the answer is the
/// announcement).
#[derive(Debug, Clone)]
pub struct Decided {
    pub motion: i64,
    pub announced: String,
}

impl Committee<'_> {
    /// `/motion approve` (the TD, A.7).
    pub async fn approve(&self, call: &Call, number: i64) -> Result<Decided, CommitteeError> {
        self.execute(call, async |conn, actor| {
            Power::Director.require(
                &actor.offices,
                "approve a change to the house rules",
                "house rules A.7",
            )?;
            let text = self
                .td_acts(conn, number, Act::Approve, Some(actor), None)
                .await?;
            Ok(Decided {
                motion: number,
                announced: text,
            })
        })
        .await
    }

    /// `/motion veto` (the TD, A.7), with the reason.
    pub async fn veto(
        &self,
        call: &Call,
        number: i64,
        reason: &str,
    ) -> Result<Decided, CommitteeError> {
        self.execute(call, async |conn, actor| {
            Power::Director.require(
                &actor.offices,
                "veto a change to the house rules",
                "house rules A.7",
            )?;
            let reason = reason.trim();
            if reason.is_empty() {
                return Err(CommitteeError::NoReason);
            }
            let text = self
                .td_acts(conn, number, Act::Veto, Some(actor), Some(reason))
                .await?;
            Ok(Decided {
                motion: number,
                announced: text,
            })
        })
        .await
    }
}

impl App {
    /// The TD's time has passed: does nothing if the TD acted.
    pub(crate) async fn approval_due(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        _due: DateTime<Utc>,
    ) -> sqlx::Result<String> {
        let Some(m) = store::committee::motions::by_number(conn, number).await? else {
            return Ok(format!("motion {number} does not exist"));
        };
        if m.approval() != Some(Approval::Pending) {
            return Ok(format!("motion {number}: the TD already acted"));
        }
        let silence = self.config().committees.td_silence;
        match self
            .td_acts(conn, number, Act::Silence(silence), None, None)
            .await
        {
            Ok(text) => Ok(text),
            Err(CommitteeError::Store(e)) => Err(e),
            Err(other) => Ok(other.to_string()),
        }
    }

    /// Carries out the TD's act (or silence) on a pending change, announcing each step.
    async fn td_acts(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        act: Act,
        actor: Option<&Actor>,
        reason: Option<&str>,
    ) -> Result<String, CommitteeError> {
        let now = self.now();
        let m = store::committee::motions::by_number(conn, number)
            .await?
            .ok_or(CommitteeError::NoSuchMotion(number))?;
        let current = match (m.kind(), m.approval()) {
            (Kind::RuleChange, Some(a)) => a,
            (Kind::RuleChange, None) => {
                return Err(CommitteeError::ChangeNotAdopted(
                    number,
                    m.item.clone().unwrap_or_default(),
                    m.status(),
                ))
            }
            (kind, _) => {
                return Err(CommitteeError::NotAChange(
                    number,
                    match kind {
                        Kind::Plain => "a plain motion",
                        Kind::Override => "the override of a veto",
                        _ => "a referred dispute",
                    },
                ))
            }
        };
        let next = approval::act(number, current, act)?;
        store::committee::motions::set_approval(
            conn,
            number,
            next,
            actor.map(|a| a.id),
            reason,
            now,
        )
        .await?;
        jobs::cancel(conn, &Job::ApprovalDeadline { motion: number }, now).await?;
        let who = actor.map(|a| a.name.as_str()).unwrap_or("The TD");
        let item = m.item.as_deref().unwrap_or("?");
        let text = match (act, next) {
            (Act::Approve, _) => format!("{who} approved motion {number}, the change to house rule {item} (house rules A.7)."),
            (Act::Veto, _) => format!(
                "{who} vetoed motion {number}, the change to house rule {item} (house rules A.7). Reason: {}",
                reason.unwrap_or_default()
            ),
            (Act::Silence(silence), _) => format!(
                "The TD neither approved nor vetoed motion {number} in time; this club reads that as {} (house rules A.7; committees.td_silence).",
                match silence {
                    approval::Silence::Override => "a veto, so the override vote opens",
                    approval::Silence::Lapses => "no approval, so the change lapses",
                    approval::Silence::TakesEffect => "consent, so the change takes effect",
                }
            ),
        };
        self.announce(conn, &text).await?;
        if approval::takes_effect(next) {
            self.carry_rule_change(conn, number).await?;
        }
        if next == Approval::Vetoed {
            self.open_override(conn, number, actor).await?;
        }
        Ok(text)
    }

    /// Opens the override of a veto: 2/3 majority, 3/4 of the sitting body voting (A.7).
    async fn open_override(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        actor: Option<&Actor>,
    ) -> Result<(), CommitteeError> {
        let m = store::committee::motions::by_number(conn, number)
            .await?
            .ok_or(CommitteeError::NoSuchMotion(number))?;
        let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
        // An override is a vote of the TMC like any other: below its minimum it does not sit,
        // so no override opens and the veto stands (A.2, A.7).
        if let Err(e) = self.check_size(conn, &committee).await {
            let CommitteeError::Size { .. } = e else {
                return Err(e);
            };
            let result = approval::after_override(false);
            store::committee::motions::set_approval(conn, number, result, None, None, self.now())
                .await?;
            let text = format!(
                "No override of the veto of motion {number} can open: {e} Motion {number}: {result} (house rules A.2, A.7)."
            );
            self.announce(conn, &text).await?;
            return Ok(());
        }
        let opener = match actor {
            Some(a) => a.clone(),
            None => {
                let gavel = crate::app::system_actor().resolve(conn, self.now()).await?;
                Actor {
                    id: gavel.id,
                    name: gavel.name,
                    offices: Offices::default(),
                }
            }
        };
        let text = format!(
            "Override the veto of motion {number}, so that house rule {} reads as the motion says.",
            m.item.as_deref().unwrap_or("?")
        );
        let closes_at =
            calendar::local_days_after(self.now(), self.config().committees.motion_days, self.tz());
        // A.7's thresholds as gavel enforces them.
        let rules = self.override_rules(conn, committee.rules().vote).await?;
        self.start_motion(
            conn,
            &Opening {
                committee: &committee,
                kind: Kind::Override,
                text: &text,
                item: m.item.as_deref(),
                new_text: m.new_text.as_deref(),
                parent: Some(number),
                by: &opener,
                closes_at,
                rules,
            },
        )
        .await?;
        Ok(())
    }
}
