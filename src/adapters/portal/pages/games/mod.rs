//! `/games` (every game, newest first, paged by key, or one member's) and `/games/{n}` (one
//! game: players, result, how it ended, how it moved the scores, and why a void one is void).

mod view;

use axum::extract::{Path, State};
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::record::{self, Who};
use crate::adapters::portal::Portal;
use crate::store::leaderboard::games::{Game, GameStatus, RematchStatus};
use crate::store::leaderboard::standings;

/// Games on a page.
pub const PAGE: i64 = 50;

#[derive(Debug, Serialize)]
pub struct Games {
    pub member: Option<Who>,
    pub games: Vec<GameRow>,
    /// The next page's `before`, if there are older games.
    pub next_before: Option<i64>,
}

#[derive(Debug, Serialize)]
pub struct GameRow {
    pub number: i64,
    pub played_at: DateTime<Utc>,
    pub white: Who,
    pub black: Who,
    /// "white", "black" or "draw"; none (null) while the game is in progress.
    pub result: Option<String>,
    pub online: bool,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: GameStatus,
}

async fn row(conn: &mut SqliteConnection, g: &Game) -> sqlx::Result<GameRow> {
    let white = record::who(&mut *conn, g.white_id).await?;
    let black = record::who(&mut *conn, g.black_id).await?;
    Ok(listed(g, white, black))
}

fn listed(g: &Game, white: Who, black: Who) -> GameRow {
    GameRow {
        number: g.id,
        played_at: g.played_at,
        white,
        black,
        result: g.result.clone(),
        online: g.online,
        status: g.status,
    }
}

/// A game as a list reads it: with both players' names in the same query, so a page of fifty
/// games is one read, not a hundred and one.
#[derive(sqlx::FromRow)]
struct Listed {
    #[sqlx(flatten)]
    game: Game,
    white_name: Option<String>,
    black_name: Option<String>,
}

/// The columns of a [`Listed`] game, from `games g`.
const LISTED: &str = "SELECT g.*,
        (SELECT COALESCE(display_name, name) FROM people WHERE id = g.white_id) AS white_name,
        (SELECT COALESCE(display_name, name) FROM people WHERE id = g.black_id) AS black_name
     FROM games g";

impl Listed {
    fn row(self) -> GameRow {
        let who = |id: i64, name: Option<String>| Who {
            id,
            name: name.unwrap_or_else(|| format!("#{id}")),
        };
        let white = who(self.game.white_id, self.white_name);
        let black = who(self.game.black_id, self.black_name);
        listed(&self.game, white, black)
    }
}

async fn load_list(conn: &mut SqliteConnection, params: &Params) -> Result<Games, PageError> {
    params.only(&["member", "before"])?;
    let before = params.number("before")?.unwrap_or(i64::MAX);
    let member = match params.number("member")? {
        Some(id) => record::known(&mut *conn, id).await?,
        None => None,
    };
    if params.text("member").is_some() && member.is_none() {
        return Err(PageError::NotFound("There is no such member.".into()));
    }
    let games: Vec<Listed> = match &member {
        // Each colour through its own index, newest first, then merged.
        Some(m) => sqlx::query_as(&format!(
            "{LISTED} WHERE g.id IN
               (SELECT id FROM (SELECT id FROM games WHERE white_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3)
                UNION SELECT id FROM (SELECT id FROM games WHERE black_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3))
             ORDER BY g.id DESC LIMIT ?3"
        ))
        .bind(m.id)
        .bind(before)
        .bind(PAGE)
        .fetch_all(&mut *conn)
        .await?,
        None => sqlx::query_as(&format!(
            "{LISTED} WHERE g.id < ? ORDER BY g.id DESC LIMIT ?"
        ))
        .bind(before)
        .bind(PAGE)
        .fetch_all(&mut *conn)
        .await?,
    };
    let rows: Vec<GameRow> = games.into_iter().map(Listed::row).collect();
    let next_before = (rows.len() as i64 == PAGE)
        .then(|| rows.last().map(|r| r.number))
        .flatten();
    Ok(Games {
        member,
        games: rows,
        next_before,
    })
}

pub async fn list(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        let mut conn = portal.pool().acquire().await?;
        let games = load_list(&mut conn, &params).await?;
        Ok::<_, PageError>(Page {
            title: match &games.member {
                Some(m) => format!("Games of {}", m.name),
                None => "Games".into(),
            },
            data: games,
        })
    }
    .await;
    format.respond(&portal, page, |g| view::list(g, portal.tz))
}

#[derive(Debug, Serialize)]
pub struct GameDetail {
    #[serde(flatten)]
    pub game: GameRow,
    pub clock_used: bool,
    pub club_date: chrono::NaiveDate,
    pub ended_by: String,
    pub adjudicated_by: Option<Who>,
    pub material: Option<(i64, i64)>,
    pub registered_by: Who,
    pub approved_by: Option<Who>,
    pub rematch_of: Option<i64>,
    pub void_reason: Option<String>,
    pub voided_at: Option<DateTime<Utc>>,
    /// How the game moved the scores (none for a game that does not count).
    pub changes: Vec<Change>,
    /// Declared cases about this game.
    pub cases: Vec<i64>,
    pub rematch: Option<Rematch>,
}

#[derive(Debug, Serialize)]
pub struct Change {
    pub member: Who,
    pub before: i64,
    pub after: i64,
}

#[derive(Debug, Serialize)]
pub struct Rematch {
    pub petitioner: Who,
    pub filed_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: RematchStatus,
    pub rematch_game: Option<i64>,
}

async fn load_one(conn: &mut SqliteConnection, n: i64) -> Result<GameDetail, PageError> {
    let g = crate::store::leaderboard::games::by_id(&mut *conn, n)
        .await?
        .ok_or_else(|| PageError::NotFound(format!("There is no game #{n}.")))?;
    let mut changes = Vec::new();
    for person in [g.white_id, g.black_id] {
        if let Some(m) = standings::movement_in_game(&mut *conn, g.id, person).await? {
            changes.push(Change {
                member: record::who(&mut *conn, person).await?,
                before: m.before,
                after: m.after,
            });
        }
    }
    let cases: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM actions WHERE game_id = ? AND declared_at IS NOT NULL ORDER BY id",
    )
    .bind(g.id)
    .fetch_all(&mut *conn)
    .await?;
    let rematch = match crate::store::leaderboard::games::rematch_for(&mut *conn, g.id).await? {
        Some(r) => Some(Rematch {
            petitioner: record::who(&mut *conn, r.petitioner_id).await?,
            filed_at: r.filed_at,
            status: r.status,
            rematch_game: r.rematch_game,
        }),
        None => None,
    };
    let optional = async |conn: &mut SqliteConnection, id: Option<i64>| match id {
        Some(id) => record::who(conn, id).await.map(Some),
        None => Ok(None),
    };
    Ok(GameDetail {
        game: row(&mut *conn, &g).await?,
        clock_used: g.clock_used,
        club_date: g.club_date,
        ended_by: g.ended_by.clone(),
        adjudicated_by: optional(&mut *conn, g.adjudicated_by).await?,
        material: g.material_white.zip(g.material_black),
        registered_by: record::who(&mut *conn, g.registered_by).await?,
        approved_by: optional(&mut *conn, g.approved_by).await?,
        rematch_of: g.rematch_of,
        void_reason: g.void_reason.clone(),
        voided_at: g.voided_at,
        changes,
        cases,
        rematch,
    })
}

pub async fn one(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(n): Path<String>,
) -> Response {
    numbered(
        &portal,
        (format, params),
        ("game", &n),
        async |conn, n| {
            let game = load_one(conn, n).await?;
            Ok(Page {
                title: format!("Game {n}"),
                data: game,
            })
        },
        |g| view::one(g, portal.tz),
    )
    .await
}
