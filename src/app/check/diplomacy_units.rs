//! The adjudication check's invariants: the units recorded for a board's turn read back as
//! units of the standard map, each where it can stand and no two in one space; and a check
//! never flags more units than it compared.

use std::collections::BTreeMap;

use sqlx::SqliteConnection;

use super::Breaches;
use crate::domain::diplomacy::adjudicate::parse_units;
use crate::domain::diplomacy::season::Turn;
use crate::store;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let mut turns: BTreeMap<(i64, Turn), Vec<String>> = BTreeMap::new();
    for u in store::diplomacy::units::all(conn).await? {
        let power = u.power.name();
        turns
            .entry((u.board_id, u.turn))
            .or_default()
            .push(format!("{power}: {}", u.units));
    }
    for ((board, turn), groups) in turns {
        if let Err(e) = parse_units(&groups.join("; ")) {
            breaches.push(format!(
                "Board {board}'s units for {turn} do not stand: {e}"
            ));
        }
    }
    for c in store::diplomacy::units::past_checks(conn).await? {
        if c.flagged > c.units {
            breaches.push(format!(
                "Check {} of board {} flags {} units of {}",
                c.id, c.board_id, c.flagged, c.units
            ));
        }
    }
    Ok(())
}
