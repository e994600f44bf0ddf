//! `/rules` (the rulebook in force, or as it stood at the end of a day: `?as_of=YYYY-MM-DD`)
//! and `/rules/{label}` (a rule's every version, each with a word-level difference from the
//! one before and the proposal that made it).

mod view;

use axum::extract::{Path, State};
use axum::response::Response;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::diff::{self, Piece};
use crate::adapters::portal::http::{shorten, Format, Page, PageError, Params};
use crate::adapters::portal::Portal;
use crate::domain::kernel::calendar;
use crate::domain::nomic::rulebook::{ChangeKind, RuleId, Rulebook};

#[derive(Debug, Serialize)]
pub struct Rules {
    pub title: Option<String>,
    pub as_of: Option<NaiveDate>,
    /// When the version shown was made, and by which proposal.
    pub since: Option<DateTime<Utc>>,
    pub summary: Option<String>,
    pub rules: Vec<RuleOut>,
}

#[derive(Debug, Serialize)]
pub struct RuleOut {
    pub label: String,
    pub href: String,
    pub mutable: bool,
    pub version: u32,
    pub text: String,
}

/// The link to a rule's page (its label, percent-encoded).
pub fn href(label: &str) -> String {
    let encoded: String = form_urlencoded::byte_serialize(label.as_bytes()).collect();
    format!("/rules/{}", encoded.replace('+', "%20"))
}

/// `as_of`, a date as YYYY-MM-DD between the years 1 and 9999.
fn as_of(params: &Params) -> Result<Option<NaiveDate>, PageError> {
    let Some(text) = params.text("as_of") else {
        return Ok(None);
    };
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .ok()
        .filter(|d| (1..=9999).contains(&d.year()))
        .map(Some)
        .ok_or_else(|| {
            PageError::BadRequest(format!(
                "`as_of` must be a date as YYYY-MM-DD, not “{}”.",
                shorten(text)
            ))
        })
}

async fn load(
    conn: &mut SqliteConnection,
    as_of: Option<NaiveDate>,
    tz: chrono_tz::Tz,
) -> Result<Rules, PageError> {
    let until = as_of.map(|d| calendar::end_of_day(d, tz));
    let row: Option<(String, String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT markdown, summary, at FROM rulebook_versions
         WHERE ?1 IS NULL OR at < ?1 ORDER BY id DESC LIMIT 1",
    )
    .bind(until)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((markdown, summary, since)) = row else {
        return Ok(Rules {
            title: None,
            as_of,
            since: None,
            summary: None,
            rules: vec![],
        });
    };
    let book = Rulebook::from_markdown(&markdown)
        .map_err(|e| PageError::Internal(format!("The stored rulebook cannot be read: {e}")))?;
    let rules = book
        .rules()
        .map(|r| {
            let label = r.id.label();
            RuleOut {
                href: href(&label),
                label,
                mutable: r.is_mutable(),
                version: r.version,
                text: r.text(),
            }
        })
        .collect();
    Ok(Rules {
        title: Some(book.title.clone()),
        as_of,
        since: Some(since),
        summary: Some(summary),
        rules,
    })
}

pub async fn list(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["as_of"])?;
        let as_of = as_of(&params)?;
        let mut conn = portal.pool().acquire().await?;
        Ok::<_, PageError>(Page {
            title: "The rulebook".into(),
            data: load(&mut conn, as_of, portal.tz).await?,
        })
    }
    .await;
    format.respond(&portal, page, |r| view::list(r, portal.tz))
}

#[derive(Debug, Serialize)]
pub struct RuleHistory {
    pub label: String,
    pub versions: Vec<VersionOut>,
}

#[derive(Debug, Serialize)]
pub struct VersionOut {
    pub label: String,
    pub former: Option<String>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub change: ChangeKind,
    pub version: i64,
    pub mutable: bool,
    pub text: String,
    pub proposal: Option<i64>,
    pub by: Option<String>,
    pub at: DateTime<Utc>,
    /// The words changed from the version before (none for the first).
    pub diff: Vec<Piece>,
}

pub async fn one(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(label): Path<String>,
) -> Response {
    let page = async {
        params.only(&[])?;
        let missing = || PageError::NotFound(format!("There is no rule “{}”.", shorten(&label)));
        let id = RuleId::parse(&label).map_err(|_| missing())?;
        let label = id.label();
        let mut conn = portal.pool().acquire().await?;
        let rows = crate::store::nomic::rulebook::history(&mut conn, &label).await?;
        if rows.is_empty() {
            return Err(missing());
        }
        let mut versions: Vec<VersionOut> = Vec::with_capacity(rows.len());
        let mut before = String::new();
        for r in rows {
            let diff = if versions.is_empty() {
                vec![]
            } else {
                diff::words(&before, &r.text)
            };
            before.clone_from(&r.text);
            versions.push(VersionOut {
                label: r.label,
                former: r.former,
                change: r.change,
                version: r.version,
                mutable: r.mutable,
                text: r.text,
                proposal: r.proposal,
                by: r.by_name,
                at: r.at,
                diff,
            });
        }
        Ok::<_, PageError>(Page {
            title: format!("Rule {label}"),
            data: RuleHistory { label, versions },
        })
    }
    .await;
    format.respond(&portal, page, |r| view::one(r, portal.tz))
}
