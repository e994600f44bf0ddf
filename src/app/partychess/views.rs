//! What Party Chess shows: the board as a diagram (`/partychess board`), the Weights with their
//! working (`/partychess weights`), and the whole game as a record for the export and the
//! portal.

use serde::Serialize;
use sqlx::SqliteConnection;

use super::PartyChess;
use super::{PartyChessError, PartyChessReply};
use crate::domain::partychess::diagram;
use crate::domain::partychess::weights::{halves, weights};
use crate::store;
use crate::store::partychess::games::{GameStage, PlayHow};

/// The game as the export and the portal show it.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    pub umpire: Option<String>,
    pub stage: GameStage,
    pub seed: i64,
    pub round_count: u32,
    pub turn: i64,
    pub deadline: Option<String>,
    pub play_list: Vec<String>,
    /// The Swingers in Check, as the last change of the board left them (Rule 1230.2 §7).
    pub in_check: Vec<String>,
    pub swingers: Vec<SwingerRecord>,
    pub plays: Vec<PlayRecord>,
    pub ledger: Vec<LedgerRecord>,
    pub board: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SwingerRecord {
    pub seat: i64,
    pub name: String,
    pub warm: bool,
    pub weight: String,
    pub on_board: Vec<String>,
    pub off_board: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayRecord {
    pub number: i64,
    pub seat: Option<i64>,
    pub play: Option<serde_json::Value>,
    pub how: PlayHow,
    pub summary: String,
    pub at: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct LedgerRecord {
    pub seat: i64,
    pub piece: String,
    pub cost: i64,
    pub reason: String,
    pub at: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct RuleRecord {
    pub rule: String,
    pub title: String,
    pub author: String,
    pub imported_at: String,
    pub superseded_at: Option<String>,
}

impl PartyChess<'_> {
    /// `/partychess board`: the diagram in a code block, and each Swinger's pieces off-board.
    pub async fn board(&self) -> Result<PartyChessReply, PartyChessError> {
        let mut conn = self.pool().acquire().await?;
        let g = self.game(&mut conn).await?;
        let mut text = format!(
            "The Party Board (a piece is its character and its Swinger's number):\n```\n{}\n```",
            diagram::text(&g.pos)
        );
        for s in g.seats() {
            let off: Vec<String> = g
                .pos
                .of(s)
                .filter(|p| p.at.is_none())
                .map(|p| p.label())
                .collect();
            text.push_str(&format!(
                "\n{}: off-board {}",
                g.name(s),
                if off.is_empty() {
                    "none".into()
                } else {
                    off.join(" ")
                }
            ));
        }
        Ok(PartyChessReply(text))
    }

    /// The board as an SVG image.
    pub async fn board_svg(&self) -> Result<String, PartyChessError> {
        let mut conn = self.pool().acquire().await?;
        let g = self.game(&mut conn).await?;
        Ok(diagram::svg(&g.pos))
    }

    /// `/partychess weights`: each Swinger's Weight, with the working if asked (Rule 1230.3).
    pub async fn weights(&self, explain: bool) -> Result<PartyChessReply, PartyChessError> {
        let mut conn = self.pool().acquire().await?;
        let g = self.game(&mut conn).await?;
        let mut lines = vec!["The Swingers' Weights (Rule 1230.3):".to_owned()];
        for w in weights(&g.pos, &g.seats(), &g.defined) {
            if explain {
                lines.push(format!("{}: {w}", g.name(w.seat)));
            } else {
                lines.push(format!("{}: {}", g.name(w.seat), halves(w.total_x2())));
            }
        }
        Ok(PartyChessReply(lines.join("\n")))
    }

    /// Every version of every rule of the suite, for the export.
    pub async fn rules_record(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<Vec<RuleRecord>, PartyChessError> {
        Ok(store::partychess::rules::history(conn)
            .await?
            .into_iter()
            .map(|r| RuleRecord {
                rule: r.to_rule().label(),
                title: r.title,
                author: r.author,
                imported_at: r.imported_at.to_rfc3339(),
                superseded_at: r.superseded_at.map(|t| t.to_rfc3339()),
            })
            .collect())
    }

    /// The whole game, for the export and the portal; none if no game was set up.
    pub async fn record(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<Option<GameRecord>, PartyChessError> {
        let g = match self.game(conn).await {
            Ok(g) => g,
            Err(PartyChessError::NoGame) => return Ok(None),
            Err(e) => return Err(e),
        };
        let umpire = match g.row.umpire_id {
            Some(id) => Some(store::people::by_id(conn, id).await?.name),
            None => None,
        };
        let ws = weights(&g.pos, &g.seats(), &g.defined);
        let swingers = g
            .swingers
            .iter()
            .map(|s| {
                let seat = s.seat as u32;
                let pieces = |on: bool| -> Vec<String> {
                    g.pos
                        .of(seat)
                        .filter(|p| p.at.is_some() == on)
                        .map(|p| match p.at {
                            Some(at) => format!("{} {at}", p.label()),
                            None => p.label(),
                        })
                        .collect()
                };
                SwingerRecord {
                    seat: s.seat,
                    name: g.name(seat),
                    warm: s.warm,
                    weight: ws
                        .iter()
                        .find(|w| w.seat == seat)
                        .map(|w| halves(w.total_x2()))
                        .unwrap_or_default(),
                    on_board: pieces(true),
                    off_board: pieces(false),
                }
            })
            .collect();
        let plays = store::partychess::games::plays(conn, g.row.id)
            .await?
            .into_iter()
            .map(|p| PlayRecord {
                number: p.number,
                seat: p.seat,
                play: p.play.and_then(|j| serde_json::from_str(&j).ok()),
                how: p.how,
                summary: p.summary,
                at: p.at.to_rfc3339(),
            })
            .collect();
        let ledger = store::partychess::games::ledger(conn, g.row.id)
            .await?
            .into_iter()
            .map(|l| LedgerRecord {
                seat: l.seat,
                piece: l.kind,
                cost: l.cost,
                reason: l.reason,
                at: l.at.to_rfc3339(),
            })
            .collect();
        Ok(Some(GameRecord {
            umpire,
            stage: g.row.stage,
            seed: g.row.seed,
            round_count: g.turns.round_count,
            turn: g.row.turn_number,
            deadline: g.row.deadline.map(|d| d.to_rfc3339()),
            play_list: g.turns.list.iter().map(|s| g.name(*s)).collect(),
            in_check: g.turns.checked.iter().map(|s| g.name(*s)).collect(),
            swingers,
            plays,
            ledger,
            board: diagram::text(&g.pos),
        }))
    }
}
