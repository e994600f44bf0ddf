//! The words of the committees' answers: each outcome their use cases return, said once here,
//! with the card of the motion it is about (house rules A.6).

use crate::app::committee::motion::{MotionShown, Voted};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};

displayed_as_said!(Voted, MotionShown);

impl Present for MotionShown {
    fn present(&self) -> Said {
        Said::about(Kind::Committee, self.number, self.record.clone())
    }
}

impl Present for Voted {
    fn present(&self) -> Said {
        match *self {
            Voted::Cast {
                motion,
                choice,
                closed,
            } => {
                let closed = if closed {
                    " Everyone sitting has voted, so it is closed."
                } else {
                    ""
                };
                Said::about(
                    Kind::Committee,
                    motion,
                    format!("Your vote on motion {motion} is recorded: {choice}.{closed}"),
                )
            }
            Voted::TieBroken {
                motion,
                choice,
                status,
            } => Said::about(
                Kind::Committee,
                motion,
                format!(
                    "Your tie-breaking vote on motion {motion} is recorded: {choice}; it is {status}."
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::committee::motion::Status;
    use crate::domain::committee::tally::Choice;

    #[test]
    fn a_vote_is_answered_on_its_motions_card_a_6() {
        let said = Voted::Cast {
            motion: 4,
            choice: Choice::Abstain,
            closed: true,
        }
        .present();
        assert_eq!(
            said.text,
            "Your vote on motion 4 is recorded: Abstain. Everyone sitting has voted, so it is closed."
        );
        assert_eq!(
            said.about.map(|a| (a.kind, a.number)),
            Some((Kind::Committee, Some(4)))
        );
        let broken = Voted::TieBroken {
            motion: 5,
            choice: Choice::No,
            status: Status::Rejected,
        }
        .present();
        assert_eq!(broken.about.and_then(|a| a.number), Some(5));
        assert!(
            broken.text.ends_with(": No; it is rejected."),
            "{}",
            broken.text
        );
    }
}
