//! The words of the Leaderboard's answers: each outcome its use case returns, said once here.

use crate::app::leaderboard::board::{History, LeaderboardPage};
use crate::app::leaderboard::games::GameOutcome;
use crate::app::leaderboard::membership::Joined;
use crate::app::leaderboard::profile::Profile;
use crate::app::leaderboard::removal::RemovalOutcome;
use crate::app::leaderboard::seed::ScoresImported;
use crate::app::leaderboard::session_move::SessionMoved;
use crate::app::leaderboard::sessions::SessionOutcome;
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;

displayed_as_said!(
    SessionOutcome,
    SessionMoved,
    GameOutcome,
    RemovalOutcome,
    Joined,
    Profile,
    LeaderboardPage,
    History,
    ScoresImported,
);

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

impl Present for GameOutcome {
    fn present(&self) -> Said {
        let (game, text) = match self {
            GameOutcome::Registered {
                game,
                summary,
                changes,
            } => (*game, format!("Game #{game} registered: {summary}. {changes}")),
            GameOutcome::WaitsForJoin {
                game,
                summary,
                waiting,
            } => (
                *game,
                format!(
                    "Game #{game} recorded: {summary}. It counts once {} {} the Leaderboard during this session (Terms §0 Act 12).",
                    waiting.join(" and "),
                    if waiting.len() == 1 { "joins" } else { "join" }
                ),
            ),
            GameOutcome::WaitsForApproval { game, summary } => (
                *game,
                format!("Game #{game} recorded: {summary}. A player is monitored, so it waits for a Moderator's approval (Terms §II Act 10.4)."),
            ),
            GameOutcome::WaitsForConfirmation {
                game,
                summary,
                waits,
            } => (*game, format!("Game #{game} recorded: {summary}. {waits}")),
            GameOutcome::OnlineStarted { game, white, black } => (
                *game,
                format!("Online game #{game} started: {white} (white) against {black} (black). Register the result with /game register ... online:true."),
            ),
            GameOutcome::Announced { game, announced } => (*game, announced.clone()),
            GameOutcome::Disputed { game, by, reason } => (
                *game,
                match reason {
                    Some(reason) => format!("Game #{game} is disputed by {by} (\"{reason}\"). It does not count; the Moderators decide."),
                    None => format!("Game #{game} is disputed by {by}. It does not count; the Moderators decide."),
                },
            ),
            GameOutcome::RematchExempt { game } => (
                *game,
                format!("The rematch of game #{game} is exempt from the 5-minute limit (Terms §I Act 6)."),
            ),
            GameOutcome::Void { game, effect } => (*game, format!("Game #{game} is void. {effect}")),
        };
        Said::about(Kind::Game, game, text)
    }
}

impl Present for RemovalOutcome {
    fn present(&self) -> Said {
        let text = match self {
            RemovalOutcome::Eligible(list) if list.is_empty() => "No member meets Terms §II Act 7 (absent for more than three of the past six weeks, with at most two games).".to_owned(),
            RemovalOutcome::Eligible(list) => {
                let lines: Vec<String> = list
                    .iter()
                    .map(|(name, absent, games)| format!("{name}: absent {absent} weeks, {games} games"))
                    .collect();
                format!(
                    "Members the Chief Justice may remove (Terms §II Act 7):\n{}",
                    lines.join("\n")
                )
            }
            RemovalOutcome::Removed { announced } => announced.clone(),
            RemovalOutcome::LeaveRequested {
                days,
                due,
                waits_for,
            } => {
                let mut text = format!(
                    "Your request to leave the Leaderboard is recorded. The Chief Justice must carry it out within {days} days; gavel will do it by {} if it has not been done, unless you are banned or in a Court hearing then (Terms §II Act 8).",
                    calendar::show(due.with_timezone(&chrono::Utc), due.timezone())
                );
                if let Some(what) = waits_for {
                    text.push_str(&format!(
                        " For now it waits until {what} has passed (Terms §II Act 8.1)."
                    ));
                }
                text
            }
        };
        Said::about_kind(Kind::Leaderboard, text)
    }
}

impl Present for Joined {
    fn present(&self) -> Said {
        let again = if self.rejoined { "back " } else { "" };
        let mut text = format!(
            "Welcome {again}to the Leaderboard, {}: your score is {} (Terms §II Act 1).",
            self.name, self.score
        );
        for line in &self.counted {
            text.push_str(&format!("\n{line}"));
        }
        Said::about_kind(Kind::Leaderboard, text)
    }
}

impl Present for Profile {
    fn present(&self) -> Said {
        let mut text = format!("{}: {}", self.name, self.status.key());
        if let Some(score) = self.score {
            text.push_str(&format!(", score {score}"));
        }
        if let Some((rank, of)) = self.rank {
            text.push_str(&format!(", rank {rank} of {of}"));
        }
        text.push_str(&format!("\nOffices: {}", self.offices));
        let day = |at| calendar::show_date(calendar::local_date(at, self.tz));
        if let Some(at) = self.joined_at {
            text.push_str(&format!("\nJoined: {}", day(at)));
        }
        let limits = &self.restrictions;
        match limits.banned_until {
            Some(Some(end)) => {
                text.push_str(&format!("\nBanned until {} (Terms §II Act 9).", day(end)))
            }
            Some(None) => text.push_str("\nBanned permanently (Terms §II Act 5)."),
            None => {}
        }
        if limits.monitored {
            text.push_str(
                "\nMonitored: games wait for a Moderator's approval (Terms §II Act 10.4).",
            );
        }
        if limits.clock_required {
            text.push_str("\nMust use a chessclock in every game (Terms §II Act 11).");
        }
        let r = &self.record;
        if r.wins + r.draws + r.losses > 0 {
            text.push_str(&format!(
                "\nGames: {} won, {} drawn, {} lost",
                r.wins, r.draws, r.losses
            ));
            for line in &r.recent {
                text.push_str(&format!("\n  {line}"));
            }
        }
        Said::about_kind(Kind::Leaderboard, text)
    }
}

impl Present for LeaderboardPage {
    fn present(&self) -> Said {
        if self.rows.is_empty() {
            return Said::about_kind(
                Kind::Leaderboard,
                "Nobody is on the Leaderboard yet; /join to be the first.",
            );
        }
        let mut text = format!("Leaderboard (page {} of {}):", self.page, self.pages);
        for (rank, name, score) in &self.rows {
            text.push_str(&format!("\n{rank}. {name} {score}"));
        }
        Said::about_kind(Kind::Leaderboard, text)
    }
}

impl Present for History {
    fn present(&self) -> Said {
        if self.lines.is_empty() {
            let text = format!("{} has no score history.", self.name);
            return Said::about_kind(Kind::Leaderboard, text);
        }
        let mut lines = vec![format!("Score history of {}:", self.name)];
        lines.extend(self.lines.iter().cloned());
        lines.extend(self.page_line.clone());
        Said::about_kind(Kind::Leaderboard, lines.join("\n"))
    }
}

impl Present for ScoresImported {
    fn present(&self) -> Said {
        Said::about_kind(
            Kind::Leaderboard,
            format!(
                "{} member{} joined the Leaderboard with the starting scores of the club's earlier records ({}), recorded in the audit log; /profile shows each.",
                self.members,
                if self.members == 1 { "" } else { "s" },
                self.origin
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_game_waiting_for_non_members_names_who_must_join() {
        // Terms §0 Act 12: a game with a non-Member counts once they join during the session.
        let waits = |waiting: &[&str]| GameOutcome::WaitsForJoin {
            game: 9,
            summary: "alice beat bob".into(),
            waiting: waiting.iter().map(|w| w.to_string()).collect(),
        };
        let one = waits(&["bob"]).present();
        assert_eq!(one.about.and_then(|a| a.number), Some(9));
        assert!(
            one.text.contains("once bob joins the Leaderboard"),
            "{}",
            one.text
        );
        assert!(waits(&["bob", "carol"])
            .to_string()
            .contains("once bob and carol join the Leaderboard"));
    }

    #[test]
    fn a_request_to_leave_says_what_holds_it_back() {
        // Terms §II Act 8.1: a request to leave waits while its member is banned or in a
        // Court hearing.
        let due = chrono_tz::Europe::London
            .with_ymd_and_hms(2026, 12, 4, 12, 0, 0)
            .single()
            .expect("a moment");
        let asked = |waits_for: Option<&str>| RemovalOutcome::LeaveRequested {
            days: 7,
            due,
            waits_for: waits_for.map(str::to_owned),
        };
        let held = asked(Some("your ban")).present();
        assert_eq!(held.about.map(|a| a.kind), Some(Kind::Leaderboard));
        assert!(held.text.contains("within 7 days"), "{}", held.text);
        assert!(held
            .text
            .ends_with(" For now it waits until your ban has passed (Terms §II Act 8.1)."));
        assert!(!asked(None).to_string().contains("For now"));
    }
}
