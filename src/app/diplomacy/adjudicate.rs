//! `/board units` (the GM records the units at the start of a turn) and `/board check` (the GM's
//! adjudication checked against the orders with the `diplomacy` crate, every differing unit
//! flagged, privately; the GM still publishes, D.I.1). Both the board's GM's or the TD's.

use std::collections::BTreeMap;

use serde_json::json;
use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{board, require_gm, DiplomacyError, DiplomacyOutcome};
use crate::app::{Actor, App, Call, Command};
use crate::domain::diplomacy::adjudicate::report::{check, check_removals};
use crate::domain::diplomacy::adjudicate::units::write_units;
use crate::domain::diplomacy::adjudicate::{parse_units, standard_start, Unit};
use crate::domain::diplomacy::season::{Phase, Turn};
use crate::domain::diplomacy::{Centres, Power};
use crate::store::{self, diplomacy::boards::Board};

/// The units on the board at the start of `turn`: as recorded, or the opening in Spring 1901.
async fn units_at(
    conn: &mut SqliteConnection,
    b: &Board,
    turn: Turn,
) -> Result<Vec<Unit>, DiplomacyError> {
    let rows = store::diplomacy::units::of_turn(conn, b.id, turn).await?;
    if rows.is_empty() {
        return if turn == Turn::FIRST {
            Ok(standard_start())
        } else {
            Err(DiplomacyError::Refused(format!(
                "No units are recorded on {} for {turn}: record them with /board units.",
                b.name
            )))
        };
    }
    let text = rows
        .iter()
        .map(|r| format!("{}: {}", r.power, r.units))
        .collect::<Vec<_>>()
        .join("; ");
    parse_units(&text).map_err(|e| DiplomacyError::Refused(e.to_string()))
}

/// The centres at the end of the Fall before an adjustment turn, as the GM recorded them.
async fn fall_centres(
    conn: &mut SqliteConnection,
    b: &Board,
    turn: Turn,
) -> Result<Centres, DiplomacyError> {
    let season = turn.season.to_string();
    let counts: Vec<(Power, u32)> = store::diplomacy::record::counts(conn, b.id)
        .await?
        .into_iter()
        .filter(|c| c.season == season)
        .map(|c| (c.power, c.centres as u32))
        .collect();
    if counts.is_empty() {
        return Err(DiplomacyError::Refused(format!(
            "No centre counts are recorded on {} for {season}: record them with /board centres first.",
            b.name
        )));
    }
    Ok(Centres::new(counts)?)
}

impl Diplomacy<'_> {
    /// `/board units board season units`: "standard", or "France: A Par, F Bre; ...".
    pub async fn record_units(
        &self,
        call: &Call,
        name: &str,
        turn: Turn,
        units: &str,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            require_gm(conn, actor, &b, "record the units").await?;
            let given = if units.trim().eq_ignore_ascii_case("standard") {
                standard_start()
            } else {
                parse_units(units).map_err(|e| DiplomacyError::Refused(e.to_string()))?
            };
            let named: Vec<Power> = if units.trim().eq_ignore_ascii_case("standard") {
                Power::ALL.to_vec()
            } else {
                units
                    .split([';', '\n'])
                    .filter_map(|g| g.split_once(':').and_then(|(p, _)| Power::parse(p)))
                    .collect()
            };
            let key = turn;
            // The powers not named keep their units; together they must still fit the map.
            let mut all: Vec<Unit> = given.clone();
            for r in store::diplomacy::units::of_turn(conn, b.id, key).await? {
                let p = r.power;
                if !named.contains(&p) {
                    let theirs = parse_units(&format!("{p}: {}", r.units))
                        .map_err(|e| DiplomacyError::Refused(e.to_string()))?;
                    all.extend(theirs);
                }
            }
            parse_units(&write_units(&all)).map_err(|e| DiplomacyError::Refused(e.to_string()))?;
            for p in &named {
                let mine: Vec<String> = given
                    .iter()
                    .filter(|u| u.power == *p)
                    .map(Unit::to_string)
                    .collect();
                store::diplomacy::units::put(conn, b.id, key, *p, &mine.join(", "), self.now())
                    .await?;
            }
            Ok(DiplomacyOutcome::UnitsRecorded {
                board: b.name,
                key,
                units: write_units(&all),
            })
        })
        .await
    }

    /// `/board check board results [merged]`: the GM's results against gavel's adjudication.
    pub async fn check_adjudication(
        &self,
        call: &Call,
        name: &str,
        results: &str,
        merged: bool,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        // The results and the orders stay out of the audit log until the GM publishes them.
        let public = json!({ "board": name, "merged": merged });
        self.execute_private(call, public, async |conn, actor| {
            let b = board(conn, name).await?;
            require_gm(conn, actor, &b, "check an adjudication").await?;
            let turn = b.turn;
            if turn.phase == Phase::Retreat {
                return Err(DiplomacyError::Refused(format!(
                    "{} is on {}: gavel checks movement and adjustment turns, not retreats.",
                    b.name, b.turn
                )));
            }
            let units = units_at(conn, &b, turn).await?;
            let mut by_power: BTreeMap<Power, Vec<String>> = BTreeMap::new();
            for o in store::diplomacy::record::orders(conn, b.id, b.turn).await? {
                by_power.entry(o.power).or_default().push(o.body);
            }
            // D.III.3: the last set; under its alternative, every set in turn, so the
            // latest order to each unit counts.
            let sets: Vec<(Power, Vec<String>)> = by_power
                .into_iter()
                .map(|(p, mut versions)| {
                    if !merged {
                        versions = versions.split_off(versions.len() - 1);
                    }
                    (p, versions)
                })
                .collect();
            let report = if turn.phase == Phase::Adjustment {
                let centres = fall_centres(conn, &b, turn).await?;
                check_removals(&units, &centres, &sets, results)
            } else {
                check(&units, &sets, results)
            }
            .map_err(|e| DiplomacyError::Refused(e.to_string()))?;
            let mut lines = vec![format!(
                "{} {}: your adjudication checked against the orders ({}).",
                b.name,
                b.turn,
                if merged {
                    "merged unit by unit, D.III.3's alternative rule"
                } else {
                    "the last set of each power, D.III.3"
                }
            )];
            lines.extend(report.lines());
            lines.push("Only you see this; gavel publishes no results, you do (D.I.1).".into());
            let text = lines.join("\n");
            store::diplomacy::units::add_check(
                conn,
                b.id,
                b.turn,
                results,
                merged,
                report.units,
                report.differences.len(),
                &text,
                self.now(),
            )
            .await?;
            let summary = format!(
                "{} {}: {} units checked, {} flagged.",
                b.name,
                b.turn,
                report.units,
                report.differences.len()
            );
            Ok((DiplomacyOutcome::Checked(text), summary))
        })
        .await
    }
}

impl App {
    /// Runs `body` like `App::execute`, but the audit log keeps `public_args` and the summary
    /// the body returns, not the reply the GM alone reads.
    async fn execute_private(
        &self,
        call: &Call,
        public_args: serde_json::Value,
        body: impl AsyncFnOnce(
            &mut SqliteConnection,
            &Actor,
        ) -> Result<(DiplomacyOutcome, String), DiplomacyError>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        let mut tx = self.begin().await?;
        let result = match self.actor(&mut tx, &call.caller).await {
            Ok(actor) => body(&mut tx, &actor).await,
            Err(error) => Err(DiplomacyError::from(error)),
        };
        match result {
            Ok((reply, summary)) => {
                store::audit::append(
                    &mut tx,
                    self.now(),
                    (&call.caller.name, call.caller.discord_id),
                    call.command.name,
                    &public_args,
                    store::audit::Outcome::Done,
                    &summary,
                )
                .await?;
                tx.commit().await?;
                Ok(reply)
            }
            Err(error) => {
                let command = Command::new(call.command.name, public_args);
                self.conclude(tx, &call.caller, command, Err(error)).await
            }
        }
    }
}
