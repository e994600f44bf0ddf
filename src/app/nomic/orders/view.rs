//! `/order list` and `/order show`: the active Points with their Judge, stage and next
//! deadline, and one Point's whole thread (Nomic 214).

use std::fmt::Write as _;

use crate::domain::nomic::order::{Handover, Opinion, PointStatus};
use crate::store;

use super::{ActivePoint, OrderError, OrderOutcome};
use crate::app::{App, Call};

impl App {
    /// `/order list`: the active Points of Order.
    pub async fn list_points(&self, call: &Call) -> Result<OrderOutcome, OrderError> {
        self.execute(call, async |conn, _| {
            let mut listed = Vec::new();
            for p in store::nomic::orders::active(conn).await? {
                let judge = match p.point.judge() {
                    Some(j) => Some(self.player_name(conn, j).await?),
                    None => None,
                };
                listed.push(ActivePoint {
                    number: p.number,
                    proposal: p.proposal,
                    raiser: self.player_name(conn, p.point.raised_by).await?,
                    judge,
                    stage: p.point.status.stage(),
                    until: p.point.next_deadline(),
                });
            }
            Ok(OrderOutcome::Listed(listed))
        })
        .await
    }

    /// `/order show point`: the whole thread of one Point.
    pub async fn show_point(&self, call: &Call, number: i64) -> Result<OrderOutcome, OrderError> {
        self.execute(call, async |conn, _| {
            let stored = self.point(conn, number).await?;
            let p = &stored.point;
            let raiser = self.player_name(conn, p.raised_by).await?;
            let about = stored
                .proposal
                .map(|n| format!(" on Proposal {n}"))
                .unwrap_or_default();
            let mut out = format!(
                "Point of Order #{number}{about}, raised by {raiser} {}: \"{}\"",
                self.when(p.raised_at),
                p.statement
            );
            let opinions = store::nomic::orders::opinions(conn, number).await?;
            for j in store::nomic::orders::judgeships(conn, number).await? {
                let judge = self.player_name(conn, j.judge_id).await?;
                write!(out, "\nJudge {judge}, from {}", self.when(j.from_at))
                    .expect("writing to a String");
                if let (Some(text), Some(at)) = (&j.judgement, j.judged_at) {
                    write!(out, "\n  Judgement {}: \"{text}\"", self.when(at))
                        .expect("writing to a String");
                    let ruling = j.ruling.as_deref().map(store::nomic::orders::decode_ruling);
                    if let Some(effect) = match ruling {
                        Some(r) => self.describe_ruling(conn, stored.proposal, &r).await?,
                        None => None,
                    } {
                        write!(out, "\n  Its stated effect: {effect}")
                            .expect("writing to a String");
                    }
                }
                for o in opinions.iter().filter(|o| o.seq == j.seq) {
                    let who = self.player_name(conn, o.person_id).await?;
                    let verb = match o.opinion {
                        Opinion::Dispute => "disputed it",
                        Opinion::Agree => "agreed",
                        Opinion::Disagree => "disagreed",
                    };
                    write!(out, "\n  {who} {verb} {}", self.when(o.at))
                        .expect("writing to a String");
                }
                if let (Some(at), Some(how)) = (j.ended_at, j.ended_how) {
                    let how = match how {
                        Handover::Overruled => "overruled",
                        Handover::Forfeited => "forfeited the Point",
                        Handover::LeftTheGame => "left the game",
                    };
                    write!(out, "\n  {how} {}", self.when(at)).expect("writing to a String");
                }
            }
            let status = match &p.status {
                PointStatus::Invoked { at, .. } => format!("Judgement invoked {}", self.when(*at)),
                PointStatus::Unsettled { at } => format!("unsettled since {}", self.when(*at)),
                other => {
                    let next = p
                        .next_deadline()
                        .map(|d| format!(" until {}", self.when(d)))
                        .unwrap_or_default();
                    // Who holds it now, however often it has passed on (Nomic 214).
                    let judge = match p.judge() {
                        Some(j) => {
                            format!(", with {} as its Judge", self.player_name(conn, j).await?)
                        }
                        None => String::new(),
                    };
                    format!("{}{next}{judge}", other.stage().describe())
                }
            };
            write!(out, "\nStatus: {status}").expect("writing to a String");
            Ok(OrderOutcome::Shown {
                number,
                thread: out,
            })
        })
        .await
    }
}
