//! The few rows an autocomplete offers, read through indexes with a limit, so offering choices
//! costs the same in a club of ten games and one of a million.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::leaderboard::game::GameStatus;
use crate::domain::moderation::{CaseKind, CaseStatus};
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::domain::tournament::stages::Stage;

/// How many candidates one query reads at most before they are narrowed to 25.
pub const CANDIDATES: i64 = 200;

/// A game as a choice shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameLine {
    pub id: i64,
    pub white: String,
    pub black: String,
    /// None while the game is in progress.
    pub result: Option<String>,
    pub status: GameStatus,
    pub played_at: DateTime<Utc>,
}

const GAME: &str = "SELECT g.id, COALESCE(w.display_name, w.name) AS white,
        COALESCE(b.display_name, b.name) AS black, g.result, g.status, g.played_at
     FROM games g JOIN people w ON w.id = g.white_id JOIN people b ON b.id = g.black_id";

/// The newest games.
pub async fn recent_games(conn: &mut SqliteConnection, limit: i64) -> sqlx::Result<Vec<GameLine>> {
    sqlx::query_as(&format!("{GAME} ORDER BY g.id DESC LIMIT ?"))
        .bind(limit)
        .fetch_all(conn)
        .await
}

/// The newest games whose number lies in `low..=high` (one prefix range).
pub async fn games_between(
    conn: &mut SqliteConnection,
    low: i64,
    high: i64,
    limit: i64,
) -> sqlx::Result<Vec<GameLine>> {
    sqlx::query_as(&format!(
        "{GAME} WHERE g.id BETWEEN ? AND ? ORDER BY g.id DESC LIMIT ?"
    ))
    .bind(low)
    .bind(high)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// The newest games of the people whose name begins with `prefix`.
pub async fn games_of_named(
    conn: &mut SqliteConnection,
    prefix: &str,
    limit: i64,
) -> sqlx::Result<Vec<GameLine>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM people WHERE name LIKE ? ESCAPE '\\' OR display_name LIKE ? ESCAPE '\\' LIMIT 5",
    )
    .bind(like_prefix(prefix))
    .bind(like_prefix(prefix))
    .fetch_all(&mut *conn)
    .await?;
    let mut games = Vec::new();
    for id in ids {
        games.append(&mut games_of(conn, id, limit).await?);
    }
    games.sort_by_key(|g| std::cmp::Reverse(g.id));
    games.dedup_by_key(|g| g.id);
    games.truncate(limit as usize);
    Ok(games)
}

/// The newest games `person` played, newest first.
pub async fn games_of(
    conn: &mut SqliteConnection,
    person: i64,
    limit: i64,
) -> sqlx::Result<Vec<GameLine>> {
    let mut games = Vec::new();
    for column in ["white_id", "black_id"] {
        // Each side through its own index (games_white_by_date, games_black_by_date).
        let mut found: Vec<GameLine> = sqlx::query_as(&format!(
            "{GAME} WHERE g.{column} = ? ORDER BY g.club_date DESC, g.id DESC LIMIT ?"
        ))
        .bind(person)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
        games.append(&mut found);
    }
    games.sort_by_key(|g| std::cmp::Reverse(g.id));
    games.truncate(limit as usize);
    Ok(games)
}

fn like_prefix(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("{escaped}%")
}

/// The highest game number.
pub async fn last_game(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM games")
        .fetch_one(conn)
        .await
}

/// Which cases a list of choices wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseFilter {
    /// Every case.
    All,
    /// `actor`'s own cases not yet declared, in a state to declare and not past their
    /// deadline at the given time, the soonest due first.
    UndeclaredBy(i64, DateTime<Utc>),
    /// Appealable cases about `target` that still stand.
    AppealableAbout(i64),
    /// Cases sent back by the Court.
    Remanded,
}

/// A case as a choice shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CaseLine {
    pub id: i64,
    pub kind: CaseKind,
    pub target: Option<String>,
    pub points: Option<i64>,
    pub ends_at: Option<DateTime<Utc>>,
    pub deadline_at: DateTime<Utc>,
    pub status: CaseStatus,
}

/// The cases a filter keeps (newest first, or soonest due for those to declare), with their
/// number in `range` when one is given, in one query through the primary key or an index.
pub async fn cases(
    conn: &mut SqliteConnection,
    filter: CaseFilter,
    range: Option<(i64, i64)>,
) -> sqlx::Result<Vec<CaseLine>> {
    let (low, high) = range.unwrap_or((1, i64::MAX));
    let (clause, order) = match filter {
        CaseFilter::All => ("1 = 1", "a.id DESC"),
        CaseFilter::UndeclaredBy(..) => (
            "a.actor_id = ?1 AND a.declaration_outbox_id IS NULL
             AND a.status IN ('in_force', 'expired', 'lifted') AND a.deadline_at >= ?2",
            "a.deadline_at, a.id",
        ),
        CaseFilter::AppealableAbout(_) => (
            "a.target_id = ?1 AND a.appealable = 1 AND a.status IN ('in_force', 'expired', 'lifted')",
            "a.id DESC",
        ),
        CaseFilter::Remanded => ("a.status = 'remanded'", "a.id DESC"),
    };
    let (person, at) = match filter {
        CaseFilter::UndeclaredBy(p, at) => (Some(p), Some(at)),
        CaseFilter::AppealableAbout(p) => (Some(p), None),
        CaseFilter::All | CaseFilter::Remanded => (None, None),
    };
    // Numbered parameters: each filter uses those it needs (SQLite counts up to ?5).
    let sql = format!(
        "SELECT a.id, a.kind, COALESCE(p.display_name, p.name) AS target, a.points, a.ends_at,
                a.deadline_at, a.status
         FROM actions a LEFT JOIN people p ON p.id = a.target_id
         WHERE {clause} AND a.id BETWEEN ?3 AND ?4
         ORDER BY {order} LIMIT ?5"
    );
    sqlx::query_as(&sql)
        .bind(person)
        .bind(at)
        .bind(low)
        .bind(high)
        .bind(CANDIDATES)
        .fetch_all(conn)
        .await
}

/// The ids of appeals, newest first: the active ones only, or all.
pub async fn appeals(conn: &mut SqliteConnection, active_only: bool) -> sqlx::Result<Vec<i64>> {
    let sql = if active_only {
        "SELECT id FROM appeals WHERE active = 1 ORDER BY id DESC LIMIT ?"
    } else {
        "SELECT id FROM appeals ORDER BY id DESC LIMIT ?"
    };
    sqlx::query_scalar(sql)
        .bind(CANDIDATES)
        .fetch_all(conn)
        .await
}

/// A proposal as a choice shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProposalLine {
    pub number: i64,
    pub proposer: String,
    pub rule: Option<String>,
    pub text: String,
    pub status: ProposalStatus,
    pub closes_at: Option<DateTime<Utc>>,
}

const PROPOSAL: &str = "SELECT p.number, COALESCE(x.display_name, x.name) AS proposer, p.rule,
        p.text, p.status, p.closes_at
     FROM proposals p JOIN people x ON x.id = p.proposer_id";

/// The newest proposals, or those in a vote that `voter` has not voted in.
pub async fn proposals(
    conn: &mut SqliteConnection,
    unvoted_by: Option<i64>,
) -> sqlx::Result<Vec<ProposalLine>> {
    match unvoted_by {
        Some(voter) => {
            sqlx::query_as(&format!(
                "{PROPOSAL} WHERE p.status = ? AND NOT EXISTS
                (SELECT 1 FROM votes v WHERE v.proposal = p.number AND v.voter_id = ?)
             ORDER BY p.number DESC LIMIT ?"
            ))
            .bind(ProposalStatus::Voting)
            .bind(voter)
            .bind(CANDIDATES)
            .fetch_all(conn)
            .await
        }
        None => {
            sqlx::query_as(&format!("{PROPOSAL} ORDER BY p.number DESC LIMIT ?"))
                .bind(CANDIDATES)
                .fetch_all(conn)
                .await
        }
    }
}

/// A tournament as a choice shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TournamentLine {
    pub id: i64,
    pub name: String,
    pub stage: Stage,
}

/// The newest tournaments.
pub async fn tournaments(conn: &mut SqliteConnection) -> sqlx::Result<Vec<TournamentLine>> {
    sqlx::query_as("SELECT id, name, stage FROM tournaments ORDER BY id DESC LIMIT ?")
        .bind(CANDIDATES)
        .fetch_all(conn)
        .await
}

/// A tournament match as a choice shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchLine {
    pub id: i64,
    pub tournament: String,
    pub round: i64,
    pub first: String,
    pub second: Option<String>,
    pub over: bool,
}

/// The newest matches, those not over first; those of `person` alone when given.
pub async fn matches(
    conn: &mut SqliteConnection,
    person: Option<i64>,
) -> sqlx::Result<Vec<MatchLine>> {
    sqlx::query_as(
        "SELECT m.id, t.name AS tournament, m.round,
                COALESCE(p1.display_name, p1.name) AS first,
                COALESCE(p2.display_name, p2.name) AS second, m.over
         FROM tournament_matches m
         JOIN tournaments t ON t.id = m.tournament_id
         JOIN tournament_entrants e1 ON e1.id = m.first_id
         JOIN people p1 ON p1.id = e1.person_id
         LEFT JOIN tournament_entrants e2 ON e2.id = m.second_id
         LEFT JOIN people p2 ON p2.id = e2.person_id
         WHERE ?1 IS NULL OR e1.person_id = ?1 OR e2.person_id = ?1
         ORDER BY m.over, m.id DESC LIMIT ?2",
    )
    .bind(person)
    .bind(CANDIDATES)
    .fetch_all(conn)
    .await
}
