//! Appeals to the Court (Terms §III Act 3) as stored: the filing and lifecycle (kept as JSON,
//! the store's mapping of the domain's types), the parties a hearing involves, who sat, and
//! each appeal's history in words.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use sqlx::SqliteConnection;

use crate::domain::court::{Appeal, Filing, Opinion, Response, Stage};

/// The opinion owed on one judgement, and its text once published (kept whole).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpinionRecord {
    /// The whole Court's judgement (else the panel's, or the Chief Justice's solo).
    pub en_banc: bool,
    pub opinion: Opinion,
    pub text: Option<String>,
}

/// One appeal as stored.
#[derive(Debug, Clone)]
pub struct AppealRow {
    pub id: i64,
    pub appellant_id: i64,
    pub case_id: Option<i64>,
    pub deduction_id: Option<i64>,
    pub matter: Option<String>,
    pub grounds: String,
    pub filed_at: DateTime<Utc>,
    pub filing: Filing,
    pub lifecycle: Appeal,
    pub opinions: Vec<OpinionRecord>,
    pub response: Option<Response>,
    pub effects: Vec<String>,
    pub redecide_due_at: Option<DateTime<Utc>>,
    pub redecided_at: Option<DateTime<Utc>>,
    pub closed_until: Option<DateTime<Utc>>,
    /// On the docket, and its next deadline (kept by `save` from the caller's reckoning).
    pub active: bool,
    pub next_deadline: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct Raw {
    id: i64,
    appellant_id: i64,
    case_id: Option<i64>,
    deduction_id: Option<i64>,
    matter: Option<String>,
    grounds: String,
    filed_at: DateTime<Utc>,
    filing: String,
    lifecycle: String,
    opinions: String,
    response: Option<String>,
    effects: String,
    redecide_due_at: Option<DateTime<Utc>>,
    redecided_at: Option<DateTime<Utc>>,
    closed_until: Option<DateTime<Utc>>,
    active: bool,
    next_deadline: Option<DateTime<Utc>>,
}

fn decode<T: DeserializeOwned>(text: &str) -> sqlx::Result<T> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

fn encode<T: Serialize>(value: &T) -> sqlx::Result<String> {
    serde_json::to_string(value).map_err(|e| sqlx::Error::Encode(Box::new(e)))
}

impl Raw {
    fn into_row(self) -> sqlx::Result<AppealRow> {
        Ok(AppealRow {
            id: self.id,
            appellant_id: self.appellant_id,
            case_id: self.case_id,
            deduction_id: self.deduction_id,
            matter: self.matter,
            grounds: self.grounds,
            filed_at: self.filed_at,
            filing: decode(&self.filing)?,
            lifecycle: decode(&self.lifecycle)?,
            opinions: decode(&self.opinions)?,
            response: self.response.as_deref().map(decode).transpose()?,
            effects: decode(&self.effects)?,
            redecide_due_at: self.redecide_due_at,
            redecided_at: self.redecided_at,
            closed_until: self.closed_until,
            active: self.active,
            next_deadline: self.next_deadline,
        })
    }
}

const COLUMNS: &str = "id, appellant_id, case_id, deduction_id, matter, grounds, filed_at, filing,
    lifecycle, opinions, response, effects, redecide_due_at, redecided_at, closed_until, active,
    next_deadline";

/// What an appeal is against, as filed.
#[derive(Debug, Clone, Copy)]
pub struct Against<'a> {
    pub case_id: Option<i64>,
    pub deduction_id: Option<i64>,
    pub matter: Option<&'a str>,
}

/// Files an appeal and names its parties; returns its number.
pub async fn insert(
    conn: &mut SqliteConnection,
    against: Against<'_>,
    filing: &Filing,
    lifecycle: &Appeal,
    response: Option<&Response>,
) -> sqlx::Result<i64> {
    let stage: Stage = lifecycle.stage_kind();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO appeals (appellant_id, case_id, deduction_id, matter, grounds, filed_at, stage,
           in_hearing, active, filing, lifecycle, response)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) RETURNING id",
    )
    .bind(filing.appellant)
    .bind(against.case_id)
    .bind(against.deduction_id)
    .bind(against.matter)
    .bind(filing.grounds.as_str())
    .bind(filing.filed_at)
    .bind(stage)
    .bind(lifecycle.holds_parties())
    .bind(encode(filing)?)
    .bind(encode(lifecycle)?)
    .bind(response.map(encode).transpose()?)
    .fetch_one(&mut *conn)
    .await?;
    for person in filing.parties() {
        sqlx::query("INSERT OR IGNORE INTO appeal_parties (appeal_id, person_id) VALUES (?, ?)")
            .bind(id)
            .bind(person)
            .execute(&mut *conn)
            .await?;
    }
    Ok(id)
}

/// Writes back everything that changes after filing.
pub async fn save(conn: &mut SqliteConnection, row: &AppealRow) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE appeals SET stage = ?, in_hearing = ?, active = ?, next_deadline = ?, lifecycle = ?,
           opinions = ?, response = ?, effects = ?, redecide_due_at = ?, redecided_at = ?,
           closed_until = ?
         WHERE id = ?",
    )
    .bind(row.lifecycle.stage_kind())
    .bind(row.lifecycle.holds_parties())
    .bind(row.active)
    .bind(row.next_deadline)
    .bind(encode(&row.lifecycle)?)
    .bind(encode(&row.opinions)?)
    .bind(row.response.as_ref().map(encode).transpose()?)
    .bind(encode(&row.effects)?)
    .bind(row.redecide_due_at)
    .bind(row.redecided_at)
    .bind(row.closed_until)
    .bind(row.id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<AppealRow>> {
    sqlx::query_as::<_, Raw>(&format!("SELECT {COLUMNS} FROM appeals WHERE id = ?"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .map(Raw::into_row)
        .transpose()
}

/// The appeals on one case, oldest first.
pub async fn on_case(conn: &mut SqliteConnection, case_id: i64) -> sqlx::Result<Vec<AppealRow>> {
    rows(
        conn,
        &format!("SELECT {COLUMNS} FROM appeals WHERE case_id = ? ORDER BY id"),
        case_id,
    )
    .await
}

/// The appeals on one weekly deduction, oldest first.
pub async fn on_deduction(
    conn: &mut SqliteConnection,
    event_id: i64,
) -> sqlx::Result<Vec<AppealRow>> {
    rows(
        conn,
        &format!("SELECT {COLUMNS} FROM appeals WHERE deduction_id = ? ORDER BY id"),
        event_id,
    )
    .await
}

async fn rows(conn: &mut SqliteConnection, sql: &str, id: i64) -> sqlx::Result<Vec<AppealRow>> {
    sqlx::query_as::<_, Raw>(sql)
        .bind(id)
        .fetch_all(conn)
        .await?
        .into_iter()
        .map(Raw::into_row)
        .collect()
}

/// The appeals on the docket, oldest first.
pub async fn active(conn: &mut SqliteConnection) -> sqlx::Result<Vec<AppealRow>> {
    sqlx::query_as::<_, Raw>(&format!(
        "SELECT {COLUMNS} FROM appeals WHERE active = 1 ORDER BY id"
    ))
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(Raw::into_row)
    .collect()
}

/// Every appeal, for the export.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<AppealRow>> {
    sqlx::query_as::<_, Raw>(&format!("SELECT {COLUMNS} FROM appeals ORDER BY id"))
        .fetch_all(conn)
        .await?
        .into_iter()
        .map(Raw::into_row)
        .collect()
}

/// Whether a Court hearing in progress involves `person` (Terms §II Act 8.1).
pub async fn in_hearing(conn: &mut SqliteConnection, person: i64) -> sqlx::Result<bool> {
    Ok(hearing_of(conn, person).await?.is_some())
}

/// The first appeal whose hearing involves `person` as a party (Terms §II Act 8.1): granted and
/// not yet judged, or accepted en banc. `in_hearing` says whether the lifecycle holds its
/// parties; the stage is checked too, for rows saved before it meant that.
pub async fn hearing_of(conn: &mut SqliteConnection, person: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT a.id FROM appeal_parties p JOIN appeals a ON a.id = p.appeal_id
         WHERE p.person_id = ? AND a.in_hearing = 1 AND a.stage IN (?, ?, ?)
         ORDER BY a.id LIMIT 1",
    )
    .bind(person)
    .bind(Stage::Granted)
    .bind(Stage::Hearing)
    .bind(Stage::EnBanc)
    .fetch_optional(conn)
    .await
}

/// The matters a member filed that are still open, oldest first (an identical one filed again
/// is a duplicate).
pub async fn open_matters_by(
    conn: &mut SqliteConnection,
    appellant: i64,
) -> sqlx::Result<Vec<AppealRow>> {
    let rows = rows(
        conn,
        &format!(
            "SELECT {COLUMNS} FROM appeals WHERE appellant_id = ? AND matter IS NOT NULL ORDER BY id"
        ),
        appellant,
    )
    .await?;
    Ok(rows.into_iter().filter(|r| r.lifecycle.is_open()).collect())
}

/// Records that `justices` sat on an appeal from `at`.
pub async fn seat(
    conn: &mut SqliteConnection,
    appeal_id: i64,
    justices: &[i64],
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    for justice in justices {
        sqlx::query("INSERT INTO appeal_seats (appeal_id, justice_id, at) VALUES (?, ?, ?)")
            .bind(appeal_id)
            .bind(justice)
            .bind(at)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Records who granted the hearing (Terms §III Act 3.6), which the lifecycle forgets once the
/// appeal is heard.
pub async fn set_granted_by(
    conn: &mut SqliteConnection,
    appeal_id: i64,
    justices: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("UPDATE appeals SET granted_by = ? WHERE id = ?")
        .bind(encode(&justices)?)
        .bind(appeal_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Who granted the hearing, if recorded.
pub async fn granted_by(conn: &mut SqliteConnection, appeal_id: i64) -> sqlx::Result<Vec<i64>> {
    let text: Option<String> = sqlx::query_scalar("SELECT granted_by FROM appeals WHERE id = ?")
        .bind(appeal_id)
        .fetch_optional(&mut *conn)
        .await?
        .flatten();
    text.as_deref()
        .map(decode)
        .transpose()
        .map(Option::unwrap_or_default)
}

/// When each of `justices` last sat, if ever.
pub async fn last_sat(
    conn: &mut SqliteConnection,
    justices: &[i64],
) -> sqlx::Result<HashMap<i64, DateTime<Utc>>> {
    let mut out = HashMap::new();
    for justice in justices {
        let at: Option<DateTime<Utc>> =
            sqlx::query_scalar("SELECT MAX(at) FROM appeal_seats WHERE justice_id = ?")
                .bind(justice)
                .fetch_one(&mut *conn)
                .await?;
        if let Some(at) = at {
            out.insert(*justice, at);
        }
    }
    Ok(out)
}

/// Adds a line to an appeal's history.
pub async fn add_step(
    conn: &mut SqliteConnection,
    appeal_id: i64,
    at: DateTime<Utc>,
    text: &str,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO appeal_steps (appeal_id, at, text) VALUES (?, ?, ?)")
        .bind(appeal_id)
        .bind(at)
        .bind(text)
        .execute(conn)
        .await?;
    Ok(())
}

/// An appeal's history, in order.
pub async fn steps(
    conn: &mut SqliteConnection,
    appeal_id: i64,
) -> sqlx::Result<Vec<(DateTime<Utc>, String)>> {
    sqlx::query_as("SELECT at, text FROM appeal_steps WHERE appeal_id = ? ORDER BY id")
        .bind(appeal_id)
        .fetch_all(conn)
        .await
}

/// The end of the first session opened after `after` that has closed: the session
/// "immediately following" a monitor's placement (Terms §II Act 10.5).
pub async fn following_session_end(
    conn: &mut SqliteConnection,
    after: DateTime<Utc>,
) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar(
        "SELECT closed_at FROM club_sessions WHERE opened_at > ? ORDER BY opened_at, id LIMIT 1",
    )
    .bind(after)
    .fetch_optional(conn)
    .await
    .map(Option::flatten)
}

/// A weekly absence or inactivity deduction of `person` made between `from` and `to`.
pub async fn deduction_between(
    conn: &mut SqliteConnection,
    person: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> sqlx::Result<Option<(i64, String, Option<DateTime<Utc>>)>> {
    sqlx::query_as(
        "SELECT id, reason, voided_at FROM score_events
         WHERE person_id = ? AND kind = ? AND at >= ? AND at < ? ORDER BY id LIMIT 1",
    )
    .bind(person)
    .bind(crate::domain::leaderboard::event::EventKind::Decay)
    .bind(from)
    .bind(to)
    .fetch_optional(conn)
    .await
}
