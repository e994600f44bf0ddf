//! `gavel export`: the whole state as JSON, the club's backup and transparency report.

use serde::Serialize;
use serde_json::{json, Value};

use crate::app::App;
use crate::store;

#[derive(Debug, Serialize)]
struct MemberOut {
    name: String,
    discord_id: Option<String>,
    score: Option<i64>,
    rank: Option<usize>,
    status: &'static str,
    offices: Vec<&'static str>,
    joined_at: Option<String>,
}

/// Builds the export document.
pub async fn export(app: &App) -> anyhow::Result<Value> {
    let mut conn = app.pool().acquire().await?;
    let standings = app.standings(&mut conn).await?;
    let mut members = Vec::new();
    for person in store::people::all(&mut conn).await? {
        let offices = store::offices::offices_of(&mut conn, person.id).await?;
        let open = store::people::open_membership(&mut conn, person.id).await?;
        let last = store::people::last_membership(&mut conn, person.id).await?;
        let standing = standings.iter().find(|s| s.person_id == person.id);
        members.push(MemberOut {
            name: person.name,
            // Snowflakes as strings, as Discord writes them (JSON numbers lose precision).
            discord_id: person.discord_id.0.map(|id| id.to_string()),
            score: standing.map(|s| s.score),
            rank: standing.map(|s| s.rank),
            status: app
                .member_status(&mut conn, person.id, open.is_some(), last.is_some())
                .await?,
            offices: offices.iter().map(|o| o.key()).collect(),
            joined_at: open.map(|m| m.joined_at.to_rfc3339()),
        });
    }
    let audit = store::audit::all(&mut conn).await?;
    let events = store::events::all_rows(&mut conn).await?;
    Ok(json!({
        "club": app.config().club.name,
        "exported_at": app.now().to_rfc3339(),
        "members": members,
        "games": [],
        "actions": [],
        "appeals": [],
        "proposals": [],
        "rules": [],
        "points_of_order": [],
        "score_events": events.iter().map(|e| json!({
            "id": e.id,
            "at": e.at.to_rfc3339(),
            "kind": e.kind,
            "person_id": e.person_id,
            "game": e.game_id,
            "action": e.action_id,
            "amount": e.amount,
            "reason": e.reason,
            "void": e.voided_at.is_some(),
        })).collect::<Vec<_>>(),
        "audit": audit,
    }))
}
