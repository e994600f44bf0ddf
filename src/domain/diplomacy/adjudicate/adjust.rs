//! The removals of an adjustment turn: a power with more units than centres removes the
//! difference. Its ordered removals count; more than it needs are followed from the bottom of
//! its set up (D.V.2); fewer are made up in civil disorder, the units most distant from home
//! first (D.V.4). Builds are the GM's alone and are not checked.

use super::judge::{Fate, Judged};
use super::normalise::Note;
use super::parse::{lines, parse_order, Written};
use super::removal::removal_order;
use super::units::Unit;
use crate::domain::diplomacy::{Centres, Power};

/// Each unit's fate in the adjustment turn (removed or staying), and how the orders were read.
pub fn adjust(
    units: &[Unit],
    centres: &Centres,
    sets: &[(Power, Vec<String>)],
) -> (Vec<Judged>, Vec<Note>) {
    let mut notes = Vec::new();
    let mut removed: Vec<(Unit, String)> = Vec::new();
    let mut written: Vec<(Unit, String)> = Vec::new();
    for power in Power::ALL {
        let mine: Vec<Unit> = units.iter().filter(|u| u.power == power).copied().collect();
        let need = mine.len().saturating_sub(centres.of(power) as usize);
        let mut ordered: Vec<(Unit, String)> = Vec::new();
        let last = sets
            .iter()
            .filter(|(p, _)| *p == power)
            .flat_map(|(_, v)| v.last());
        for line in last.flat_map(|body| lines(body)) {
            let Ok(w) = parse_order(line) else {
                notes.push(note(power, line, "unreadable: no removal (D.III.4)"));
                continue;
            };
            if w.command != Written::Remove {
                continue;
            }
            match mine.iter().find(|u| u.at.space == w.at.space) {
                Some(u) if ordered.iter().all(|(o, _)| o != u) => ordered.push((*u, line.into())),
                Some(_) => {}
                None => notes.push(note(power, line, "no unit of theirs there: no removal")),
            }
        }
        written.extend(ordered.iter().cloned());
        if need == 0 {
            for (_, line) in &ordered {
                notes.push(note(power, line, "no removal is due: ignored"));
            }
            continue;
        }
        if ordered.len() > need {
            // D.V.2: followed from the bottom of the set up until the number is reached.
            for (_, line) in &ordered[..ordered.len() - need] {
                notes.push(note(
                    power,
                    line,
                    "more removals than due: the lowest count (D.V.2)",
                ));
            }
            ordered.drain(..ordered.len() - need);
        }
        for (u, _) in &ordered {
            removed.push((*u, "removal ordered".to_owned()));
        }
        let short = need - ordered.len();
        if short > 0 {
            let rest: Vec<Unit> = mine
                .iter()
                .filter(|u| ordered.iter().all(|(o, _)| o != *u))
                .copied()
                .collect();
            for (u, d) in removal_order(&rest, power).into_iter().take(short) {
                let distance = d.map_or("no home centre in reach".into(), |d| {
                    format!("{d} from home")
                });
                removed.push((u, format!("civil disorder: {distance}, D.V.4")));
            }
        }
    }
    let judged = units
        .iter()
        .map(|u| {
            let why = removed.iter().find(|(r, _)| r == u).map(|(_, w)| w.clone());
            Judged {
                unit: *u,
                order: written
                    .iter()
                    .find(|(w, _)| w == u)
                    .map_or("(none)".into(), |(_, l)| l.clone()),
                fate: if why.is_some() {
                    Fate::Removed
                } else {
                    Fate::Stayed
                },
                why: why.unwrap_or_else(|| "no removal falls on it".into()),
            }
        })
        .collect();
    (judged, notes)
}

fn note(power: Power, line: &str, reading: &str) -> Note {
    Note {
        power,
        line: line.to_owned(),
        reading: reading.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::diplomacy::adjudicate::units::parse_units;

    fn removed(units: &str, counts: &str, sets: &[(Power, &str)]) -> Vec<String> {
        let units = parse_units(units).unwrap();
        let sets: Vec<(Power, Vec<String>)> = sets
            .iter()
            .map(|(p, s)| (*p, vec![s.to_string()]))
            .collect();
        adjust(&units, &Centres::parse(counts).unwrap(), &sets)
            .0
            .into_iter()
            .filter(|j| j.fate == Fate::Removed)
            .map(|j| j.unit.to_string())
            .collect()
    }

    #[test]
    fn a_power_that_orders_no_removal_loses_its_most_distant_units_d_v_4() {
        let r = removed(
            "Russia: A Con, F Bul/sc, A Ukr, F Rum, A Mos",
            "R=3 T=3",
            &[],
        );
        assert_eq!(r, ["A Con", "F Bul(sc)"]);
    }

    #[test]
    fn ordered_removals_count_and_civil_disorder_makes_up_the_rest_d_v_4() {
        let r = removed(
            "Russia: A Con, F Bul/sc, A Ukr, F Rum, A Mos",
            "R=3",
            &[(Power::Russia, "Remove A Mos")],
        );
        assert_eq!(r, ["F Bul(sc)", "A Mos"]);
    }

    #[test]
    fn too_many_removals_are_followed_from_the_bottom_up_d_v_2() {
        let r = removed(
            "France: A Par, A Mar, F Bre",
            "F=2",
            &[(Power::France, "Remove A Par; Remove F Bre")],
        );
        assert_eq!(r, ["F Bre"]);
    }

    #[test]
    fn a_power_with_centres_for_its_units_removes_nothing() {
        assert!(removed("France: A Par", "F=3", &[(Power::France, "Remove A Par")]).is_empty());
    }
}
