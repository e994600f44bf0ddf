//! A game's record as stored: centre counts by season, every version of the orders, NMRs,
//! extensions and declared unavailable periods.

use crate::domain::diplomacy::season::Turn;
use crate::domain::diplomacy::Power;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

pub use crate::domain::diplomacy::extension::Recorded as ExtensionKind;

/// One power's centres in one season.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Count {
    pub board_id: i64,
    pub season: String,
    pub power: Power,
    pub centres: i64,
    pub recorded_at: DateTime<Utc>,
}

/// One version of a power's orders.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Orders {
    pub id: i64,
    pub board_id: i64,
    pub power: Power,
    pub turn: Turn,
    pub version: i64,
    pub body: String,
    #[sqlx(rename = "final")]
    #[serde(rename = "final")]
    pub is_final: bool,
    pub sent_at: DateTime<Utc>,
}

/// A recorded NMR.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Nmr {
    pub id: i64,
    pub board_id: i64,
    pub power: Power,
    pub turn: Turn,
    pub recorded_at: DateTime<Utc>,
    pub replace_now: bool,
    pub due: Option<DateTime<Utc>>,
}

/// A recorded extension request.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Extension {
    pub id: i64,
    pub board_id: i64,
    pub power: Power,
    pub turn: Turn,
    pub days: i64,
    pub kind: ExtensionKind,
    pub asked_at: DateTime<Utc>,
}

pub async fn put_count(
    conn: &mut SqliteConnection,
    board: i64,
    season: &str,
    power: Power,
    centres: u32,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_centres (board_id, season, power, centres, recorded_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (board_id, season, power) DO UPDATE SET centres = excluded.centres,
             recorded_at = excluded.recorded_at",
    )
    .bind(board)
    .bind(season)
    .bind(power)
    .bind(i64::from(centres))
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn counts(conn: &mut SqliteConnection, board: i64) -> sqlx::Result<Vec<Count>> {
    sqlx::query_as("SELECT * FROM dip_centres WHERE board_id = ? ORDER BY season, power")
        .bind(board)
        .fetch_all(conn)
        .await
}

pub async fn all_counts(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Count>> {
    sqlx::query_as("SELECT * FROM dip_centres ORDER BY board_id, season, power")
        .fetch_all(conn)
        .await
}

/// Adds a version of `power`'s orders for `turn`; answers its version number.
pub async fn add_orders(
    conn: &mut SqliteConnection,
    board: i64,
    power: Power,
    turn: Turn,
    body: &str,
    is_final: bool,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO dip_orders (board_id, power, turn, version, body, final, sent_at)
         VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(version), 0) + 1 FROM dip_orders
             WHERE board_id = ?1 AND power = ?2 AND turn = ?3), ?4, ?5, ?6)
         RETURNING version",
    )
    .bind(board)
    .bind(power)
    .bind(turn)
    .bind(body)
    .bind(is_final)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn orders(
    conn: &mut SqliteConnection,
    board: i64,
    turn: Turn,
) -> sqlx::Result<Vec<Orders>> {
    sqlx::query_as(
        "SELECT * FROM dip_orders WHERE board_id = ? AND turn = ? ORDER BY power, version",
    )
    .bind(board)
    .bind(turn)
    .fetch_all(conn)
    .await
}

/// Every version of every turn that is no longer the board's current one (published).
pub async fn published_orders(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Orders>> {
    sqlx::query_as(
        "SELECT o.* FROM dip_orders o JOIN dip_boards b ON b.id = o.board_id
         WHERE o.turn <> b.turn OR b.status = ? ORDER BY o.id",
    )
    .bind(super::boards::BoardStatus::Finished)
    .fetch_all(conn)
    .await
}

pub async fn add_nmr(
    conn: &mut SqliteConnection,
    board: i64,
    power: Power,
    turn: Turn,
    at: DateTime<Utc>,
    replace_now: bool,
    due: Option<DateTime<Utc>>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT OR IGNORE INTO dip_nmrs (board_id, power, turn, recorded_at, replace_now, due)
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(board)
    .bind(power)
    .bind(turn)
    .bind(at)
    .bind(replace_now)
    .bind(due)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn nmrs(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Nmr>> {
    sqlx::query_as("SELECT * FROM dip_nmrs ORDER BY id")
        .fetch_all(conn)
        .await
}

pub async fn add_extension(
    conn: &mut SqliteConnection,
    board: i64,
    power: Power,
    turn: Turn,
    days: u32,
    kind: ExtensionKind,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_extensions (board_id, power, turn, days, kind, asked_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(board)
    .bind(power)
    .bind(turn)
    .bind(i64::from(days))
    .bind(kind)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn extensions(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Extension>> {
    sqlx::query_as("SELECT * FROM dip_extensions ORDER BY id")
        .fetch_all(conn)
        .await
}

pub async fn set_unavailable(
    conn: &mut SqliteConnection,
    person: i64,
    start_minute: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_unavailable (person_id, start_minute, declared_at) VALUES (?, ?, ?)
         ON CONFLICT (person_id) DO UPDATE SET start_minute = excluded.start_minute,
             declared_at = excluded.declared_at",
    )
    .bind(person)
    .bind(start_minute)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The declared periods of the players on `board`: (name, minutes from Monday 00:00 GMT).
pub async fn unavailable_on(
    conn: &mut SqliteConnection,
    board: i64,
) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT COALESCE(pe.display_name, pe.name), u.start_minute FROM dip_unavailable u
         JOIN dip_positions p ON p.person_id = u.person_id
         JOIN people pe ON pe.id = u.person_id
         WHERE p.board_id = ? ORDER BY p.id",
    )
    .bind(board)
    .fetch_all(conn)
    .await
}

/// Records `person`'s consent to a shorter turn at the GM's next publication on `board`, the
/// board being on `turn` (D.VII.4(a)).
pub async fn add_consent(
    conn: &mut SqliteConnection,
    board: i64,
    person: i64,
    turn: Turn,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT OR IGNORE INTO dip_consents (board_id, person_id, turn, at) VALUES (?, ?, ?, ?)",
    )
    .bind(board)
    .bind(person)
    .bind(turn)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Who has consented to a shorter turn at the next publication of `board`, on `turn`.
pub async fn consents(
    conn: &mut SqliteConnection,
    board: i64,
    turn: Turn,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT person_id FROM dip_consents WHERE board_id = ? AND turn = ?")
        .bind(board)
        .bind(turn)
        .fetch_all(conn)
        .await
}

/// Every consent given (D.VII.4(a)), for the export.
pub async fn all_consents(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Consent>> {
    sqlx::query_as("SELECT * FROM dip_consents ORDER BY at, board_id, person_id")
        .fetch_all(conn)
        .await
}

/// A player's consent to a shorter turn (D.VII.4(a)).
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Consent {
    pub board_id: i64,
    pub person_id: i64,
    pub turn: Turn,
    pub at: DateTime<Utc>,
}
