//! `/partychess`: the Party Board as an image with coordinates a–t and 1–20 (Rule 1230.1 §1),
//! each Swinger's pieces on and off the board with eir Weight, and the history of every play.

use axum::extract::State;
use axum::response::Response;
use maud::{html, Markup, PreEscaped};
use serde::Serialize;

use crate::adapters::portal::http::{Format, Page, PageError};
use crate::adapters::portal::Portal;
use crate::domain::partychess::position::Position;
use crate::domain::partychess::weights::{halves, weight};
use crate::domain::partychess::{defs, diagram};
use crate::store;
use crate::store::partychess::games::GameStage;

#[derive(Debug, Serialize)]
pub struct PartyChess {
    pub stage: GameStage,
    pub seed: i64,
    pub swingers: Vec<Swinger>,
    pub plays: Vec<PlayLine>,
    /// The board as SVG.
    pub board: String,
}

#[derive(Debug, Serialize)]
pub struct Swinger {
    pub seat: i64,
    pub name: String,
    pub weight: String,
    pub on_board: Vec<String>,
    pub off_board: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct PlayLine {
    pub number: i64,
    pub summary: String,
    pub at: chrono::DateTime<chrono::Utc>,
}

async fn load(portal: &Portal) -> Result<PartyChess, PageError> {
    let mut conn = portal.pool().acquire().await?;
    let Some(g) = store::partychess::games::current(&mut conn).await? else {
        return Err(PageError::NotFound(
            "No game of Party Chess has been set up.".into(),
        ));
    };
    let pos: Position = serde_json::from_str(&g.position).unwrap_or_default();
    let rules: Vec<_> = store::partychess::rules::in_force(&mut conn)
        .await?
        .iter()
        .map(|r| r.to_rule())
        .collect();
    let defined = defs::defined(&defs::judge(&rules));
    let mut swingers = Vec::new();
    for s in store::partychess::games::swingers(&mut conn, g.id).await? {
        let seat = s.seat as u32;
        let name = match s.person_id {
            Some(id) => store::people::by_id(&mut conn, id).await?.name,
            None => "(Warm)".into(),
        };
        let pieces = |on: bool| -> Vec<String> {
            pos.of(seat)
                .filter(|p| p.at.is_some() == on)
                .map(|p| match p.at {
                    Some(at) => format!("{} {at}", p.named()),
                    None => p.named(),
                })
                .collect()
        };
        swingers.push(Swinger {
            seat: s.seat,
            name,
            weight: halves(weight(&pos, seat, &defined).total_x2()),
            on_board: pieces(true),
            off_board: pieces(false),
        });
    }
    let plays = store::partychess::games::plays(&mut conn, g.id)
        .await?
        .into_iter()
        .map(|p| PlayLine {
            number: p.number,
            summary: p.summary,
            at: p.at,
        })
        .collect();
    Ok(PartyChess {
        stage: g.stage,
        seed: g.seed,
        swingers,
        plays,
        board: diagram::svg(&pos),
    })
}

pub async fn page(State(portal): State<Portal>, format: Format) -> Response {
    let page = load(&portal).await.map(|data| Page {
        title: "Party Chess".into(),
        data,
    });
    format.respond(&portal, page, view)
}

fn view(p: &PartyChess) -> Markup {
    html! {
        h1 { "Party Chess" }
        p { "The game is " (if p.stage == GameStage::Playing { "in play" } else { "gathering its Swingers" })
            "; the Chess-Umpire's published seed is " (p.seed) "." }
        figure {
            // The image is gavel's own drawing: squares, discs and the coordinates.
            (PreEscaped(p.board.as_str()))
            figcaption { "The Party Board: columns a–t, rows 1–20 with row 1 at the bottom (Rule 1230.1 §1); each piece is its character and its Swinger's number." }
        }
        h2 { "The Swingers" }
        table {
            thead { tr { th { "Swinger" } th { "Weight" } th { "On the board" } th { "Off the board" } } }
            tbody {
                @for s in &p.swingers {
                    tr {
                        td { (s.seat) " " (s.name) }
                        td { (s.weight) }
                        td { (s.on_board.join(", ")) }
                        td { (s.off_board.join(", ")) }
                    }
                }
            }
        }
        h2 { "Every play" }
        ol {
            @for l in &p.plays {
                li value=(l.number) { (l.summary) }
            }
        }
    }
}
