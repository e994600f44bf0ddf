//! The written orders made into the crate's orders, under the house rules: an unreadable order
//! is no order and its unit holds (D.III.4); an order for no unit of the writer's is ignored
//! (D.III.2); the last order to a unit counts (D.III.5); the unit's type and coast are the
//! board's, whatever was written (D.IV.1, D.IV.3a); a fleet's destination coast is inferred where
//! only one is reachable, and an order that leaves it ambiguous holds (D.IV.3b); a support names
//! the supported unit as it stands and its move as ordered (D.IV.2, D.IV.3c).

use std::collections::BTreeMap;

use diplomacy::geo::{Coast, RegionKey};
use diplomacy::judge::MappedMainOrder;
use diplomacy::order::{ConvoyedMove, MainCommand, MoveCommand, SupportedOrder};
use diplomacy::{Order, ShortName, UnitType};

use super::map::map;
use super::names::full_name;
use super::nation;
use super::parse::{lines, parse_order, Spot, Written, WrittenOrder};
use super::units::Unit;
use crate::domain::diplomacy::Power;

/// How gavel read one line of a power's orders, when it is not simply as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub power: Power,
    pub line: String,
    pub reading: String,
}

/// The orders ready for the crate: one per ordered unit (by its index among the units), the
/// line each came from, and the notes.
#[derive(Debug, Clone, Default)]
pub struct Normalised {
    pub orders: BTreeMap<usize, MappedMainOrder>,
    pub written: BTreeMap<usize, String>,
    pub notes: Vec<Note>,
}

/// The coasts of a two-coast space a fleet at `from` can reach.
pub fn reachable_coasts(from: &RegionKey, space: &str) -> Vec<Coast> {
    let map = map();
    let mut coasts: Vec<Coast> = map
        .regions()
        .filter(|r| r.province().short_name() == space)
        .filter_map(|r| r.coast())
        .filter(|c| {
            map.find_border_between(from, &RegionKey::new(space, Some(*c)))
                .is_some()
        })
        .collect();
    coasts.sort();
    coasts
}

fn has_coasts(space: &str) -> bool {
    matches!(space, "bul" | "spa" | "stp")
}

fn coast_name(c: Coast) -> &'static str {
    match c {
        Coast::North => "north",
        Coast::South => "south",
        Coast::East => "east",
        Coast::West => "west",
    }
}

/// A fleet's destination with its coast settled (D.IV.3b), or why the move holds.
fn destination(unit: &Unit, to: Spot) -> Result<(RegionKey, Option<String>), String> {
    if unit.kind == UnitType::Army || !has_coasts(to.space) {
        return Ok((RegionKey::new(to.space, None), None));
    }
    let reachable = reachable_coasts(&unit.region(), to.space);
    match (to.coast, reachable.as_slice()) {
        (Some(c), r) if r.contains(&c) => Ok((RegionKey::new(to.space, Some(c)), None)),
        (_, [only]) => Ok((
            RegionKey::new(to.space, Some(*only)),
            Some(format!(
                "{} inferred: the only coast of {} it can reach (D.IV.3b)",
                coast_name(*only),
                full_name(to.space)
            )),
        )),
        (_, []) => Ok((RegionKey::new(to.space, to.coast), None)),
        _ => Err(format!(
            "{} leaves the coast of {} ambiguous, so the fleet holds (D.IV.3b)",
            unit,
            full_name(to.space)
        )),
    }
}

/// Reads each power's orders against the units on the board: its sets in the order they count
/// (the last set alone under D.III.3; every set, oldest first, under its alternative rule),
/// each read top to bottom.
pub fn normalise(units: &[Unit], sets: &[(Power, Vec<String>)]) -> Normalised {
    let mut out = Normalised::default();
    let mut chosen: BTreeMap<usize, WrittenOrder> = BTreeMap::new();
    for (power, versions) in sets {
        let mut note = |line: &str, reading: String| {
            out.notes.push(Note {
                power: *power,
                line: line.to_owned(),
                reading,
            })
        };
        let mut this_version: Vec<usize> = Vec::new();
        for (line, first) in versions
            .iter()
            .flat_map(|body| lines(body).enumerate().map(|(n, l)| (l, n == 0)))
        {
            if first {
                this_version.clear();
            }
            let written = match parse_order(line) {
                Ok(w) => w,
                Err(e) => {
                    note(line, format!("unreadable ({e}): the unit holds (D.III.4)"));
                    continue;
                }
            };
            let Some(i) = units.iter().position(|u| u.at.space == written.at.space) else {
                note(line, "no unit there: ignored (D.III.4)".into());
                continue;
            };
            if units[i].power != *power {
                note(
                    line,
                    format!("{} is not {power}'s: ignored (D.III.2)", units[i]),
                );
                continue;
            }
            if written.unit.is_some_and(|k| k != units[i].kind) {
                note(line, format!("read as {} (D.IV.1)", units[i]));
            }
            if written.command == Written::Remove {
                note(
                    line,
                    "a removal is no movement order: the unit holds".into(),
                );
                continue;
            }
            if let Some(before) = out.written.insert(i, line.to_owned()) {
                let reading = if this_version.contains(&i) {
                    format!(
                        "{} is ordered again below: the last order counts (D.III.5)",
                        units[i]
                    )
                } else {
                    format!(
                        "a later set orders {} again: its latest order counts (D.III.3, alternative rule)",
                        units[i]
                    )
                };
                note(&before, reading);
            }
            this_version.push(i);
            chosen.insert(i, written);
        }
    }
    // Moves first, so a support can name the coast the supported fleet was sent to (D.IV.3c).
    let mut moves: BTreeMap<usize, RegionKey> = BTreeMap::new();
    for (&i, w) in &chosen {
        let unit = &units[i];
        let command = match &w.command {
            Written::Move { to, via_convoy } => match destination(unit, *to) {
                Ok((dest, inferred)) => {
                    if let Some(n) = inferred {
                        out.notes.push(Note {
                            power: unit.power,
                            line: out.written[&i].clone(),
                            reading: n,
                        });
                    }
                    moves.insert(i, dest.clone());
                    MainCommand::Move(if *via_convoy {
                        MoveCommand::with_mandatory_convoy(dest)
                    } else {
                        MoveCommand::new(dest)
                    })
                }
                Err(why) => {
                    out.notes.push(Note {
                        power: unit.power,
                        line: out.written[&i].clone(),
                        reading: why,
                    });
                    MainCommand::Hold
                }
            },
            Written::Convoy { from, to } => MainCommand::Convoy(ConvoyedMove::new(
                RegionKey::new(from.space, None),
                RegionKey::new(to.space, None),
            )),
            _ => continue,
        };
        out.orders.insert(i, order(unit, command));
    }
    for (&i, w) in &chosen {
        let unit = &units[i];
        let command = match &w.command {
            Written::Hold | Written::Remove => MainCommand::Hold,
            Written::SupportHold { unit: kind, at } => {
                let (kind, region) = supported(units, *kind, *at);
                MainCommand::Support(SupportedOrder::Hold(kind, region))
            }
            Written::SupportMove {
                unit: kind,
                from,
                to,
            } => {
                let (kind, region) = supported(units, *kind, *from);
                let dest = units
                    .iter()
                    .position(|u| u.at.space == from.space)
                    .and_then(|j| moves.get(&j))
                    .filter(|d| d.province().short_name() == to.space)
                    .cloned()
                    .unwrap_or_else(|| RegionKey::new(to.space, to.coast));
                MainCommand::Support(SupportedOrder::Move(kind, region, dest))
            }
            _ => continue,
        };
        out.orders.insert(i, order(unit, command));
    }
    out
}

/// The supported unit as it stands, whatever type or coast was written (D.IV.1, D.IV.3c).
fn supported(units: &[Unit], kind: Option<UnitType>, at: Spot) -> (UnitType, RegionKey) {
    match units.iter().find(|u| u.at.space == at.space) {
        Some(u) => (u.kind, u.region()),
        None => (
            kind.unwrap_or(UnitType::Army),
            RegionKey::new(at.space, at.coast),
        ),
    }
}

fn order(unit: &Unit, command: MainCommand<RegionKey>) -> MappedMainOrder {
    Order::new(nation(unit.power), unit.kind, unit.region(), command)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::diplomacy::adjudicate::units::parse_units;

    fn read(units: &str, sets: &[(Power, &str)]) -> Normalised {
        let units = parse_units(units).unwrap();
        let sets: Vec<(Power, Vec<String>)> = sets
            .iter()
            .map(|(p, s)| (*p, vec![s.to_string()]))
            .collect();
        normalise(&units, &sets)
    }

    #[test]
    fn the_last_order_to_a_unit_counts_d_iii_5() {
        let n = read(
            "France: A Par",
            &[(Power::France, "A Par - Bur; A Par - Pic")],
        );
        assert_eq!(n.orders[&0].to_string(), "FRA: A par -> pic");
        assert!(n.notes[0].reading.contains("D.III.5"));
    }

    #[test]
    fn under_the_alternative_rule_each_units_latest_order_counts_d_iii_3() {
        let units = parse_units("England: F Lon, A Lvp").unwrap();
        let sets = vec![(
            Power::England,
            vec![
                "F Lon - Eng; A Lvp - Yor".to_string(),
                "F Lon - Nth".to_string(),
            ],
        )];
        let n = normalise(&units, &sets);
        assert_eq!(n.orders[&0].to_string(), "ENG: F lon -> nth");
        assert_eq!(n.orders[&1].to_string(), "ENG: A lvp -> yor");
        assert!(n.notes[0].reading.contains("D.III.3"));
    }

    #[test]
    fn an_unreadable_order_is_no_order_and_its_unit_holds_d_iii_4() {
        let n = read("France: A Par", &[(Power::France, "A Par marches on Bur")]);
        assert!(n.orders.is_empty());
        assert!(n.notes[0].reading.contains("D.III.4"));
    }

    #[test]
    fn an_order_to_another_powers_unit_is_ignored_d_iii_2() {
        let n = read(
            "France: A Par; Germany: A Mun",
            &[(Power::France, "A Mun - Bur")],
        );
        assert!(n.orders.is_empty());
        assert!(n.notes[0].reading.contains("D.III.2"));
    }

    #[test]
    fn a_wrong_unit_type_does_not_spoil_the_order_d_iv_1() {
        let n = read("England: F Lon", &[(Power::England, "A Lon - Nth")]);
        assert_eq!(n.orders[&0].to_string(), "ENG: F lon -> nth");
    }

    #[test]
    fn a_coast_is_inferred_where_only_one_can_be_reached_d_iv_3b() {
        let n = read("France: F Gas", &[(Power::France, "F Gas - Spa")]);
        assert_eq!(n.orders[&0].to_string(), "FRA: F gas -> spa(nc)");
        let n = read("Russia: F Bot", &[(Power::Russia, "F Bot - StP/nc")]);
        assert_eq!(n.orders[&0].to_string(), "RUS: F bot -> stp(sc)");
        assert!(n.notes[0].reading.contains("D.IV.3b"));
    }

    #[test]
    fn an_ambiguous_coast_holds_d_iv_3b() {
        for (unit, order) in [
            ("France: F Mao", "F Mao - Spa"),
            ("France: F Por", "F Por - Spa"),
            ("Turkey: F Con", "F Con - Bul"),
        ] {
            let n = read(unit, &[(Power::France, order), (Power::Turkey, order)]);
            assert_eq!(n.orders[&0].command, MainCommand::Hold, "{order}");
        }
        let n = read("France: F Mao", &[(Power::France, "F Mao - Spa/sc")]);
        assert_eq!(n.orders[&0].to_string(), "FRA: F mao -> spa(sc)");
    }

    #[test]
    fn a_support_to_a_two_coast_space_fits_the_move_to_either_coast_d_iv_3c() {
        let n = read(
            "France: F Mao, F Gas",
            &[(Power::France, "F Gas - Spa/nc; F Mao S F Gas - Spa/sc")],
        );
        assert_eq!(
            n.orders[&0].to_string(),
            "FRA: F mao supports F gas -> spa(nc)"
        );
    }
}
