//! The units on a board as the GM records them: "France: A Par, F Bre, A Mar; Germany: ...",
//! each checked against the standard map (an army on land or a coast, a fleet at sea or on a
//! coast, and on a named coast where a province has two).

use std::fmt;

use diplomacy::geo::{Coast, RegionKey, Terrain};
use diplomacy::{ShortName, UnitType};

use super::map::map;
use super::names::full_name;
use super::parse::{parse_order, Spot, Written};
use crate::domain::diplomacy::Power;

/// A unit on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    pub power: Power,
    pub kind: UnitType,
    pub at: Spot,
}

impl Unit {
    pub fn new(power: Power, kind: UnitType, space: &'static str, coast: Option<Coast>) -> Unit {
        Unit {
            power,
            kind,
            at: Spot { space, coast },
        }
    }

    /// Where it stands, as the crate names regions.
    pub fn region(&self) -> RegionKey {
        RegionKey::new(self.at.space, self.at.coast)
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        };
        write!(f, "{kind} {}", place(&self.region()))
    }
}

/// A region written for people: "Par", "StP(sc)".
pub fn place(r: &RegionKey) -> String {
    let s = r.short_name().into_owned();
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
        .replace("Stp", "StP")
}

/// Why a list of units was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnitsError {
    #[error(
        "Begin each power's units with its name, such as \"France: A Par, F Bre\"; `{0}` has none."
    )]
    NoPower(String),
    #[error("I can't read the unit `{0}`: write A or F and its space, such as \"F StP/sc\".")]
    Unreadable(String),
    #[error("{0} cannot stand in {1}.")]
    CannotStand(String, &'static str),
    #[error("A fleet in {0} must name its coast, such as \"F Spa/nc\".")]
    NeedsCoast(&'static str),
    #[error("Two units stand in {0}.")]
    Twice(&'static str),
}

/// Reads "France: A Par, F Bre; Germany: A Ber" (powers by name or letter).
pub fn parse_units(text: &str) -> Result<Vec<Unit>, UnitsError> {
    let mut units: Vec<Unit> = Vec::new();
    for group in text
        .split([';', '\n'])
        .map(str::trim)
        .filter(|g| !g.is_empty())
    {
        let (power, list) = group
            .split_once(':')
            .and_then(|(p, l)| Some((Power::parse(p)?, l)))
            .ok_or_else(|| UnitsError::NoPower(group.to_owned()))?;
        for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let bad = || UnitsError::Unreadable(item.to_owned());
            let o = parse_order(item).map_err(|_| bad())?;
            let (Some(kind), Written::Hold) = (o.unit, &o.command) else {
                return Err(bad());
            };
            let unit = Unit::new(power, kind, o.at.space, o.at.coast);
            let unit = placed(unit)?;
            if units.iter().any(|u| u.at.space == unit.at.space) {
                return Err(UnitsError::Twice(full_name(unit.at.space)));
            }
            units.push(unit);
        }
    }
    Ok(units)
}

/// Checks a unit can stand where it is said to; an army's coast is dropped.
fn placed(mut unit: Unit) -> Result<Unit, UnitsError> {
    let map = map();
    let space = unit.at.space;
    let coasts: Vec<Coast> = map
        .regions()
        .filter(|r| r.province().short_name() == space)
        .filter_map(|r| r.coast())
        .collect();
    match unit.kind {
        UnitType::Army => unit.at.coast = None,
        UnitType::Fleet if coasts.is_empty() => unit.at.coast = None,
        UnitType::Fleet => match unit.at.coast {
            Some(c) if coasts.contains(&c) => {}
            _ => return Err(UnitsError::NeedsCoast(full_name(space))),
        },
    }
    let region = map
        .find_region(&unit.region().to_string())
        .ok_or(UnitsError::CannotStand(unit.to_string(), full_name(space)))?;
    let ok = match (unit.kind, region.terrain()) {
        (_, Terrain::Coast) => true,
        (UnitType::Army, t) => t == Terrain::Land,
        (UnitType::Fleet, t) => t == Terrain::Sea,
    };
    if ok {
        Ok(unit)
    } else {
        Err(UnitsError::CannotStand(unit.to_string(), full_name(space)))
    }
}

/// The units of Spring 1901.
pub fn standard_start() -> Vec<Unit> {
    parse_units(
        "Austria: A Vie, A Bud, F Tri; England: F Lon, F Edi, A Lvp; \
         France: F Bre, A Par, A Mar; Germany: F Kie, A Ber, A Mun; \
         Italy: F Nap, A Rom, A Ven; Russia: F StP/sc, A Mos, A War, F Sev; \
         Turkey: F Ank, A Con, A Smy",
    )
    .expect("the standard opening is valid")
}

/// The units written back as the GM records them.
pub fn write_units(units: &[Unit]) -> String {
    let mut groups = Vec::new();
    for p in Power::ALL {
        let mine: Vec<String> = units
            .iter()
            .filter(|u| u.power == p)
            .map(Unit::to_string)
            .collect();
        if !mine.is_empty() {
            groups.push(format!("{p}: {}", mine.join(", ")));
        }
    }
    groups.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_has_twenty_two_units_and_writes_back_as_read() {
        let units = standard_start();
        assert_eq!(units.len(), 22);
        assert_eq!(parse_units(&write_units(&units)).unwrap(), units);
        assert!(write_units(&units).contains("Russia: F StP(sc), A Mos, A War, F Sev"));
    }

    #[test]
    fn a_unit_must_be_able_to_stand_where_it_is_put() {
        assert!(matches!(
            parse_units("England: A Nth"),
            Err(UnitsError::CannotStand(..))
        ));
        assert!(matches!(
            parse_units("France: F Par"),
            Err(UnitsError::CannotStand(..))
        ));
        assert_eq!(
            parse_units("France: F Spa"),
            Err(UnitsError::NeedsCoast("Spain"))
        );
        assert_eq!(
            parse_units("France: A Par, F Par"),
            Err(UnitsError::CannotStand("F Par".into(), "Paris"))
        );
        assert_eq!(
            parse_units("France: A Bur; Germany: A Bur"),
            Err(UnitsError::Twice("Burgundy"))
        );
        assert!(matches!(parse_units("A Par"), Err(UnitsError::NoPower(_))));
    }
}
