//! The Leaderboard and a member's record, read for the portal.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::PageError;
use crate::adapters::portal::record::{self, Who};
use crate::domain::court::Stage;
use crate::domain::moderation::{CaseKind, CaseStatus};
use crate::store::leaderboard::events::EventKind;
use crate::store::leaderboard::games::{Game, GameStatus};
use crate::store::leaderboard::standings;

/// Members on a page of the Leaderboard.
pub const PAGE: i64 = 50;
/// The most events a member's page lists in its table (the chart draws them all).
pub const EVENTS: usize = 1000;
/// Games listed on a member's page (the games page lists the rest).
pub const GAMES: i64 = 20;

/// Where a page of the Leaderboard starts: after this score and member (ties go by name).
#[derive(Debug, Clone, Copy)]
pub struct Cursor {
    pub score: i64,
    pub id: i64,
}

impl Cursor {
    /// `after=SCORE.ID`.
    pub fn parse(text: &str) -> Result<Self, PageError> {
        let bad = || {
            PageError::BadRequest(format!(
                "`after` must be a score and a member's number as SCORE.ID, not “{}”.",
                crate::adapters::portal::http::shorten(text)
            ))
        };
        let (score, id) = text.split_once('.').ok_or_else(bad)?;
        Ok(Cursor {
            score: score.parse().map_err(|_| bad())?,
            id: id.parse().map_err(|_| bad())?,
        })
    }
}

#[derive(Debug, Serialize)]
pub struct Board {
    pub members: usize,
    pub rows: Vec<BoardRow>,
    /// The next page's `after`, if there are more Members.
    pub next_after: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct BoardRow {
    pub rank: i64,
    pub id: i64,
    pub name: String,
    pub score: i64,
}

/// One page of the Leaderboard: Members by score (ties by name), after `after`.
pub async fn board(conn: &mut SqliteConnection, after: Option<Cursor>) -> sqlx::Result<Board> {
    let (score, id) = after.map_or((i64::MAX, 0), |c| (c.score, c.id));
    let rows: Vec<(i64, String, i64)> = sqlx::query_as(
        // CROSS JOIN keeps SQLite walking the score index, as `/leaderboard` does.
        "SELECT s.person_id, COALESCE(p.display_name, p.name), s.score FROM standings s
         CROSS JOIN memberships m ON m.person_id = s.person_id AND m.ended_at IS NULL
         CROSS JOIN people p ON p.id = s.person_id
         WHERE s.score < ?1 OR (s.score = ?1 AND (p.name, p.id) >
               ((SELECT name FROM people WHERE id = ?2), ?2))
         ORDER BY s.score DESC, p.name, p.id LIMIT ?3",
    )
    .bind(score)
    .bind(id)
    .bind(PAGE)
    .fetch_all(&mut *conn)
    .await?;
    let members = standings::member_count(&mut *conn).await? as usize;
    let mut out = Vec::with_capacity(rows.len());
    if let Some(top) = rows.first().map(|r| r.2) {
        // Ranks as the bot gives them: one more than the Members who score more.
        let above = standings::members_above(&mut *conn, top).await?;
        let level: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM standings s
             JOIN memberships m ON m.person_id = s.person_id AND m.ended_at IS NULL
             WHERE s.score = ?",
        )
        .bind(top)
        .fetch_one(&mut *conn)
        .await?;
        // Members between the first row's score and a row's own are all on this page.
        let (mut passed, mut group, mut size) = (0, top, 0);
        for (id, name, score) in rows {
            if score != group {
                if group != top {
                    passed += size;
                }
                (group, size) = (score, 0);
            }
            size += 1;
            let rank = if score == top {
                above + 1
            } else {
                above + level + passed + 1
            };
            out.push(BoardRow {
                rank,
                id,
                name,
                score,
            });
        }
    }
    let next_after = (out.len() as i64 == PAGE)
        .then(|| out.last().map(|r| format!("{}.{}", r.score, r.id)))
        .flatten();
    Ok(Board {
        members,
        rows: out,
        next_after,
    })
}

#[derive(Debug, Serialize)]
pub struct Member {
    pub who: Who,
    /// "member", "former member" or "not a member".
    pub status: &'static str,
    pub score: Option<i64>,
    pub rank: Option<i64>,
    pub memberships: Vec<Stretch>,
    pub offices: Vec<OfficeTerm>,
    /// Every live event that moved the score, oldest first (at most [`EVENTS`], the latest).
    pub history: Vec<Step>,
    /// How many live events moved the score in all.
    pub history_total: usize,
    pub voided: Vec<Voided>,
    pub games: Vec<GameLine>,
    pub cases: Vec<CaseLine>,
    pub appeals: Vec<AppealLine>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct Stretch {
    pub joined_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub end_reason: Option<String>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct OfficeTerm {
    pub office: String,
    /// The game a GM or Observer served (house rules A.9, A.12).
    pub game: Option<String>,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize)]
pub struct Step {
    pub event: i64,
    pub at: DateTime<Utc>,
    pub kind: EventKind,
    pub game: Option<i64>,
    pub case: Option<i64>,
    pub reason: String,
    pub before: i64,
    pub after: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct Voided {
    pub event: i64,
    pub at: DateTime<Utc>,
    pub kind: EventKind,
    pub game: Option<i64>,
    pub reason: String,
    pub voided_at: DateTime<Utc>,
    pub void_reason: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct GameLine {
    pub number: i64,
    pub played_at: DateTime<Utc>,
    pub opponent: Who,
    pub colour: &'static str,
    pub outcome: &'static str,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: GameStatus,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct CaseLine {
    pub number: i64,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub kind: CaseKind,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: CaseStatus,
    pub taken_at: DateTime<Utc>,
    pub declared_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct AppealLine {
    pub number: i64,
    pub filed_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub stage: Stage,
    pub case_id: Option<i64>,
}

/// A game with its opponent's name, as a member's page lists it.
#[derive(sqlx::FromRow)]
struct WithOpponent {
    #[sqlx(flatten)]
    game: Game,
    opponent_name: Option<String>,
}

/// How a game ended for `person`.
pub fn game_line(g: &Game, person: i64, opponent: Who) -> GameLine {
    let white = g.white_id == person;
    let outcome = match (g.result.as_deref(), white) {
        // A game in progress has no result yet (nor one voided before it ended).
        (None, _) if g.status == GameStatus::InProgress => "playing",
        (None, _) => "unfinished",
        (Some("draw"), _) => "drew",
        (Some("white"), true) | (Some("black"), false) => "won",
        _ => "lost",
    };
    GameLine {
        number: g.id,
        played_at: g.played_at,
        opponent,
        colour: if white { "white" } else { "black" },
        outcome,
        status: g.status,
    }
}

/// A person's public record, if they have one (a membership, an office, a game or a seat in the
/// Nomic game); anyone else is not shown.
pub async fn member(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Member>> {
    let known: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM memberships WHERE person_id = ?1)
             OR EXISTS (SELECT 1 FROM office_terms WHERE person_id = ?1)
             OR EXISTS (SELECT 1 FROM games WHERE white_id = ?1)
             OR EXISTS (SELECT 1 FROM games WHERE black_id = ?1)
             OR EXISTS (SELECT 1 FROM players WHERE person_id = ?1)",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await?;
    if !known {
        return Ok(None);
    }
    let who = record::who(&mut *conn, id).await?;
    let memberships: Vec<Stretch> = sqlx::query_as(
        "SELECT joined_at, ended_at, end_reason FROM memberships WHERE person_id = ? ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let current = memberships.last().is_some_and(|m| m.ended_at.is_none());
    let status = match (current, memberships.is_empty()) {
        (true, _) => "member",
        (false, false) => "former member",
        (false, true) => "not a member",
    };
    let score = if current {
        standings::score_of(&mut *conn, id).await?
    } else {
        None
    };
    let rank = match score {
        Some(s) => Some(standings::members_above(&mut *conn, s).await? + 1),
        None => None,
    };
    let offices: Vec<OfficeTerm> = sqlx::query_as(
        "SELECT office, game, started_at, ended_at FROM office_terms WHERE person_id = ? ORDER BY started_at, id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let moves = standings::movements_of_person(&mut *conn, id).await?;
    let history_total = moves.len();
    let history = moves
        .into_iter()
        .skip(history_total.saturating_sub(EVENTS))
        .map(|(e, m)| Step {
            event: e.id,
            at: e.at,
            kind: e.kind,
            game: e.game_id,
            case: e.action_id,
            reason: e.reason,
            before: m.before,
            after: m.after,
        })
        .collect();
    let voided: Vec<Voided> = sqlx::query_as(
        "SELECT id AS event, at, kind, game_id AS game, reason, voided_at, void_reason
         FROM score_events
         WHERE voided_at IS NOT NULL AND (person_id = ?1 OR game_id IN
               (SELECT id FROM games WHERE white_id = ?1 UNION SELECT id FROM games WHERE black_id = ?1))
         ORDER BY at, id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    // The opponent's name comes with each game: one read for the list.
    let recent: Vec<WithOpponent> = sqlx::query_as(
        "SELECT g.*, (SELECT COALESCE(display_name, name) FROM people
                      WHERE id = CASE WHEN g.white_id = ?1 THEN g.black_id ELSE g.white_id END)
                     AS opponent_name
         FROM games g WHERE g.id IN
           (SELECT id FROM (SELECT id FROM games WHERE white_id = ?1 ORDER BY id DESC LIMIT ?2)
            UNION SELECT id FROM (SELECT id FROM games WHERE black_id = ?1 ORDER BY id DESC LIMIT ?2))
         ORDER BY g.id DESC LIMIT ?2",
    )
    .bind(id)
    .bind(GAMES)
    .fetch_all(&mut *conn)
    .await?;
    let games = recent
        .into_iter()
        .map(|r| {
            let other = r.game.opponent_of(id);
            let name = r.opponent_name.unwrap_or_else(|| format!("#{other}"));
            game_line(&r.game, id, Who { id: other, name })
        })
        .collect();
    let cases: Vec<CaseLine> = sqlx::query_as(
        "SELECT id AS number, kind, status, taken_at, declared_at FROM actions
         WHERE target_id = ? AND declared_at IS NOT NULL ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let appeals: Vec<AppealLine> = sqlx::query_as(
        "SELECT id AS number, filed_at, stage, case_id FROM appeals WHERE appellant_id = ? ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(Member {
        who,
        status,
        score,
        rank,
        memberships,
        offices,
        history,
        history_total,
        voided,
        games,
        cases,
        appeals,
    }))
}
