//! Who sits for a vote, and why: a committee's members, and under A.6 the Assistant TDs too,
//! except an Assistant TD in the TD post at the time of the vote. The TD never sits: the TD
//! casts only the tie-break (A.6).

use std::fmt;

use super::rules::Sitting;
use super::PersonId;

/// Why someone sits, or does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A member of the committee.
    Member,
    /// An Assistant TD (A.6: "Sitting body includes Assistant TD's").
    AssistantDirector,
    /// An Assistant TD acting as TD is temporarily not part of the sitting body (A.6).
    ActingAsDirector,
    /// The TD votes only to break a tie (A.6).
    Director,
}

impl Reason {
    pub fn key(self) -> &'static str {
        match self {
            Reason::Member => "member",
            Reason::AssistantDirector => "assistant_td",
            Reason::ActingAsDirector => "acting_td",
            Reason::Director => "td",
        }
    }

    pub fn from_key(key: &str) -> Option<Reason> {
        [
            Reason::Member,
            Reason::AssistantDirector,
            Reason::ActingAsDirector,
            Reason::Director,
        ]
        .into_iter()
        .find(|r| r.key() == key)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Member => "member",
            Reason::AssistantDirector => "Assistant TD (A.6)",
            Reason::ActingAsDirector => "acting as TD, so not sitting (A.6)",
            Reason::Director => "TD, votes only to break a tie (A.6)",
        })
    }
}

/// One person considered for the sitting body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub person: PersonId,
    pub name: String,
    pub reason: Reason,
    pub sits: bool,
    /// Why, at the motion's close, they no longer held what seated them (dismissed, no longer
    /// the TD, now acting as TD, now ineligible): the record says so beside the reason.
    pub left: Option<String>,
}

/// The people holding the offices a sitting body is drawn from.
#[derive(Debug, Clone, Default)]
pub struct Holders {
    pub members: Vec<(PersonId, String)>,
    pub assistants: Vec<(PersonId, String)>,
    pub directors: Vec<(PersonId, String)>,
    /// The Assistant TD acting as TD, if one is.
    pub acting: Option<PersonId>,
}

/// The sitting body, with those left out and why.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SittingBody(pub Vec<Seat>);

impl SittingBody {
    /// Decides who sits under `rule` (A.6). Someone holding two offices is listed once.
    pub fn of(holders: &Holders, rule: Sitting) -> SittingBody {
        let mut seats: Vec<Seat> = Vec::new();
        let mut push = |person: PersonId, name: &str, reason: Reason, sits: bool| {
            if !seats.iter().any(|s| s.person == person) {
                seats.push(Seat {
                    person,
                    name: name.to_owned(),
                    reason,
                    sits,
                    left: None,
                });
            }
        };
        for (id, name) in &holders.directors {
            push(*id, name, Reason::Director, false);
        }
        if let Some(acting) = holders.acting {
            if let Some((id, name)) = holders.assistants.iter().find(|(id, _)| *id == acting) {
                push(*id, name, Reason::ActingAsDirector, false);
            }
        }
        for (id, name) in &holders.members {
            push(*id, name, Reason::Member, true);
        }
        if rule == Sitting::MembersAndAssistants {
            for (id, name) in &holders.assistants {
                push(*id, name, Reason::AssistantDirector, true);
            }
        }
        SittingBody(seats)
    }

    /// Those who sit.
    pub fn sitting(&self) -> impl Iterator<Item = &Seat> {
        self.0.iter().filter(|s| s.sits)
    }

    pub fn size(&self) -> u32 {
        self.sitting().count() as u32
    }

    pub fn sits(&self, person: PersonId) -> bool {
        self.sitting().any(|s| s.person == person)
    }
}

impl fmt::Display for SittingBody {
    /// "Sitting (7): Ann (member), ... Not sitting: Cy (acting as TD, so not sitting (A.6))."
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sitting: Vec<String> = self
            .sitting()
            .map(|s| format!("{} ({})", s.name, s.reason))
            .collect();
        write!(f, "Sitting ({}): {}", sitting.len(), sitting.join(", "))?;
        let out: Vec<String> = self
            .0
            .iter()
            .filter(|s| !s.sits)
            .map(|s| format!("{} ({})", s.name, s.reason))
            .collect();
        if !out.is_empty() {
            write!(f, ". Not sitting: {}", out.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(ids: &[i64]) -> Vec<(PersonId, String)> {
        ids.iter().map(|i| (*i, format!("p{i}"))).collect()
    }

    fn tmc(acting: Option<PersonId>) -> Holders {
        Holders {
            members: named(&[1, 2, 3, 4, 5]),
            assistants: named(&[6, 7]),
            directors: named(&[9]),
            acting,
        }
    }

    #[test]
    fn five_tmc_members_and_two_assistant_tds_make_a_sitting_body_of_seven_a6() {
        let body = SittingBody::of(&tmc(None), Sitting::MembersAndAssistants);
        assert_eq!(body.size(), 7);
        assert!(body.sits(6) && body.sits(7));
        assert!(!body.sits(9), "the TD only breaks ties");
    }

    #[test]
    fn an_assistant_td_acting_as_td_leaves_a_sitting_body_of_six_a6() {
        let body = SittingBody::of(&tmc(Some(7)), Sitting::MembersAndAssistants);
        assert_eq!(body.size(), 6);
        assert!(!body.sits(7));
        assert!(body
            .to_string()
            .contains("p7 (acting as TD, so not sitting (A.6))"));
    }

    #[test]
    fn a_committee_of_members_only_leaves_the_assistants_out() {
        let body = SittingBody::of(&tmc(None), Sitting::Members);
        assert_eq!(body.size(), 5);
        assert!(!body.sits(6));
    }

    #[test]
    fn someone_holding_two_offices_sits_once() {
        let mut holders = tmc(None);
        holders.assistants.push((1, "p1".into()));
        assert_eq!(
            SittingBody::of(&holders, Sitting::MembersAndAssistants).size(),
            7
        );
    }

    #[test]
    fn the_result_names_who_sat_and_why() {
        let body = SittingBody::of(
            &Holders {
                members: named(&[1]),
                assistants: named(&[2]),
                directors: vec![],
                acting: None,
            },
            Sitting::MembersAndAssistants,
        );
        assert_eq!(
            body.to_string(),
            "Sitting (2): p1 (member), p2 (Assistant TD (A.6))"
        );
    }
}
