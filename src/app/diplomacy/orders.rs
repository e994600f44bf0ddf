//! `/diplomacy orders` (a player, privately): every version kept with a timestamped receipt and
//! a "Final" mark, the proof D.VII.7's confirmation mailbox gave; refused after the deadline, or
//! after adjudication starts under D.VII.3's alternative. `/board orders` (the GM, privately):
//! the last set of each power, or under D.III.3's alternative the merged set, unit by unit.

use std::collections::BTreeMap;

use serde_json::json;

use super::Diplomacy;
use super::{board, my_position, require_gm, DiplomacyError, DiplomacyOutcome, OrdersOfPower};
use crate::app::{App, Call};
use crate::domain::diplomacy::deadline::in_time;
use crate::domain::diplomacy::Power;
use crate::store;
use crate::store::diplomacy::boards::BoardStatus;

/// The unit an order line is for: its first two words ("A Par", "F StP/nc"), in capitals.
fn unit_of(line: &str) -> String {
    line.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

impl Diplomacy<'_> {
    /// `/diplomacy orders board text [final]`.
    pub async fn submit_orders(
        &self,
        call: &Call,
        name: &str,
        text: &str,
        is_final: bool,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        // The orders' text stays out of the audit log until the GM publishes them.
        let public = json!({ "board": name, "final": is_final });
        self.execute_sealed(call, public, None, async |conn, actor| {
            let b = board(conn, name).await?;
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(b.name, "no more orders".into()));
            }
            let position = my_position(conn, actor, &b).await?;
            let deadline = b
                .deadline
                .ok_or_else(|| DiplomacyError::NoDeadline(b.name.clone()))?;
            let power = position.power;
            // A 1901 NMR's position takes its replacement's orders for the held turn (B.8(c),
            // D.VII.6b): the turn waits for them.
            let held = self.held_for(conn, &b).await?.contains(&power);
            in_time(self.now(), deadline, b.late_orders || held, false)?;
            let version = store::diplomacy::record::add_orders(
                conn,
                b.id,
                power,
                b.turn,
                text.trim(),
                is_final,
                self.now(),
            )
            .await?;
            Ok(DiplomacyOutcome::OrdersReceived {
                power,
                board: b.name,
                turn: b.turn,
                version,
                is_final,
                at: self.now().with_timezone(&self.tz()),
            })
        })
        .await
    }

    /// `/board orders board` (the GM): this turn's orders as the GM adjudicates them.
    pub async fn show_orders(
        &self,
        call: &Call,
        name: &str,
        merged: bool,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        // A turn's orders are for the GM alone until the results are published: the audit log,
        // which the public export carries, keeps that they were read, not what they say.
        self.execute_sealed_reply(
            call,
            json!({ "board": name, "merged": merged }),
            "The GM read this turn's orders (private to the GM).",
            async |conn, actor| {
                let b = board(conn, name).await?;
                require_gm(conn, actor, &b, "read the orders").await?;
                let all = store::diplomacy::record::orders(conn, b.id, b.turn).await?;
                let mut by_power: BTreeMap<Power, Vec<_>> = BTreeMap::new();
                for o in all {
                    by_power.entry(o.power).or_default().push(o);
                }
                let mut powers = Vec::new();
                for (power, versions) in by_power {
                    let last = versions.last().expect("grouped");
                    let body = if merged {
                        let mut units: BTreeMap<String, String> = BTreeMap::new();
                        for v in &versions {
                            for line in v
                                .body
                                .split([';', '\n'])
                                .map(str::trim)
                                .filter(|l| !l.is_empty())
                            {
                                units.insert(unit_of(line), line.to_owned());
                            }
                        }
                        units.into_values().collect::<Vec<_>>().join("; ")
                    } else {
                        last.body.clone()
                    };
                    powers.push(OrdersOfPower {
                        power,
                        version: last.version,
                        is_final: last.is_final,
                        sent_at: last.sent_at.with_timezone(&self.tz()),
                        body,
                    });
                }
                Ok(DiplomacyOutcome::OrdersShown {
                    board: b.name,
                    turn: b.turn,
                    merged,
                    powers,
                })
            },
        )
        .await
    }
}

impl App {
    /// The powers whose 1901 NMR holds `b`'s current turn: the results wait for their
    /// replacement (D.VII.6b), whose orders for the turn are taken until it is published
    /// (B.8(c)).
    pub(super) async fn held_for(
        &self,
        conn: &mut sqlx::SqliteConnection,
        b: &store::diplomacy::boards::Board,
    ) -> sqlx::Result<Vec<crate::domain::diplomacy::Power>> {
        if b.status != BoardStatus::Playing {
            return Ok(Vec::new());
        }
        Ok(store::diplomacy::record::nmrs(conn)
            .await?
            .iter()
            .filter(|n| n.board_id == b.id && n.turn == b.turn && n.replace_now)
            .map(|n| n.power)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_line_is_keyed_by_its_unit_d_iii_3() {
        assert_eq!(unit_of("A Par - Bur"), "A PAR");
        assert_eq!(unit_of("  f lon h"), "F LON");
    }
}
