//! `/tournaments` (every tournament, its format, stage and Director), `/tournaments/{n}` (its
//! entrants, the Swiss's standings, the Candidates' table, every match by stage and round, the
//! Director's rulings) and `/tournaments/matches/{n}` (one match: its score, games, agreed time,
//! offers, fault and the Armageddon bids once both are in). Cheating reports are never here.

mod view;

use axum::extract::{Path, State};
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::Portal;
use crate::app::tournament::read;
use crate::domain::tournament::stages::Stage;
use crate::domain::tournament::{points, swiss, Halves};
use crate::store;
use crate::store::tournament::entrants::EntrantStatus;
use crate::store::tournament::matches::{AtFault, Game, TimeBy};

#[derive(Debug, Serialize)]
pub struct TournamentRow {
    pub number: i64,
    pub name: String,
    pub format: String,
    pub stage: String,
    pub director: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Tournaments {
    pub tournaments: Vec<TournamentRow>,
}

#[derive(Debug, Serialize)]
pub struct EntrantOut {
    pub name: String,
    pub account: String,
    pub status: EntrantStatus,
    pub seeded: Option<Stage>,
}

#[derive(Debug, Serialize)]
pub struct MatchOut {
    pub number: i64,
    pub stage: Stage,
    pub round: i64,
    pub first: String,
    pub second: Option<String>,
    pub score: String,
    pub state: String,
    pub starts_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize)]
pub struct RulingOut {
    pub number: i64,
    pub a_match: Option<i64>,
    pub text: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Serialize)]
pub struct TournamentDetail {
    #[serde(flatten)]
    pub tournament: TournamentRow,
    pub rounds: Option<i64>,
    pub entrants: Vec<EntrantOut>,
    /// The Swiss's ranking, one line each, as `/tournament standings` gives it.
    pub swiss: Vec<String>,
    pub candidates: Vec<String>,
    pub matches: Vec<MatchOut>,
    pub rulings: Vec<RulingOut>,
}

#[derive(Debug, Serialize)]
pub struct OfferOut {
    pub number: usize,
    pub by: String,
    pub at: DateTime<Utc>,
    pub accepted: bool,
}

#[derive(Debug, Serialize)]
pub struct MatchDetail {
    #[serde(flatten)]
    pub a_match: MatchOut,
    pub tournament: i64,
    pub tournament_name: String,
    pub games: Vec<String>,
    pub week_start: Option<DateTime<Utc>>,
    pub time_by: Option<TimeBy>,
    pub fault: Option<AtFault>,
    pub offers: Vec<OfferOut>,
    pub white: Option<String>,
    pub white_seconds: Option<i64>,
}

fn match_out(
    m: &store::tournament::matches::MatchRow,
    names: &std::collections::BTreeMap<i64, String>,
) -> MatchOut {
    let state = match m.decided {
        Some(decided) => decided.word(),
        _ if m.second_id.is_none() => "a bye",
        _ if m.over => "over",
        _ => "in play",
    };
    MatchOut {
        number: m.id,
        stage: m.stage,
        round: m.round,
        first: names.get(&m.first_id).cloned().unwrap_or_default(),
        second: m.second_id.and_then(|s| names.get(&s).cloned()),
        score: format!(
            "{} – {}",
            points(m.first_halves as Halves),
            points(m.second_halves as Halves)
        ),
        state: state.into(),
        starts_at: m.starts_at.filter(|_| !m.over),
    }
}

async fn row(
    conn: &mut SqliteConnection,
    t: &store::tournament::tournaments::Tournament,
) -> sqlx::Result<TournamentRow> {
    let director = match t.director_id {
        Some(d) => Some(store::people::by_id(conn, d).await?.name),
        None => None,
    };
    Ok(TournamentRow {
        number: t.id,
        name: t.name.clone(),
        format: t.format.clone(),
        stage: t.stage.written().to_owned(),
        director,
    })
}

async fn tournament(
    conn: &mut SqliteConnection,
    n: i64,
) -> Result<store::tournament::tournaments::Tournament, PageError> {
    store::tournament::tournaments::by_id(conn, n)
        .await?
        .ok_or_else(|| PageError::NotFound(format!("There is no tournament #{n}.")))
}

async fn load_one(conn: &mut SqliteConnection, n: i64) -> Result<TournamentDetail, PageError> {
    let t = tournament(conn, n).await?;
    let names = read::entrant_names(conn, n).await.map_err(internal)?;
    let mut entrants = Vec::new();
    for e in store::tournament::entrants::of_tournament(conn, n).await? {
        entrants.push(EntrantOut {
            name: names.get(&e.id).cloned().unwrap_or_default(),
            account: e.account,
            status: e.status,
            seeded: e.seeded,
        });
    }
    let field = read::field(conn, n, i64::MAX).await.map_err(internal)?;
    let swiss: Vec<String> = swiss::standings(&field.entrants, &field.rounds)
        .iter()
        .filter(|s| field.playing.contains(&s.id))
        .enumerate()
        .map(|(i, s)| swiss::ranking_line(i + 1, s))
        .collect();
    let candidates = read::round_robin(conn, n).await.map_err(internal)?.lines();
    let matches = store::tournament::matches::of_tournament(conn, n)
        .await?
        .iter()
        .map(|m| match_out(m, &names))
        .collect();
    let rulings = store::tournament::records::rulings(conn, n)
        .await?
        .into_iter()
        .map(|r| RulingOut {
            number: r.id,
            a_match: r.match_id,
            text: r.text,
            at: r.at,
        })
        .collect();
    Ok(TournamentDetail {
        tournament: row(conn, &t).await?,
        rounds: t.rounds,
        entrants,
        swiss,
        candidates,
        matches,
        rulings,
    })
}

async fn load_match(conn: &mut SqliteConnection, n: i64) -> Result<MatchDetail, PageError> {
    let m = store::tournament::matches::by_id(conn, n)
        .await?
        .ok_or_else(|| PageError::NotFound(format!("There is no match #{n}.")))?;
    let t = tournament(conn, m.tournament_id).await?;
    let names = read::entrant_names(conn, t.id).await.map_err(internal)?;
    let games = sqlx::query_scalar::<_, Game>(
        "SELECT result FROM tournament_games WHERE match_id = ? ORDER BY id",
    )
    .bind(n)
    .fetch_all(&mut *conn)
    .await?;
    let name = |e: Option<i64>| e.and_then(|e| names.get(&e).cloned());
    let games = games
        .iter()
        .enumerate()
        .map(|(i, g)| match g {
            Game::FirstWins => format!(
                "Game {}: {} won",
                i + 1,
                name(Some(m.first_id)).unwrap_or_default()
            ),
            Game::SecondWins => format!(
                "Game {}: {} won",
                i + 1,
                name(m.second_id).unwrap_or_default()
            ),
            Game::Draw => format!("Game {}: a draw", i + 1),
        })
        .collect();
    let offers = store::tournament::negotiation::offers(conn, n)
        .await?
        .iter()
        .enumerate()
        .map(|(i, o)| OfferOut {
            number: i + 1,
            by: name(Some(o.entrant_id)).unwrap_or_default(),
            at: o.at,
            accepted: o.accepted_at.is_some(),
        })
        .collect();
    Ok(MatchDetail {
        a_match: match_out(&m, &names),
        tournament: t.id,
        tournament_name: t.name.clone(),
        games,
        week_start: m.week_start,
        time_by: m.time_by,
        fault: m.fault,
        offers,
        // Sealed bids are shown only once both are in, as gavel announced them.
        white: name(m.white_id),
        white_seconds: m.white_seconds,
    })
}

fn internal(e: crate::app::tournament::TournamentError) -> PageError {
    PageError::Internal(e.to_string())
}

pub async fn list(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&[])?;
        let mut conn = portal.pool().acquire().await?;
        let mut tournaments = Vec::new();
        for t in store::tournament::tournaments::all(&mut conn)
            .await?
            .iter()
            .rev()
        {
            tournaments.push(row(&mut conn, t).await?);
        }
        Ok::<_, PageError>(Page {
            title: "Tournaments".into(),
            data: Tournaments { tournaments },
        })
    }
    .await;
    format.respond(&portal, page, view::list)
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
        ("tournament", &n),
        async |conn, n| {
            Ok(Page {
                title: format!("Tournament {n}"),
                data: load_one(conn, n).await?,
            })
        },
        |d| view::one(d, portal.tz),
    )
    .await
}

pub async fn a_match(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(n): Path<String>,
) -> Response {
    numbered(
        &portal,
        (format, params),
        ("match", &n),
        async |conn, n| {
            Ok(Page {
                title: format!("Match {n}"),
                data: load_match(conn, n).await?,
            })
        },
        |d| view::a_match(d, portal.tz),
    )
    .await
}
