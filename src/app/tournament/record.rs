//! A tournament's public record for `gavel export`: its numbers, Director and match arbiter,
//! entrants with their facts and status, matches with their games, whole-match results (voided
//! ones too, with the correction that voided them), week, offers, agreed or assigned time,
//! fault, no-show and left-the-match claims, a result waiting for confirmation and the
//! Armageddon bids once both are in (or White is settled), each Swiss round's pairing
//! explanation as made, rulings and the Director's corrections. Cheating reports are the
//! Director's alone (ACWC Reporting cheats): `/tournament reports` shows them, and only the
//! complete export keeps them.

use serde_json::{json, Value};
use sqlx::SqliteConnection;

use crate::store;

/// Every tournament, in full.
pub async fn export(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Value>> {
    let mut out = Vec::new();
    for t in store::tournament::tournaments::all(conn).await? {
        let entrants = store::tournament::entrants::of_tournament(conn, t.id).await?;
        let mut matches = Vec::new();
        for m in store::tournament::matches::of_tournament(conn, t.id).await? {
            let games: Vec<Value> = store::tournament::results::games(conn, m.id)
                .await?
                .iter()
                .map(|g| {
                    json!({
                        "number": g.number,
                        "result": g.result,
                        "armageddon": g.armageddon,
                        "recorded_by": g.recorded_by,
                        "at": g.at.to_rfc3339(),
                        "voided_by_correction": g.voided_by,
                    })
                })
                .collect();
            let results: Vec<Value> = store::tournament::results::results(conn, m.id)
                .await?
                .iter()
                .map(|r| {
                    json!({
                        "id": r.id,
                        "kind": r.kind,
                        "first_halves": r.first_halves,
                        "second_halves": r.second_halves,
                        "against": r.against_id,
                        "recorded_by": r.recorded_by,
                        "reason": r.reason,
                        "at": r.at.to_rfc3339(),
                        "voided_by_correction": r.voided_by,
                    })
                })
                .collect();
            let offers: Vec<Value> = store::tournament::negotiation::offers(conn, m.id)
                .await?
                .iter()
                .map(|o| {
                    json!({
                        "id": o.id,
                        "by": o.entrant_id,
                        "at": o.at.to_rfc3339(),
                        "made_at": o.made_at.to_rfc3339(),
                        "accepted_at": o.accepted_at.map(|a| a.to_rfc3339()),
                    })
                })
                .collect();
            let claims: Vec<Value> = store::tournament::claims::of_match(conn, m.id)
                .await?
                .iter()
                .map(|c| {
                    json!({
                        "id": c.id,
                        "kind": c.kind,
                        "by": c.by_id,
                        "against": c.against_id,
                        "starts_at": c.starts_at.map(|a| a.to_rfc3339()),
                        "first_report": c.first_at.to_rfc3339(),
                        "second_report": c.second_at.map(|a| a.to_rfc3339()),
                        "state": c.state,
                        "closed_at": c.closed_at.map(|a| a.to_rfc3339()),
                    })
                })
                .collect();
            let bids = store::tournament::matches::bids(conn, m.id).await?;
            matches.push(json!({
                "id": m.id,
                "stage": m.stage,
                "round": m.round,
                "first": m.first_id,
                "second": m.second_id,
                "first_halves": m.first_halves,
                "second_halves": m.second_halves,
                "over": m.over,
                "first_points": m.first_points,
                "second_points": m.second_points,
                "decided": m.decided,
                "forfeited_by": m.forfeited_id,
                "white": m.white_id,
                "white_seconds": m.white_seconds,
                "bids": sealed_bids(bids, m.white_id.is_some()),
                "created_at": m.created_at.to_rfc3339(),
                "week_start": m.week_start.map(|w| w.to_rfc3339()),
                "starts_at": m.starts_at.map(|s| s.to_rfc3339()),
                "time_by": m.time_by,
                "fault": m.fault,
                "reschedule_by": m.reschedule_by,
                "pending": m.pending_kind.map(|k| json!({
                    "kind": k,
                    "result": m.pending_result,
                    "by": m.pending_by,
                    "at": m.pending_at.map(|a| a.to_rfc3339()),
                })),
                "games": games,
                "results": results,
                "offers": offers,
                "claims": claims,
            }));
        }
        let pairings: Vec<Value> = store::tournament::records::pairings(conn, t.id)
            .await?
            .iter()
            .map(|p| {
                json!({
                    "round": p.round,
                    "made_at": p.made_at.to_rfc3339(),
                    "explanation": serde_json::from_str::<Value>(&p.explanation).unwrap_or(Value::Null),
                })
            })
            .collect();
        let parameters: Value = serde_json::from_str(&t.parameters).unwrap_or(Value::Null);
        out.push(json!({
            "id": t.id,
            "name": t.name,
            "format": t.format,
            "stage": t.stage,
            "rounds": t.rounds,
            "director_id": t.director_id,
            "arbiter_id": t.arbiter_id,
            "parameters": parameters,
            "created_at": t.created_at.to_rfc3339(),
            "started_at": t.started_at.map(|s| s.to_rfc3339()),
            "entrants": entrants.iter().map(|e| json!({
                "id": e.id,
                "person_id": e.person_id,
                "account": e.account,
                "status": e.status,
                "status_reason": e.status_reason,
                "left_in": e.left_in,
                "seeded": e.seeded,
                "engine": e.engine,
                "created": e.created.map(|d| d.to_rfc3339()),
                "rated_games": e.rated_games,
                "rating": e.rating,
                "peak": e.peak,
                "marked": e.marked.map(|d| d.to_rfc3339()),
                "mark_undated": e.mark_undated,
                "excepted": e.excepted,
            })).collect::<Vec<_>>(),
            "matches": matches,
            "rulings": store::tournament::records::rulings(conn, t.id).await?,
            "corrections": store::tournament::records::corrections(conn, t.id).await?,
            "pairings": pairings,
        }));
    }
    Ok(out)
}

/// A match's Armageddon bids as the public may see them: none until both finalists have bid
/// or the Director has settled White (ACWC Final); a first bid shown early could be undercut
/// by a second.
fn sealed_bids<T>(bids: Vec<T>, settled: bool) -> Vec<T> {
    if bids.len() < 2 && !settled {
        Vec::new()
    } else {
        bids
    }
}
