//! `/diplomacy` (the rounds with their published deals and advancements, and every board) and
//! `/diplomacy/boards/{n}` (one board: who holds each power, the counts of every season, and
//! its score line by line with the working). Orders, ballots and press authors are not here:
//! only what gavel has announced.

mod view;

use axum::extract::{Path, State};
use axum::response::Response;
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::{number_in_path, Format, Page, PageError, Params};
use crate::adapters::portal::Portal;
use crate::app::diplomacy::{board_scored, Advancement};
use crate::domain::diplomacy::{exact, shown};
use crate::store;
use crate::store::diplomacy::boards::BoardStatus;
use crate::store::diplomacy::rounds::RoundStage;

#[derive(Debug, Serialize)]
pub struct RoundRow {
    pub number: i64,
    pub last_year: i64,
    pub stage: RoundStage,
    pub deal_seed: Option<i64>,
    pub deal: Option<String>,
    pub advancement: Option<Advancement>,
}

#[derive(Debug, Serialize)]
pub struct BoardRow {
    pub id: i64,
    pub name: String,
    pub round: i64,
    pub turn: String,
    pub status: BoardStatus,
}

#[derive(Debug, Serialize)]
pub struct Overview {
    pub rounds: Vec<RoundRow>,
    pub boards: Vec<BoardRow>,
}

#[derive(Debug, Serialize)]
pub struct ScoreLine {
    pub power: String,
    pub player: String,
    pub centres: u32,
    pub score: String,
    pub exact: String,
    pub working: String,
}

#[derive(Debug, Serialize)]
pub struct BoardDetail {
    #[serde(flatten)]
    pub board: BoardRow,
    /// Each recorded season's counts, "A=5 E=4 ...".
    pub counts: Vec<(String, String)>,
    pub basis: String,
    pub lines: Vec<ScoreLine>,
}

fn board_row(b: &store::diplomacy::boards::Board) -> BoardRow {
    BoardRow {
        id: b.id,
        name: b.name.clone(),
        round: b.round,
        turn: b.turn.to_string(),
        status: b.status,
    }
}

async fn load_overview(conn: &mut SqliteConnection) -> Result<Overview, PageError> {
    let rounds = store::diplomacy::rounds::all(conn)
        .await?
        .into_iter()
        .map(|r| RoundRow {
            number: r.number,
            last_year: r.last_year,
            stage: r.stage,
            deal_seed: r.deal_seed,
            deal: r.deal_notes,
            advancement: r.advancement.and_then(|a| serde_json::from_str(&a).ok()),
        })
        .collect();
    let boards = store::diplomacy::boards::all(conn)
        .await?
        .iter()
        .map(board_row)
        .collect();
    Ok(Overview { rounds, boards })
}

async fn load_board(conn: &mut SqliteConnection, n: i64) -> Result<BoardDetail, PageError> {
    let b = store::diplomacy::boards::by_id(conn, n)
        .await?
        .ok_or_else(|| PageError::NotFound(format!("There is no board #{n}.")))?;
    let mut counts: Vec<(String, String)> = Vec::new();
    for c in store::diplomacy::record::counts(conn, n).await? {
        let part = format!("{}={}", c.power.letter(), c.centres);
        match counts.iter_mut().find(|(s, _)| *s == c.season) {
            Some((_, text)) => {
                text.push(' ');
                text.push_str(&part);
            }
            None => counts.push((c.season.clone(), part)),
        }
    }
    let positions = store::diplomacy::boards::positions(conn, n).await?;
    let scored = board_scored(conn, n).await?;
    let lines = scored
        .score
        .lines
        .iter()
        .map(|l| ScoreLine {
            power: l.power.to_string(),
            player: positions
                .iter()
                .find(|p| p.power == l.power)
                .map_or(String::new(), |p| p.person_name.clone()),
            centres: l.centres,
            score: shown(l.score),
            exact: exact(l.score),
            working: l.working.clone(),
        })
        .collect();
    Ok(BoardDetail {
        board: board_row(&b),
        counts,
        basis: scored.score.basis,
        lines,
    })
}

pub async fn overview(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&[])?;
        let mut conn = portal.pool().acquire().await?;
        Ok::<_, PageError>(Page {
            title: "Diplomacy".into(),
            data: load_overview(&mut conn).await?,
        })
    }
    .await;
    format.respond(&portal, page, view::overview)
}

pub async fn board(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(n): Path<String>,
) -> Response {
    let page = async {
        params.only(&[])?;
        let n = number_in_path("board", &n)?;
        let mut conn = portal.pool().acquire().await?;
        let data = load_board(&mut conn, n).await?;
        Ok::<_, PageError>(Page {
            title: data.board.name.clone(),
            data,
        })
    }
    .await;
    format.respond(&portal, page, view::board)
}
