//! The words of the Points of Order's answers (Nomic 214): each outcome of
//! `app::nomic::orders`, said once here; the card is the Point's.

use crate::app::nomic::orders::{ActivePoint, OrderOutcome};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;
use crate::domain::nomic::UK_TIME;

displayed_as_said!(OrderOutcome);

impl Present for OrderOutcome {
    fn present(&self) -> Said {
        match self {
            OrderOutcome::Raised {
                number,
                judge,
                deadline,
            } => Said::about(
                Kind::Point,
                *number,
                format!(
                    "Point of Order #{number} is raised; {judge} is its Judge and has until {} to give Judgement (Nomic 214).",
                    calendar::show(*deadline, UK_TIME)
                ),
            ),
            OrderOutcome::Listed(points) if points.is_empty() => {
                Said::about_kind(Kind::Point, "No Point of Order is active.")
            }
            OrderOutcome::Listed(points) => {
                let lines: Vec<String> = points.iter().map(line).collect();
                Said::about_kind(
                    Kind::Point,
                    format!("Active Points of Order:\n{}", lines.join("\n")),
                )
            }
            OrderOutcome::Shown { number, thread } => Said::about(Kind::Point, *number, thread),
            OrderOutcome::Announced { number, said } => {
                Said::about(Kind::Point, *number, said.join("\n"))
            }
        }
    }
}

/// One active Point's line in `/order list`.
fn line(p: &ActivePoint) -> String {
    let about = p
        .proposal
        .map(|n| format!(" (Proposal {n})"))
        .unwrap_or_default();
    let until = p
        .until
        .map(|d| format!(", until {}", calendar::show(d, UK_TIME)))
        .unwrap_or_default();
    format!(
        "#{}{about} by {}: Judge {}, {}{until}",
        p.number,
        p.raiser,
        p.judge.as_deref().unwrap_or("nobody"),
        p.stage.describe()
    )
}
