//! `/diplomacy propose` (a player of the board) and `/diplomacy vote` (privately): proposals
//! are due with the next orders and decided, with the turn's NMRs known, when the GM publishes
//! that turn's adjudication, their results with it; votes are secret, and only the result is
//! ever shown (D.IX). A passed draw or concession ends the game instead (C.5).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{board, my_position, DiplomacyError, DiplomacyOutcome, VoteUntil};
use crate::app::{App, Call};
use crate::domain::diplomacy::deadline::in_time;
use crate::domain::diplomacy::season::{Phase, Turn};
use crate::domain::diplomacy::vote::{check, decide, Ballot, Cast, Count, Outcome, Proposal};
use crate::domain::diplomacy::Power;
use crate::domain::kernel::office::Office;
use crate::domain::kernel::words::Words;
use crate::store::diplomacy::boards::{BoardEnding, BoardStatus};
use crate::store::diplomacy::votes::ProposalKind;
use crate::store::diplomacy::votes::ProposalStatus;
use crate::store::{self, diplomacy::boards::Board, diplomacy::boards::Position};

/// The name the audit log gives a secret voter (D.IX.2).
const A_VOTER: &str = "a voter";

/// The turn a proposal made at `at` is due with: the board's current one before its deadline;
/// after it, the next, which the GM has not published yet (D.IX.2: "the next due date").
fn due_with(b: &Board, at: DateTime<Utc>) -> String {
    match b.deadline {
        Some(d) if at >= d => format!("the turn after {}, once the GM publishes it", b.turn),
        _ => b.turn.to_string(),
    }
}

/// Refuses a power with no centres: only the players remaining in the game propose and vote
/// (D.IX.1, D.IX.4).
fn still_in(
    remaining: &[Power],
    position: &Position,
    b: &Board,
    act: &str,
) -> Result<(), DiplomacyError> {
    let power = position.power;
    if remaining.contains(&power) {
        Ok(())
    } else {
        Err(DiplomacyError::Refused(format!(
            "{power} has no centres on {}: an eliminated power is no longer in the game and does not {act} (D.IX.1).",
            b.name
        )))
    }
}

fn letters(powers: &[Power]) -> String {
    powers.iter().map(|p| p.letter()).collect()
}

fn powers_of(letters: &str) -> Vec<Power> {
    letters
        .chars()
        .filter_map(|c| Power::parse(&c.to_string()))
        .collect()
}

fn proposal_of(kind: ProposalKind, powers: &str, body: &str) -> Proposal {
    match kind {
        ProposalKind::Draw => Proposal::Draw {
            members: powers_of(powers),
        },
        ProposalKind::Concede => Proposal::Concede {
            to: powers_of(powers).first().copied().unwrap_or(Power::Austria),
        },
        ProposalKind::Rule => Proposal::Rule {
            text: body.to_owned(),
        },
    }
}

impl Diplomacy<'_> {
    /// `/diplomacy propose board kind [powers] [text]`.
    pub async fn propose(
        &self,
        call: &Call,
        name: &str,
        kind: ProposalKind,
        powers: Vec<Power>,
        text: Option<&str>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(b.name, "nothing to propose".into()));
            }
            let mine = my_position(conn, actor, &b).await?;
            let remaining = self.remaining(conn, b.id).await?;
            still_in(&remaining, &mine, &b, "propose")?;
            let listed = powers;
            let proposal = match kind {
                ProposalKind::Draw => Proposal::Draw { members: listed.clone() },
                ProposalKind::Concede if listed.len() == 1 => Proposal::Concede { to: listed[0] },
                ProposalKind::Concede => return Err(crate::domain::diplomacy::vote::ProposalError::ConcedeToOne.into()),
                ProposalKind::Rule => Proposal::Rule { text: text.unwrap_or("").trim().to_owned() },
            };
            check(&proposal, &remaining)?;
            let id = store::diplomacy::votes::insert(
                conn, b.id, proposal.kind(), &letters(&listed), text.unwrap_or("").trim(), b.turn, self.now(),
            )
            .await?;
            let what = match &proposal {
                Proposal::Draw { members } => {
                    let left_out: Vec<String> = remaining.iter().filter(|p| !members.contains(p)).map(|p| p.to_string()).collect();
                    let names: Vec<String> = members.iter().map(|p| p.to_string()).collect();
                    if left_out.is_empty() {
                        format!("a draw of {}", names.join(", "))
                    } else {
                        format!("a draw of {}, presuming the elimination of {} (D.IX.4)", names.join(", "), left_out.join(", "))
                    }
                }
                Proposal::Concede { to } => format!("conceding the solo to {to} (D.IX.3)"),
                Proposal::Rule { text } => format!("a house-rule change, \"{text}\", which needs the GM too (D.IX.5)"),
            };
            let text = format!(
                "{}: proposal #{id}, {what}. Every player remaining votes with /diplomacy vote by the deadline of {}; the vote must be unanimous, an abstention is a No, and only the result is published, with the adjudication (D.IX.1, D.IX.2).",
                b.name,
                due_with(&b, self.now())
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }

    /// `/diplomacy vote proposal ballot` (privately; D.IX.2).
    pub async fn vote(
        &self,
        call: &Call,
        proposal: i64,
        ballot: Cast,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        let public = json!({ "proposal": proposal });
        self.execute_sealed(call, public, Some(A_VOTER), async |conn, actor| {
            let p = store::diplomacy::votes::get(conn, proposal)
                .await?
                .filter(|p| p.status == ProposalStatus::Open)
                .ok_or(DiplomacyError::NoProposal(proposal))?;
            let b = store::diplomacy::boards::by_id(conn, p.board_id)
                .await?
                .ok_or(DiplomacyError::NoProposal(proposal))?;
            let remaining = self.remaining(conn, b.id).await?;
            let voter = match my_position(conn, actor, &b).await.ok() {
                Some(pos) => {
                    still_in(&remaining, &pos, &b, "vote")?;
                    pos.power.letter().to_string()
                }
                None if p.kind == ProposalKind::Rule
                    && store::offices::holds_for(conn, actor.id, Office::GameMaster, Some(&b.name))
                        .await? =>
                {
                    "GM".to_owned()
                }
                None => return Err(DiplomacyError::NoProposal(proposal)),
            };
            // Votes are due with the orders (D.IX.2): after the deadline of the turn the proposal
            // is due with, they are refused as orders are (D.VII.3), unless the alternative
            // rule takes orders until adjudication or the results wait on a 1901 NMR (B.8(c)).
            let mut until = VoteUntil::Deadline(due_with(&b, p.opened_at));
            if let Some(deadline) = b.deadline.filter(|d| p.opened_at < *d) {
                let held = !self.held_for(conn, &b).await?.is_empty();
                if in_time(self.now(), deadline, b.late_orders || held, false).is_err() {
                    return Err(DiplomacyError::Refused(format!(
                        "The deadline of {} has passed: votes are due with the orders and are not taken after it (D.IX.2, D.VII.3).",
                        p.turn
                    )));
                }
                if self.now() >= deadline {
                    until = VoteUntil::Adjudication(p.turn);
                }
            }
            let ballot = Ballot::from(ballot);
            store::diplomacy::votes::cast(conn, proposal, &voter, ballot, self.now()).await?;
            Ok(DiplomacyOutcome::BallotCast { proposal, until })
        })
        .await
    }
}

impl App {
    /// Decides the proposals due with `turn`, with the turn's NMRs known, when the GM publishes
    /// its adjudication (D.IX.1, D.IX.2): those made before its deadline. Answers the
    /// announcements, and whether a passed proposal ended the game (its result is published
    /// instead of the adjudication).
    pub(super) async fn decide_votes(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
        turn: Turn,
    ) -> sqlx::Result<(Vec<String>, bool)> {
        let mut lines = Vec::new();
        let remaining = self.remaining(conn, b.id).await?;
        let nmr = self.turn_nmrs(conn, b.id, turn).await?;
        let nmr = &nmr[..];
        for p in store::diplomacy::votes::open_on(conn, b.id).await? {
            let before_deadline = b.deadline.is_some_and(|d| p.opened_at < d);
            if p.turn != turn || !before_deadline {
                continue;
            }
            let proposal = proposal_of(p.kind, &p.powers, &p.body);
            let mut ballots: BTreeMap<Power, Ballot> = BTreeMap::new();
            let mut gm = None;
            for (voter, ballot) in store::diplomacy::votes::ballots(conn, p.id).await? {
                match voter {
                    None => gm = Some(ballot),
                    Some(power) => {
                        ballots.insert(power, ballot);
                    }
                }
            }
            let outcome = decide(&Count {
                proposal: &proposal,
                remaining: &remaining,
                ballots: &ballots,
                nmr,
                with_movement: turn.phase == Phase::Movement,
                gm,
            });
            store::diplomacy::votes::decide(conn, p.id, outcome.status(), self.now()).await?;
            lines.push(format!(
                "{}: proposal #{} ({}) {} (D.IX.1; votes are secret, D.IX.2).",
                b.name,
                p.id,
                p.kind.word(),
                outcome.word()
            ));
            if outcome == Outcome::Passed {
                let ends = proposal.ends_game();
                match proposal {
                    Proposal::Draw { members } => {
                        store::diplomacy::boards::finish(
                            conn,
                            b.id,
                            BoardEnding::Draw,
                            &letters(&members),
                            self.now(),
                        )
                        .await?;
                        lines.push(self.board_score_text(conn, b.id).await?);
                    }
                    Proposal::Concede { to } => {
                        store::diplomacy::boards::finish(
                            conn,
                            b.id,
                            BoardEnding::Conceded,
                            &letters(&[to]),
                            self.now(),
                        )
                        .await?;
                        lines.push(self.board_score_text(conn, b.id).await?);
                    }
                    Proposal::Rule { .. } => {}
                }
                if ends {
                    // The game is over: the proposals still open lapsed with it.
                    return Ok((lines, true));
                }
            }
        }
        Ok((lines, false))
    }

    /// The powers with an NMR for `turn` that have sent no orders for it since (a 1901
    /// replacement's orders for the held turn are taken, B.8(c)).
    pub(super) async fn turn_nmrs(
        &self,
        conn: &mut SqliteConnection,
        board: i64,
        turn: Turn,
    ) -> sqlx::Result<Vec<Power>> {
        let sent: Vec<Power> = store::diplomacy::record::orders(conn, board, turn)
            .await?
            .iter()
            .map(|o| o.power)
            .collect();
        Ok(store::diplomacy::record::nmrs(conn)
            .await?
            .iter()
            .filter(|n| n.board_id == board && n.turn == turn)
            .map(|n| n.power)
            .filter(|p| !sent.contains(p))
            .collect())
    }
}
