//! The words of the Diplomacy tournament's answers: each outcome its use cases return, said
//! once here. Every card is Diplomacy's, with no number (a board has a name, not a number).

use crate::app::diplomacy::{DiplomacyOutcome, VoteUntil};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};

displayed_as_said!(DiplomacyOutcome);

impl Present for DiplomacyOutcome {
    fn present(&self) -> Said {
        let text = match self {
            DiplomacyOutcome::Announced(text) | DiplomacyOutcome::Words(text) => text.clone(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::diplomacy::Power;

    #[test]
    fn a_ballot_is_answered_without_its_choice_and_the_card_is_diplomacys_d_ix_2() {
        let said = DiplomacyOutcome::BallotCast {
            proposal: 3,
            until: VoteUntil::Adjudication("F1901M".into()),
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
            role: "player".into(),
            power: Some(Power::France),
        };
        assert_eq!(
            joined.to_string(),
            "tess joins Hanseatic as player, to play France in round 1 (B.5)."
        );
    }
}
