//! `/diplomacy titles` (anyone): the best country of each power (C.13), the best score on it in
//! the team rounds with C.13's tie-breaks and a die from a published seed, each trophy saying
//! what decided it.

use super::{DiplomacyError, DiplomacyReply};
use crate::app::{App, Call};
use crate::domain::diplomacy::titles::{best_country, CountryResult};
use crate::domain::diplomacy::{exact, shown, Power};
use crate::store;

impl App {
    /// `/diplomacy titles [seed]`.
    pub async fn dip_titles(
        &self,
        call: &Call,
        seed: Option<i64>,
    ) -> Result<DiplomacyReply, DiplomacyError> {
        self.execute(call, async |conn, _| {
            let mut results = Vec::new();
            let mut boards = Vec::new();
            let mut opened = None;
            for round in 1..=2u8 {
                let Some(r) = store::diplomacy::rounds::get(conn, i64::from(round)).await? else {
                    continue;
                };
                opened.get_or_insert(r.opened_at);
                let (rows, _) = self.round_rows(conn, i64::from(round)).await?;
                for row in rows {
                    boards.push((row.result.id, round, row.board.clone()));
                    results.push(CountryResult {
                        result: row.result,
                        round,
                    });
                }
            }
            let Some(opened) = opened else {
                return Err(DiplomacyError::NoRound(1));
            };
            let seed = seed.unwrap_or_else(|| opened.timestamp());
            let trophies = best_country(&results, seed as u64);
            let mut lines = vec![format!(
                "The best country of each power (C.13), from rounds 1 and 2 (d100 seed {seed}):"
            )];
            for power in Power::ALL {
                let Some(first) = trophies.get(&power).and_then(|p| p.first()) else {
                    continue;
                };
                let key = first.keys.first().copied().unwrap_or_default();
                let board = boards
                    .iter()
                    .find(|(id, _, _)| *id == first.id)
                    .map_or(String::new(), |(_, r, b)| format!(", round {r}, {b}"));
                let rolls = if first.rolls.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (rolled {})",
                        first
                            .rolls
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                lines.push(format!(
                    "{power}: {}{board}, {} [{}], decided by {}{rolls}",
                    first.name,
                    shown(key),
                    exact(key),
                    first.decided_by
                ));
            }
            Ok(DiplomacyReply(lines.join("\n")))
        })
        .await
    }
}
