//! Proposals (Nomic) and suggestions and drafts (Terms §IV), their votes, and the points each
//! completed vote moved.

use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use sqlx::SqliteConnection;

use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::points::Reason;
use crate::domain::nomic::proposal_record::{ProposalKind, ProposalStatus};
use crate::domain::nomic::revision::TermsEdit;
use crate::domain::nomic::rulebook::{Mutability, RuleId};
use crate::domain::nomic::{Ballot, PointsChange, RuleChange};

/// A stored proposal.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ProposalRow {
    pub number: i64,
    pub procedure: Procedure,
    pub kind: ProposalKind,
    pub proposer_id: i64,
    pub proposer: String,
    pub rule: Option<String>,
    pub text: String,
    pub changes: String,
    pub submitted_at: DateTime<Utc>,
    pub closes_at: Option<DateTime<Utc>>,
    pub status: ProposalStatus,
    pub result: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
    pub reason: Option<String>,
}

/// A new proposal.
#[derive(Debug, Clone)]
pub struct NewProposal<'a> {
    pub number: i64,
    pub procedure: Procedure,
    pub kind: ProposalKind,
    pub proposer_id: i64,
    pub rule: Option<&'a str>,
    pub text: &'a str,
    pub changes: String,
    pub submitted_at: DateTime<Utc>,
    pub closes_at: Option<DateTime<Utc>>,
    pub status: ProposalStatus,
}

const SELECT: &str = "SELECT p.number, p.procedure, p.kind, p.proposer_id,
        COALESCE(x.display_name, x.name) AS proposer, p.rule, p.text, p.changes, p.submitted_at,
        p.closes_at, p.status, p.result, p.decided_at, p.reason
     FROM proposals p JOIN people x ON x.id = p.proposer_id";

/// How many proposals there are under any procedure.
pub async fn count(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM proposals")
        .fetch_one(conn)
        .await
}

/// The most recent proposal of a procedure (the highest number).
pub async fn last(
    conn: &mut SqliteConnection,
    procedure: Procedure,
) -> sqlx::Result<Option<ProposalRow>> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE p.procedure = ? ORDER BY p.number DESC LIMIT 1"
    ))
    .bind(procedure)
    .fetch_optional(conn)
    .await
}

/// The Nomic proposals still voting or held, by number: those not yet in effect, whose
/// references follow a renumbered rule (Nomic 110).
pub async fn pending(conn: &mut SqliteConnection) -> sqlx::Result<Vec<ProposalRow>> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE p.procedure = 'nomic' AND p.status IN ('voting', 'held') ORDER BY p.number"
    ))
    .fetch_all(conn)
    .await
}

/// Records the rule-changes a proposal now makes, and the rule it names, after a renumbering
/// changed its references (Nomic 110).
pub async fn set_changes(
    conn: &mut SqliteConnection,
    number: i64,
    changes: &[RuleChange],
    rule: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE proposals SET changes = ?, rule = ? WHERE number = ?")
        .bind(encode_changes(changes))
        .bind(rule)
        .bind(number)
        .execute(conn)
        .await?;
    Ok(())
}

/// The highest number any proposal has.
pub async fn highest_number(conn: &mut SqliteConnection) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT MAX(number) FROM proposals")
        .fetch_one(conn)
        .await
}

pub async fn by_number(
    conn: &mut SqliteConnection,
    number: i64,
) -> sqlx::Result<Option<ProposalRow>> {
    sqlx::query_as(&format!("{SELECT} WHERE p.number = ?"))
        .bind(number)
        .fetch_optional(conn)
        .await
}

/// The newest proposals, newest first.
pub async fn recent(conn: &mut SqliteConnection, limit: i64) -> sqlx::Result<Vec<ProposalRow>> {
    sqlx::query_as(&format!("{SELECT} ORDER BY p.number DESC LIMIT ?"))
        .bind(limit)
        .fetch_all(conn)
        .await
}

/// One page of the proposals, newest first: `limit` after the first `offset`.
pub async fn recent_page(
    conn: &mut SqliteConnection,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<ProposalRow>> {
    sqlx::query_as(&format!("{SELECT} ORDER BY p.number DESC LIMIT ? OFFSET ?"))
        .bind(limit)
        .bind(offset)
        .fetch_all(conn)
        .await
}

/// Every proposal, by number (for the export).
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<ProposalRow>> {
    sqlx::query_as(&format!("{SELECT} ORDER BY p.number"))
        .fetch_all(conn)
        .await
}

pub async fn insert(conn: &mut SqliteConnection, p: &NewProposal<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO proposals (number, procedure, kind, proposer_id, rule, text, changes, submitted_at, closes_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(p.number)
    .bind(p.procedure)
    .bind(p.kind)
    .bind(p.proposer_id)
    .bind(p.rule)
    .bind(p.text)
    .bind(&p.changes)
    .bind(p.submitted_at)
    .bind(p.closes_at)
    .bind(p.status)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records the outbox entry that posted a proposal in #voting, so its Discord message (the
/// outbox row's `message_id` once sent) can be found from the proposal.
pub async fn set_post(
    conn: &mut SqliteConnection,
    number: i64,
    outbox_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE proposals SET post_id = ? WHERE number = ?")
        .bind(outbox_id)
        .bind(number)
        .execute(conn)
        .await?;
    Ok(())
}

/// The outbox entry that posted a proposal, if any.
pub async fn post_of(conn: &mut SqliteConnection, number: i64) -> sqlx::Result<Option<i64>> {
    let id: Option<Option<i64>> =
        sqlx::query_scalar("SELECT post_id FROM proposals WHERE number = ?")
            .bind(number)
            .fetch_optional(conn)
            .await?;
    Ok(id.flatten())
}

/// Records where a proposal now stands, with the result as announced.
pub async fn decide(
    conn: &mut SqliteConnection,
    number: i64,
    status: ProposalStatus,
    result: &str,
    at: DateTime<Utc>,
    by: Option<i64>,
    reason: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE proposals SET status = ?, result = ?, decided_at = ?, decided_by = ?, reason = ? WHERE number = ?",
    )
    .bind(status)
    .bind(result)
    .bind(at)
    .bind(by)
    .bind(reason)
    .bind(number)
    .execute(conn)
    .await?;
    Ok(())
}

/// The drafts that took up suggestion `suggestion`, in the order drafted (Terms §IV Act 4, 5).
pub async fn drafts_taking_up(
    conn: &mut SqliteConnection,
    suggestion: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT number FROM proposals
         WHERE kind = 'draft' AND json_extract(changes, '$.suggestion') = ? ORDER BY number",
    )
    .bind(suggestion)
    .fetch_all(conn)
    .await
}

/// A vote as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoteRow {
    pub voter_id: i64,
    pub voter: String,
    pub ballot: Ballot,
    pub cast_at: DateTime<Utc>,
}

/// A proposal's votes, in the order cast.
pub async fn votes(conn: &mut SqliteConnection, number: i64) -> sqlx::Result<Vec<VoteRow>> {
    let rows: Vec<(i64, String, String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT v.voter_id, COALESCE(x.display_name, x.name), v.choice, v.cast_at
         FROM votes v JOIN people x ON x.id = v.voter_id WHERE v.proposal = ? ORDER BY v.cast_at, v.voter_id",
    )
    .bind(number)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(voter_id, voter, choice, cast_at)| VoteRow {
            voter_id,
            voter,
            ballot: if choice == "yes" {
                Ballot::Yes
            } else {
                Ballot::No
            },
            cast_at,
        })
        .collect())
}

/// Records a vote; the primary key refuses a second by the same voter (Nomic 113).
pub async fn cast(
    conn: &mut SqliteConnection,
    number: i64,
    voter: i64,
    ballot: Ballot,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO votes (proposal, voter_id, choice, cast_at) VALUES (?, ?, ?, ?)")
        .bind(number)
        .bind(voter)
        .bind(match ballot {
            Ballot::Yes => "yes",
            Ballot::No => "no",
        })
        .bind(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a change of a player's points (Nomic 209).
pub async fn record_points(
    conn: &mut SqliteConnection,
    player: i64,
    proposal: Option<i64>,
    change: i64,
    total: i64,
    reason: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO points_changes (player_id, proposal, change, total, reason, at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(player)
    .bind(proposal)
    .bind(change)
    .bind(total)
    .bind(reason)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

fn reason_key(reason: Reason) -> &'static str {
    match reason {
        Reason::Award => "award",
        Reason::Defeat => "defeat",
        Reason::Dissent => "dissent",
    }
}

/// Keeps the points a held proposal's vote moved, to be paid when it takes effect (Nomic 214).
pub async fn hold_points(
    conn: &mut SqliteConnection,
    number: i64,
    points: &[PointsChange],
) -> sqlx::Result<()> {
    let list: Vec<Value> = points
        .iter()
        .map(|c| json!({ "player": c.player, "change": c.change, "reason": reason_key(c.reason) }))
        .collect();
    sqlx::query("UPDATE proposals SET held_points = ? WHERE number = ?")
        .bind(Value::Array(list).to_string())
        .bind(number)
        .execute(conn)
        .await?;
    Ok(())
}

/// The points held for a proposal until it takes effect, which are then no longer held: to pay
/// when it takes effect, or to drop when it does not (Nomic 214).
pub async fn take_held_points(
    conn: &mut SqliteConnection,
    number: i64,
) -> sqlx::Result<Vec<PointsChange>> {
    let text: Option<Option<String>> =
        sqlx::query_scalar("SELECT held_points FROM proposals WHERE number = ?")
            .bind(number)
            .fetch_optional(&mut *conn)
            .await?;
    sqlx::query("UPDATE proposals SET held_points = NULL WHERE number = ?")
        .bind(number)
        .execute(conn)
        .await?;
    let list: Vec<Value> = text
        .flatten()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    Ok(list
        .iter()
        .filter_map(|c| {
            let reason = match c["reason"].as_str()? {
                "award" => Reason::Award,
                "defeat" => Reason::Defeat,
                _ => Reason::Dissent,
            };
            Some(PointsChange {
                player: c["player"].as_i64()?,
                change: c["change"].as_i64()?,
                reason,
            })
        })
        .collect())
}

/// The points a proposal's vote moved: (player name, change, reason).
pub async fn points_of(
    conn: &mut SqliteConnection,
    number: i64,
) -> sqlx::Result<Vec<(String, i64, String)>> {
    sqlx::query_as(
        "SELECT COALESCE(x.display_name, x.name), c.change, c.reason FROM points_changes c
         JOIN people x ON x.id = c.player_id WHERE c.proposal = ? ORDER BY c.id",
    )
    .bind(number)
    .fetch_all(conn)
    .await
}

fn mutability_key(m: Mutability) -> &'static str {
    match m {
        Mutability::Mutable => "mutable",
        Mutability::Immutable => "immutable",
    }
}

/// A Nomic proposal's rule-changes as stored JSON.
pub fn encode_changes(changes: &[RuleChange]) -> String {
    let list: Vec<Value> = changes
        .iter()
        .map(|c| match c {
            RuleChange::Enact { text } => json!({ "enact": text }),
            RuleChange::Repeal { rule } => json!({ "repeal": rule }),
            RuleChange::Amend { rule, text } => json!({ "amend": rule, "text": text }),
            RuleChange::Transmute { rule, to } => {
                json!({ "transmute": rule, "to": mutability_key(*to) })
            }
        })
        .collect();
    Value::Array(list).to_string()
}

/// Reads what [`encode_changes`] wrote.
pub fn decode_changes(text: &str) -> Vec<RuleChange> {
    let list: Vec<Value> = serde_json::from_str(text).unwrap_or_default();
    let paragraphs = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let number = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok()).unwrap_or(0);
    list.iter()
        .filter_map(|c| {
            if let Some(text) = c.get("enact") {
                Some(RuleChange::Enact {
                    text: paragraphs(text),
                })
            } else if let Some(rule) = c.get("repeal") {
                Some(RuleChange::Repeal { rule: number(rule) })
            } else if let Some(rule) = c.get("amend") {
                Some(RuleChange::Amend {
                    rule: number(rule),
                    text: paragraphs(&c["text"]),
                })
            } else {
                c.get("transmute").map(|rule| RuleChange::Transmute {
                    rule: number(rule),
                    to: if c["to"] == "immutable" {
                        Mutability::Immutable
                    } else {
                        Mutability::Mutable
                    },
                })
            }
        })
        .collect()
}

/// A drafted change's edits to the Terms as stored JSON.
pub fn encode_edits(edits: &[TermsEdit]) -> String {
    let list: Vec<Value> = edits
        .iter()
        .map(|e| match e {
            TermsEdit::Insert { act, text } => json!({ "insert": act.label(), "text": text }),
            TermsEdit::Replace { act, text } => json!({ "replace": act.label(), "text": text }),
            TermsEdit::Remove { act } => json!({ "remove": act.label() }),
        })
        .collect();
    Value::Array(list).to_string()
}

/// A drafted change as stored: its edits, its change-log line and the suggestion it takes up.
pub fn encode_draft(edits: &[TermsEdit], summary: &str, suggestion: Option<i64>) -> String {
    let edits: Value = serde_json::from_str(&encode_edits(edits)).unwrap_or_default();
    json!({ "summary": summary, "edits": edits, "suggestion": suggestion }).to_string()
}

/// Reads what [`encode_draft`] wrote.
pub fn decode_draft(text: &str) -> (Vec<TermsEdit>, String, Option<i64>) {
    let value: Value = serde_json::from_str(text).unwrap_or_default();
    let summary = value["summary"].as_str().unwrap_or_default().to_owned();
    let suggestion = value["suggestion"].as_i64();
    (
        decode_edits(&value["edits"].to_string()),
        summary,
        suggestion,
    )
}

/// Reads what [`encode_edits`] wrote.
pub fn decode_edits(text: &str) -> Vec<TermsEdit> {
    let list: Vec<Value> = serde_json::from_str(text).unwrap_or_default();
    let act = |v: &Value| v.as_str().and_then(|s| RuleId::parse(s).ok());
    let paragraphs = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    list.iter()
        .filter_map(|e| {
            if let Some(a) = e.get("insert").and_then(act) {
                Some(TermsEdit::Insert {
                    act: a,
                    text: paragraphs(&e["text"]),
                })
            } else if let Some(a) = e.get("replace").and_then(act) {
                Some(TermsEdit::Replace {
                    act: a,
                    text: paragraphs(&e["text"]),
                })
            } else {
                e.get("remove")
                    .and_then(act)
                    .map(|a| TermsEdit::Remove { act: a })
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_and_edits_read_back_what_was_written() {
        let changes = vec![
            RuleChange::Transmute {
                rule: 103,
                to: Mutability::Mutable,
            },
            RuleChange::Amend {
                rule: 103,
                text: vec!["New text.".into()],
            },
        ];
        assert_eq!(decode_changes(&encode_changes(&changes)), changes);
        let edits = vec![
            TermsEdit::Replace {
                act: RuleId::parse("§II 5").unwrap(),
                text: vec!["x".into()],
            },
            TermsEdit::Remove {
                act: RuleId::parse("§II 6.3").unwrap(),
            },
        ];
        assert_eq!(decode_edits(&encode_edits(&edits)), edits);
    }
}

/// A recorded change of a player's points.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RecordedChange {
    pub player_id: i64,
    pub change: i64,
    pub total: i64,
    pub at: DateTime<Utc>,
}

/// Every change of points, player by player in the order recorded (for `gavel check`).
pub async fn all_points_changes(conn: &mut SqliteConnection) -> sqlx::Result<Vec<RecordedChange>> {
    sqlx::query_as("SELECT player_id, change, total, at FROM points_changes ORDER BY player_id, id")
        .fetch_all(conn)
        .await
}
