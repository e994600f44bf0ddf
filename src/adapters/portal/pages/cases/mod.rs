//! `/cases` (every declared case, newest first, paged by key) and `/cases/{n}` (the action, its
//! declaration, its status and the appeals about it). A case is public once its declaration
//! reached #discussion (Terms §III Act 2.4); before that it is not shown at all.

mod view;

use axum::extract::{Path, State};
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::record::{self, Who};
use crate::adapters::portal::Portal;
use crate::domain::court::Stage;
use crate::domain::moderation::{CaseKind, CaseStatus};

pub const PAGE: i64 = 50;

#[derive(Debug, Serialize)]
pub struct Cases {
    pub cases: Vec<CaseRow>,
    pub next_before: Option<i64>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct CaseRow {
    pub number: i64,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub kind: CaseKind,
    pub target_id: Option<i64>,
    pub target: Option<String>,
    pub actor_id: i64,
    pub actor: String,
    pub taken_at: DateTime<Utc>,
    pub declared_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: CaseStatus,
}

const ROW: &str = "SELECT a.id AS number, a.kind, a.target_id,
        COALESCE(t.display_name, t.name) AS target, a.actor_id,
        COALESCE(x.display_name, x.name) AS actor, a.taken_at, a.declared_at, a.status
     FROM actions a LEFT JOIN people t ON t.id = a.target_id JOIN people x ON x.id = a.actor_id";

pub async fn list(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["before"])?;
        let before = params.number("before")?.unwrap_or(i64::MAX);
        let mut conn = portal.pool().acquire().await?;
        let cases: Vec<CaseRow> = sqlx::query_as(&format!(
            "{ROW} WHERE a.declared_at IS NOT NULL AND a.id < ? ORDER BY a.id DESC LIMIT ?"
        ))
        .bind(before)
        .bind(PAGE)
        .fetch_all(&mut *conn)
        .await?;
        let next_before = (cases.len() as i64 == PAGE)
            .then(|| cases.last().map(|c| c.number))
            .flatten();
        Ok::<_, PageError>(Page {
            title: "Cases".into(),
            data: Cases { cases, next_before },
        })
    }
    .await;
    format.respond(&portal, page, |c| view::list(c, portal.tz))
}

#[derive(Debug, Serialize)]
pub struct CaseDetail {
    #[serde(flatten)]
    pub case: CaseRow,
    pub reason: String,
    pub declaration: Option<String>,
    pub discretion: Option<String>,
    pub game: Option<i64>,
    pub step: Option<i64>,
    pub points: Option<i64>,
    pub ends_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub appealable: bool,
    pub status_reason: Option<String>,
    pub appeals: Vec<AppealAbout>,
}

#[derive(Debug, Serialize)]
pub struct AppealAbout {
    pub number: i64,
    pub appellant: Who,
    pub filed_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub stage: Stage,
}

async fn load_one(conn: &mut SqliteConnection, n: i64) -> Result<CaseDetail, PageError> {
    let missing = || PageError::NotFound(format!("There is no declared case #{n}."));
    let case: CaseRow = sqlx::query_as(&format!(
        "{ROW} WHERE a.id = ? AND a.declared_at IS NOT NULL"
    ))
    .bind(n)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(missing)?;
    let a = crate::store::moderation::actions::by_id(&mut *conn, n)
        .await?
        .ok_or_else(missing)?;
    let mut appeals = Vec::new();
    for row in crate::store::court::appeals::on_case(&mut *conn, n).await? {
        appeals.push(AppealAbout {
            number: row.id,
            appellant: record::who(&mut *conn, row.appellant_id).await?,
            filed_at: row.filed_at,
            stage: row.lifecycle.stage_kind(),
        });
    }
    let declaration = match &a.declaration {
        Some(text) => Some(record::public_text(&mut *conn, text).await?),
        None => None,
    };
    Ok(CaseDetail {
        case,
        reason: a.reason,
        declaration,
        discretion: a.discretion,
        game: a.game_id,
        step: a.step,
        points: a.points,
        ends_at: a.ends_at,
        ended_at: a.ended_at,
        appealable: a.appealable,
        status_reason: a.status_reason,
        appeals,
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
        ("case", &n),
        async |conn, n| {
            let case = load_one(conn, n).await?;
            Ok(Page {
                title: format!("Case {n}"),
                data: case,
            })
        },
        |c| view::one(c, portal.tz),
    )
    .await
}
