//! The private notice to the member a case is about (issue: the punished member is told): what
//! was done, why, until when, which Act applies, and how to appeal.

use crate::domain::moderation::CaseKind;

/// What the notice says of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseFacts<'a> {
    pub case: i64,
    pub kind: CaseKind,
    /// The action in words, as the public declaration gives it.
    pub what: &'a str,
    pub reasoning: &'a str,
    /// When it ends, in club time (a ban's end), if it has an end.
    pub until: Option<String>,
    pub appealable: bool,
}

/// The Act a case of this kind applies; `None` for what is no penalty of a member (an award,
/// a technical modification), which gets no notice.
pub fn act_of(kind: CaseKind) -> Option<&'static str> {
    match kind {
        CaseKind::Violation => Some("Terms §II Act 5 (fraud, the ladder)"),
        CaseKind::Ban => Some("Terms §II Act 9 (bans)"),
        CaseKind::Monitor => Some("Terms §II Act 10 (monitoring)"),
        CaseKind::Deduction => Some("Terms §II Act 3 and §I Act 2.1 (score deductions)"),
        CaseKind::Clock => Some("Terms §II Act 11 (a chessclock required)"),
        CaseKind::Award | CaseKind::Technical => None,
    }
}

/// The notice's text, or `None` when the case is no penalty of its member.
pub fn case_notice(f: &CaseFacts<'_>) -> Option<String> {
    let act = act_of(f.kind)?;
    let until = match (&f.until, f.kind) {
        (Some(end), _) => format!("until {end}"),
        (None, CaseKind::Ban) => "permanently".to_owned(),
        (None, CaseKind::Monitor | CaseKind::Clock) => "until it is lifted".to_owned(),
        (None, _) => "once, with no end to wait for".to_owned(),
    };
    let appeal = if f.appealable {
        format!(
            "You may appeal it to the Court of Appeals (Terms §III Act 3): press Appeal below and give your grounds, or type /court appeal case:{} in the server.",
            f.case
        )
    } else {
        "It is not appealable (Terms §III Act 6).".to_owned()
    };
    Some(format!(
        "Case #{case} is about you, declared in the club's server (Terms §III Act 2.4).\nWhat was done: {what}.\nWhy: {why}\nHow long: {until}.\nThe Act that applies: {act}.\n{appeal}",
        case = f.case,
        what = f.what,
        why = f.reasoning.trim(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(kind: CaseKind) -> CaseFacts<'static> {
        CaseFacts {
            case: 14,
            kind,
            what: "bob banned until Fri 8 Jan 2027",
            reasoning: "Played while monitored without approval.",
            until: Some("Fri 8 Jan 2027".into()),
            appealable: true,
        }
    }

    #[test]
    fn a_banned_member_is_told_what_why_until_when_the_act_and_how_to_appeal_terms_ii_9_iii_3() {
        let text = case_notice(&facts(CaseKind::Ban)).expect("a notice");
        for part in [
            "Case #14 is about you",
            "What was done: bob banned until Fri 8 Jan 2027.",
            "Why: Played while monitored without approval.",
            "How long: until Fri 8 Jan 2027.",
            "Terms §II Act 9",
            "/court appeal case:14",
        ] {
            assert!(text.contains(part), "{part:?} missing from {text}");
        }
    }

    #[test]
    fn a_case_the_terms_make_final_says_it_cannot_be_appealed_terms_iii_6() {
        let mut f = facts(CaseKind::Ban);
        f.appealable = false;
        let text = case_notice(&f).expect("a notice");
        assert!(text.contains("not appealable (Terms §III Act 6)"), "{text}");
        assert!(!text.contains("press Appeal"), "{text}");
    }

    #[test]
    fn an_award_or_a_technical_modification_punishes_nobody_and_sends_nothing() {
        assert_eq!(case_notice(&facts(CaseKind::Award)), None);
        assert_eq!(case_notice(&facts(CaseKind::Technical)), None);
    }

    #[test]
    fn a_monitor_lasts_until_it_is_lifted_terms_ii_10() {
        let mut f = facts(CaseKind::Monitor);
        f.until = None;
        let text = case_notice(&f).expect("a notice");
        assert!(text.contains("How long: until it is lifted."), "{text}");
        assert!(text.contains("Terms §II Act 10"), "{text}");
    }
}
