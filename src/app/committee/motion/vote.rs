//! `/motion vote` (the sitting body, changeable until the close) and `/motion break` (the TD's
//! tie-breaking vote, A.6).

use crate::app::committee::eligibility::no_longer_sits;
use crate::app::committee::Committee;
use crate::app::Call;
use crate::domain::committee::motion::{self, Status};
use crate::domain::committee::tally::Choice;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::office::Office;
use crate::store;

use super::super::CommitteeError;
use super::show::title;

/// What `/motion vote` and `/motion break` did; their words are in `commands/committee/said.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voted {
    /// A sitting member's vote on `motion` is recorded; `closed` when it was the last one.
    Cast {
        motion: i64,
        choice: Choice,
        closed: bool,
    },
    /// The TD broke the tie on `motion`, which is now `status` (A.6).
    TieBroken {
        motion: i64,
        choice: Choice,
        status: Status,
    },
}

impl Committee<'_> {
    /// `/motion vote`: a sitting member votes; everyone sitting having voted closes it.
    pub async fn vote(
        &self,
        call: &Call,
        number: i64,
        choice: Choice,
    ) -> Result<Voted, CommitteeError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let m = store::committee::motions::by_number(conn, number)
                .await?
                .ok_or(CommitteeError::NoSuchMotion(number))?;
            let sitting = store::committee::motions::seats(conn, number).await?;
            motion::may_vote(number, m.status(), sitting.sits(actor.id))?;
            let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
            let seats = Office::from_key(&committee.seats).expect("stored by the domain");
            if let Some(seat) = sitting.sitting().find(|s| s.person == actor.id) {
                if let Some(why) = no_longer_sits(conn, seats, seat).await? {
                    return Err(CommitteeError::NoLongerSits(why));
                }
            }
            store::committee::motions::vote(conn, number, actor.id, choice, now).await?;
            let votes = store::committee::motions::votes(conn, number).await?;
            let counts = crate::domain::committee::tally::Counts::of(votes.iter().map(|v| v.2));
            let closed = motion::closes_early(counts, sitting.size());
            if closed {
                self.close_motion(conn, number, now).await?;
            }
            Ok(Voted::Cast {
                motion: number,
                choice,
                closed,
            })
        })
        .await
    }

    /// `/motion break`: the TD casts the tie-breaking vote on a tied motion (A.6).
    pub async fn break_tie(
        &self,
        call: &Call,
        number: i64,
        choice: Choice,
    ) -> Result<Voted, CommitteeError> {
        self.execute(call, async |conn, actor| {
            Power::Director.require(
                &actor.offices,
                "cast a tie-breaking vote",
                "house rules A.3.iii, A.6",
            )?;
            let m = store::committee::motions::by_number(conn, number)
                .await?
                .ok_or(CommitteeError::NoSuchMotion(number))?;
            let sitting = store::committee::motions::seats(conn, number).await?;
            let status = motion::break_tie(number, m.status(), choice, sitting.sits(actor.id))?;
            store::committee::motions::break_tie(conn, number, status, actor.id, choice).await?;
            let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
            let text = format!(
                "{} broke the tie on {} with {choice} (house rules A.6): it is {status}.",
                actor.name,
                title(&m, &committee.name)
            );
            self.announce(conn, &text).await?;
            self.after_result(conn, number, status).await?;
            Ok(Voted::TieBroken {
                motion: number,
                choice,
                status,
            })
        })
        .await
    }
}
