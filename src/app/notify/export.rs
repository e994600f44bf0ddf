//! The direct messages' part of `gavel export`: each member's choices of notice, the members
//! Discord refused to reach (until they run /notify), and how many messages were given up.
//! What a direct message said stays in the outbox, not in the export.

use std::collections::HashMap;

use serde_json::{json, Value};
use sqlx::SqliteConnection;

use crate::store;

/// The `notifications` record, members by name.
pub async fn export(
    conn: &mut SqliteConnection,
    names: &HashMap<i64, String>,
) -> sqlx::Result<Value> {
    let name = |id: i64| names.get(&id).cloned().unwrap_or_default();
    let choices: Vec<Value> = store::notify::all_choices(conn)
        .await?
        .into_iter()
        .map(|(person, kind, on, at)| {
            json!({ "member": name(person), "kind": kind, "on": on, "set_at": at.to_rfc3339() })
        })
        .collect();
    let refused: Vec<Value> = store::notify::all_refusals(conn)
        .await?
        .into_iter()
        .map(|(person, at)| json!({ "member": name(person), "since": at.to_rfc3339() }))
        .collect();
    Ok(json!({
        "choices": choices,
        "refused": refused,
        "undeliverable": store::notify::undeliverable_count(conn).await?,
    }))
}
