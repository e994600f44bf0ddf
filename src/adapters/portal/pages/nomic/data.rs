//! Proposals and the players' points, read for the portal.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::record::{self, Who};
use crate::domain::nomic::proposal_record::{ProposalKind, ProposalStatus};
use crate::domain::nomic::Ballot;
use crate::store::nomic::{proposals as stored, turns};

pub const PAGE: i64 = 50;
/// The latest changes of points listed.
pub const CHANGES: i64 = 100;

#[derive(Debug, Serialize)]
pub struct Proposals {
    pub proposals: Vec<ProposalLine>,
    pub next_before: Option<i64>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct ProposalLine {
    pub number: i64,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub kind: ProposalKind,
    pub proposer_id: i64,
    pub proposer: String,
    pub rule: Option<String>,
    pub submitted_at: DateTime<Utc>,
    pub closes_at: Option<DateTime<Utc>>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: ProposalStatus,
}

pub async fn proposals(
    conn: &mut SqliteConnection,
    before: Option<i64>,
) -> sqlx::Result<Proposals> {
    let proposals: Vec<ProposalLine> = sqlx::query_as(
        "SELECT p.number, p.kind, p.proposer_id, COALESCE(x.display_name, x.name) AS proposer,
                p.rule, p.submitted_at, p.closes_at, p.status
         FROM proposals p JOIN people x ON x.id = p.proposer_id
         WHERE p.number < ? ORDER BY p.number DESC LIMIT ?",
    )
    .bind(before.unwrap_or(i64::MAX))
    .bind(PAGE)
    .fetch_all(conn)
    .await?;
    let next_before = (proposals.len() as i64 == PAGE)
        .then(|| proposals.last().map(|p| p.number))
        .flatten();
    Ok(Proposals {
        proposals,
        next_before,
    })
}

#[derive(Debug, Serialize)]
pub struct Proposal {
    pub number: i64,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub kind: ProposalKind,
    pub proposer: Who,
    pub rule: Option<String>,
    pub text: String,
    pub submitted_at: DateTime<Utc>,
    pub closes_at: Option<DateTime<Utc>>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub status: ProposalStatus,
    pub status_words: &'static str,
    pub result: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
    pub reason: Option<String>,
    pub yes: usize,
    pub no: usize,
    /// Each vote, once the vote has closed (while it is open, the tally alone).
    pub votes: Vec<VoteOut>,
    pub points: Vec<PointsLine>,
    pub points_of_order: Vec<i64>,
}

#[derive(Debug, Serialize)]
pub struct VoteOut {
    pub voter: Who,
    pub vote: &'static str,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct PointsLine {
    pub player_id: i64,
    pub player: String,
    pub proposal: Option<i64>,
    pub change: i64,
    pub total: i64,
    pub reason: String,
    pub at: DateTime<Utc>,
}

const POINTS: &str = "SELECT c.player_id, COALESCE(x.display_name, x.name) AS player, c.proposal,
        c.change, c.total, c.reason, c.at
     FROM points_changes c JOIN people x ON x.id = c.player_id";

pub async fn proposal(conn: &mut SqliteConnection, n: i64) -> sqlx::Result<Option<Proposal>> {
    let Some(p) = stored::by_number(&mut *conn, n).await? else {
        return Ok(None);
    };
    let ballots = stored::votes(&mut *conn, n).await?;
    let yes = ballots.iter().filter(|v| v.ballot == Ballot::Yes).count();
    let votes = if p.status == ProposalStatus::Voting {
        vec![]
    } else {
        ballots
            .iter()
            .map(|v| VoteOut {
                voter: Who {
                    id: v.voter_id,
                    name: v.voter.clone(),
                },
                vote: if v.ballot == Ballot::Yes { "yes" } else { "no" },
                at: v.cast_at,
            })
            .collect()
    };
    let points: Vec<PointsLine> =
        sqlx::query_as(&format!("{POINTS} WHERE c.proposal = ? ORDER BY c.id"))
            .bind(n)
            .fetch_all(&mut *conn)
            .await?;
    let points_of_order: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM points_of_order WHERE proposal = ? ORDER BY id")
            .bind(n)
            .fetch_all(&mut *conn)
            .await?;
    Ok(Some(Proposal {
        number: p.number,
        kind: p.kind,
        proposer: record::who(&mut *conn, p.proposer_id).await?,
        rule: p.rule,
        text: p.text,
        submitted_at: p.submitted_at,
        closes_at: p.closes_at,
        status: p.status,
        status_words: p.status.describe(),
        result: p.result,
        decided_at: p.decided_at,
        reason: p.reason,
        yes,
        no: ballots.len() - yes,
        votes,
        points,
        points_of_order,
    }))
}

#[derive(Debug, Serialize)]
pub struct Points {
    pub players: Vec<PlayerOut>,
    pub winner: Option<Who>,
    /// The latest changes, newest first.
    pub changes: Vec<PointsLine>,
}

#[derive(Debug, Serialize)]
pub struct PlayerOut {
    pub player: Who,
    pub points: i64,
    pub day: Option<String>,
    pub forfeited_at: Option<DateTime<Utc>>,
}

pub async fn points(conn: &mut SqliteConnection) -> sqlx::Result<Points> {
    let mut players: Vec<PlayerOut> = turns::players(&mut *conn)
        .await?
        .into_iter()
        .map(|p| PlayerOut {
            player: Who {
                id: p.id,
                name: p.name,
            },
            points: p.points,
            day: p
                .day
                .map(|d| crate::domain::kernel::calendar::weekday_name(d).to_owned()),
            forfeited_at: p.forfeited_at,
        })
        .collect();
    players.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(a.player.name.cmp(&b.player.name))
    });
    let winner = match turns::winner(&mut *conn).await? {
        Some(id) => Some(record::who(&mut *conn, id).await?),
        None => None,
    };
    let changes: Vec<PointsLine> = sqlx::query_as(&format!("{POINTS} ORDER BY c.id DESC LIMIT ?"))
        .bind(CHANGES)
        .fetch_all(&mut *conn)
        .await?;
    Ok(Points {
        players,
        winner,
        changes,
    })
}
