//! The GM's adjudication as typed ("A Par - Bur; F Bre held; A Mun dislodged"; in an adjustment
//! turn "A Mos removed"), and each unit
//! whose outcome differs from gavel's. A unit the GM does not mention is read as staying where
//! it stands, so a GM need list only the moves and the dislodgements.

use super::judge::{Fate, Judged};
use super::names::space;

/// What the GM says became of a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// Moved, to this space when the GM names it.
    Moved(Option<&'static str>),
    Stayed,
    Dislodged,
    /// Removed in an adjustment turn.
    Removed,
}

/// Why the GM's results could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultsError {
    #[error("I can't read the result `{0}`: write each unit and what became of it, such as \"A Par - Bur; F Bre held; A Mun dislodged\".")]
    Unreadable(String),
    #[error("The result `{0}` names no space I know (D.III.1).")]
    NoSpace(String),
}

/// The GM's results: the space of each unit named, and its claim.
pub fn parse_results(text: &str) -> Result<Vec<(&'static str, Claim)>, ResultsError> {
    let mut out = Vec::new();
    for entry in text
        .split([';', '\n', ','])
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let lower = entry
            .to_ascii_lowercase()
            .replace("mid-atlantic", "mid atlantic")
            .replace("->", " - ")
            .replace('-', " - ")
            .replace(':', " ");
        let w: Vec<&str> = lower.split_whitespace().collect();
        let unreadable = || ResultsError::Unreadable(entry.to_owned());
        let k = w
            .iter()
            .position(|t| claim_word(t).is_some())
            .ok_or_else(unreadable)?;
        let head: Vec<&str> = w[..k]
            .iter()
            .copied()
            .skip_while(|t| matches!(*t, "a" | "f" | "army" | "fleet"))
            .filter(|t| !t.starts_with(['(', '/']))
            .collect();
        let at = space(&head).ok_or_else(|| ResultsError::NoSpace(entry.to_owned()))?;
        let rest: Vec<&str> = w[k + 1..]
            .iter()
            .copied()
            .filter(|t| !matches!(*t, "to" | "-") && !t.starts_with(['(', '/']))
            .collect();
        let claim = match claim_word(w[k]).ok_or_else(unreadable)? {
            Claim::Moved(_) if rest.is_empty() => Claim::Moved(None),
            Claim::Moved(_) => Claim::Moved(Some(
                space(&rest).ok_or_else(|| ResultsError::NoSpace(entry.to_owned()))?,
            )),
            c => c,
        };
        out.push((at, claim));
    }
    Ok(out)
}

fn claim_word(t: &str) -> Option<Claim> {
    match t {
        "-" | "to" | "moved" | "moves" | "advances" | "succeeds" | "succeeded" => {
            Some(Claim::Moved(None))
        }
        "h" | "held" | "holds" | "stays" | "stayed" | "stands" | "bounced" | "bounces"
        | "fails" | "failed" => Some(Claim::Stayed),
        "dislodged" | "destroyed" => Some(Claim::Dislodged),
        "removed" | "disbanded" => Some(Claim::Removed),
        _ => None,
    }
}

impl Claim {
    fn agrees(&self, fate: &Fate) -> bool {
        match (self, fate) {
            (Claim::Moved(None), Fate::Moved(_)) => true,
            (Claim::Moved(Some(gm)), Fate::Moved(to)) => gm == to,
            (Claim::Stayed, Fate::Stayed)
            | (Claim::Dislodged, Fate::Dislodged)
            | (Claim::Removed, Fate::Removed) => true,
            _ => false,
        }
    }

    fn describe(&self, at: &str) -> String {
        use super::names::full_name;
        match self {
            Claim::Moved(Some(to)) => format!("moves to {}", full_name(to)),
            Claim::Moved(None) => "moves".into(),
            Claim::Stayed => format!("stays in {}", full_name(at)),
            Claim::Dislodged => "is dislodged".into(),
            Claim::Removed => "is removed".into(),
        }
    }
}

/// A unit whose outcome the GM and gavel see differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// "France A Par".
    pub unit: String,
    pub order: String,
    pub gavel: String,
    pub gm: String,
}

/// Every unit whose outcome differs, and every result the GM gave for a space with no unit.
pub fn differences(judged: &[Judged], claims: &[(&'static str, Claim)]) -> Vec<Difference> {
    let mut out = Vec::new();
    for j in judged {
        let given = claims
            .iter()
            .rev()
            .find(|(at, _)| *at == j.unit.at.space)
            .map(|(_, c)| c.clone());
        let mentioned = given.is_some();
        let claim = given.unwrap_or(Claim::Stayed);
        if !claim.agrees(&j.fate) {
            let gm = claim.describe(j.unit.at.space);
            out.push(Difference {
                unit: format!("{} {}", j.unit.power, j.unit),
                order: j.order.clone(),
                gavel: format!("{} ({})", j.fate.describe(&j.unit), j.why),
                gm: if mentioned {
                    gm
                } else {
                    format!("{gm} (not mentioned)")
                },
            });
        }
    }
    for (at, claim) in claims {
        if !judged.iter().any(|j| j.unit.at.space == *at) {
            out.push(Difference {
                unit: super::names::full_name(at).to_owned(),
                order: "no unit stands there".into(),
                gavel: "nothing to adjudicate".into(),
                gm: claim.describe(at),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_moves_stays_and_dislodgements() {
        let r = parse_results("A Par - Bur; F Bre held, A Mun: dislodged\nA Ven moved; F Mid-Atlantic Ocean moves to Spain").unwrap();
        assert_eq!(
            r,
            vec![
                ("par", Claim::Moved(Some("bur"))),
                ("bre", Claim::Stayed),
                ("mun", Claim::Dislodged),
                ("ven", Claim::Moved(None)),
                ("mao", Claim::Moved(Some("spa"))),
            ]
        );
    }

    #[test]
    fn a_result_without_an_outcome_is_refused() {
        assert!(matches!(
            parse_results("A Par"),
            Err(ResultsError::Unreadable(_))
        ));
        assert!(matches!(
            parse_results("A Xyz held"),
            Err(ResultsError::NoSpace(_))
        ));
    }
}
