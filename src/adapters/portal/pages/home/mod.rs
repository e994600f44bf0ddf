//! `/`: the latest announcements, what is open now (a session, votes and when they close,
//! appeals being heard, Points of Order awaiting Judgement) and links to everything else; and
//! `/announcements`, every announcement, newest first, paged by key.

mod view;

use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::adapters::portal::http::{Format, Page, PageError, Params};
use crate::adapters::portal::record::{self, Announcement, Who};
use crate::adapters::portal::Portal;
use crate::domain::court::Stage;
use crate::domain::nomic::proposal_record::ProposalKind;

/// Announcements on the front page, and on each page of `/announcements`.
const LATEST: i64 = 15;
const PAGE: i64 = 50;

#[derive(Debug, Serialize)]
pub struct Home {
    pub club: String,
    pub open: Open,
    pub announcements: Vec<Announcement>,
}

/// What is open now.
#[derive(Debug, Serialize)]
pub struct Open {
    pub session: Option<OpenSession>,
    pub votes: Vec<OpenVote>,
    pub hearings: Vec<OpenHearing>,
    pub points_awaiting_judgement: Vec<OpenPoint>,
}

#[derive(Debug, Serialize)]
pub struct OpenSession {
    pub id: i64,
    pub opened_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct OpenVote {
    pub number: i64,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub kind: ProposalKind,
    pub proposer: String,
    pub proposer_id: i64,
    pub closes_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize)]
pub struct OpenHearing {
    pub number: i64,
    pub appellant: Who,
    pub stage: &'static str,
    pub next_deadline: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct OpenPoint {
    pub number: i64,
    pub raised_by: String,
    pub raised_by_id: i64,
    pub deadline_at: Option<DateTime<Utc>>,
}

async fn open(conn: &mut sqlx::SqliteConnection) -> Result<Open, PageError> {
    let session = crate::store::leaderboard::sessions::open_session(&mut *conn)
        .await?
        .map(|s| OpenSession {
            id: s.id,
            opened_at: s.opened_at,
        });
    let votes: Vec<OpenVote> = sqlx::query_as(
        "SELECT p.number, p.kind, COALESCE(x.display_name, x.name) AS proposer,
                p.proposer_id, p.closes_at
         FROM proposals p JOIN people x ON x.id = p.proposer_id
         WHERE p.status = 'voting' ORDER BY p.number",
    )
    .fetch_all(&mut *conn)
    .await?;
    let rows: Vec<(i64, i64, Stage, Option<DateTime<Utc>>)> = sqlx::query_as(
        "SELECT id, appellant_id, stage, next_deadline FROM appeals
         WHERE active = 1 AND stage IN ('hearing', 'en_banc') ORDER BY id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut hearings = Vec::with_capacity(rows.len());
    for (number, appellant, stage, next_deadline) in rows {
        hearings.push(OpenHearing {
            number,
            appellant: record::who(conn, appellant).await?,
            stage: crate::adapters::portal::words::stage(stage),
            next_deadline,
        });
    }
    let points: Vec<OpenPoint> = sqlx::query_as(
        "SELECT o.id AS number, COALESCE(x.display_name, x.name) AS raised_by,
                o.raised_by AS raised_by_id, o.deadline_at
         FROM points_of_order o JOIN people x ON x.id = o.raised_by
         WHERE o.status = 'awaiting_judgement' ORDER BY o.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(Open {
        session,
        votes,
        hearings,
        points_awaiting_judgement: points,
    })
}

async fn load(portal: &Portal, params: &Params) -> Result<Page<Home>, PageError> {
    params.only(&[])?;
    let mut conn = portal.pool().acquire().await?;
    let open = open(&mut conn).await?;
    let announcements = record::announcements(&mut conn, None, LATEST).await?;
    Ok(Page {
        title: "Home".into(),
        data: Home {
            club: portal.club.to_string(),
            open,
            announcements,
        },
    })
}

pub async fn page(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = load(&portal, &params).await;
    format.respond(&portal, page, |home| view::home(home, portal.tz))
}

#[derive(Debug, Serialize)]
pub struct Announcements {
    pub announcements: Vec<Announcement>,
    /// The next page's `before`, if there are older announcements.
    pub next_before: Option<i64>,
}

async fn load_all(portal: &Portal, params: &Params) -> Result<Page<Announcements>, PageError> {
    params.only(&["before"])?;
    let before = params.number("before")?;
    let mut conn = portal.pool().acquire().await?;
    let announcements = record::announcements(&mut conn, before, PAGE).await?;
    let next_before = (announcements.len() as i64 == PAGE)
        .then(|| announcements.last().map(|a| a.id))
        .flatten();
    Ok(Page {
        title: "Announcements".into(),
        data: Announcements {
            announcements,
            next_before,
        },
    })
}

pub async fn announcements(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
) -> Response {
    let page = load_all(&portal, &params).await;
    format.respond(&portal, page, |all| view::announcements(all, portal.tz))
}
