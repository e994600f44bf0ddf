//! `/motion open`: the TD, or a member where the committee allows it, opens a numbered motion;
//! its sitting body is fixed as it opens (A.6) and it posts with Yes/No/Abstain buttons.

use chrono::{DateTime, NaiveDateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::committee::Committee;
use crate::app::{Actor, App, Call};
use crate::domain::committee::motion::{Kind, Openable};
use crate::domain::committee::rules::VoteRules;
use crate::domain::kernel::calendar;
use crate::domain::kernel::limits::DATE_TIME_FORMAT;
use crate::domain::kernel::office::Office;
use crate::jobs::{self, Job};
use crate::store;
use crate::store::committee::committees::CommitteeRow;
use crate::store::committee::motions::NewMotion;

use super::super::CommitteeError;
use super::show::{opening_text, MotionShown};
use super::{sitting_body, vote_buttons};

/// Whether two texts are the same words, spacing aside.
fn same_words(a: &str, b: &str) -> bool {
    a.split_whitespace().eq(b.split_whitespace())
}

/// What `/motion open` is given, as typed.
#[derive(Debug, Clone, Default)]
pub struct OpenMotion {
    pub committee: String,
    pub text: String,
    pub kind: Option<Openable>,
    pub item: Option<String>,
    pub new_text: Option<String>,
    /// Club time.
    pub closes: Option<NaiveDateTime>,
}

/// A motion about to open, as the use cases that open one (a member, a veto, a referral) give it.
pub(crate) struct Opening<'a> {
    pub committee: &'a CommitteeRow,
    pub kind: Kind,
    pub text: &'a str,
    pub item: Option<&'a str>,
    pub new_text: Option<&'a str>,
    pub parent: Option<i64>,
    pub by: &'a Actor,
    pub closes_at: DateTime<Utc>,
    pub rules: VoteRules,
}

impl Committee<'_> {
    /// `/motion open`.
    pub async fn open(&self, call: &Call, m: &OpenMotion) -> Result<MotionShown, CommitteeError> {
        self.execute(call, async |conn, actor| {
            let committee = store::committee::committees::by_name(conn, &m.committee).await?;
            let is_member = match &committee {
                Some(c) if c.members_open => {
                    let seats = Office::from_key(&c.seats).expect("stored by the domain");
                    store::offices::holds_for(conn, actor.id, seats, None).await?
                }
                _ => false,
            };
            if !actor.offices.is_director() && !is_member {
                return Err(CommitteeError::MayNotOpen);
            }
            let committee =
                committee.ok_or_else(|| CommitteeError::NoSuchCommittee(m.committee.clone()))?;
            let text = m.text.trim();
            if text.is_empty() {
                return Err(CommitteeError::NoText);
            }
            let kind = Kind::from(m.kind.unwrap_or(Openable::Plain));
            let (item, new_text) = match kind {
                Kind::RuleChange => {
                    let (Some(item), Some(new_text)) = (
                        m.item.as_deref().filter(|t| !t.trim().is_empty()),
                        m.new_text.as_deref(),
                    ) else {
                        return Err(CommitteeError::RuleChangeNeedsItem);
                    };
                    let new_text = new_text.trim();
                    if new_text.is_empty() {
                        return Err(CommitteeError::EmptyNewText);
                    }
                    let (item, _) = self.house_change_label(conn, item).await?;
                    if let Some(current) = store::committee::house_rules::item(conn, &item).await? {
                        if same_words(&current.text, new_text) {
                            return Err(CommitteeError::SameText(item));
                        }
                    }
                    (Some(item), Some(new_text.to_owned()))
                }
                // Options a plain motion would drop without a word are refused (A.7).
                _ => match (m.item.is_some(), m.new_text.is_some()) {
                    (true, true) => {
                        return Err(CommitteeError::RuleChangeOptions(
                            "item: and new_text: belong",
                            "them",
                        ))
                    }
                    (true, false) => {
                        return Err(CommitteeError::RuleChangeOptions("item: belongs", "it"))
                    }
                    (false, true) => {
                        return Err(CommitteeError::RuleChangeOptions("new_text: belongs", "it"))
                    }
                    (false, false) => (None, None),
                },
            };
            self.check_size(conn, &committee).await?;
            let closes_at = self.closing_time(m.closes)?;
            let number = self
                .start_motion(
                    conn,
                    &Opening {
                        committee: &committee,
                        kind,
                        text,
                        item: item.as_deref(),
                        new_text: new_text.as_deref(),
                        parent: None,
                        by: actor,
                        closes_at,
                        rules: committee.rules().vote,
                    },
                )
                .await?;
            self.motion_shown(conn, number).await
        })
        .await
    }
}

impl App {
    /// Refuses a vote by a committee outside its size range (A.2 for the TMC).
    pub(crate) async fn check_size(
        &self,
        conn: &mut SqliteConnection,
        committee: &CommitteeRow,
    ) -> Result<(), CommitteeError> {
        // Its own members only: a holder of the seat who is also the TD, an Assistant TD or the
        // Acting TD is counted as that, not toward the committee's size (A.2, A.6).
        let seats = Office::from_key(&committee.seats).expect("stored by the domain");
        let mut members = 0;
        for (id, ..) in store::offices::holders_of(conn, seats).await? {
            let offices = store::offices::offices_of(conn, id).await?;
            let apart = [
                Office::TournamentDirector,
                Office::AssistantDirector,
                Office::ActingDirector,
            ];
            if !apart.into_iter().any(|o| o != seats && offices.holds(o)) {
                members += 1;
            }
        }
        let size = committee.rules().size;
        if members < size.least || members > size.most {
            return Err(CommitteeError::Size {
                committee: committee.name.clone(),
                members,
                size: size.to_string(),
            });
        }
        Ok(())
    }

    /// When a motion closes: the time given (club time), or `motion_days` from now.
    fn closing_time(&self, closes: Option<NaiveDateTime>) -> Result<DateTime<Utc>, CommitteeError> {
        let now = self.now();
        let Some(local) = closes else {
            return Ok(calendar::local_days_after(
                now,
                self.config().committees.motion_days,
                self.tz(),
            ));
        };
        let at = calendar::local_to_utc(local, self.tz());
        if at <= now {
            return Err(CommitteeError::PastTime(
                local.format(DATE_TIME_FORMAT).to_string(),
            ));
        }
        Ok(at)
    }

    /// Opens a motion: fixes its sitting body (A.6), posts it with its buttons and schedules
    /// its close. Returns its number.
    pub(crate) async fn start_motion(
        &self,
        conn: &mut SqliteConnection,
        o: &Opening<'_>,
    ) -> sqlx::Result<i64> {
        let now = self.now();
        let sitting = sitting_body(conn, o.committee).await?;
        let number = store::committee::motions::open(
            conn,
            &NewMotion {
                committee: o.committee.id,
                kind: o.kind,
                text: o.text,
                item: o.item,
                new_text: o.new_text,
                parent: o.parent,
                by: o.by.id,
                closes_at: o.closes_at,
                rules: o.rules,
                sitting: &sitting,
            },
            now,
        )
        .await?;
        let row = store::committee::motions::by_number(conn, number)
            .await?
            .expect("just opened");
        let text = opening_text(&row, &o.committee.name, &o.by.name, &sitting, self.tz());
        let post = store::outbox::enqueue_with_buttons(
            conn,
            store::outbox::DISCUSSION,
            &text,
            &vote_buttons(number),
            now,
        )
        .await?;
        store::committee::motions::set_post(conn, number, post).await?;
        jobs::schedule(conn, &Job::MotionClose { motion: number }, o.closes_at).await?;
        Ok(number)
    }
}
