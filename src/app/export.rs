//! `gavel export`: the whole state as JSON, the club's backup and transparency report.

use serde::Serialize;
use serde_json::{json, Value};

use crate::app::leaderboard::membership::Status;
use crate::app::App;
use crate::store::{self, keys::StoredKey};

#[derive(Debug, Serialize)]
struct MemberOut {
    /// The id score events refer to (`score_events[].person_id`).
    id: i64,
    name: String,
    discord_id: Option<String>,
    score: Option<i64>,
    rank: Option<usize>,
    status: &'static str,
    /// When the ban in force ends ("permanent" for the ladder's fifth step), if banned.
    banned_until: Option<String>,
    offices: Vec<&'static str>,
    joined_at: Option<String>,
}

/// Builds the export document.
pub async fn export(app: &App) -> anyhow::Result<Value> {
    let mut conn = app.pool().acquire().await?;
    let standings = app.leaderboard().standings(&mut conn).await?;
    let mut members = Vec::new();
    for person in store::people::all(&mut conn).await? {
        let offices = store::offices::offices_of(&mut conn, person.id).await?;
        let open = store::people::open_membership(&mut conn, person.id).await?;
        let last = store::people::last_membership(&mut conn, person.id).await?;
        let standing = standings.iter().find(|s| s.person_id == person.id);
        members.push(MemberOut {
            id: person.id,
            name: person.name,
            // Snowflakes as strings, as Discord writes them (JSON numbers lose precision).
            discord_id: person.discord_id.0.map(|id| id.to_string()),
            score: standing.map(|s| s.score),
            rank: standing.map(|s| s.rank),
            status: Status::of(open.is_some(), last.is_some()).key(),
            banned_until: match app
                .moderation()
                .restrictions(&mut conn, person.id, app.now())
                .await?
                .banned_until
            {
                Some(Some(end)) => Some(end.to_rfc3339()),
                Some(None) => Some("permanent".into()),
                None => None,
            },
            offices: offices.iter().map(|o| o.key()).collect(),
            joined_at: open.map(|m| m.joined_at.to_rfc3339()),
        });
    }
    let names: std::collections::HashMap<i64, String> = store::people::all(&mut conn)
        .await?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let name = |id: Option<i64>| id.and_then(|i| names.get(&i).cloned());
    let moves = app.leaderboard().movements_by_event(&mut conn).await?;
    let rows = store::leaderboard::events::all_rows(&mut conn).await?;
    let mut games = Vec::new();
    for g in store::leaderboard::games::all(&mut conn).await? {
        let changes: Vec<Value> = rows
            .iter()
            .filter(|e| e.game_id == Some(g.id) && e.voided_at.is_none())
            .flat_map(|e| moves.get(&e.id).cloned().unwrap_or_default())
            .map(|m| json!({ "member": name(Some(m.person)), "before": m.before, "after": m.after, "change": m.after - m.before }))
            .collect();
        games.push(json!({
            "number": g.id,
            "white": name(Some(g.white_id)),
            "black": name(Some(g.black_id)),
            "result": g.result,
            "online": g.online,
            "clock_used": g.clock_used,
            "status": g.status.key(),
            "ended_by": g.ended_by,
            "rematch_of": g.rematch_of,
            "played_at": g.played_at.to_rfc3339(),
            "registered_by": name(Some(g.registered_by)),
            "void_reason": g.void_reason,
            "changes": changes,
        }));
    }
    let mut actions = Vec::new();
    for a in store::moderation::actions::list(&mut conn, None).await? {
        actions.push(json!({
            "number": a.id,
            "kind": a.kind.key(),
            "target": name(a.target_id),
            "actor": name(Some(a.actor_id)),
            "reason": a.reason,
            "offence": a.offence,
            "game": a.game_id,
            "step": a.step,
            "points": a.points,
            "status": a.status.key(),
            "status_reason": a.status_reason,
            "taken_at": a.taken_at.to_rfc3339(),
            "declaration": a.declaration,
            "declared_at": a.declared_at.map(|t| t.to_rfc3339()),
            "declaration_deadline": a.deadline_at.to_rfc3339(),
            "expires_at": a.ends_at.map(|t| t.to_rfc3339()),
            "appealable": a.appealable,
        }));
    }
    let points_of_order = points_of_order(&mut conn, &names).await?;
    let appeals = crate::app::court::export_appeals(app, &mut conn, &name).await?;
    // The audit log as the public may read it: each entry as its command is classed.
    let audit = store::privacy::public_audit(store::audit::all(&mut conn).await?);
    let events = store::leaderboard::events::all_rows(&mut conn).await?;
    let (rules, proposals) = app.export_rules(&mut conn).await?;
    let nomic = app.export_nomic(&mut conn).await?;
    let change_log = app.export_change_log(&mut conn).await?;
    let committees = app.export_committees(&mut conn).await?;
    let partychess = json!({
        "rules": app.partychess().rules_record(&mut conn).await?,
        "game": app.partychess().record(&mut conn).await?,
    });
    let diplomacy = app.export_diplomacy(&mut conn).await?;
    let rule_parameters = app.export_rule_parameters(&mut conn).await?;
    let session_moves: Vec<Value> = store::leaderboard::session_moves::all(&mut conn)
        .await?
        .iter()
        .map(|m| {
            json!({
                "from": m.from_date.to_string(),
                "to": m.to_date.to_string(),
                "moved_by": name(Some(m.moved_by)),
                "reason": m.reason,
                "moved_at": m.moved_at.to_rfc3339(),
            })
        })
        .collect();
    Ok(json!({
        "club": app.config().club.name,
        "exported_at": app.now().to_rfc3339(),
        "timezone": app.tz().name(),
        "members": members,
        "games": games,
        "actions": actions,
        "appeals": appeals,
        "proposals": proposals,
        "rules": rules,
        "change_log": change_log,
        "nomic": nomic,
        "rule_parameters": rule_parameters,
        "points_of_order": points_of_order,
        "committees": committees,
        "partychess": partychess,
        "diplomacy": diplomacy,
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
        "session_moves": session_moves,
        "tournaments": crate::app::tournament::record::export(&mut conn).await?,
        "notifications": crate::app::notify::export::export(&mut conn, &names).await?,
        "audit": audit,
    }))
}

/// Every Point of Order (Nomic 214): its Judges in order with how each ended, their
/// Judgements, the disputes and opinions, its status and when it was invoked.
async fn points_of_order(
    conn: &mut sqlx::SqliteConnection,
    names: &std::collections::HashMap<i64, String>,
) -> anyhow::Result<Vec<Value>> {
    let name = |id: i64| names.get(&id).cloned().unwrap_or_default();
    let mut out = Vec::new();
    for stored in store::nomic::orders::all(conn).await? {
        let opinions = store::nomic::orders::opinions(conn, stored.number).await?;
        let judges: Vec<Value> = store::nomic::orders::judgeships(conn, stored.number)
            .await?
            .iter()
            .map(|j| {
                let ended = match j.ended_how {
                    Some(how) => how.key(),
                    None if j.judgement.is_some() => "judged",
                    None => "sitting",
                };
                json!({
                    "judge": name(j.judge_id),
                    "from": j.from_at.to_rfc3339(),
                    "judgement": j.judgement,
                    "judged_at": j.judged_at.map(|t| t.to_rfc3339()),
                    "ended": ended,
                    "ended_at": j.ended_at.map(|t| t.to_rfc3339()),
                    "opinions": opinions.iter().filter(|o| o.seq == j.seq).map(|o| json!({
                        "player": name(o.person_id),
                        "opinion": o.opinion.key(),
                        "at": o.at.to_rfc3339(),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        out.push(json!({
            "number": stored.number,
            "raiser": name(stored.point.raised_by),
            "raised_at": stored.point.raised_at.to_rfc3339(),
            "text": stored.point.statement,
            "proposal": stored.proposal,
            "judges": judges,
            "status": stored.point.status.stage().key(),
            "invoked_at": stored.point.invoked_at().map(|t| t.to_rfc3339()),
        }));
    }
    Ok(out)
}
