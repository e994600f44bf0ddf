//! The standard map gavel adjudicates on: the `diplomacy` crate's (0.2.0) with the borders its
//! table lacks added back. The crate's map has no Gulf of Bothnia-Finland, -Livonia,
//! -St Petersburg (south coast) or -Sweden, no Galicia-Ukraine, Livonia-Warsaw, Norway-St
//! Petersburg or Tuscany-Tyrrhenian Sea, and no Mid-Atlantic-Spain (south coast); a test below
//! checks every province's neighbours against the Hasbro map.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use diplomacy::geo::builder::ProvinceRegistry;
use diplomacy::geo::{standard_map, Map, Terrain};
use diplomacy::ShortName;

/// Borders of the Hasbro map missing from the crate's table: (region, region, terrain).
const MISSING: [(&str, &str, Terrain); 10] = [
    ("bot", "fin", Terrain::Sea),
    ("bot", "lvn", Terrain::Sea),
    ("bot", "stp(sc)", Terrain::Sea),
    ("bot", "swe", Terrain::Sea),
    ("gal", "ukr", Terrain::Land),
    ("lvn", "war", Terrain::Land),
    ("mao", "spa(sc)", Terrain::Sea),
    ("nwy", "stp", Terrain::Land),
    ("nwy", "stp(nc)", Terrain::Sea),
    ("tus", "tys", Terrain::Sea),
];

static MAP: LazyLock<Map> = LazyLock::new(build);

/// The map to adjudicate on.
pub fn map() -> &'static Map {
    &MAP
}

fn build() -> Map {
    let crate_map = standard_map();
    let mut provinces = ProvinceRegistry::default();
    for p in crate_map.provinces() {
        provinces
            .register(p.clone())
            .expect("a province of the crate's map");
    }
    let mut regions = provinces.finish();
    for r in crate_map.regions() {
        regions
            .register(&r.province().short_name(), r.coast(), r.terrain())
            .expect("a region of the crate's map");
    }
    let mut borders = regions.finish();
    let mut seen = BTreeSet::new();
    for r in crate_map.regions() {
        for b in crate_map.borders_containing(&diplomacy::geo::RegionKey::from(r)) {
            let (a, z) = b.sides();
            let key = (a.to_string(), z.to_string());
            if seen.insert(key.clone()) {
                borders
                    .register(&key.0, &key.1, b.terrain())
                    .expect("a border of the crate's map");
            }
        }
    }
    for (a, z, t) in MISSING {
        borders
            .register(a, z, t)
            .expect("a border of the Hasbro map");
    }
    borders.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use diplomacy::geo::RegionKey;

    /// Each province's neighbours on the Hasbro map, coasts aside.
    const HASBRO: &str =
        "adr: alb apu ion tri ven|aeg: bul con eas gre ion smy|alb: adr gre ion ser tri|\
        ank: arm bla con smy|apu: adr ion nap rom ven|arm: ank bla sev smy syr|\
        bal: ber bot den kie lvn pru swe|bar: nwg nwy stp|bel: bur eng hol nth pic ruh|\
        ber: bal kie mun pru sil|bla: ank arm bul con rum sev|boh: gal mun sil tyr vie|\
        bot: bal fin lvn stp swe|bre: eng gas mao par pic|bud: gal rum ser tri vie|\
        bul: aeg bla con gre rum ser|bur: bel gas mar mun par pic ruh|cly: edi lvp nao nwg|\
        con: aeg ank bla bul smy|den: bal hel kie nth ska swe|eas: aeg ion smy syr|\
        edi: cly lvp nth nwg yor|eng: bel bre iri lon mao nth pic wal|fin: bot nwy stp swe|\
        gal: boh bud rum sil ukr vie war|gas: bre bur mao mar par spa|gre: aeg alb bul ion ser|\
        hel: den hol kie nth|hol: bel hel kie nth ruh|ion: adr aeg alb apu eas gre nap tun tys|\
        iri: eng lvp mao nao wal|kie: bal ber den hel hol mun ruh|lon: eng nth wal yor|\
        lvn: bal bot mos pru stp war|lvp: cly edi iri nao wal yor|lyo: mar pie spa tus tys wes|\
        mao: bre eng gas iri naf nao por spa wes|mar: bur gas lyo pie spa|mos: lvn sev stp ukr war|\
        mun: ber boh bur kie ruh sil tyr|naf: mao tun wes|nao: cly iri lvp mao nwg|\
        nap: apu ion rom tys|nth: bel den edi eng hel hol lon nwg nwy ska yor|\
        nwg: bar cly edi nao nth nwy|nwy: bar fin nth nwg ska stp swe|par: bre bur gas pic|\
        pic: bel bre bur eng par|pie: lyo mar tus tyr ven|por: mao spa|pru: bal ber lvn sil war|\
        rom: apu nap tus tys ven|ruh: bel bur hol kie mun|rum: bla bud bul gal ser sev ukr|\
        ser: alb bud bul gre rum tri|sev: arm bla mos rum ukr|sil: ber boh gal mun pru war|\
        ska: den nth nwy swe|smy: aeg ank arm con eas syr|spa: gas lyo mao mar por wes|\
        stp: bar bot fin lvn mos nwy|swe: bal bot den fin nwy ska|syr: arm eas smy|\
        tri: adr alb bud ser tyr ven vie|tun: ion naf tys wes|tus: lyo pie rom tys ven|\
        tyr: boh mun pie tri ven vie|tys: ion lyo nap rom tun tus wes|ukr: gal mos rum sev war|\
        ven: adr apu pie rom tri tus tyr|vie: boh bud gal tri tyr|wal: eng iri lon lvp yor|\
        war: gal lvn mos pru sil ukr|wes: lyo mao naf spa tun tys|yor: edi lon lvp nth wal";

    fn neighbours(m: &Map, space: &str) -> BTreeSet<String> {
        m.regions()
            .filter(|r| r.province().short_name() == space)
            .flat_map(|r| m.find_bordering(&RegionKey::from(r)))
            .map(|r| r.province().short_name().into_owned())
            .collect()
    }

    #[test]
    fn every_province_has_the_neighbours_of_the_hasbro_map() {
        for entry in HASBRO.split('|') {
            let (space, list) = entry.split_once(':').unwrap();
            let want: BTreeSet<String> = list.split_whitespace().map(str::to_owned).collect();
            assert_eq!(neighbours(map(), space.trim()), want, "{space}");
        }
    }

    #[test]
    fn the_crates_own_map_lacks_the_borders_added_here() {
        assert!(!neighbours(standard_map(), "bot").contains("fin"));
        assert!(neighbours(map(), "bot").contains("fin"));
    }

    #[test]
    fn the_mid_atlantic_reaches_both_coasts_of_spain_d_iv_3b() {
        let mao = RegionKey::new("mao", None);
        for coast in ["spa(nc)", "spa(sc)"] {
            let spa: RegionKey = coast.parse().unwrap();
            assert!(map().find_border_between(&mao, &spa).is_some(), "{coast}");
        }
    }
}
