//! DATC-style cases run through gavel's reading of written orders and the crate's adjudication,
//! and the house rules' conventions end to end (D.III-D.VI).

use super::compare::{differences, parse_results};
use super::judge::{judge, Fate, Judged};
use super::normalise::normalise;
use super::units::parse_units;
use crate::domain::diplomacy::Power;

fn run(units: &str, sets: &[(Power, &str)]) -> Vec<Judged> {
    let units = parse_units(units).unwrap();
    let sets: Vec<(Power, Vec<String>)> = sets
        .iter()
        .map(|(p, s)| (*p, vec![s.to_string()]))
        .collect();
    let n = normalise(&units, &sets);
    judge(&units, &n).0
}

fn fate(j: &[Judged], unit: &str) -> Fate {
    j.iter()
        .find(|j| j.unit.to_string() == unit)
        .unwrap_or_else(|| panic!("{unit} in {j:?}"))
        .fate
        .clone()
}

fn moved(to: &str) -> Fate {
    Fate::Moved(to.into())
}

#[test]
fn two_equal_moves_stand_off_and_both_stay_datc_6_a_11() {
    let j = run(
        "Germany: A Ber; Russia: A War",
        &[
            (Power::Germany, "A Ber - Sil"),
            (Power::Russia, "A War - Sil"),
        ],
    );
    assert_eq!(fate(&j, "A Ber"), Fate::Stayed);
    assert_eq!(fate(&j, "A War"), Fate::Stayed);
    assert!(j[0].why.starts_with("bounced with"));
}

#[test]
fn a_supported_attack_dislodges_the_defender() {
    let j = run(
        "France: A Bur, A Mar; Germany: A Mun",
        &[
            (Power::France, "A Bur - Mun; A Mar - Bur"),
            (Power::Germany, "A Mun H"),
        ],
    );
    assert_eq!(fate(&j, "A Bur"), Fate::Stayed);
    let j = run(
        "France: A Bur, A Ruh; Germany: A Mun",
        &[
            (Power::France, "A Bur - Mun; A Ruh S A Bur - Mun"),
            (Power::Germany, "A Mun H"),
        ],
    );
    assert_eq!(fate(&j, "A Bur"), moved("mun"));
    assert_eq!(fate(&j, "A Mun"), Fate::Dislodged);
}

#[test]
fn an_attack_on_the_supporter_cuts_the_support_datc_6_d_9() {
    let j = run(
        "France: A Bur, A Ruh; Germany: A Mun, A Kie",
        &[
            (Power::France, "A Bur - Mun; A Ruh S A Bur - Mun"),
            (Power::Germany, "A Mun H; A Kie - Ruh"),
        ],
    );
    assert_eq!(fate(&j, "A Bur"), Fate::Stayed);
    assert_eq!(fate(&j, "A Mun"), Fate::Stayed);
    let ruh = j.iter().find(|j| j.unit.to_string() == "A Ruh").unwrap();
    assert!(
        ruh.why.starts_with("support cut by A Kie - Ruh"),
        "{}",
        ruh.why
    );
}

#[test]
fn a_fleet_convoys_an_army_across_the_sea_datc_6_a_1() {
    let j = run(
        "England: A Lon, F Nth",
        &[(Power::England, "A Lon - Nwy; F Nth C A Lon - Nwy")],
    );
    assert_eq!(fate(&j, "A Lon"), moved("nwy"));
    assert_eq!(fate(&j, "F Nth"), Fate::Stayed);
}

#[test]
fn a_dislodged_convoy_fails_its_army() {
    let j = run(
        "England: A Lon, F Nth; Germany: F Hel, F Ska",
        &[
            (Power::England, "A Lon - Nwy; F Nth C A Lon - Nwy"),
            (Power::Germany, "F Hel - Nth; F Ska S F Hel - Nth"),
        ],
    );
    assert_eq!(fate(&j, "A Lon"), Fate::Stayed);
    assert_eq!(fate(&j, "F Nth"), Fate::Dislodged);
}

#[test]
fn an_illegal_move_holds_and_may_be_supported_to_hold_d_iii_4() {
    // A Par cannot reach Munich: it holds, and Picardy's support to hold it counts, so the
    // attack from Brest with one support fails.
    let j = run(
        "France: A Par, A Pic; England: A Bre, A Gas",
        &[
            (Power::France, "A Par - Mun; A Pic S A Par"),
            (Power::England, "A Bre - Par; A Gas S A Bre - Par"),
        ],
    );
    assert_eq!(fate(&j, "A Par"), Fate::Stayed);
    assert_eq!(fate(&j, "A Bre"), Fate::Stayed);
    let par = j.iter().find(|j| j.unit.to_string() == "A Par").unwrap();
    assert!(par.order.contains("no valid order"), "{}", par.order);
}

#[test]
fn an_unreadable_order_holds_d_iii_4() {
    let j = run(
        "France: A Par",
        &[(Power::France, "A Par goes to Burgundy")],
    );
    assert_eq!(fate(&j, "A Par"), Fate::Stayed);
    assert_eq!(j[0].order, "A Par H (no valid order)");
}

#[test]
fn the_last_order_given_to_a_unit_counts_d_iii_5() {
    let j = run(
        "France: A Par",
        &[(Power::France, "A Par - Bur\nA Par - Pic")],
    );
    assert_eq!(fate(&j, "A Par"), moved("pic"));
}

#[test]
fn a_fleets_coast_is_inferred_and_the_move_succeeds_d_iv_3b() {
    let j = run("France: F Gas", &[(Power::France, "F Gas - Spa")]);
    assert_eq!(fate(&j, "F Gas"), moved("spa"));
    assert_eq!(j[0].order, "F Gas - Spa(nc)");
}

#[test]
fn a_move_by_land_is_not_a_convoy_without_its_own_fleet_d_vi_2() {
    // Italy's A Apu - Ven with no Italian convoy goes by land and bounces off A Ven.
    let j = run(
        "Italy: A Apu; Austria: A Ven, F Adr",
        &[
            (Power::Italy, "A Apu - Ven"),
            (Power::Austria, "A Ven H; F Adr C A Apu - Ven"),
        ],
    );
    assert_eq!(fate(&j, "A Apu"), Fate::Stayed);
}

#[test]
fn the_check_flags_exactly_the_unit_the_gm_saw_differently() {
    let j = run(
        "Germany: A Ber; Russia: A War; France: A Par",
        &[
            (Power::Germany, "A Ber - Sil"),
            (Power::Russia, "A War - Sil"),
            (Power::France, "A Par - Bur"),
        ],
    );
    let agree = parse_results("A Par - Bur; A Ber bounced; A War bounced").unwrap();
    assert!(differences(&j, &agree).is_empty());
    let gm = parse_results("A Par - Bur; A Ber - Sil").unwrap();
    let d = differences(&j, &gm);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].unit, "Germany A Ber");
    assert_eq!(d[0].order, "A Ber - Sil");
    assert!(d[0]
        .gavel
        .starts_with("stays in Berlin (bounced with A War - Sil)"));
    assert_eq!(d[0].gm, "moves to Silesia");
}
