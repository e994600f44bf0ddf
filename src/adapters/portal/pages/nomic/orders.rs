//! `/orders` and `/orders/{n}`: Points of Order (Nomic 214), newest first, and one Point with
//! its Judges in order, their Judgements and the opinions given on them.

use axum::extract::{Path, State};
use axum::response::Response;
use chrono::{DateTime, Utc};
use maud::{html, Markup};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::layout::{none, pager, paragraphs, person, when};
use crate::adapters::portal::record::{self, Who};
use crate::adapters::portal::Portal;
use crate::domain::nomic::order::PointStage;
use crate::store::keys::StoredKey;

pub const PAGE: i64 = 50;

#[derive(Debug, Serialize)]
pub struct Orders {
    pub points: Vec<PointLine>,
    pub next_before: Option<i64>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct PointLine {
    pub number: i64,
    pub raised_by_id: i64,
    pub raised_by: String,
    pub raised_at: DateTime<Utc>,
    pub proposal: Option<i64>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: PointStage,
    pub deadline_at: Option<DateTime<Utc>>,
    pub statement: String,
}

const LINE: &str = "SELECT o.id AS number, o.raised_by AS raised_by_id,
        COALESCE(x.display_name, x.name) AS raised_by, o.raised_at, o.proposal, o.status,
        o.deadline_at, o.statement
     FROM points_of_order o JOIN people x ON x.id = o.raised_by";

pub async fn orders(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["before"])?;
        let before = params.number("before")?.unwrap_or(i64::MAX);
        let mut conn = portal.pool().acquire().await?;
        let points: Vec<PointLine> =
            sqlx::query_as(&format!("{LINE} WHERE o.id < ? ORDER BY o.id DESC LIMIT ?"))
                .bind(before)
                .bind(PAGE)
                .fetch_all(&mut *conn)
                .await?;
        let next_before = (points.len() as i64 == PAGE)
            .then(|| points.last().map(|p| p.number))
            .flatten();
        Ok::<_, PageError>(Page {
            title: "Points of Order".into(),
            data: Orders {
                points,
                next_before,
            },
        })
    }
    .await;
    format.respond(&portal, page, |o| list_view(o, portal.tz))
}

#[derive(Debug, Serialize)]
pub struct Point {
    #[serde(flatten)]
    pub line: PointLine,
    pub status_words: &'static str,
    pub judges: Vec<Judge>,
}

#[derive(Debug, Serialize)]
pub struct Judge {
    pub judge: Who,
    pub from: DateTime<Utc>,
    pub judgement: Option<String>,
    pub judged_at: Option<DateTime<Utc>>,
    pub ended: &'static str,
    pub ended_at: Option<DateTime<Utc>>,
    pub opinions: Vec<OpinionOut>,
}

#[derive(Debug, Serialize)]
pub struct OpinionOut {
    pub player: Who,
    pub opinion: &'static str,
    pub at: DateTime<Utc>,
}

async fn load(conn: &mut SqliteConnection, n: i64) -> Result<Point, PageError> {
    let line: PointLine = sqlx::query_as(&format!("{LINE} WHERE o.id = ?"))
        .bind(n)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| PageError::NotFound(format!("There is no Point of Order {n}.")))?;
    let opinions = crate::store::nomic::orders::opinions(&mut *conn, n).await?;
    let mut judges = Vec::new();
    for j in crate::store::nomic::orders::judgeships(&mut *conn, n).await? {
        let mut theirs = Vec::new();
        for o in opinions.iter().filter(|o| o.seq == j.seq) {
            theirs.push(OpinionOut {
                player: record::who(&mut *conn, o.person_id).await?,
                opinion: o.opinion.key(),
                at: o.at,
            });
        }
        judges.push(Judge {
            judge: record::who(&mut *conn, j.judge_id).await?,
            from: j.from_at,
            judgement: j.judgement,
            judged_at: j.judged_at,
            ended: match j.ended_how {
                Some(how) => how.key(),
                None if j.judged_at.is_some() => "judged",
                None => "sitting",
            },
            ended_at: j.ended_at,
            opinions: theirs,
        });
    }
    Ok(Point {
        status_words: line.status.describe(),
        line,
        judges,
    })
}

pub async fn order(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(n): Path<String>,
) -> Response {
    numbered(
        &portal,
        (format, params),
        ("Point of Order", &n),
        async |conn, n| {
            Ok(Page {
                title: format!("Point of Order {n}"),
                data: load(conn, n).await?,
            })
        },
        |p| one_view(p, portal.tz),
    )
    .await
}

fn list_view(o: &Orders, tz: chrono_tz::Tz) -> Markup {
    html! {
        h1 { "Points of Order" }
        p { "Raised by players about the game (Nomic 214); each is judged, may be disputed, and is invoked or left unsettled." }
        @if o.points.is_empty() { (none("No Point of Order has been raised.")) } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Points of Order, newest first" }
                    thead { tr { th scope="col" class="num" { "Point" } th scope="col" { "Raised by" } th scope="col" { "Raised" } th scope="col" { "About" } th scope="col" { "Status" } } }
                    tbody {
                        @for p in &o.points {
                            tr {
                                td class="num" { a href=(format!("/orders/{}", p.number)) { (p.number) } }
                                td { (person(p.raised_by_id, &p.raised_by)) }
                                td { (when(p.raised_at, tz)) }
                                td { @if let Some(n) = p.proposal { a href=(format!("/proposals/{n}")) { "proposal " (n) } } @else { "the game" } }
                                td { (p.status.describe()) }
                            }
                        }
                    }
                }
            }
        }
        (pager(o.next_before.map(|b| format!("/orders?before={b}"))))
    }
}

fn one_view(p: &Point, tz: chrono_tz::Tz) -> Markup {
    let l = &p.line;
    html! {
        h1 { "Point of Order " (l.number) }
        dl class="facts" {
            dt { "Raised by" } dd { (person(l.raised_by_id, &l.raised_by)) }
            dt { "Raised" } dd { (when(l.raised_at, tz)) }
            @if let Some(n) = l.proposal { dt { "About" } dd { a href=(format!("/proposals/{n}")) { "Proposal " (n) } } }
            dt { "Status" } dd class="status" { (p.status_words) }
            @if let Some(at) = l.deadline_at { dt { "Next deadline" } dd { (when(at, tz)) } }
        }
        h2 { "Statement" }
        blockquote { (paragraphs(&l.statement)) }
        h2 { "Judges" }
        @if p.judges.is_empty() { (none("No Judge yet.")) }
        ol {
            @for j in &p.judges {
                li {
                    p { (person(j.judge.id, &j.judge.name)) ", Judge from " (when(j.from, tz)) " (" (j.ended) @if let Some(at) = j.ended_at { ", " (when(at, tz)) } ")" }
                    @if let Some(text) = &j.judgement {
                        p { "Judgement" @if let Some(at) = j.judged_at { ", " (when(at, tz)) } ":" }
                        blockquote { (paragraphs(text)) }
                    }
                    @if !j.opinions.is_empty() {
                        ul { @for o in &j.opinions { li { (person(o.player.id, &o.player.name)) ": " (o.opinion) ", " (when(o.at, tz)) } } }
                    }
                }
            }
        }
    }
}
