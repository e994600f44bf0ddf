//! The words of the rule changes' answers (Nomic; Terms §IV): each outcome the Nomic game's use
//! cases return, said once here. An answer about a proposal, suggestion or draft is its card,
//! numbered; the players' days and teams, the rulebook and the procedure are the rules' card.

use crate::app::nomic::{
    ChangeLog, Decided, Forfeited, HeldFor, ParameterSet, PointsRow, PointsTable, ProposalList,
    ProposalRow, ProposalShown, Proposed, RuleHistory, RuleList, RuleSearch, RuleShown,
    SettingsShown, TeamSet, TurnSet, TurnsTable, Voted, WinnerRecorded,
};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;
use crate::domain::nomic::bound;
use crate::domain::nomic::parameters::{Procedure, NAMES};
use crate::domain::nomic::proposal_record::ProposalKind;
use crate::domain::nomic::rulebook::{ChangeKind, Rule};
use crate::store::keys::StoredKey;

displayed_as_said!(
    TurnsTable,
    TurnSet,
    TeamSet,
    WinnerRecorded,
    Proposed,
    Voted,
    ProposalList,
    ProposalShown,
    Decided,
    PointsTable,
    Forfeited,
    RuleShown,
    RuleList,
    ChangeLog,
    RuleSearch,
    RuleHistory,
    SettingsShown,
    ParameterSet,
);

impl Present for TurnsTable {
    fn present(&self) -> Said {
        let mut lines = Vec::new();
        for n in 0..5u8 {
            let day = chrono::Weekday::try_from(n).expect("Monday to Friday");
            let holder = self.0.iter().find(|p| p.day == Some(day) && p.is_playing());
            let who = match holder {
                Some(p) => match p.team {
                    Some(t) => format!("{} (team {t})", p.name),
                    None => p.name.clone(),
                },
                None => "no player".to_owned(),
            };
            lines.push(format!("{}: {who}", calendar::weekday_name(day)));
        }
        let gone: Vec<&str> = self
            .0
            .iter()
            .filter(|p| !p.is_playing())
            .map(|p| p.name.as_str())
            .collect();
        if !gone.is_empty() {
            lines.push(format!("Forfeited (Nomic 115): {}", gone.join(", ")));
        }
        lines.push("Saturday and Sunday belong to nobody (Nomic 201).".to_owned());
        Said::about_kind(Kind::Rule, lines.join("\n"))
    }
}

impl Present for TurnSet {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Rule, &self.announced)
    }
}

impl Present for TeamSet {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Rule, &self.announced)
    }
}

impl Present for WinnerRecorded {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Rule, &self.announced)
    }
}

impl Present for Proposed {
    fn present(&self) -> Said {
        let n = self.number;
        let text = match (self.kind, self.closes_at) {
            (ProposalKind::Suggestion, _) => format!(
                "Suggestion {n} is recorded for the Moderators and Justices, who may draft it (Terms §IV Act 4, 5)."
            ),
            (ProposalKind::Draft, _) => format!(
                "Draft {n} is submitted to the Chief Justice, who adopts or rejects it (Terms §IV Act 1, 5)."
            ),
            (_, Some(close)) => format!(
                "Proposal {n} is submitted and posted in #voting; it can be neither changed nor withdrawn (Nomic 107). Voting closes {} (Nomic 113).",
                calendar::show(close, self.tz)
            ),
            (_, None) => format!("Proposal {n} is submitted."),
        };
        Said::about(Kind::Proposal, n, text)
    }
}

impl Present for Voted {
    fn present(&self) -> Said {
        let (n, b, yes, no) = (self.number, self.ballot, self.tally.yes, self.tally.no);
        let text = if self.advisory {
            format!(
                "Your advisory {b} on Draft {n} is recorded; the Chief Justice decides (Terms §IV Act 1). So far: Yes {yes}, No {no}."
            )
        } else {
            format!(
                "Your {b} on Proposal {n} is recorded; a vote can be neither withdrawn nor changed (Nomic 113). So far: Yes {yes}, No {no}."
            )
        };
        Said::about(Kind::Proposal, n, text)
    }
}

impl Present for ProposalList {
    fn present(&self) -> Said {
        if self.rows.is_empty() {
            return Said::about_kind(Kind::Proposal, "Nothing has been proposed yet.");
        }
        let mut lines: Vec<String> = self.rows.iter().map(proposal_line).collect();
        lines.extend(self.page_line.clone());
        Said::about_kind(Kind::Proposal, lines.join("\n"))
    }
}

/// A proposal's line in `/proposal list`: its number, kind, rule, proposer and standing.
fn proposal_line(r: &ProposalRow) -> String {
    let rule = match r.rule.as_deref() {
        Some(l) if l.starts_with('§') => format!(" {l}"),
        Some(l) => format!(" Rule {l}"),
        None => String::new(),
    };
    format!(
        "{} {}{rule} by {}: {}",
        r.number,
        r.kind.word(),
        r.proposer,
        r.status.describe()
    )
}

impl Present for ProposalShown {
    fn present(&self) -> Said {
        let noun = match self.kind {
            ProposalKind::Suggestion => "Suggestion",
            ProposalKind::Draft => "Draft",
            _ => "Proposal",
        };
        let rule = match self.rule.as_deref() {
            Some(r) if r.starts_with('§') => format!(" ({r})"),
            Some(r) => format!(" (Rule {r})"),
            None => String::new(),
        };
        let mut lines = vec![format!(
            "{noun} {}{rule} by {}, {}: {}",
            self.number,
            self.proposer,
            calendar::show(self.submitted_at, self.tz),
            self.status.describe()
        )];
        if !self.text.is_empty() {
            lines.push(format!("“{}”", self.text));
        }
        if let Some(close) = self.closes_at {
            lines.push(format!(
                "Voting closes {} (Nomic 113).",
                calendar::show(close, self.tz)
            ));
        }
        if !self.votes.is_empty() {
            let cast: Vec<String> = self
                .votes
                .iter()
                .map(|(voter, ballot)| format!("{voter} {ballot}"))
                .collect();
            lines.push(format!("Votes: {}", cast.join(", ")));
        }
        lines.extend(self.result.clone());
        for (rule, name) in &self.waiting {
            lines.push(format!(
                "Not yet in effect: {rule} waits for the Chief Justice to set {name} with /procedure set name:{name}."
            ));
        }
        lines.extend(self.held_for.iter().map(|h| held_for(h, self.tz)));
        if !self.points.is_empty() {
            let moved: Vec<String> = self
                .points
                .iter()
                .map(|(name, change)| format!("{name} {change:+}"))
                .collect();
            lines.push(format!("Points: {}", moved.join(", ")));
        }
        Said::about(Kind::Proposal, self.number, lines.join("\n"))
    }
}

/// A Point of Order holding a proposal back, and its Judge now (Nomic 214).
fn held_for(h: &HeldFor, tz: chrono_tz::Tz) -> String {
    let until = h
        .until
        .map(|d| format!(" until {}", calendar::show(d, tz)))
        .unwrap_or_default();
    format!(
        "Held for Point of Order #{}: Judge {}, {}{until} (Nomic 214).",
        h.point,
        h.judge,
        h.stage.describe()
    )
}

impl Present for Decided {
    fn present(&self) -> Said {
        Said::about(Kind::Proposal, self.number, &self.announced)
    }
}

impl Present for PointsTable {
    fn present(&self) -> Said {
        if self.rows.is_empty() {
            return Said::about_kind(
                Kind::Points,
                "Nobody plays yet: players are those with an allocated day (Nomic 201).",
            );
        }
        let lines: Vec<String> = self.rows.iter().map(points_line).collect();
        let mut text = format!(
            "Points ({} to win, Nomic 210):\n{}",
            self.winning,
            lines.join("\n")
        );
        if let Some(w) = &self.winner {
            text.push_str(&format!("\n{w} has won the game (Nomic 210)."));
        } else if !self.tied.is_empty() {
            text.push_str(&format!(
                "\n{} reached the winning points at once; a Judge decides who wins (Nomic 210, 214, 215).",
                self.tied.join(" and ")
            ));
        }
        Said::about_kind(Kind::Points, text)
    }
}

fn points_line(p: &PointsRow) -> String {
    let gone = if p.playing { "" } else { " (forfeited)" };
    format!("{}: {}{gone}", p.name, p.points)
}

impl Present for Forfeited {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Club, &self.announced)
    }
}

impl Present for RuleShown {
    fn present(&self) -> Said {
        let r = &self.rule;
        let mut text = format!("{} ({}, version {}", self.heading, r.mutability, r.version);
        if let Some(since) = r.since {
            text.push_str(&format!(", since {}", calendar::show_date(since)));
        }
        text.push_str(&format!(")\n{}", r.paragraphs.join("\n")));
        for note in &r.notes {
            text.push_str(&format!(
                "\nNote ({}, {}): {}",
                note.author,
                calendar::show_date(note.date),
                note.text
            ));
        }
        Said::about_kind(Kind::Rule, text)
    }
}

/// A titled list of lines, or the words for an empty one.
fn listed(title: String, lines: Vec<String>, empty: &str) -> Said {
    if lines.is_empty() {
        return Said::about_kind(Kind::Rule, empty);
    }
    Said::about_kind(Kind::Rule, format!("{title}\n{}", lines.join("\n")))
}

/// A rule's line in a list: its label, whether it is immutable, and its first words.
fn list_line(rule: &Rule) -> String {
    let tag = if rule.is_mutable() {
        ""
    } else {
        " [immutable]"
    };
    format!("{}{tag}: {}", rule.id.label(), gist(rule))
}

/// The first words of a rule, for lists.
fn gist(rule: &Rule) -> String {
    let text = rule.paragraphs.join(" ");
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() <= 12 {
        words.join(" ")
    } else {
        format!("{} ...", words[..12].join(" "))
    }
}

impl Present for RuleList {
    fn present(&self) -> Said {
        let mut title = format!(
            "{}: {} rules, {} mutable",
            self.title,
            self.rules.len(),
            self.mutable
        );
        if let Some(v) = self.version {
            title.push_str(&format!(", version {v}"));
        }
        let lines = self.rules.iter().map(list_line).collect();
        listed(title, lines, "The rulebook is empty.")
    }
}

impl Present for ChangeLog {
    fn present(&self) -> Said {
        let lines = self
            .versions
            .iter()
            .map(|v| {
                format!(
                    "{} ({}): {}",
                    v.version,
                    calendar::show_date(v.date),
                    v.summary
                )
            })
            .collect();
        listed(
            format!("{}: the change log (Terms §IV Act 2)", self.title),
            lines,
            "This rulebook keeps no change log; /rule history shows each rule's versions.",
        )
    }
}

impl Present for RuleSearch {
    fn present(&self) -> Said {
        let title = match self.found.len() {
            1 => format!("1 rule mentions “{}”:", self.words),
            n => format!("{n} rules mention “{}”:", self.words),
        };
        let lines = self.found.iter().map(list_line).collect();
        listed(title, lines, "No rule contains all of those words.")
    }
}

impl Present for RuleHistory {
    fn present(&self) -> Said {
        let mut text = format!("The versions of {}:", self.label);
        for r in &self.rows {
            let mutability = if r.mutable { "mutable" } else { "immutable" };
            text.push_str(&format!(
                "\n- version {} of {}, {} {}",
                r.version,
                r.label,
                r.change.key(),
                calendar::show(r.at, self.tz)
            ));
            if let Some(former) = &r.former {
                text.push_str(&format!(" (was {former})"));
            }
            if let Some(p) = r.proposal {
                let noun = if r.label.starts_with('§') {
                    "Draft"
                } else {
                    "Proposal"
                };
                text.push_str(&format!(" by {noun} {p}"));
            }
            if let Some(by) = &r.by_name {
                text.push_str(&format!(" ({by})"));
            }
            if r.change != ChangeKind::Repealed {
                text.push_str(&format!(
                    ", {mutability}: {}",
                    r.text.replace("\n\n", " / ")
                ));
            }
        }
        Said::about_kind(Kind::Rule, text)
    }
}

impl Present for SettingsShown {
    fn present(&self) -> Said {
        // A club sees the parameters of the procedure it runs: a Terms club no Nomic numbers,
        // a Nomic club no advisory votes on drafts.
        let terms = self.0.procedure == Procedure::ChiefJustice;
        let lines: Vec<String> = NAMES
            .iter()
            .filter(|(name, _)| match *name {
                "procedure" => true,
                "advisory_votes" => terms,
                _ => !terms,
            })
            .map(|(name, what)| {
                format!("{name} = {} ({what})", self.0.get(name).unwrap_or_default())
            })
            .chain(self.1.iter().map(|(name, value)| {
                let rule = bound::TERMS
                    .iter()
                    .find(|b| b.key == *name)
                    .map_or("", |b| b.rule);
                format!("{name} = {value} (Terms {rule})")
            }))
            .collect();
        Said::about_kind(Kind::Rule, lines.join("\n"))
    }
}

impl Present for ParameterSet {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Rule, &self.announced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::said::About;

    #[test]
    fn a_draft_and_a_proposal_are_each_answered_as_their_own_numbered_card() {
        // Suggestions, drafts and Nomic proposals share one numbering (Nomic 109; Terms §IV).
        let draft = Proposed {
            number: 7,
            kind: ProposalKind::Draft,
            closes_at: None,
            tz: chrono_tz::UTC,
        };
        let said = draft.present();
        assert!(said
            .text
            .starts_with("Draft 7 is submitted to the Chief Justice"));
        assert_eq!(
            said.about,
            Some(About {
                kind: Kind::Proposal,
                number: Some(7)
            })
        );
        let empty = PointsTable {
            rows: Vec::new(),
            winner: None,
            tied: Vec::new(),
            winning: 200,
        };
        assert_eq!(empty.present().about.map(|a| a.kind), Some(Kind::Points));
        assert_eq!(
            empty.to_string(),
            "Nobody plays yet: players are those with an allocated day (Nomic 201)."
        );
    }
}
