//! Direct messages' invariants: every choice names a kind of notice gavel has; every refusal
//! points at a direct message to that same member, given up as undeliverable; every message
//! given up is out of the queue.

use sqlx::SqliteConnection;

use super::Breaches;
use crate::domain::notify::Notice;
use crate::store;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    for (person, kind, _, _) in store::notify::all_choices(conn).await? {
        if Notice::from_key(&kind).is_none() {
            breaches.push(format!(
                "Person {person} has a choice for an unknown notice `{kind}`"
            ));
        }
    }
    let refusals: Vec<(i64, i64, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT r.person_id, r.outbox_id, o.channel, u.reason FROM dm_refusals r
         LEFT JOIN outbox o ON o.id = r.outbox_id
         LEFT JOIN outbox_undeliverable u ON u.outbox_id = r.outbox_id",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (person, entry, channel, reason) in refusals {
        if channel.as_deref().and_then(store::notify::person_of) != Some(person) {
            breaches.push(format!(
                "Person {person}'s refusal names outbox entry {entry}, not a direct message to them"
            ));
        }
        if reason.is_none() {
            breaches.push(format!(
                "Outbox entry {entry}, refused by Discord, is not marked undeliverable"
            ));
        }
    }
    let waiting: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM outbox_undeliverable u JOIN outbox o ON o.id = u.outbox_id
         WHERE o.sent_at IS NULL",
    )
    .fetch_one(conn)
    .await?;
    if waiting > 0 {
        breaches.push(format!(
            "{waiting} outbox entries given up as undeliverable are still queued"
        ));
    }
    Ok(())
}
