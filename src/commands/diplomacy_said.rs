//! The words of the Diplomacy tournament's answers: each outcome its use cases return, said
//! once here. Every card is Diplomacy's, with no number (a board has a name, not a number).

use chrono::Utc;

use crate::app::diplomacy::{gmt, DiplomacyOutcome, OrdersOfPower, PoolPlace, VoteUntil};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::diplomacy::pool::Skip;

displayed_as_said!(DiplomacyOutcome);

impl Present for DiplomacyOutcome {
    fn present(&self) -> Said {
        let text = match self {
            DiplomacyOutcome::Announced(text)
            | DiplomacyOutcome::Shown(text)
            | DiplomacyOutcome::Checked(text) => text.clone(),
            DiplomacyOutcome::Dealt { announced, unobserved } => match unobserved.first() {
                None => announced.clone(),
                Some(first) => format!(
                    "{announced}\nNo Tournament Observer yet for {}: the TD makes sure each game has one (house rules A.9), with /office appoint member:@name office:observer game:\"{first}\".",
                    unobserved.join(", ")
                ),
            },
            DiplomacyOutcome::SignedUp { member, so_far } => format!(
                "{member} is signed up as an individual ({so_far} so far). At the deadline the TD groups the individuals at random into teams of seven, each with a captain, and the rest start the reserve list (B.2)."
            ),
            DiplomacyOutcome::PressKept { kind, board, turn } => format!(
                "Your {} press on {board} is kept for the adjudication of {turn}, and published with it (D.X.1){}.",
                kind.name(),
                if kind.anonymous() { "; its author is never revealed (D.X.2)" } else { "" }
            ),
            DiplomacyOutcome::OrdersReceived { power, board, turn, version, is_final, at } => {
                let mark = if *is_final { "Final" } else { "preliminary (D.II.1)" };
                format!(
                    "Receipt: {power}'s orders for {turn} on {board}, version {version}, {mark}, received {}. Every version is kept; the last before the deadline is used (D.III.3, D.VII.7).",
                    gmt(at.with_timezone(&Utc), at.timezone())
                )
            }
            DiplomacyOutcome::OrdersShown { board, turn, merged, powers } => {
                let how = if *merged {
                    ", merged unit by unit (D.III.3, alternative rule)"
                } else {
                    ", the last set of each power (D.III.3)"
                };
                let mut lines = vec![format!("{board} {turn}: orders as adjudicated{how}")];
                lines.extend(powers.iter().map(orders_line));
                lines.join("\n")
            }
            DiplomacyOutcome::ExtensionTooLate { hours_before, notice_hours, turn } => format!(
                "Asked {hours_before} hour(s) before the deadline: an extension must be asked at least {notice_hours} hours ahead, so it is rejected for {turn} and kept for the next turn if you ask again then (D.VII.5)."
            ),
            DiplomacyOutcome::UnavailableDeclared(period) => format!(
                "Your unavailable period is {} each week; no GM publishes a turn in it with its deadline in it too, and no extension moves a deadline into it (D.VII.2).",
                period.written()
            ),
            DiplomacyOutcome::NoPoolInRoundOne { board } => format!(
                "{board} is a round 1 board: its team's captain is the default replacement and there is no reserve pool (B.8(c))."
            ),
            DiplomacyOutcome::Pool { board, ranked } => {
                let mut lines = vec![format!("The reserve pool for {board}, in ranking order (B.8(d)):")];
                if ranked.is_empty() {
                    lines.push("No one: a position no one takes falls into civil disorder (B.8(f)).".into());
                }
                lines.extend(ranked.iter().map(pool_line));
                lines.join("\n")
            }
            DiplomacyOutcome::StoodBy { board, place } => {
                let bar = match &place.skip {
                    None | Some(Skip::NoReply) => String::new(),
                    Some(s) => format!("; for now you are passed over: {s}"),
                };
                format!(
                    "Your reply is recorded: you will take a position on {board} if drawn. You are no. {} in the pool's ranking ({}){bar} (B.8(d)).",
                    place.rank, place.source
                )
            }
            DiplomacyOutcome::UnitsRecorded { board, key, units } => {
                format!("{board} {key}: units recorded. {units}")
            }
            DiplomacyOutcome::BallotCast { proposal, until } => {
                let until = match until {
                    VoteUntil::Deadline(turn) => format!("the deadline of {turn}"),
                    VoteUntil::Adjudication(turn) => format!("{turn}'s adjudication is published"),
                };
                format!(
                    "Your vote on proposal #{proposal} is recorded, in secret; you may revise it until {until} (D.IX.2)."
                )
            }
            DiplomacyOutcome::Joined {
                member,
                team,
                role,
                power,
            } => {
                let with =
                    power.map_or(String::new(), |p| format!(", to play {p} in round 1 (B.5)"));
                format!("{member} joins {team} as {role}{with}.")
            }
        };
        Said::about_kind(Kind::Diplomacy, text)
    }
}

/// One power's line in the GM's read of a turn's orders.
fn orders_line(o: &OrdersOfPower) -> String {
    format!(
        "{} (version {}{}, {}): {}",
        o.power,
        o.version,
        if o.is_final { ", Final" } else { "" },
        gmt(o.sent_at.with_timezone(&Utc), o.sent_at.timezone()),
        o.body
    )
}

/// One member's line in a reserve pool.
fn pool_line(p: &PoolPlace) -> String {
    let state = match (&p.skip, p.drawn_next) {
        (Some(s), _) => format!(" - passed over: {s}"),
        (None, true) => " - drawn next".to_owned(),
        (None, false) => String::new(),
    };
    format!("{}. {} ({}){state}", p.rank, p.name, p.source)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::diplomacy::Power;

    #[test]
    fn a_ballot_is_answered_without_its_choice_and_the_card_is_diplomacys_d_ix_2() {
        let said = DiplomacyOutcome::BallotCast {
            proposal: 3,
            until: VoteUntil::Adjudication(
                crate::domain::diplomacy::season::Turn::parse("F1901M").unwrap(),
            ),
        }
        .present();
        assert_eq!(
            said.text,
            "Your vote on proposal #3 is recorded, in secret; you may revise it until F1901M's adjudication is published (D.IX.2)."
        );
        assert_eq!(
            said.about.map(|a| (a.kind, a.number)),
            Some((Kind::Diplomacy, None))
        );
        let joined = DiplomacyOutcome::Joined {
            member: "tess".into(),
            team: "Hanseatic".into(),
            role: crate::domain::diplomacy::states::TeamRole::Player,
            power: Some(Power::France),
        };
        assert_eq!(
            joined.to_string(),
            "tess joins Hanseatic as player, to play France in round 1 (B.5)."
        );
    }
}
