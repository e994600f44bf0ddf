//! The words of the committees' answers: each outcome their use cases return, said once here,
//! with the card of the motion it is about (house rules A.6), or the committees' card with no
//! number when the answer is about no motion. An answer that is also an announcement is said
//! in the announcement's words, written where it is announced.

use crate::app::committee::approval::Decided;
use crate::app::committee::bound::HouseValueSet;
use crate::app::committee::committees::{CommitteeChanged, CommitteeList, Created, Described};
use crate::app::committee::disputes::DisputeDone;
use crate::app::committee::house_rules::{
    HouseRuleHistory, HouseRuleShown, HouseRuleVersion, HouseRulesImported,
};
use crate::app::committee::motion::{MotionShown, Voted};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::committee::house_rules::Made;
use crate::domain::kernel::calendar;

displayed_as_said!(
    Voted,
    MotionShown,
    Created,
    CommitteeChanged,
    CommitteeList,
    HouseRulesImported,
    HouseRuleShown,
    HouseRuleHistory,
    HouseValueSet,
    Decided,
    DisputeDone,
);

impl Present for Created {
    fn present(&self) -> Said {
        Said::about_kind(
            Kind::Committee,
            format!("Committee created. {}", Described(&self.0)),
        )
    }
}

impl Present for CommitteeChanged {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Committee, self.announced.clone())
    }
}

impl Present for CommitteeList {
    fn present(&self) -> Said {
        if self.0.is_empty() {
            return Said::about_kind(Kind::Committee, "There are no committees yet.");
        }
        let lines: Vec<String> = self.0.iter().map(|c| Described(c).to_string()).collect();
        Said::about_kind(Kind::Committee, lines.join("\n"))
    }
}

impl Present for HouseRulesImported {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Committee, self.announced.clone())
    }
}

impl Present for HouseRuleShown {
    fn present(&self) -> Said {
        let mut text = format!(
            "{} ({}), version {}: {}",
            self.label, self.heading, self.version, self.text
        );
        for line in &self.standing {
            text.push('\n');
            text.push_str(line);
        }
        Said::about_kind(Kind::Committee, text)
    }
}

impl Present for HouseRuleHistory {
    fn present(&self) -> Said {
        let lines: Vec<String> = self
            .versions
            .iter()
            .map(|v| version_line(v, self.tz))
            .collect();
        Said::about_kind(
            Kind::Committee,
            format!("House rule {}:\n{}", self.label, lines.join("\n")),
        )
    }
}

/// "Version 2 — approved (motion 4), Mon 1 Jun 2026 18:00 BST: ..."
fn version_line(v: &HouseRuleVersion, tz: chrono_tz::Tz) -> String {
    let how = match v.change {
        Made::Imported => "imported",
        Made::Approved => "approved",
        Made::Overridden => "overridden",
        Made::TookEffect => "took effect",
    };
    let how = match (v.change, v.motion) {
        (Made::Imported, _) | (_, None) => how.to_owned(),
        (_, Some(m)) => format!("{how} (motion {m})"),
    };
    format!(
        "Version {} — {how}, {}: {}",
        v.version,
        calendar::show(v.at, tz),
        v.text
    )
}

impl Present for HouseValueSet {
    fn present(&self) -> Said {
        Said::about_kind(Kind::Committee, self.announced.clone())
    }
}

impl Present for Decided {
    fn present(&self) -> Said {
        Said::about(Kind::Committee, self.motion, self.announced.clone())
    }
}

impl Present for DisputeDone {
    fn present(&self) -> Said {
        match self {
            DisputeDone::Raised { dispute } => Said::about_kind(
                Kind::Committee,
                format!("Dispute {dispute} is with the TD, who may resolve it or refer it to the TMC (house rules D.I.2, A.3.v)."),
            ),
            DisputeDone::Resolved {
                failed_motion: Some(motion),
                announced,
                ..
            } => Said::about(Kind::Committee, *motion, announced.clone()),
            DisputeDone::Resolved { announced, .. }
            | DisputeDone::Confirmed { announced, .. } => {
                Said::about_kind(Kind::Committee, announced.clone())
            }
            DisputeDone::Referred {
                motion, announced, ..
            } => Said::about(Kind::Committee, *motion, announced.clone()),
            DisputeDone::Reported { report, game } => Said::about_kind(
                Kind::Committee,
                format!("Your report {report} on {game} went to the TD privately; it is not posted in #discussion nor shown on the portal (house rules A.9)."),
            ),
        }
    }
}

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

    #[test]
    fn a_referral_is_answered_on_its_new_motions_card_d_i_2() {
        let said = DisputeDone::Referred {
            dispute: 2,
            motion: 9,
            announced: "td referred dispute 2 on R1 Board 1 to the TMC again (motion 7 closed without binding) as motion 9; binding.".into(),
        }
        .present();
        assert_eq!(said.about.and_then(|a| a.number), Some(9));
        let raised = DisputeDone::Raised { dispute: 2 }.present();
        assert_eq!(
            raised.about.map(|a| (a.kind, a.number)),
            Some((Kind::Committee, None))
        );
        assert!(raised.text.starts_with("Dispute 2 is with the TD"));
    }

    #[test]
    fn an_item_is_shown_with_what_gavel_does_by_it_and_no_motions_number_a_7() {
        let said = HouseRuleShown {
            label: "A.7".into(),
            heading: "TMC".into(),
            version: 2,
            text: "Any motion 2/3 ...".into(),
            standing: vec!["gavel applies it: vetoes.".into()],
        }
        .present();
        assert_eq!(
            said.text,
            "A.7 (TMC), version 2: Any motion 2/3 ...\ngavel applies it: vetoes."
        );
        assert_eq!(said.about.and_then(|a| a.number), None);
    }
}
