//! The standard map's 76 spaces (75 and Switzerland): the adjudicator's keys, the names the Hasbro rules give them,
//! and how a typed name is read (D.III.1: any abbreviation that is not ambiguous).

/// (the adjudicator's key, the Hasbro rules' name).
pub const SPACES: [(&str, &str); 76] = [
    ("adr", "Adriatic Sea"),
    ("aeg", "Aegean Sea"),
    ("alb", "Albania"),
    ("ank", "Ankara"),
    ("apu", "Apulia"),
    ("arm", "Armenia"),
    ("bal", "Baltic Sea"),
    ("bar", "Barents Sea"),
    ("bel", "Belgium"),
    ("ber", "Berlin"),
    ("bla", "Black Sea"),
    ("boh", "Bohemia"),
    ("bot", "Gulf of Bothnia"),
    ("bre", "Brest"),
    ("bud", "Budapest"),
    ("bul", "Bulgaria"),
    ("bur", "Burgundy"),
    ("cly", "Clyde"),
    ("con", "Constantinople"),
    ("den", "Denmark"),
    ("eas", "Eastern Mediterranean"),
    ("edi", "Edinburgh"),
    ("eng", "English Channel"),
    ("fin", "Finland"),
    ("gal", "Galicia"),
    ("gas", "Gascony"),
    ("gre", "Greece"),
    ("hel", "Heligoland Bight"),
    ("hol", "Holland"),
    ("ion", "Ionian Sea"),
    ("iri", "Irish Sea"),
    ("kie", "Kiel"),
    ("lon", "London"),
    ("lvn", "Livonia"),
    ("lvp", "Liverpool"),
    ("lyo", "Gulf of Lyon"),
    ("mao", "Mid-Atlantic Ocean"),
    ("mar", "Marseilles"),
    ("mos", "Moscow"),
    ("mun", "Munich"),
    ("naf", "North Africa"),
    ("nao", "North Atlantic Ocean"),
    ("nap", "Naples"),
    ("nth", "North Sea"),
    ("nwg", "Norwegian Sea"),
    ("nwy", "Norway"),
    ("par", "Paris"),
    ("pic", "Picardy"),
    ("pie", "Piedmont"),
    ("por", "Portugal"),
    ("pru", "Prussia"),
    ("rom", "Rome"),
    ("ruh", "Ruhr"),
    ("rum", "Rumania"),
    ("ser", "Serbia"),
    ("sev", "Sevastopol"),
    ("sil", "Silesia"),
    ("ska", "Skagerrak"),
    ("smy", "Smyrna"),
    ("spa", "Spain"),
    ("stp", "St. Petersburg"),
    ("swe", "Sweden"),
    ("swi", "Switzerland"),
    ("syr", "Syria"),
    ("tri", "Trieste"),
    ("tun", "Tunis"),
    ("tus", "Tuscany"),
    ("tyr", "Tyrolia"),
    ("tys", "Tyrrhenian Sea"),
    ("ukr", "Ukraine"),
    ("ven", "Venice"),
    ("vie", "Vienna"),
    ("wal", "Wales"),
    ("war", "Warsaw"),
    ("wes", "Western Mediterranean"),
    ("yor", "Yorkshire"),
];

/// Other abbreviations in common use, each naming one space.
const ALIASES: [(&str, &str); 22] = [
    ("mid", "mao"),
    ("mat", "mao"),
    ("nat", "nao"),
    ("nrg", "nwg"),
    ("nor", "nwy"),
    ("gol", "lyo"),
    ("gob", "bot"),
    ("wme", "wes"),
    ("eme", "eas"),
    ("tyn", "tys"),
    ("tyl", "tyr"),
    ("ska", "ska"),
    ("skg", "ska"),
    ("lpl", "lvp"),
    ("liv", "lvp"),
    ("lvo", "lvn"),
    ("hel", "hel"),
    ("hgb", "hel"),
    ("ech", "eng"),
    ("stp", "stp"),
    ("nwy", "nwy"),
    ("tun", "tun"),
];

/// The Hasbro name of a space.
pub fn full_name(key: &str) -> &'static str {
    SPACES
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("?", |(_, n)| n)
}

/// The key of a space written by its key, a common abbreviation, its name, or words that begin
/// the words of exactly one name ("West Med", "St Pete", "Mid Atlantic"). `None` when nothing
/// or more than one space fits.
pub fn space(words: &[&str]) -> Option<&'static str> {
    let words: Vec<String> = words
        .iter()
        .flat_map(|w| w.split(['-', '.']))
        .map(|w| w.to_ascii_lowercase())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return None;
    }
    if let [one] = words.as_slice() {
        if let Some((k, _)) = SPACES.iter().find(|(k, _)| k == one) {
            return Some(k);
        }
        if let Some((_, k)) = ALIASES.iter().find(|(a, _)| a == one) {
            return Some(k);
        }
    }
    let fits = |name: &str| {
        let name_words: Vec<String> = name
            .split([' ', '-', '.'])
            .filter(|w| !w.is_empty() && *w != "of")
            .map(str::to_ascii_lowercase)
            .collect();
        let typed: Vec<&String> = words.iter().filter(|w| *w != "of").collect();
        typed.len() <= name_words.len()
            && typed
                .iter()
                .zip(&name_words)
                .all(|(t, n)| n.starts_with(t.as_str()))
    };
    let mut found = SPACES.iter().filter(|(_, n)| fits(n));
    match (found.next(), found.next()) {
        (Some((k, _)), None) => Some(k),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_abbreviations_and_names_read_as_one_space_d_iii_1() {
        assert_eq!(space(&["Par"]), Some("par"));
        assert_eq!(space(&["NAT"]), Some("nao"));
        assert_eq!(space(&["West", "Med"]), Some("wes"));
        assert_eq!(space(&["Mid-Atlantic", "Ocean"]), Some("mao"));
        assert_eq!(space(&["St.", "Petersburg"]), Some("stp"));
        assert_eq!(space(&["Gulf", "of", "Lyon"]), Some("lyo"));
        assert_eq!(space(&["Burgundy"]), Some("bur"));
    }

    #[test]
    fn an_ambiguous_abbreviation_reads_as_no_space_d_iii_1() {
        // "Nor" is an alias for Norway; "North" begins three names.
        assert_eq!(space(&["North"]), None);
        assert_eq!(space(&["Xyz"]), None);
    }

    #[test]
    fn every_space_has_a_name() {
        assert_eq!(full_name("eng"), "English Channel");
        assert!(SPACES.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
