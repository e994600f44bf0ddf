//! The words of the tournament's answers: each outcome its use cases return, said once here
//! (an announcement's words stay where it is announced, and its answer repeats them).

use chrono::Utc;

use crate::app::tournament::{
    FactsRecorded, MatchShown, MatchState, Subject, Table, TournamentOutcome, TournamentShown,
    Verdict,
};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;
use crate::domain::kernel::words::Words;
use crate::domain::tournament::negotiation::utc;
use crate::domain::tournament::{eligibility, final_match, points, rating_shown, swiss};

displayed_as_said!(TournamentOutcome, FactsRecorded, TournamentShown);

/// The card of the tournament or match an answer is about.
fn about(subject: Subject, text: String) -> Said {
    match subject {
        Subject::Tournament(id) => Said::about(Kind::Tournament, id, text),
        Subject::Match(number) => Said::about(Kind::Match, number, text),
    }
}

impl Present for TournamentOutcome {
    fn present(&self) -> Said {
        match self {
            TournamentOutcome::Told { about: subject, told } => about(*subject, told.clone()),
            TournamentOutcome::Confirmed { number, by, told } => {
                about(Subject::Match(*number), format!("{by} confirms. {told}"))
            }
            TournamentOutcome::Pairings {
                tournament,
                round,
                matches,
                explained,
            } => {
                let mut lines = vec![format!("Tournament #{tournament}, round {round}:")];
                lines.extend(matches.iter().map(match_line));
                if let Some(e) = explained {
                    if e.worked_out_again {
                        lines.push("(This round was paired before gavel kept each round's explanation; it is worked out again from today's record.)".into());
                    }
                    lines.push("The ranking after the rounds before (score, opponents' average seeding, own seeding):".into());
                    lines.extend(
                        e.ranking
                            .iter()
                            .enumerate()
                            .map(|(i, s)| swiss::ranking_line(i + 1, s)),
                    );
                    lines.push("The steps:".into());
                    lines.extend(e.steps.iter().cloned());
                }
                about(Subject::Tournament(*tournament), lines.join("\n"))
            }
            TournamentOutcome::Standings {
                tournament,
                table,
                over,
            } => {
                let mut lines = table_lines(*tournament, table);
                if *over {
                    lines.push("The tournament is over.".into());
                }
                about(Subject::Tournament(*tournament), lines.join("\n"))
            }
            TournamentOutcome::CheatingReports {
                tournament,
                reports,
            } => {
                let mut lines = vec![format!("Tournament #{tournament}'s private reports:")];
                lines.extend(reports.iter().map(|r| {
                    format!(
                        "Report {} by {} about {}, {}: {}",
                        r.number,
                        r.by,
                        r.about,
                        calendar::show(r.at.with_timezone(&Utc), r.at.timezone()),
                        r.text
                    )
                }));
                if reports.is_empty() {
                    lines.push("None.".into());
                }
                about(Subject::Tournament(*tournament), lines.join("\n"))
            }
            TournamentOutcome::CheatingReported {
                tournament,
                report,
                accused,
            } => about(
                Subject::Tournament(*tournament),
                format!(
                    "Your report {report} about {accused} is recorded for tournament #{tournament}'s Director only; it is never posted. Thank you: accusations are made privately, never in public (ACWC Reporting cheats)."
                ),
            ),
            TournamentOutcome::BidSealed { number, seconds } => about(
                Subject::Match(*number),
                format!(
                    "Your bid of {} for White in match #{number} is sealed; both bids are shown once your opponent has bid.",
                    final_match::clock(*seconds)
                ),
            ),
        }
    }
}

/// A stage's table, a line each, under its heading.
fn table_lines(tournament: i64, table: &Table) -> Vec<String> {
    match table {
        Table::Candidates(rr) => {
            let mut lines = vec![format!("Tournament #{tournament}, the Candidates (match points, then game points, then seeding rating):")];
            lines.extend(rr.lines());
            if rr.players.is_empty() {
                lines.push("The Candidates have not begun.".into());
            }
            lines
        }
        Table::Final(finals) => {
            let mut lines = vec![format!("Tournament #{tournament}, the Final:")];
            lines.extend(finals.iter().map(match_line));
            if finals.is_empty() {
                lines.push("The Final has not begun.".into());
            }
            lines
        }
        Table::Swiss(table) => {
            let mut lines = vec![format!("Tournament #{tournament}, the Swiss's standings:")];
            lines.extend(
                table
                    .iter()
                    .enumerate()
                    .map(|(i, s)| swiss::ranking_line(i + 1, s)),
            );
            if table.is_empty() {
                lines.push(
                    "Nobody plays yet: the Director starts the tournament with /tournament start."
                        .into(),
                );
            }
            lines
        }
    }
}

/// One match as listed: its number, players and score or result.
fn match_line(m: &MatchShown) -> String {
    let Some(second) = &m.second else {
        return format!("Match #{}: {} has a bye (a won match).", m.number, m.first);
    };
    let state = match m.state {
        MatchState::Decided(decided) => decided.word(),
        MatchState::Over => "over",
        MatchState::InPlay => "in play",
    };
    let when = m
        .starts_at
        .map_or(String::new(), |at| format!(", starts {}", utc(at)));
    format!(
        "Match #{}: {} {} – {} {} ({state}{when})",
        m.number,
        m.first,
        points(m.first_halves),
        points(m.second_halves),
        second
    )
}

impl Present for FactsRecorded {
    fn present(&self) -> Said {
        let verdict = match &self.verdict {
            Verdict::NoRequirements => "No entry requirements apply.".to_owned(),
            Verdict::Eligible => "Eligible.".to_owned(),
            Verdict::Excepted(failed) => format!(
                "Not eligible as written: {} The Director's exception admits it.",
                eligibility::listed(failed)
            ),
            Verdict::Ineligible(failed) => {
                format!("Not eligible: {}", eligibility::listed(failed))
            }
        };
        let from = if self.from_lichess {
            "From Lichess: "
        } else {
            ""
        };
        about(
            Subject::Tournament(self.tournament),
            format!(
                "{from}{}: facts recorded. {verdict} Seeding rating {} (ACWC Format).",
                self.account,
                rating_shown(self.seeding_x2)
            ),
        )
    }
}

impl Present for TournamentShown {
    fn present(&self) -> Said {
        let mut lines = vec![
            format!(
                "Tournament #{}, {} ({}).",
                self.tournament,
                self.name,
                self.format.word()
            ),
            format!(
                "Stage: {}. Director: {}.",
                self.stage.written(),
                self.director.as_deref().unwrap_or("none yet")
            ),
        ];
        if let Some(r) = self.rounds {
            lines.push(format!("Swiss rounds: {r}."));
        }
        lines.push(
            "Its numbers (the Director changes them before the start with /tournament set):".into(),
        );
        lines.extend(self.parameters.lines());
        about(Subject::Tournament(self.tournament), lines.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::said::About;
    use crate::domain::tournament::eligibility::Ineligible;

    #[test]
    fn an_answer_is_about_the_tournament_or_match_its_outcome_names() {
        let said = TournamentOutcome::BidSealed {
            number: 7,
            seconds: 150,
        }
        .present();
        assert_eq!(
            said.about,
            Some(About {
                kind: Kind::Match,
                number: Some(7)
            })
        );
        assert!(said
            .text
            .starts_with("Your bid of 2:30 for White in match #7"));
        let read = TournamentOutcome::CheatingReports {
            tournament: 3,
            reports: vec![],
        };
        assert_eq!(read.to_string(), "Tournament #3's private reports:\nNone.");
        assert_eq!(read.present().about.and_then(|a| a.number), Some(3));
    }

    #[test]
    fn recorded_facts_say_the_verdict_and_the_seeding_rating() {
        let facts = |verdict, from_lichess| FactsRecorded {
            tournament: 1,
            account: "alice".into(),
            verdict,
            seeding_x2: 4001,
            from_lichess,
        };
        assert_eq!(
            facts(Verdict::Eligible, false).to_string(),
            "alice: facts recorded. Eligible. Seeding rating 2000.5 (ACWC Format)."
        );
        let failed = vec![Ineligible::CreatedTooLate];
        let text = facts(Verdict::Excepted(failed), true).to_string();
        assert!(text.starts_with("From Lichess: alice: facts recorded. Not eligible as written: "));
        assert!(text.contains("The Director's exception admits it."));
    }
}
