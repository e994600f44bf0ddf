//! The words of the Leaderboard's answers: each outcome its use case returns, said once here.

use crate::app::leaderboard::session_move::SessionMoved;
use crate::app::leaderboard::sessions::SessionOutcome;
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;

displayed_as_said!(SessionOutcome, SessionMoved);

impl Present for SessionOutcome {
    fn present(&self) -> Said {
        let text = match self {
            SessionOutcome::Opened { closes } => format!(
                "Session opened; it closes by itself at {}.",
                closes.format("%H:%M")
            ),
            SessionOutcome::Closed { summary } => summary.clone(),
            SessionOutcome::Present { name } => format!("{name} is present."),
        };
        Said::about_kind(Kind::Leaderboard, text)
    }
}

impl Present for SessionMoved {
    fn present(&self) -> Said {
        Said::about_kind(
            Kind::Leaderboard,
            format!(
                "The session of {} is held on {} instead; #discussion is told.",
                calendar::show_date(self.from),
                calendar::show_date(self.to)
            ),
        )
    }
}
