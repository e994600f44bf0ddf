//! The Diplomacy tournament in `gavel export`: rounds with their published deals and
//! advancements, boards, positions, every season's counts, each board's score with its
//! working, every handover of a position (B.7, B.8), the individual sign-ups with the grouping
//! that made teams and the reserve list of them (B.2), the orders of turns already adjudicated, NMRs, extensions, proposals with their
//! result only (no ballot, no count: D.IX.2), and the press already published with an
//! adjudication, with the author of white press only (D.X.1, D.X.2); the units the GMs recorded by turn, and the GMs' adjudication checks of turns
//! already past.

use serde_json::{json, Value};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::store;

impl App {
    /// The `diplomacy` section of the export.
    pub(crate) async fn export_diplomacy(
        &self,
        conn: &mut SqliteConnection,
    ) -> anyhow::Result<Value> {
        let rounds = store::diplomacy::rounds::all(conn).await?;
        let mut boards = Vec::new();
        for b in store::diplomacy::boards::all(conn).await? {
            let scored = self.board_scored(conn, b.id).await?;
            let positions = store::diplomacy::boards::positions(conn, b.id).await?;
            boards.push(json!({
                "board": b,
                "positions": positions,
                "score": {
                    "basis": scored.score.basis,
                    "lines": scored.score.lines.iter().map(|l| json!({
                        "power": l.power.name(),
                        "score": crate::domain::diplomacy::exact(l.score),
                        "working": l.working,
                    })).collect::<Vec<_>>(),
                },
            }));
        }
        let proposals: Vec<Value> = store::diplomacy::votes::all(conn)
            .await?
            .into_iter()
            .map(|p| {
                json!({
                    "id": p.id, "board_id": p.board_id, "kind": p.kind, "powers": p.powers,
                    "text": p.body, "turn": p.turn, "result": p.status, "opened_at": p.opened_at,
                    "decided_at": p.decided_at,
                })
            })
            .collect();
        Ok(json!({
            "rounds": rounds,
            "boards": boards,
            "centres": store::diplomacy::record::all_counts(conn).await?,
            "orders": store::diplomacy::record::published_orders(conn).await?,
            "nmrs": store::diplomacy::record::nmrs(conn).await?,
            "extensions": store::diplomacy::record::extensions(conn).await?,
            "consents": store::diplomacy::record::all_consents(conn).await?,
            "handovers": store::diplomacy::handovers::all(conn).await?,
            "vetoes": store::diplomacy::vetoes::all(conn).await?,
            "pool_replies": store::diplomacy::pool_replies::all(conn).await?,
            "holidays": store::diplomacy::holidays::all(conn).await?,
            "individuals": store::diplomacy::individuals::all(conn).await?,
            "groupings": store::diplomacy::individuals::groupings(conn).await?,
            "proposals": proposals,
            "press": store::diplomacy::press::published(conn).await?,
            "units": store::diplomacy::units::all(conn).await?,
            "adjudication_checks": store::diplomacy::units::past_checks(conn).await?,
        }))
    }
}
