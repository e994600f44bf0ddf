//! `/diplomacy propose` (a player of the board) and `/diplomacy vote` (privately): proposals
//! are due with the next orders and decided at that deadline; votes are secret, and only the
//! result is ever shown (D.IX). A passed draw or concession ends the game (C.5).

use std::collections::BTreeMap;

use serde_json::json;
use sqlx::SqliteConnection;

use super::{board, my_position, parse_power, power_of, DiplomacyError, DiplomacyReply};
use crate::app::{App, Call};
use crate::domain::diplomacy::season::{Phase, Turn};
use crate::domain::diplomacy::vote::{check, decide, Ballot, Count, Outcome, Proposal};
use crate::domain::diplomacy::Power;
use crate::domain::kernel::office::Office;
use crate::store::diplomacy::boards::{BoardEnding, BoardStatus};
use crate::store::diplomacy::votes::ProposalKind;
use crate::store::diplomacy::votes::ProposalStatus;
use crate::store::{self, diplomacy::boards::Board};

/// The name the audit log gives a secret voter (D.IX.2).
const A_VOTER: &str = "a voter";

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

impl App {
    /// `/diplomacy propose board kind [powers] [text]`.
    pub async fn propose_dip(
        &self,
        call: &Call,
        name: &str,
        kind: &str,
        powers: Option<&str>,
        text: Option<&str>,
    ) -> Result<DiplomacyReply, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(b.name, "nothing to propose".into()));
            }
            my_position(conn, actor, &b).await?;
            let listed: Vec<Power> = powers
                .unwrap_or("")
                .split([' ', ','])
                .filter(|s| !s.is_empty())
                .map(parse_power)
                .collect::<Result<_, _>>()?;
            let proposal = match kind {
                "draw" => Proposal::Draw { members: listed.clone() },
                "concede" if listed.len() == 1 => Proposal::Concede { to: listed[0] },
                "concede" => return Err(crate::domain::diplomacy::vote::ProposalError::ConcedeToOne.into()),
                _ => Proposal::Rule { text: text.unwrap_or("").trim().to_owned() },
            };
            let remaining = self.remaining(conn, b.id).await?;
            check(&proposal, &remaining)?;
            let id = store::diplomacy::votes::insert(
                conn, b.id, proposal.kind(), &letters(&listed), text.unwrap_or("").trim(), &b.turn, self.now(),
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
                "{}: proposal #{id}, {what}. Every player remaining votes with /diplomacy vote by the deadline of {}; the vote must be unanimous, an abstention is a No, and only the result is published (D.IX.1, D.IX.2).",
                b.name, b.turn
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyReply(text))
        })
        .await
    }

    /// `/diplomacy vote proposal ballot` (privately; D.IX.2).
    pub async fn vote_dip(
        &self,
        call: &Call,
        proposal: i64,
        ballot: &str,
    ) -> Result<DiplomacyReply, DiplomacyError> {
        let public = json!({ "proposal": proposal });
        self.execute_sealed(call, public, Some(A_VOTER), async |conn, actor| {
            let p = store::diplomacy::votes::get(conn, proposal)
                .await?
                .filter(|p| p.status == ProposalStatus::Open)
                .ok_or(DiplomacyError::NoProposal(proposal))?;
            let b = store::diplomacy::boards::by_id(conn, p.board_id)
                .await?
                .ok_or(DiplomacyError::NoProposal(proposal))?;
            let voter = match my_position(conn, actor, &b).await.ok() {
                Some(pos) => pos.power,
                None if p.kind == ProposalKind::Rule
                    && store::offices::holds_for(conn, actor.id, Office::GameMaster, Some(&b.name))
                        .await? =>
                {
                    "GM".to_owned()
                }
                None => return Err(DiplomacyError::NoProposal(proposal)),
            };
            let ballot = match Ballot::parse(ballot) {
                Ballot::Yes => "yes",
                Ballot::No => "no",
                Ballot::Unclear => "unclear",
            };
            store::diplomacy::votes::cast(conn, proposal, &voter, ballot, self.now()).await?;
            Ok(DiplomacyReply(format!(
                "Your vote on proposal #{proposal} is recorded, in secret; you may revise it until the deadline of {} (D.IX.2).",
                p.turn
            )))
        })
        .await
    }

    /// Decides the proposals due with `turn` at its deadline; answers the announcements.
    pub(super) async fn decide_votes(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
        turn: Turn,
        nmr: &[Power],
    ) -> anyhow::Result<Vec<String>> {
        let mut lines = Vec::new();
        let remaining = self.remaining(conn, b.id).await?;
        for p in store::diplomacy::votes::open_on(conn, b.id).await? {
            if p.turn != turn.to_string() {
                continue;
            }
            let proposal = proposal_of(p.kind, &p.powers, &p.body);
            let mut ballots: BTreeMap<Power, Ballot> = BTreeMap::new();
            let mut gm = None;
            for (voter, ballot) in store::diplomacy::votes::ballots(conn, p.id).await? {
                let ballot = Ballot::parse(&ballot);
                if voter == "GM" {
                    gm = Some(ballot);
                } else {
                    ballots.insert(power_of(&voter), ballot);
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
                    break;
                }
            }
        }
        Ok(lines)
    }
}
