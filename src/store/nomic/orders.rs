//! Points of Order (Nomic 214): each Point's row, the Judges it has had and the opinions given
//! on their Judgements. A Point is stored as where it is now, and loaded back into the domain's
//! [`PointOfOrder`] so every transition is decided there.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::nomic::order::{
    Handover, Invocation, Judgeship, Opinion, PointOfOrder, PointStage, PointStatus,
    ProposalRuling, Ruling,
};

/// A stored Point: its number, the proposal it concerns (as stored) and the Point itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPoint {
    pub number: i64,
    pub proposal: Option<i64>,
    pub point: PointOfOrder,
}

#[derive(sqlx::FromRow)]
struct PointRow {
    id: i64,
    raised_by: i64,
    raised_at: DateTime<Utc>,
    statement: String,
    proposal: Option<i64>,
    status: PointStage,
    deadline_at: Option<DateTime<Utc>>,
    invoked_at: Option<DateTime<Utc>>,
    settled_at: Option<DateTime<Utc>>,
}

/// One Judge's turn on a Point, as the record shows it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct JudgeshipRow {
    pub seq: i64,
    pub judge_id: i64,
    pub from_at: DateTime<Utc>,
    pub judgement: Option<String>,
    /// The Judgement's stated effect, as [`encode_ruling`] wrote it.
    pub ruling: Option<String>,
    pub judged_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub ended_how: Option<Handover>,
}

/// One dispute, agreement or disagreement, on the Judgement of judgeship `seq`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OpinionRow {
    pub seq: i64,
    pub person_id: i64,
    pub opinion: Opinion,
    pub at: DateTime<Utc>,
}

/// Stores a newly raised Point and its first Judge; returns its number.
pub async fn insert(
    conn: &mut SqliteConnection,
    point: &PointOfOrder,
    proposal: Option<i64>,
) -> sqlx::Result<i64> {
    let number: i64 = sqlx::query_scalar(
        "INSERT INTO points_of_order (raised_by, raised_at, statement, proposal, status, deadline_at)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(point.raised_by)
    .bind(point.raised_at)
    .bind(&point.statement)
    .bind(proposal)
    .bind(point.status.stage())
    .bind(point.next_deadline())
    .fetch_one(&mut *conn)
    .await?;
    save_judgeships(conn, number, point).await?;
    Ok(number)
}

/// Writes where a Point is now: its stage and deadline, and every Judge it has had, with the
/// Judgement of the current one. Earlier Judges keep the Judgements they gave.
pub async fn save(
    conn: &mut SqliteConnection,
    number: i64,
    point: &PointOfOrder,
) -> sqlx::Result<()> {
    let (invoked_at, settled_at) = match point.status {
        PointStatus::Invoked { at, .. } => (Some(at), None),
        PointStatus::Unsettled { at } => (None, Some(at)),
        _ => (None, None),
    };
    sqlx::query(
        "UPDATE points_of_order SET status = ?, deadline_at = ?, invoked_at = ?, settled_at = ?
         WHERE id = ?",
    )
    .bind(point.status.stage())
    .bind(point.next_deadline())
    .bind(invoked_at)
    .bind(settled_at)
    .bind(number)
    .execute(&mut *conn)
    .await?;
    save_judgeships(conn, number, point).await
}

async fn save_judgeships(
    conn: &mut SqliteConnection,
    number: i64,
    point: &PointOfOrder,
) -> sqlx::Result<()> {
    let last = point.judges.len().saturating_sub(1);
    for (seq, j) in point.judges.iter().enumerate() {
        let (judgement, ruling, judged_at) = match &point.status {
            PointStatus::Judged {
                judgement,
                ruling,
                at: judged,
                ..
            } if seq == last => (Some(judgement.as_str()), Some(*ruling), Some(*judged)),
            PointStatus::Disputed {
                judgement,
                ruling,
                judged_at,
                ..
            } if seq == last => (Some(judgement.as_str()), Some(*ruling), Some(*judged_at)),
            _ => (None, None, None),
        };
        sqlx::query(
            "INSERT INTO order_judgeships (point_id, seq, judge_id, from_at, judgement, ruling, judged_at, ended_at, ended_how)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT(point_id, seq) DO UPDATE SET
               judgement = COALESCE(excluded.judgement, order_judgeships.judgement),
               ruling = COALESCE(excluded.ruling, order_judgeships.ruling),
               judged_at = COALESCE(excluded.judged_at, order_judgeships.judged_at),
               ended_at = excluded.ended_at,
               ended_how = excluded.ended_how",
        )
        .bind(number)
        .bind(seq as i64)
        .bind(j.judge)
        .bind(j.from)
        .bind(judgement)
        .bind(ruling.map(|r| encode_ruling(&r)))
        .bind(judged_at)
        .bind(j.ended.map(|(at, _)| at))
        .bind(j.ended.map(|(_, how)| how))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Records a dispute, agreement or disagreement on the Judgement of the current Judge.
pub async fn record_opinion(
    conn: &mut SqliteConnection,
    number: i64,
    seq: usize,
    person: i64,
    opinion: Opinion,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO order_opinions (point_id, seq, person_id, opinion, at) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(number)
    .bind(seq as i64)
    .bind(person)
    .bind(opinion)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Point `number`, loaded into the domain's terms.
pub async fn by_number(
    conn: &mut SqliteConnection,
    number: i64,
) -> sqlx::Result<Option<StoredPoint>> {
    let row: Option<PointRow> = sqlx::query_as("SELECT * FROM points_of_order WHERE id = ?")
        .bind(number)
        .fetch_optional(&mut *conn)
        .await?;
    match row {
        Some(row) => Ok(Some(assemble(conn, row).await?)),
        None => Ok(None),
    }
}

/// The Points still active (not invoked, not unsettled), oldest first.
pub async fn active(conn: &mut SqliteConnection) -> sqlx::Result<Vec<StoredPoint>> {
    let rows: Vec<PointRow> = sqlx::query_as(
        "SELECT * FROM points_of_order WHERE status NOT IN ('invoked', 'unsettled') ORDER BY id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut points = Vec::with_capacity(rows.len());
    for row in rows {
        points.push(assemble(conn, row).await?);
    }
    Ok(points)
}

/// How many of `player`'s Points are active (Nomic 214), through the partial index.
pub async fn active_count(conn: &mut SqliteConnection, player: i64) -> sqlx::Result<usize> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM points_of_order
         WHERE raised_by = ? AND status NOT IN ('invoked', 'unsettled')",
    )
    .bind(player)
    .fetch_one(conn)
    .await?;
    Ok(n as usize)
}

/// Every Point raised about proposal `proposal`, oldest first.
pub async fn about_proposal(
    conn: &mut SqliteConnection,
    proposal: i64,
) -> sqlx::Result<Vec<StoredPoint>> {
    let rows: Vec<PointRow> =
        sqlx::query_as("SELECT * FROM points_of_order WHERE proposal = ? ORDER BY id")
            .bind(proposal)
            .fetch_all(&mut *conn)
            .await?;
    let mut points = Vec::with_capacity(rows.len());
    for row in rows {
        points.push(assemble(conn, row).await?);
    }
    Ok(points)
}

/// Every Point, oldest first (for the export).
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<StoredPoint>> {
    let rows: Vec<PointRow> = sqlx::query_as("SELECT * FROM points_of_order ORDER BY id")
        .fetch_all(&mut *conn)
        .await?;
    let mut points = Vec::with_capacity(rows.len());
    for row in rows {
        points.push(assemble(conn, row).await?);
    }
    Ok(points)
}

/// Every Judge overruled on any Point, and when (Nomic 214: an overruled Judge settles no more
/// questions that day).
pub async fn overrulings(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, DateTime<Utc>)>> {
    sqlx::query_as(
        "SELECT judge_id, ended_at FROM order_judgeships
         WHERE ended_how = 'overruled' AND ended_at IS NOT NULL ORDER BY ended_at",
    )
    .fetch_all(conn)
    .await
}

/// The Judges of Point `number` in order, with their Judgements.
pub async fn judgeships(
    conn: &mut SqliteConnection,
    number: i64,
) -> sqlx::Result<Vec<JudgeshipRow>> {
    sqlx::query_as(
        "SELECT seq, judge_id, from_at, judgement, ruling, judged_at, ended_at, ended_how
         FROM order_judgeships WHERE point_id = ? ORDER BY seq",
    )
    .bind(number)
    .fetch_all(conn)
    .await
}

/// Every opinion given on Point `number`, in the order given.
pub async fn opinions(conn: &mut SqliteConnection, number: i64) -> sqlx::Result<Vec<OpinionRow>> {
    sqlx::query_as(
        "SELECT seq, person_id, opinion, at FROM order_opinions WHERE point_id = ? ORDER BY rowid",
    )
    .bind(number)
    .fetch_all(conn)
    .await
}

/// A Judgement's stated effect as stored JSON.
pub fn encode_ruling(ruling: &Ruling) -> String {
    let proposal = ruling.proposal.map(|p| match p {
        ProposalRuling::TakesEffect => "takes_effect",
        ProposalRuling::Void => "void",
    });
    serde_json::json!({
        "proposal": proposal,
        "rule": ruling.rule,
        "award": ruling.award,
        "winner": ruling.winner,
    })
    .to_string()
}

/// Reads what [`encode_ruling`] wrote.
pub fn decode_ruling(text: &str) -> Ruling {
    let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    Ruling {
        proposal: match value["proposal"].as_str() {
            Some("takes_effect") => Some(ProposalRuling::TakesEffect),
            Some("void") => Some(ProposalRuling::Void),
            _ => None,
        },
        rule: value["rule"].as_u64().and_then(|n| u32::try_from(n).ok()),
        award: value["award"].as_i64(),
        winner: value["winner"].as_i64(),
    }
}

/// Builds the domain's Point from its row, its Judges and the current Judge's opinions.
async fn assemble(conn: &mut SqliteConnection, row: PointRow) -> sqlx::Result<StoredPoint> {
    let judges = judgeships(conn, row.id).await?;
    let current = judges.last().cloned();
    let opinions: Vec<OpinionRow> = match &current {
        Some(j) => opinions(conn, row.id)
            .await?
            .into_iter()
            .filter(|o| o.seq == j.seq)
            .collect(),
        None => Vec::new(),
    };
    let corrupt = |what: &str| {
        sqlx::Error::Decode(format!("Point of Order #{} has no {what}", row.id).into())
    };
    let judge = current.as_ref().map(|j| j.judge_id);
    let judgement = current.as_ref().and_then(|j| j.judgement.clone());
    let ruling = current
        .as_ref()
        .and_then(|j| j.ruling.as_deref())
        .map(decode_ruling)
        .unwrap_or_default();
    let status = match row.status {
        PointStage::AwaitingJudgement => PointStatus::AwaitingJudgement {
            judge: judge.ok_or_else(|| corrupt("Judge"))?,
            deadline: row.deadline_at.ok_or_else(|| corrupt("deadline"))?,
        },
        PointStage::Judged => PointStatus::Judged {
            judge: judge.ok_or_else(|| corrupt("Judge"))?,
            judgement: judgement.ok_or_else(|| corrupt("Judgement"))?,
            ruling,
            at: current
                .as_ref()
                .and_then(|j| j.judged_at)
                .ok_or_else(|| corrupt("Judgement time"))?,
            dispute_until: row.deadline_at.ok_or_else(|| corrupt("deadline"))?,
        },
        PointStage::Disputed => {
            let dispute = opinions
                .iter()
                .find(|o| o.opinion == Opinion::Dispute)
                .ok_or_else(|| corrupt("dispute"))?;
            let disagreeing: BTreeSet<i64> = opinions
                .iter()
                .filter(|o| matches!(o.opinion, Opinion::Dispute | Opinion::Disagree))
                .map(|o| o.person_id)
                .collect();
            PointStatus::Disputed {
                judge: judge.ok_or_else(|| corrupt("Judge"))?,
                judgement: judgement.ok_or_else(|| corrupt("Judgement"))?,
                ruling,
                judged_at: current
                    .as_ref()
                    .and_then(|j| j.judged_at)
                    .ok_or_else(|| corrupt("Judgement time"))?,
                disputed_by: dispute.person_id,
                disputed_at: dispute.at,
                opinions_until: row.deadline_at.ok_or_else(|| corrupt("deadline"))?,
                disagreeing,
            }
        }
        PointStage::Invoked => PointStatus::Invoked {
            judge: judge.ok_or_else(|| corrupt("Judge"))?,
            judgement: judgement.ok_or_else(|| corrupt("Judgement"))?,
            ruling,
            at: row.invoked_at.ok_or_else(|| corrupt("invocation time"))?,
            how: match opinions.iter().find(|o| o.opinion == Opinion::Agree) {
                Some(a) => Invocation::Agreed { by: a.person_id },
                None => Invocation::Undisputed,
            },
        },
        PointStage::Unsettled => PointStatus::Unsettled {
            at: row.settled_at.ok_or_else(|| corrupt("settling time"))?,
        },
    };
    Ok(StoredPoint {
        number: row.id,
        proposal: row.proposal,
        point: PointOfOrder {
            raised_by: row.raised_by,
            raised_at: row.raised_at,
            statement: row.statement,
            about: None,
            judges: judges
                .iter()
                .map(|j| Judgeship {
                    judge: j.judge_id,
                    from: j.from_at,
                    ended: j.ended_at.zip(j.ended_how),
                })
                .collect(),
            status,
        },
    })
}
