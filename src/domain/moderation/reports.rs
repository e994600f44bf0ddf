//! A member's report of a message to the Moderators: its lifecycle (open, then acted on or
//! dismissed), the action a Moderator takes on it as written in a form, and the excerpt shown.
//! Reports are private: only the Moderators' channel and the mod log see them.

use std::fmt;

/// The longest "what is wrong" a report holds.
pub const REPORT_MAX: usize = 1000;
/// The longest quote of the reported message a report keeps.
pub const EXCERPT_MAX: usize = 300;
/// The longest link to the reported message.
pub const LINK_MAX: usize = 200;

/// Where a report is in its lifecycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportStatus {
    /// Waiting for a Moderator.
    Open,
    /// A Moderator took an action on it: the case it opened.
    ActedOn { case: i64 },
    /// A Moderator dismissed it, with a reason.
    Dismissed,
}

/// A report's status without its case, as the store keeps it beside the case's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportState {
    Open,
    ActedOn,
    Dismissed,
}

/// A change of a report's status that cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReportRefusal {
    #[error("This report was already acted on in case #{0}; a Moderator answers a report once.")]
    AlreadyActedOn(i64),
    #[error("This report was already dismissed; a Moderator answers a report once.")]
    AlreadyDismissed,
}

impl ReportStatus {
    /// The state the store keeps, without the case.
    pub fn state(self) -> ReportState {
        match self {
            ReportStatus::Open => ReportState::Open,
            ReportStatus::ActedOn { .. } => ReportState::ActedOn,
            ReportStatus::Dismissed => ReportState::Dismissed,
        }
    }

    /// Reads the stored state and case; a report acted on names its case.
    pub fn from_parts(state: ReportState, case: Option<i64>) -> Option<Self> {
        match (state, case) {
            (ReportState::Open, _) => Some(ReportStatus::Open),
            (ReportState::ActedOn, Some(case)) => Some(ReportStatus::ActedOn { case }),
            (ReportState::ActedOn, None) => None,
            (ReportState::Dismissed, _) => Some(ReportStatus::Dismissed),
        }
    }

    /// An open report is answered by the action in `case`.
    pub fn act(self, case: i64) -> Result<ReportStatus, ReportRefusal> {
        self.answerable()?;
        Ok(ReportStatus::ActedOn { case })
    }

    /// An open report is dismissed.
    pub fn dismiss(self) -> Result<ReportStatus, ReportRefusal> {
        self.answerable()?;
        Ok(ReportStatus::Dismissed)
    }

    /// Whether a Moderator may still answer it.
    pub fn answerable(self) -> Result<(), ReportRefusal> {
        match self {
            ReportStatus::Open => Ok(()),
            ReportStatus::ActedOn { case } => Err(ReportRefusal::AlreadyActedOn(case)),
            ReportStatus::Dismissed => Err(ReportRefusal::AlreadyDismissed),
        }
    }
}

impl fmt::Display for ReportStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportStatus::ActedOn { case } => write!(f, "acted on in case #{case}"),
            ReportStatus::Open => f.write_str("open"),
            ReportStatus::Dismissed => f.write_str("dismissed"),
        }
    }
}

/// The moderator action a Moderator takes on a report, as written in the form's `action` input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportAction {
    /// A monitor on reasonable suspicion (Terms §II Act 10).
    Monitor,
    /// A deduction of points (Terms §II Act 3, 6).
    Deduct(i64),
    /// A fraud violation on the ladder (Terms §II Act 5).
    Violation,
    /// A ban until a Friday, written YYYY-MM-DD (Terms §II Act 9).
    Ban(chrono::NaiveDate),
}

/// Why the form's `action` could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an action gavel can take on a report: write monitor, deduct N, violation or ban YYYY-MM-DD (Terms §II Acts 3, 5, 9, 10).")]
pub struct NotAnAction(pub String);

impl ReportAction {
    /// Reads `monitor`, `deduct 20`, `violation` or `ban 2026-12-04` (case and extra spaces do not
    /// matter; `ban until 2026-12-04` reads the same).
    pub fn parse(text: &str) -> Result<Self, NotAnAction> {
        let refuse = || NotAnAction(text.trim().to_owned());
        let lower = text.trim().to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["monitor"] => Ok(ReportAction::Monitor),
            ["violation"] => Ok(ReportAction::Violation),
            ["deduct", n] | ["deduct", n, "points"] => {
                n.parse().map(ReportAction::Deduct).map_err(|_| refuse())
            }
            ["ban", date] | ["ban", "until", date] => {
                chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
                    .map(ReportAction::Ban)
                    .map_err(|_| refuse())
            }
            _ => Err(refuse()),
        }
    }
}

/// The action in gavel's words, as the report records it: `monitor`, `deduct 20`, `violation`
/// or `ban 2026-12-04` (what `parse` reads back).
impl std::fmt::Display for ReportAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReportAction::Monitor => f.write_str("monitor"),
            ReportAction::Deduct(points) => write!(f, "deduct {points}"),
            ReportAction::Violation => f.write_str("violation"),
            ReportAction::Ban(until) => write!(f, "ban {}", until.format("%Y-%m-%d")),
        }
    }
}

/// The quote a report keeps of the message: its first `EXCERPT_MAX` characters on one line,
/// with an ellipsis when cut.
pub fn excerpt(content: &str) -> String {
    let one_line = content.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= EXCERPT_MAX {
        return one_line;
    }
    let mut cut: String = one_line.chars().take(EXCERPT_MAX - 1).collect();
    cut.push('…');
    cut
}

/// The link Discord gives a message.
pub fn message_link(guild: u64, channel: u64, message: u64) -> String {
    format!("https://discord.com/channels/{guild}/{channel}/{message}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_report_is_acted_on_once_or_dismissed_once() {
        let acted = ReportStatus::Open.act(7).expect("open");
        assert_eq!(acted, ReportStatus::ActedOn { case: 7 });
        assert_eq!(acted.dismiss(), Err(ReportRefusal::AlreadyActedOn(7)));
        assert_eq!(acted.act(8), Err(ReportRefusal::AlreadyActedOn(7)));
        let dismissed = ReportStatus::Open.dismiss().expect("open");
        assert_eq!(dismissed.act(3), Err(ReportRefusal::AlreadyDismissed));
        assert_eq!(acted.to_string(), "acted on in case #7");
    }

    #[test]
    fn a_status_reads_back_as_it_was_stored() {
        for status in [
            ReportStatus::Open,
            ReportStatus::ActedOn { case: 4 },
            ReportStatus::Dismissed,
        ] {
            let case = match status {
                ReportStatus::ActedOn { case } => Some(case),
                _ => None,
            };
            assert_eq!(ReportStatus::from_parts(status.state(), case), Some(status));
        }
        assert_eq!(ReportStatus::from_parts(ReportState::ActedOn, None), None);
    }

    #[test]
    fn the_action_on_a_report_is_one_of_the_moderators_actions_of_terms_section_two() {
        assert_eq!(ReportAction::parse(" Monitor "), Ok(ReportAction::Monitor));
        assert_eq!(
            ReportAction::parse("deduct 20"),
            Ok(ReportAction::Deduct(20))
        );
        assert_eq!(
            ReportAction::parse("ban until 2026-12-04"),
            Ok(ReportAction::Ban(
                chrono::NaiveDate::from_ymd_opt(2026, 12, 4).unwrap()
            ))
        );
        assert_eq!(
            ReportAction::parse("violation"),
            Ok(ReportAction::Violation)
        );
        assert!(ReportAction::parse("deduct lots").is_err());
        assert!(ReportAction::parse("ban 2026-02-30").is_err());
        let refused = ReportAction::parse("shame").unwrap_err().to_string();
        assert!(refused.contains("Terms §II"), "{refused}");
        for words in ["monitor", "deduct 20", "violation", "ban 2026-12-04"] {
            let read = ReportAction::parse(words).unwrap();
            assert_eq!(read.to_string(), words);
        }
    }

    #[test]
    fn an_excerpt_is_one_line_and_cut_with_an_ellipsis() {
        assert_eq!(excerpt("hello\n  there"), "hello there");
        let long = "x".repeat(EXCERPT_MAX + 10);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT_MAX);
        assert!(cut.ends_with('…'));
    }
}
