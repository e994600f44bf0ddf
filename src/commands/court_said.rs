//! The words of the Court's answers: each outcome its use cases return, said once here.

use chrono::Utc;

use crate::app::court::{CourtOutcome, DocketEntry, Suggestion};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;

displayed_as_said!(CourtOutcome);

impl Present for CourtOutcome {
    fn present(&self) -> Said {
        match self {
            CourtOutcome::Stepped { appeal, announced } => {
                Said::about(Kind::Appeal, *appeal, announced.clone())
            }
            CourtOutcome::Filed { appeal, announced } => Said::about(
                Kind::Appeal,
                *appeal,
                format!("{announced} Once it is granted, and while it is heard, a request to leave by a party waits for it (Terms §II Act 8.1)."),
            ),
            CourtOutcome::OpinionPublished { appeal } => Said::about(
                Kind::Appeal,
                *appeal,
                format!("Appeal #{appeal}: the opinion is published in #discussion."),
            ),
            CourtOutcome::Suggested(s) => Said::about(Kind::Appeal, s.appeal, suggestion(s)),
            CourtOutcome::Docket(docket) if docket.is_empty() => Said::about_kind(
                Kind::Appeal,
                "The docket is empty: no appeal is open.",
            ),
            CourtOutcome::Docket(docket) => {
                let mut text = String::from("The docket:");
                for e in docket {
                    text.push_str(&format!(
                        "\n#{} by {} against {}: {}{}",
                        e.appeal,
                        e.appellant,
                        e.subject,
                        e.stage,
                        next_deadline(e)
                    ));
                }
                Said::about_kind(Kind::Appeal, text)
            }
            CourtOutcome::History { entry: e, steps } => {
                let mut text = format!(
                    "Appeal #{} by {} against {}: {}.",
                    e.appeal, e.appellant, e.subject, e.stage
                );
                for (at, step) in steps {
                    text.push_str(&format!("\n{}: {step}", show(at)));
                }
                Said::about(Kind::Appeal, e.appeal, text)
            }
            CourtOutcome::Redecided { case, announced } => {
                Said::about(Kind::Case, *case, announced.clone())
            }
        }
    }
}

/// A moment in club time, as every Court answer shows one.
fn show(at: &chrono::DateTime<chrono_tz::Tz>) -> String {
    calendar::show(at.with_timezone(&Utc), at.timezone())
}

fn next_deadline(e: &DocketEntry) -> String {
    match &e.next_deadline {
        Some(at) => format!("; next deadline {}", show(at)),
        None => String::new(),
    }
}

/// A suggested panel, with who sits with a conflict set aside and who was left out and why
/// (Terms §III Acts 3.5, 3.5.1, 3.7).
fn suggestion(s: &Suggestion) -> String {
    let n = s.appeal;
    let mut text = if s.full {
        format!(
            "Suggested panel for appeal #{n}: {} (free Justices who sat least recently, never sat first, ties by seniority; Terms §III Act 3.7).",
            s.panel.join(", ")
        )
    } else {
        let path = if s.no_bench {
            "The Chief Justice never hears alone an appeal they have a conflict in (Terms §III Act 3.5.2), so no bench can hear it; the Chief Justice may refuse it with /court refuse, so it does not hold its parties in a hearing (Terms §III Act 3.6; §II Act 8.1)."
        } else {
            "The Chief Justice may hear it alone with /court solo."
        };
        format!(
            "Too few Justices may sit for a panel of three on appeal #{n}: {} (Terms §III Act 3.3). {path}",
            if s.panel.is_empty() { "none".to_owned() } else { s.panel.join(", ") }
        )
    };
    for (justice, conflict) in &s.set_aside {
        text.push_str(&format!(
            "\n{justice} sits with a conflict set aside ({conflict}): too few Justices are free (Terms §III Act 3.5.1)."
        ));
    }
    for (justice, why) in &s.left_out {
        text.push_str(&format!("\nLeft out: {justice}, {why}."));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::said::About;

    #[test]
    fn a_redecision_is_about_its_case_and_a_step_about_its_appeal() {
        // Terms §III Act 3.8: the remanded case is re-decided by its Moderator, under the
        // conditions of the appeal; the card names what each answer is about.
        let redecided = CourtOutcome::Redecided {
            case: 4,
            announced: "Declaration on remand, case #4: confirmed.".into(),
        };
        assert_eq!(
            redecided.present().about,
            Some(About {
                kind: Kind::Case,
                number: Some(4)
            })
        );
        let step = CourtOutcome::Stepped {
            appeal: 2,
            announced: "Appeal #2: a hearing is granted.".into(),
        };
        assert_eq!(step.present().about.and_then(|a| a.number), Some(2));
        assert_eq!(step.to_string(), "Appeal #2: a hearing is granted.");
    }

    #[test]
    fn a_suggestion_short_of_three_points_the_chief_justice_to_sitting_alone() {
        // Terms §III Act 3.3: with too few Justices free for a panel, the Chief Justice may
        // hear the appeal alone; when even that is barred, it may be refused (Act 3.6).
        let mut s = Suggestion {
            appeal: 7,
            panel: vec!["ann".into()],
            full: false,
            no_bench: false,
            set_aside: vec![],
            left_out: vec![("bob".into(), "a party".into())],
        };
        let text = CourtOutcome::Suggested(s.clone()).to_string();
        assert!(text.starts_with("Too few Justices may sit for a panel of three on appeal #7: ann"));
        assert!(text.contains("/court solo"), "{text}");
        assert!(text.ends_with("\nLeft out: bob, a party."), "{text}");
        s.no_bench = true;
        s.panel.clear();
        let text = CourtOutcome::Suggested(s).to_string();
        assert!(text.contains(": none (Terms §III Act 3.3)"), "{text}");
        assert!(text.contains("/court refuse"), "{text}");
    }
}
