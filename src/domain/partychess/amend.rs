//! A change to the club's rulebook that carries Party Chess rules: which suite rules it enacts,
//! amends or repeals, and the suite it leaves (Rule 1230.1 §3.E, §3.G follow in the app).

use super::suite::{self, SuiteRule};

/// Reads the Party Chess rules written in a rule's text: the suite's own format (a
/// `Rule 1230.N/R` line, a title line, an author line, the text), or one line as a proposal's
/// text is written, `Rule 1230.N/R | title | author | text`. None when it holds none.
pub fn rules_in(text: &str) -> Option<Vec<SuiteRule>> {
    if !suite::is_party_chess(text) {
        return one_line(text).map(|r| vec![r]);
    }
    match suite::parse(text) {
        Ok(rules) => Some(rules),
        Err(_) => one_line(text).map(|r| vec![r]),
    }
}

/// `Rule 1230.5/5 | Rook | Author | 1. A Rook is represented by ...`.
fn one_line(text: &str) -> Option<SuiteRule> {
    let mut parts = text.trim().splitn(4, '|').map(str::trim);
    let head = parts.next()?;
    let (number, revision) = suite::heading(head)?;
    let title = parts.next().filter(|t| !t.is_empty())?;
    let author = parts.next().filter(|t| !t.is_empty())?;
    let body = parts.next()?;
    Some(SuiteRule {
        number,
        revision,
        title: title.to_owned(),
        author: author.to_owned(),
        text: body.to_owned(),
    })
}

/// The suite after a change: each enacted or amended rule takes its number's place (or joins
/// the suite), each repealed number leaves it unless the same change enacts it again.
pub fn apply(old: &[SuiteRule], enacted: &[SuiteRule], repealed: &[u32]) -> Vec<SuiteRule> {
    let mut rules: Vec<SuiteRule> = old
        .iter()
        .filter(|r| !repealed.contains(&r.number) || enacted.iter().any(|e| e.number == r.number))
        .cloned()
        .collect();
    for e in enacted {
        match rules.iter_mut().find(|r| r.number == e.number) {
            Some(r) => *r = e.clone(),
            None => rules.push(e.clone()),
        }
    }
    rules.sort_by_key(|r| r.number);
    rules
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(number: u32, revision: u32, text: &str) -> SuiteRule {
        SuiteRule {
            number,
            revision,
            title: format!("Rule {number}"),
            author: "A".into(),
            text: text.into(),
        }
    }

    #[test]
    fn a_rule_change_written_on_one_line_carries_a_party_chess_rule_1230_1_3_e() {
        let r = rules_in("Rule 1230.6/3 | Camel | Ann | 1. A Camel is represented by C.").unwrap();
        assert_eq!(r[0].label(), "Rule 1230.6/3");
        assert_eq!(r[0].title, "Camel");
        assert_eq!(r[0].text, "1. A Camel is represented by C.");
    }

    #[test]
    fn a_rule_change_in_the_suites_own_format_carries_its_rules() {
        let r = rules_in("Rule 1230.6/3\nCamel\nAnn\n\nA Camel.").unwrap();
        assert_eq!((r[0].number, r[0].text.as_str()), (6, "A Camel."));
    }

    #[test]
    fn a_rule_of_the_club_that_is_no_party_chess_rule_changes_nothing_in_the_suite() {
        assert_eq!(rules_in("All players must obey the rules."), None);
        assert_eq!(rules_in("Rule 301 | x | y | z"), None);
    }

    #[test]
    fn an_amendment_takes_its_rules_place_and_a_repeal_removes_it_1230_1_3_e() {
        let old = vec![rule(5, 4, "rook"), rule(6, 2, "camel")];
        let new = apply(&old, &[rule(6, 3, "new camel"), rule(22, 0, "new")], &[5]);
        let got: Vec<(u32, u32)> = new.iter().map(|r| (r.number, r.revision)).collect();
        assert_eq!(got, vec![(6, 3), (22, 0)]);
    }
}
