//! The words of moderation's answers: each outcome its use cases return, said once here.

use chrono::Utc;

use crate::app::moderation::reports::ReportOutcome;
use crate::app::moderation::{CaseEntry, Declared, ModerationOutcome, PlayerCard};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;

displayed_as_said!(ModerationOutcome, ReportOutcome, PlayerCard);

impl Present for ModerationOutcome {
    fn present(&self) -> Said {
        match self {
            ModerationOutcome::GameApproved {
                game,
                by,
                monitored,
                changes,
            } => {
                let rule = if *monitored {
                    " (Terms §II Act 10.4)"
                } else {
                    ""
                };
                Said::about(
                    Kind::Game,
                    *game,
                    format!("Game #{game} is approved as valid by {by}{rule}. {changes}"),
                )
            }
            ModerationOutcome::Cases { entries, .. } if entries.is_empty() => {
                Said::about_kind(Kind::Case, "No cases.")
            }
            ModerationOutcome::Cases { entries, page_line } => {
                let mut lines = vec!["Cases:".to_owned()];
                lines.extend(entries.iter().map(|e| case_line(e, false)));
                lines.extend(page_line.clone());
                Said::about_kind(Kind::Case, lines.join("\n"))
            }
            ModerationOutcome::NoCasesConcern { name } => {
                Said::about_kind(Kind::Case, format!("No cases concern {name}."))
            }
            ModerationOutcome::Case(c) => {
                let mut text = case_line(&c.entry, true);
                text.push_str(&format!("\nReason: {}", c.reason));
                if let Some(why) = &c.discretion {
                    text.push_str(&format!(
                        "\nDiscretion (a lesser step, Terms §II Act 5): {why}"
                    ));
                }
                if let Some(reasoning) = &c.declaration {
                    text.push_str(&format!("\nDeclared reasoning: {reasoning}"));
                }
                if let Some(link) = &c.link {
                    text.push_str(&format!("\nDeclaration: {link}"));
                }
                if !c.appealable {
                    text.push_str("\nNot appealable.");
                }
                Said::about(Kind::Case, c.entry.case, text)
            }
            ModerationOutcome::Declared { case } => Said::about(
                Kind::Case,
                *case,
                format!("Case #{case} is declared in #discussion (Terms §III Act 2.4)."),
            ),
            ModerationOutcome::Lifted { case, announced } => {
                Said::about(Kind::Case, *case, announced.clone())
            }
            ModerationOutcome::Taken {
                case,
                summary,
                effect,
            } => Said::about(
                Kind::Case,
                *case,
                format!("Case #{case}: {summary}.{effect} Its declaration is queued for #discussion; /case case:{case} shows when it is posted."),
            ),
            ModerationOutcome::Recorded {
                case,
                summary,
                effect,
                declare_by,
                void_if_late,
            } => Said::about(
                Kind::Case,
                *case,
                format!(
                    "Case #{case} recorded: {summary}.{effect} Declare it publicly with /mod declare case:{case} reasoning:\"...\" by {} (Terms §III Act 2.4){}.",
                    show(declare_by),
                    if *void_if_late { ", or the penalty is void" } else { "" }
                ),
            ),
        }
    }
}

impl Present for ReportOutcome {
    /// A report is private: its answers name no case on their card (they go to the caller
    /// alone).
    fn present(&self) -> Said {
        let text = match self {
            ReportOutcome::Filed { report } => format!(
                "Thank you: your report #{report} went to the Moderators privately. It is not posted in #discussion nor shown on the portal."
            ),
            ReportOutcome::Dismissed { report } => format!(
                "Report #{report} is dismissed; the mod log records why. Nothing is posted publicly."
            ),
            ReportOutcome::ActedOn { report, done } => {
                format!("Report #{report} is acted on. {}", done.present().text)
            }
        };
        Said::about_kind(Kind::Club, text)
    }
}

impl Present for PlayerCard {
    fn present(&self) -> Said {
        let mut text = self.profile.present().text;
        if let Some(in_force) = &self.in_force {
            text.push_str("\nCases in force: ");
            if in_force.is_empty() {
                text.push_str("none.");
            } else {
                let cases: Vec<String> = in_force
                    .iter()
                    .map(|(case, what)| format!("#{case} {what}"))
                    .collect();
                text.push_str(&cases.join("; "));
            }
        }
        Said::about_kind(Kind::Club, text)
    }
}

/// A moment in club time, as moderation's answers show one.
fn show(at: &chrono::DateTime<chrono_tz::Tz>) -> String {
    calendar::show(at.with_timezone(&Utc), at.timezone())
}

/// A case in one line; `why` adds the reason its status is what it is (`/case`).
fn case_line(e: &CaseEntry, why: bool) -> String {
    let declared = match &e.declared {
        Declared::On(day) => format!("declared {}", calendar::show_date(*day)),
        Declared::Posting => "declaration posting".into(),
        Declared::Overdue(at) => format!("undeclared: it was due by {}", show(at)),
        Declared::Due(at) => format!("undeclared, due by {}", show(at)),
    };
    let status = match e.status_reason.as_ref().filter(|_| why) {
        Some(reason) => format!("{} ({reason})", e.status.word()),
        None => e.status.word().to_owned(),
    };
    format!(
        "#{} {}, by {}: {}. Status: {status}; {declared}",
        e.case,
        calendar::show_date(e.taken_on),
        e.moderator,
        e.what,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::moderation::CaseDetail;
    use chrono::{NaiveDate, TimeZone};

    fn entry() -> CaseEntry {
        CaseEntry {
            case: 6,
            taken_on: NaiveDate::from_ymd_opt(2026, 11, 27).expect("a date"),
            moderator: "mod1".into(),
            what: "bob monitored: games wait for a Moderator's approval".into(),
            status: crate::domain::moderation::CaseStatus::InForce,
            status_reason: Some("kept".into()),
            declared: Declared::Posting,
        }
    }

    #[test]
    fn one_case_is_about_its_number_and_says_why_its_status_is_so() {
        // Terms §III Act 2.4: a case is declared; `/case` shows it whole, its card numbered.
        let case = ModerationOutcome::Case(Box::new(CaseDetail {
            entry: entry(),
            reason: "repeated disconnections".into(),
            discretion: None,
            declaration: None,
            link: None,
            appealable: false,
        }));
        let said = case.present();
        assert_eq!(said.about.and_then(|a| a.number), Some(6));
        assert!(
            said.text
                .starts_with("#6 Fri 27 Nov 2026, by mod1: bob monitored"),
            "{}",
            said.text
        );
        assert!(
            said.text
                .contains("Status: in force (kept); declaration posting"),
            "{}",
            said.text
        );
        assert!(said.text.ends_with("\nNot appealable."), "{}", said.text);
        // A listing gives no reason for a status.
        let list = ModerationOutcome::Cases {
            entries: vec![entry()],
            page_line: None,
        };
        assert!(!list.to_string().contains("(kept)"));
    }

    #[test]
    fn a_penalty_recorded_for_later_says_it_is_void_if_undeclared() {
        // Terms §III Act 2.4.2: a penalty not declared within 7 days is void.
        let by = chrono_tz::Europe::London
            .with_ymd_and_hms(2026, 12, 4, 12, 0, 0)
            .single()
            .expect("a moment");
        let recorded = |void_if_late| ModerationOutcome::Recorded {
            case: 3,
            summary: "2 points deducted from bob".into(),
            effect: String::new(),
            declare_by: by,
            void_if_late,
        };
        assert!(recorded(true)
            .to_string()
            .contains("(Terms §III Act 2.4), or the penalty is void."));
        assert!(recorded(false)
            .to_string()
            .ends_with("(Terms §III Act 2.4)."));
    }
}
