//! A tournament's public record for `gavel export`: its numbers, Director, entrants with their
//! facts and status, matches with their games and their Armageddon bids once both are in, and
//! rulings. Cheating reports are the Director's alone (ACWC Reporting cheats): `/tournament
//! reports` shows them, and only the complete export keeps them.

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
                "bids": sealed_bids(store::tournament::matches::bids(conn, m.id).await?),
                "created_at": m.created_at.to_rfc3339(),
            }));
        }
        let parameters: Value = serde_json::from_str(&t.parameters).unwrap_or(Value::Null);
        out.push(json!({
            "id": t.id,
            "name": t.name,
            "format": t.format,
            "stage": t.stage,
            "rounds": t.rounds,
            "director_id": t.director_id,
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
        }));
    }
    Ok(out)
}

/// A match's Armageddon bids as the public may see them: none until both finalists have bid
/// (ACWC Final); a first bid shown early could be undercut by a second.
fn sealed_bids<T>(bids: Vec<T>) -> Vec<T> {
    if bids.len() < 2 {
        Vec::new()
    } else {
        bids
    }
}
