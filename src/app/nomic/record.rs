//! The rules' part of `gavel export`: the rulebook in force with every rule's versions, the
//! repealed rules with theirs, the change log, every
//! proposal with its votes, result and the points it moved, and the state of the game of Nomic
//! (its players, days, teams, forfeits, points, winner, Rule 204's switch and parameters).

use serde_json::{json, Value};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::store::{self, keys::StoredKey};

impl App {
    /// `rules` and `proposals` for the export. Reads the stored rulebook only: an export
    /// changes nothing, so a club that never needed its rulebook exports none.
    pub async fn export_rules(
        &self,
        conn: &mut SqliteConnection,
    ) -> anyhow::Result<(Value, Value)> {
        let mut rules = Vec::new();
        if let Some(book) = store::nomic::rulebook::current(conn).await? {
            let book = book.map_err(|e| anyhow::anyhow!("the stored rulebook: {e}"))?;
            for rule in book.rules() {
                let label = rule.id.label();
                let history = store::nomic::rulebook::history(conn, &label).await?;
                rules.push(json!({
                    "number": label,
                    "repealed": false,
                    "mutable": rule.is_mutable(),
                    "text": rule.text(),
                    "version": rule.version,
                    "since": rule.since.map(|d| d.to_string()),
                    "notes": rule.notes.iter().map(|n| json!({
                        "author": n.author, "date": n.date.to_string(), "text": n.text,
                    })).collect::<Vec<_>>(),
                    "history": history_json(&history),
                }));
            }
            // Repealed rules and Acts keep their record: every version up to the repeal.
            let mut seen = std::collections::HashSet::new();
            for label in store::nomic::rulebook::repealed_labels(conn).await? {
                if book.find(&label).is_ok() || !seen.insert(label.clone()) {
                    continue;
                }
                let history = store::nomic::rulebook::history(conn, &label).await?;
                let last = history.last();
                rules.push(json!({
                    "number": label,
                    "repealed": true,
                    "mutable": last.map(|h| h.mutable),
                    "text": last.map(|h| h.text.clone()),
                    "version": last.map(|h| h.version),
                    "repealed_at": last.map(|h| h.at.to_rfc3339()),
                    "history": history_json(&history),
                }));
            }
        }
        let mut proposals = Vec::new();
        for p in store::nomic::proposals::all(conn).await? {
            let votes = store::nomic::proposals::votes(conn, p.number).await?;
            let points = store::nomic::proposals::points_of(conn, p.number).await?;
            proposals.push(json!({
                "number": p.number,
                "procedure": p.procedure.key(),
                "proposer": p.proposer,
                "kind": p.kind.key(),
                "rule": p.rule,
                "text": p.text,
                "status": p.status.key(),
                "submitted_at": p.submitted_at.to_rfc3339(),
                "closes_at": p.closes_at.map(|t| t.to_rfc3339()),
                "votes": votes.iter().map(|v| json!({
                    "voter": v.voter,
                    "choice": v.ballot.to_string().to_lowercase(),
                    "at": v.cast_at.to_rfc3339(),
                })).collect::<Vec<_>>(),
                "result": p.result,
                "decided_at": p.decided_at.map(|t| t.to_rfc3339()),
                "reason": p.reason,
                "points": points.iter().map(|(player, change, reason)| json!({
                    "player": player, "change": change, "reason": reason,
                })).collect::<Vec<_>>(),
            }));
        }
        Ok((Value::Array(rules), Value::Array(proposals)))
    }

    /// `change_log` for the export: the rulebook's versions, one line each (Terms §IV Act 2).
    pub async fn export_change_log(&self, conn: &mut SqliteConnection) -> anyhow::Result<Value> {
        let Some(book) = store::nomic::rulebook::current(conn).await? else {
            return Ok(json!([]));
        };
        let book = book.map_err(|e| anyhow::anyhow!("the stored rulebook: {e}"))?;
        Ok(json!(book
            .versions
            .iter()
            .map(|v| json!({
                "version": v.version.to_string(),
                "date": v.date.to_string(),
                "summary": v.summary,
            }))
            .collect::<Vec<_>>()))
    }

    /// `nomic` for the export: the game as it stands (Nomic 115, 201, 204, 209, 210, 214), or
    /// null when no game has begun; the procedure's parameters either way.
    pub async fn export_nomic(&self, conn: &mut SqliteConnection) -> anyhow::Result<Value> {
        let settings = self.settings(conn).await?;
        let parameters: serde_json::Map<String, Value> = crate::domain::nomic::parameters::NAMES
            .iter()
            .filter_map(|(name, _)| settings.get(name).map(|v| (name.to_string(), json!(v))))
            .collect();
        let Some(game) = store::nomic::turns::game(conn).await? else {
            return Ok(json!({ "game": Value::Null, "parameters": parameters }));
        };
        let players = store::nomic::turns::players(conn).await?;
        let name = |id: i64| players.iter().find(|p| p.id == id).map(|p| p.name.clone());
        let tied: Vec<Option<String>> = game
            .tied_ids
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .filter_map(|id| id.parse().ok())
            .map(name)
            .collect();
        Ok(json!({
            "game": {
                "started_on": game.started_on.to_string(),
                "players": players.iter().map(|p| json!({
                    "player": p.name,
                    "day": p.day.map(crate::domain::kernel::calendar::weekday_name),
                    "team": p.team,
                    "points": p.points,
                    "forfeited_at": p.forfeited_at.map(|t| t.to_rfc3339()),
                })).collect::<Vec<_>>(),
                "adoption_switched_at": game.switched_at.map(|t| t.to_rfc3339()),
                "tied_for_the_win": tied,
                "winner": game.winner_id.and_then(name),
                "won_at": game.won_at.map(|t| t.to_rfc3339()),
                "won_by_point_of_order": game.won_by_point,
            },
            "parameters": parameters,
        }))
    }
}

/// A rule's recorded versions, as the export lists them.
fn history_json(history: &[store::nomic::rulebook::RuleChangeRow]) -> Vec<Value> {
    history
        .iter()
        .map(|h| {
            json!({
                "label": h.label,
                "former": h.former,
                "change": h.change.key(),
                "version": h.version,
                "mutable": h.mutable,
                "text": h.text,
                "proposal": h.proposal,
                "by": h.by_name,
                "at": h.at.to_rfc3339(),
            })
        })
        .collect()
}
