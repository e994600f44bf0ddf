//! Civil-disorder removals (D.V.4): when a power orders too few removals, the units most distant
//! from home go first. An army counts moves as if it could enter sea and land alike (never
//! Switzerland); a fleet counts legal fleet moves. Fleets go before armies at equal distance,
//! then by the space's name in alphabetical order. The crate measures every unit the same way
//! (terrain ignored, per the DATC's 6.J.6), so this rule is gavel's own, on the crate's map.

use std::collections::{BTreeSet, VecDeque};

use diplomacy::geo::{RegionKey, SupplyCenter, Terrain};
use diplomacy::{ShortName, UnitType};

use super::map::map;
use super::names::full_name;
use super::nation;
use super::units::Unit;
use crate::domain::diplomacy::Power;

fn home_centres(power: Power) -> BTreeSet<String> {
    let n = nation(power);
    map()
        .provinces()
        .filter(|p| p.supply_center == SupplyCenter::Home(n.clone()))
        .map(|p| p.short_name().into_owned())
        .collect()
}

/// Spaces next to `space` by any border (an army with the fictional ability of D.V.4).
fn any_neighbours(space: &str) -> BTreeSet<String> {
    let map = map();
    map.regions()
        .filter(|r| r.province().short_name() == space)
        .flat_map(|r| map.find_bordering(&RegionKey::from(r)))
        .map(|r| r.province().short_name().into_owned())
        .collect()
}

/// Regions a fleet at `region` can move to.
fn fleet_neighbours(region: &RegionKey) -> Vec<RegionKey> {
    map()
        .borders_containing(region)
        .into_iter()
        .filter(|b| b.terrain() != Terrain::Land)
        .filter_map(|b| b.dest_from(region).cloned())
        .collect()
}

/// The unit's distance from home under D.V.4; `None` when no home centre can be reached.
pub fn distance(unit: &Unit) -> Option<u32> {
    let homes = home_centres(unit.power);
    match unit.kind {
        UnitType::Army => {
            let mut seen = BTreeSet::from([unit.at.space.to_owned()]);
            let mut queue = VecDeque::from([(unit.at.space.to_owned(), 0)]);
            while let Some((space, d)) = queue.pop_front() {
                if homes.contains(&space) {
                    return Some(d);
                }
                for n in any_neighbours(&space) {
                    if n != "swi" && seen.insert(n.clone()) {
                        queue.push_back((n, d + 1));
                    }
                }
            }
            None
        }
        UnitType::Fleet => {
            let start = unit.region();
            let mut seen = BTreeSet::from([start.clone()]);
            let mut queue = VecDeque::from([(start, 0)]);
            while let Some((region, d)) = queue.pop_front() {
                if homes.contains(region.province().short_name().as_ref()) {
                    return Some(d);
                }
                for n in fleet_neighbours(&region) {
                    if seen.insert(n.clone()) {
                        queue.push_back((n, d + 1));
                    }
                }
            }
            None
        }
    }
}

/// The order in which the GM removes `power`'s units in civil disorder: most distant first, a
/// fleet before an army at equal distance, then alphabetically by the space's name.
pub fn removal_order(units: &[Unit], power: Power) -> Vec<(Unit, Option<u32>)> {
    let mut mine: Vec<(Unit, Option<u32>)> = units
        .iter()
        .filter(|u| u.power == power)
        .map(|u| (*u, distance(u)))
        .collect();
    mine.sort_by(|(a, da), (b, db)| {
        // Unreachable counts as farthest.
        let far = |d: &Option<u32>| d.unwrap_or(u32::MAX);
        far(db)
            .cmp(&far(da))
            .then((b.kind == UnitType::Fleet).cmp(&(a.kind == UnitType::Fleet)))
            .then(full_name(a.at.space).cmp(full_name(b.at.space)))
    });
    mine
}

/// The `count` units removed in civil disorder, besides the removals the power ordered.
pub fn civil_disorder_removals(units: &[Unit], power: Power, count: usize) -> Vec<Unit> {
    removal_order(units, power)
        .into_iter()
        .take(count)
        .map(|(u, _)| u)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::diplomacy::adjudicate::units::parse_units;

    fn one(text: &str) -> Unit {
        parse_units(text).unwrap()[0]
    }

    #[test]
    fn a_russian_army_in_constantinople_stands_two_from_home_d_v_4() {
        assert_eq!(distance(&one("Russia: A Con")), Some(2));
    }

    #[test]
    fn a_russian_fleet_on_bulgarias_south_coast_stands_three_from_home_d_v_4() {
        assert_eq!(distance(&one("Russia: F Bul/sc")), Some(3));
    }

    #[test]
    fn an_army_counts_moves_across_water_but_never_through_switzerland_d_v_4() {
        // London is two moves from Brest by the English Channel.
        assert_eq!(distance(&one("England: A Bre")), Some(2));
        assert_eq!(distance(&one("Germany: A Mun")), Some(0));
        // The crate's map gives Switzerland no borders, so no route can pass through it.
        assert!(any_neighbours("swi").is_empty());
        assert!(!any_neighbours("mar").contains("swi"));
    }

    #[test]
    fn the_most_distant_unit_goes_first_then_fleets_then_the_alphabet_d_v_4() {
        let units = parse_units("Russia: A Con, F Bul/sc, A Ukr, F Rum, A Gal").unwrap();
        let order: Vec<String> = removal_order(&units, Power::Russia)
            .into_iter()
            .map(|(u, d)| format!("{u}={}", d.unwrap()))
            .collect();
        // F Bul(sc) is 3; A Con 2; then at 1 the fleet F Rum, then A Galicia before A Ukraine.
        assert_eq!(
            order,
            ["F Bul(sc)=3", "A Con=2", "F Rum=1", "A Gal=1", "A Ukr=1"]
        );
        assert_eq!(
            civil_disorder_removals(&units, Power::Russia, 2),
            vec![units[1], units[0]]
        );
    }
}
