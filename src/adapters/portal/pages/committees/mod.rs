//! `/motions` (every committee's motions, newest first, with the committees' rules),
//! `/motions/{n}` (one motion: its text, rules, sitting body and why, each vote, the result and
//! its way through the TD) and `/houserules` (the house rules as they read now, with each
//! item's version and what gavel enforces by it, a change not yet in effect in gavel said so). Observers' reports and disputes still with the TD are private and not here.

mod view;

use axum::extract::{Path, State};
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::Portal;
use crate::domain::committee::tally;
use crate::store;
use crate::store::keys::StoredKey;

#[derive(Debug, Serialize)]
pub struct Committee {
    pub name: String,
    pub rules: String,
}

#[derive(Debug, Serialize)]
pub struct MotionRow {
    pub number: i64,
    pub committee: String,
    pub kind: String,
    pub text: String,
    pub status: String,
    pub opened_at: DateTime<Utc>,
}

#[derive(Debug, Serialize)]
pub struct Motions {
    pub committees: Vec<Committee>,
    pub motions: Vec<MotionRow>,
}

#[derive(Debug, Serialize)]
pub struct Seat {
    pub person: i64,
    pub name: String,
    pub why: String,
    pub sits: bool,
    pub vote: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct MotionDetail {
    #[serde(flatten)]
    pub motion: MotionRow,
    pub item: Option<String>,
    pub new_text: Option<String>,
    pub overrides_veto_of: Option<i64>,
    pub closes_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    pub rules: String,
    pub sitting_size: i64,
    pub sitting: Vec<Seat>,
    pub counts: Option<String>,
    pub result: Option<String>,
    pub tie_break: Option<String>,
    pub approval: Option<String>,
    pub veto_reason: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Item {
    pub label: String,
    pub heading: String,
    pub version: i64,
    pub text: String,
    pub changed_by_motion: Option<i64>,
    /// What gavel enforces by the item, and any change to it adopted but not yet in effect in
    /// gavel (house rules A.7), as `/houserule show` says it.
    pub in_gavel: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct HouseRules {
    pub items: Vec<Item>,
}

async fn row(
    conn: &mut SqliteConnection,
    m: &store::committee::motions::MotionRow,
) -> sqlx::Result<MotionRow> {
    let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
    Ok(MotionRow {
        number: m.id,
        committee: committee.name,
        kind: m.kind.key().to_owned(),
        text: m.text.clone(),
        status: m.status().to_string(),
        opened_at: m.opened_at,
    })
}

fn rules_in_words(m: &store::committee::motions::MotionRow) -> String {
    let r = m.rules();
    format!(
        "{}; ties {}",
        crate::app::committee::motion::rules_needs(&r),
        if r.tie_break.key() == "director" {
            "broken by the TD"
        } else {
            "reject"
        }
    )
}

async fn load_list(conn: &mut SqliteConnection) -> Result<Motions, PageError> {
    let committees = store::committee::committees::all(conn)
        .await?
        .iter()
        .map(|c| Committee {
            name: c.name.clone(),
            rules: crate::app::committee::committees::Described(c).to_string(),
        })
        .collect();
    let mut motions = Vec::new();
    for m in store::committee::motions::all(conn).await?.iter().rev() {
        motions.push(row(conn, m).await?);
    }
    Ok(Motions {
        committees,
        motions,
    })
}

async fn load_one(conn: &mut SqliteConnection, n: i64) -> Result<MotionDetail, PageError> {
    let m = store::committee::motions::by_number(conn, n)
        .await?
        .ok_or_else(|| PageError::NotFound(format!("There is no motion #{n}.")))?;
    let body = store::committee::motions::seats(conn, n).await?;
    let votes = store::committee::motions::votes(conn, n).await?;
    let sitting = body
        .0
        .iter()
        .map(|s| Seat {
            person: s.person,
            name: s.name.clone(),
            why: s.reason.to_string(),
            sits: s.sits,
            vote: votes
                .iter()
                .find(|v| v.0 == s.person)
                .map(|v| v.2.to_string()),
        })
        .collect();
    let result = m
        .counts()
        .map(|c| tally::decide(c, body.size(), &m.rules()).to_string());
    Ok(MotionDetail {
        motion: row(conn, &m).await?,
        item: m.item.clone(),
        new_text: m.new_text.clone(),
        overrides_veto_of: m.parent_id,
        closes_at: m.closes_at,
        closed_at: m.closed_at,
        rules: rules_in_words(&m),
        sitting_size: m.sitting_size,
        sitting,
        counts: m.counts().map(|c| c.to_string()),
        result,
        tie_break: m.tie_choice.map(|c| c.key().to_owned()),
        approval: m.approval().map(|a| a.to_string()),
        veto_reason: m.veto_reason.clone(),
    })
}

pub async fn list(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&[])?;
        let mut conn = portal.pool().acquire().await?;
        Ok::<_, PageError>(Page {
            title: "Motions".into(),
            data: load_list(&mut conn).await?,
        })
    }
    .await;
    format.respond(&portal, page, |m| view::list(m, portal.tz))
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
        ("motion", &n),
        async |conn, n| {
            Ok(Page {
                title: format!("Motion {n}"),
                data: load_one(conn, n).await?,
            })
        },
        |m| view::one(m, portal.tz),
    )
    .await
}

pub async fn house_rules(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&[])?;
        let mut conn = portal.pool().acquire().await?;
        let mut items = Vec::new();
        for v in store::committee::house_rules::current(&mut conn).await? {
            let in_gavel = crate::app::committee::bound::item_standing(&mut conn, &v).await?;
            items.push(Item {
                label: v.label,
                heading: v.heading,
                version: v.version,
                text: v.text,
                changed_by_motion: v.motion_id,
                in_gavel,
            });
        }
        Ok::<_, PageError>(Page {
            title: "House rules".into(),
            data: HouseRules { items },
        })
    }
    .await;
    format.respond(&portal, page, view::house_rules)
}
