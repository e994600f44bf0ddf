//! The committees' part of `gavel export`: committees and their rules, every motion with its
//! sitting body, votes, result and way through the TD, the house rules' versions, disputes,
//! terms of office with their games, teams and game seats. Observers' reports are private: only
//! their number is exported.

use serde_json::{json, Value};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::committee::dispute::Status as DisputeStatus;
use crate::store;
use crate::store::keys::StoredKey;

impl App {
    /// Everything committees have recorded, as JSON.
    pub async fn export_committees(&self, conn: &mut SqliteConnection) -> sqlx::Result<Value> {
        let committees: Vec<Value> = store::committee::committees::all(conn)
            .await?
            .iter()
            .map(|c| {
                json!({
                    "name": c.name, "seats": c.seats,
                    "members": format!("{}-{}", c.size_least, c.size_most),
                    "turnout": c.turnout, "majority": c.majority, "tie_break": c.tie_break,
                    "sitting": c.sitting, "abstentions": c.abstentions,
                    "members_open": c.members_open, "created_at": c.created_at.to_rfc3339(),
                })
            })
            .collect();
        let mut motions = Vec::new();
        for m in store::committee::motions::all(conn).await? {
            let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
            let sitting = store::committee::motions::seats(conn, m.id).await?;
            let votes = store::committee::motions::votes(conn, m.id).await?;
            let aside = store::committee::motions::set_aside_votes(conn, m.id).await?;
            motions.push(json!({
                "number": m.id,
                "committee": committee.name,
                "kind": m.kind,
                "text": m.text,
                "item": m.item,
                "new_text": m.new_text,
                "overrides_veto_of": m.parent_id,
                "status": m.status,
                "opened_at": m.opened_at.to_rfc3339(),
                "closes_at": m.closes_at.to_rfc3339(),
                "closed_at": m.closed_at.map(|t| t.to_rfc3339()),
                "rules": { "turnout": m.turnout, "majority": m.majority, "tie_break": m.tie_break,
                           "abstentions": m.abstentions },
                "sitting": sitting.0.iter().map(|s| json!({
                    "name": s.name, "why": s.reason.key(), "sits": s.sits, "left": s.left,
                    "set_aside": aside.iter().find(|v| v.0 == s.person)
                        .map(|v| json!({ "choice": v.1.key(), "why": v.2 })),
                })).collect::<Vec<_>>(),
                "sitting_size": m.sitting_size,
                "votes": votes.iter().map(|(_, name, choice)| json!({
                    "name": name, "choice": choice.key(),
                })).collect::<Vec<_>>(),
                "counts": m.counts().map(|c| json!({ "yes": c.yes, "no": c.no, "abstain": c.abstain })),
                "tie_break": m.tie_choice,
                "approval": m.approval,
                "approval_due": m.approval_due.map(|t| t.to_rfc3339()),
                "veto_reason": m.veto_reason,
            }));
        }
        let house_rules: Vec<Value> = store::committee::house_rules::all(conn)
            .await?
            .iter()
            .map(|v| {
                json!({
                    "item": v.label, "version": v.version, "text": v.text, "change": v.change,
                    "motion": v.motion_id, "at": v.at.to_rfc3339(),
                })
            })
            .collect();
        // A dispute is the TD's alone until the TD resolves or refers it (HR A.12, D.I.2).
        let disputes: Vec<Value> = store::committee::disputes::all(conn)
            .await?
            .iter()
            .filter(|d| d.status != DisputeStatus::Raised)
            .map(|d| {
                json!({
                    "number": d.id, "game": d.game, "question": d.question,
                    "player": d.player_name, "status": d.status, "resolution": d.resolution,
                    "motion": d.motion_id,
                    "player_confirmed_at": d.player_confirmed_at.map(|t| t.to_rfc3339()),
                    "gm_confirmed_at": d.gm_confirmed_at.map(|t| t.to_rfc3339()),
                    "raised_at": d.raised_at.to_rfc3339(),
                })
            })
            .collect();
        let terms: Vec<Value> = store::offices::history(conn)
            .await?
            .into_iter()
            .map(|(office, name, game, from, to, by)| {
                json!({
                    "office": office, "name": name, "game": game, "from": from.to_rfc3339(),
                    "to": to.map(|t| t.to_rfc3339()), "appointed_by": by,
                })
            })
            .collect();
        let teams: Vec<Value> = store::committee::teams::memberships(conn)
            .await?
            .into_iter()
            .map(|(team, name, role, from, to)| {
                json!({ "team": team, "name": name, "role": role, "from": from.to_rfc3339(),
                        "to": to.map(|t| t.to_rfc3339()) })
            })
            .collect();
        let seats: Vec<Value> = store::committee::teams::seats(conn)
            .await?
            .into_iter()
            .map(|(game, name, from, to)| {
                json!({ "game": game, "name": name, "from": from.to_rfc3339(),
                        "to": to.map(|t| t.to_rfc3339()) })
            })
            .collect();
        Ok(json!({
            "committees": committees,
            "motions": motions,
            "house_rules": house_rules,
            "disputes": disputes,
            "office_terms": terms,
            "teams": teams,
            "game_seats": seats,
            "observer_reports": store::committee::disputes::report_count(conn).await?,
            "house_rule_bindings": self.export_house_bindings(conn).await?,
        }))
    }
}
