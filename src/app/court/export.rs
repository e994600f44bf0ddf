//! The appeals as `gavel export` shows them: number, appellant, what is appealed, grounds,
//! status, grants, bench with any conflict set aside, votes, decision, effects and opinions.

use serde_json::{json, Value};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::court::{Appeal, Bench, GrantedBy, Judgement, Opinion};
use crate::domain::kernel::moment;
use crate::store::{self, keys::StoredKey};

use super::vote::{decision_words, vote_words};

fn judgement_json(j: &Judgement, name: &dyn Fn(Option<i64>) -> Option<String>) -> Value {
    let (bench, set_aside) = match &j.bench {
        Bench::Panel(p) => (
            "panel",
            p.conflicts_set_aside()
                .iter()
                .map(|(id, c)| json!({ "justice": name(Some(*id)), "conflict": c.describe() }))
                .collect::<Vec<_>>(),
        ),
        Bench::Solo(_) => ("chief justice solo", vec![]),
        Bench::EnBanc(_) => ("en banc", vec![]),
    };
    json!({
        "bench": bench,
        "justices": j.bench.seats().iter().map(|id| name(Some(*id))).collect::<Vec<_>>(),
        "conflicts_set_aside": set_aside,
        "votes": j.ballots.iter().map(|b| json!({
            "justice": name(Some(b.justice)),
            "vote": vote_words(&b.vote),
            "reasons": b.reasons.as_str(),
            "at": b.at.to_rfc3339(),
        })).collect::<Vec<_>>(),
        "decision": decision_words(&j.decision),
        "by_majority": j.by_majority,
        "decided_at": j.decided_at.to_rfc3339(),
        "final": j.is_final(),
    })
}

/// Every appeal, oldest first.
pub async fn export_appeals(
    _app: &App,
    conn: &mut SqliteConnection,
    name: &dyn Fn(Option<i64>) -> Option<String>,
) -> sqlx::Result<Vec<Value>> {
    let mut out = Vec::new();
    for row in store::court::appeals::all(conn).await? {
        let grants: Vec<Value> = match &row.lifecycle {
            Appeal::AwaitingGrant { grants, .. } => grants
                .iter()
                .map(|g| json!(name(Some(g.justice))))
                .collect(),
            Appeal::Granted { by, .. } => match by {
                GrantedBy::ChiefJustice(id) => vec![json!(name(Some(*id)))],
                GrantedBy::TwoJustices(two) => {
                    two.iter().map(|id| json!(name(Some(*id)))).collect()
                }
            },
            Appeal::Refused { grants, .. } => grants
                .iter()
                .map(|g| json!(name(Some(g.justice))))
                .collect(),
            // Heard or decided: the lifecycle no longer says who granted it; the store does.
            _ => store::court::appeals::granted_by(conn, row.id)
                .await?
                .into_iter()
                .map(|id| json!(name(Some(id))))
                .collect(),
        };
        let (panel, judgement) = match &row.lifecycle {
            Appeal::Decided { judgement, .. } => (None, Some(judgement)),
            Appeal::EnBanc { panel, .. } => (Some(panel), None),
            Appeal::Final { panel, judgement } => (panel.as_ref(), Some(judgement)),
            _ => (None, None),
        };
        let hearing = match &row.lifecycle {
            Appeal::Hearing(h) | Appeal::EnBanc { hearing: h, .. } => Some(json!({
                "justices": h.bench.seats().iter().map(|id| name(Some(*id))).collect::<Vec<_>>(),
                "votes": h.ballots.iter().map(|b| json!({ "justice": name(Some(b.justice)), "vote": vote_words(&b.vote), "reasons": b.reasons.as_str() })).collect::<Vec<_>>(),
            })),
            _ => None,
        };
        let latest = row.opinions.last();
        out.push(json!({
            "number": row.id,
            "appellant": name(Some(row.appellant_id)),
            "case": row.case_id,
            "deduction_event": row.deduction_id,
            "matter": row.matter,
            "grounds": row.grounds,
            "filed_at": row.filed_at.to_rfc3339(),
            "status": row.lifecycle.stage_kind().key(),
            "grants": grants,
            "hearing": hearing,
            "panel_judgement": panel.map(|j| judgement_json(j, name)),
            "judgement": judgement.map(|j| judgement_json(j, name)),
            "effects": row.effects.iter().map(|e| moment::in_club_time(e)).collect::<Vec<_>>(),
            "opinion_due": latest.map(|o| o.opinion.due_at().to_rfc3339()),
            "opinion_published_at": latest.and_then(|o| match o.opinion {
                Opinion::Published { at, .. } => Some(at.to_rfc3339()),
                Opinion::Due { .. } => None,
            }),
            "opinion": latest.and_then(|o| o.text.clone()),
            "opinions": row.opinions.iter().map(|o| json!({
                "en_banc": o.en_banc,
                "due": o.opinion.due_at().to_rfc3339(),
                "published_at": match o.opinion { Opinion::Published { at, .. } => Some(at.to_rfc3339()), Opinion::Due { .. } => None },
                "late": o.opinion.is_late(),
                "text": o.text,
            })).collect::<Vec<_>>(),
            "redecide_due_at": row.redecide_due_at.map(|t| t.to_rfc3339()),
            "redecided_at": row.redecided_at.map(|t| t.to_rfc3339()),
        }));
    }
    Ok(out)
}
