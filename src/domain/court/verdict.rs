//! Votes and the tally: uphold, overturn (with what replaces the decision) or remand (with
//! conditions) (Terms §III Act 3.8); a majority of the bench decides (Act 3.3, 3.9), and the
//! decision takes effect with the vote that makes the majority.

use chrono::{DateTime, NaiveDate, Utc};

use crate::domain::kernel::calendar;
use crate::domain::kernel::text::Reason;
use crate::domain::moderation::ladder::{self, BanDateError, Step};
use crate::domain::moderation::normalise;

use super::panel::Bench;
use super::standing::{Action, Subject};

/// A ground on which the Court overturns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Ground {
    /// Failure to give proper reasoning invalidates a penalty in severity or in entirety
    /// (Terms §III Act 2.4.3).
    NoProperReasoning,
}

/// What the Court puts in place of an overturned decision (Terms §III Act 3.8b).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Replacement {
    /// Nothing: the action is void, reversed as though it never happened.
    Void,
    /// The ban ends on this Friday instead, shorter or longer (Terms §II Act 9.3, 9.4).
    BanEnds(NaiveDate),
    /// A lesser step of the fraud ladder (Terms §II Act 5).
    LesserStep(Step),
    /// For a matter that is not a case: the Court's own ruling, in words.
    Ruling(Reason),
}

/// An overturn: what replaces the decision, and the ground if it is §III Act 2.4.3.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Overturn {
    pub replacement: Replacement,
    pub ground: Option<Ground>,
}

/// One Justice's vote.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Vote {
    Uphold,
    Overturn(Overturn),
    /// Back to the Moderator, to re-evaluate under these conditions (Terms §III Act 3.8a).
    Remand {
        conditions: Reason,
    },
}

/// Why a vote's content was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidVote {
    #[error("Only a ban's end can be changed, and {what} is not a ban (Terms §II Act 9.3, 9.4).")]
    NotABan { what: String },
    #[error(transparent)]
    BanDate(#[from] BanDateError),
    #[error("The ban already ends on {0}; to keep it, vote to uphold (Terms §III Act 3.8).")]
    SameBanEnd(String),
    #[error(
        "Only a fraud violation has steps of the ladder, and {what} is not one (Terms §II Act 5)."
    )]
    NotAViolation { what: String },
    #[error("Step {chosen} is not lesser than step {current}, the step taken (Terms §II Act 5).")]
    NotLesser { current: i64, chosen: i64 },
    #[error("Want of proper reasoning may invalidate a penalty in severity or in entirety, never make it harsher (Terms §III Act 2.4.3).")]
    Harsher,
    #[error("Want of proper reasoning is a ground against a declared penalty, and this is not one (Terms §III Act 2.4, 2.4.3).")]
    NotAPenalty,
    #[error("Want of proper reasoning is a ground against a declared penalty, and case #{case} has not been declared: an undeclared penalty is void at its deadline instead (Terms §III Act 2.4.2, 2.4.3).")]
    Undeclared { case: i64 },
    #[error("For a case, say what replaces the decision: void, a new ban end or a lesser step; a ruling in words is for other matters (Terms §III Act 3.8).")]
    RulingOnACase,
    #[error("A matter has no case to void, re-date or lessen: give the Court's ruling in words (Terms §III Act 3.8).")]
    NotACase,
    #[error("A weekly absence or inactivity deduction is made by the rules themselves, not decided by a Moderator, so there is nobody to re-decide it; the whole Court upholds or overturns it (Terms §II Act 6.3; §III Acts 3.8, 5).")]
    WeeklyNotRemanded,
    #[error("A matter was not decided by a Moderator, so there is nobody to remand it to; uphold or overturn it (Terms §III Act 3.8).")]
    NothingToRemand,
}

/// Want of proper reasoning (Terms §III Act 2.4.3) is judged on a declaration: a penalty not yet
/// declared has no reasoning to find wanting, and is void at its deadline if none comes (2.4.2).
pub fn reasoning_ground_applies(case: i64, declared: bool) -> Result<(), InvalidVote> {
    if declared {
        Ok(())
    } else {
        Err(InvalidVote::Undeclared { case })
    }
}

impl Vote {
    /// Checks the vote against the action appealed. `today` is the club-local date: a new ban
    /// end must be a Friday after it (Terms §II Act 9.2).
    pub fn validate(&self, subject: &Subject, today: NaiveDate) -> Result<(), InvalidVote> {
        let facts = match (self, subject) {
            (Vote::Uphold, _) => return Ok(()),
            (Vote::Remand { .. }, Subject::Matter(_)) => return Err(InvalidVote::NothingToRemand),
            (Vote::Remand { .. }, Subject::Action(facts))
                if matches!(facts.action, Action::Absence | Action::Inactivity) =>
            {
                return Err(InvalidVote::WeeklyNotRemanded)
            }
            (Vote::Remand { .. }, Subject::Action(_)) => return Ok(()),
            (Vote::Overturn(o), Subject::Matter(_)) => {
                return match o.replacement {
                    Replacement::Ruling(_) if o.ground.is_none() => Ok(()),
                    Replacement::Ruling(_) => Err(InvalidVote::NotAPenalty),
                    _ => Err(InvalidVote::NotACase),
                };
            }
            (Vote::Overturn(_), Subject::Action(facts)) => facts,
        };
        let Vote::Overturn(overturn) = self else {
            unreachable!("matched above")
        };
        if overturn.ground == Some(Ground::NoProperReasoning) && !facts.action.is_penalty() {
            return Err(InvalidVote::NotAPenalty);
        }
        match &overturn.replacement {
            Replacement::Void => Ok(()),
            Replacement::Ruling(_) => Err(InvalidVote::RulingOnACase),
            Replacement::BanEnds(end) => {
                let current = facts
                    .action
                    .ban_end()
                    .ok_or_else(|| InvalidVote::NotABan { what: facts.name() })?;
                ladder::is_valid_ban_end(*end, today)?;
                if current == Some(*end) {
                    return Err(InvalidVote::SameBanEnd(calendar::show_date(*end)));
                }
                // A permanent ban (no end) is longer than any dated one.
                let longer = current.is_some_and(|c| *end > c);
                if longer && overturn.ground == Some(Ground::NoProperReasoning) {
                    return Err(InvalidVote::Harsher);
                }
                Ok(())
            }
            Replacement::LesserStep(chosen) => {
                let Action::Violation { step, .. } = facts.action else {
                    return Err(InvalidVote::NotAViolation { what: facts.name() });
                };
                if *chosen >= step {
                    return Err(InvalidVote::NotLesser {
                        current: step.number(),
                        chosen: chosen.number(),
                    });
                }
                Ok(())
            }
        }
    }

    /// Whether two votes concur: the same decision and, for an overturn, the same replacement
    /// (it is part of the decision, §III Act 3.8b); for a remand, the same conditions (the
    /// Moderator re-evaluates under them, §III Act 3.8a, and contradictory ones are no
    /// decision). Conditions are compared without regard to case, spacing or punctuation.
    pub fn concurs_with(&self, other: &Vote) -> bool {
        match (self, other) {
            (Vote::Uphold, Vote::Uphold) => true,
            (Vote::Remand { conditions: a }, Vote::Remand { conditions: b }) => {
                same_conditions(a, b)
            }
            (Vote::Overturn(a), Vote::Overturn(b)) => a.replacement == b.replacement,
            _ => false,
        }
    }
}

/// Two remands' conditions are the same, told alike or differently in case, spacing or
/// punctuation.
fn same_conditions(a: &Reason, b: &Reason) -> bool {
    normalise(a.as_str()) == normalise(b.as_str())
}

/// A vote cast, with the Justice's reasons.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ballot {
    pub justice: i64,
    pub vote: Vote,
    pub reasons: Reason,
    pub at: DateTime<Utc>,
}

/// What the Court decided.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Decision {
    Uphold,
    Overturn(Overturn),
    Remand { conditions: Vec<Reason> },
}

impl Decision {
    /// Whether a vote concurs with this decision.
    pub fn concurs(&self, vote: &Vote) -> bool {
        match (self, vote) {
            (Decision::Uphold, Vote::Uphold) => true,
            (Decision::Remand { conditions }, Vote::Remand { conditions: c }) => {
                conditions.iter().any(|d| same_conditions(d, c))
            }
            (Decision::Overturn(a), Vote::Overturn(b)) => a.replacement == b.replacement,
            _ => false,
        }
    }
}

/// Where a tally stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No majority yet; more votes are due.
    Pending { cast: usize, needed: usize },
    /// A majority concurred; the decision took effect with the vote cast `at`.
    Reached {
        decision: Decision,
        majority: Vec<i64>,
        at: DateTime<Utc>,
    },
    /// Every panellist voted and no two concurred: the panel votes again.
    Split,
    /// Every Justice of the whole Court voted and no majority formed: what was under review
    /// stands.
    NoMajority,
}

impl Verdict {
    /// Tallies `ballots` (in the order cast) for `bench`: the decision is reached by the first
    /// ballot that gives one position a majority of the bench.
    pub fn from_votes(bench: &Bench, ballots: &[Ballot]) -> Verdict {
        let needed = bench.majority();
        for (i, ballot) in ballots.iter().enumerate() {
            let cast = &ballots[..=i];
            let concurring: Vec<&Ballot> = cast
                .iter()
                .filter(|b| b.vote.concurs_with(&ballot.vote))
                .collect();
            if concurring.len() >= needed {
                let decision = match &ballot.vote {
                    Vote::Uphold => Decision::Uphold,
                    Vote::Overturn(o) => Decision::Overturn(o.clone()),
                    // The concurring votes set the same conditions: the decision states them
                    // once, as the first of them wrote them.
                    Vote::Remand { .. } => Decision::Remand {
                        conditions: concurring
                            .iter()
                            .find_map(|b| match &b.vote {
                                Vote::Remand { conditions } => Some(conditions.clone()),
                                _ => None,
                            })
                            .into_iter()
                            .collect(),
                    },
                };
                return Verdict::Reached {
                    decision,
                    majority: concurring.iter().map(|b| b.justice).collect(),
                    at: ballot.at,
                };
            }
        }
        if ballots.len() < bench.seats().len() {
            Verdict::Pending {
                cast: ballots.len(),
                needed,
            }
        } else if bench.is_en_banc() {
            Verdict::NoMajority
        } else {
            Verdict::Split
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::domain::court::panel::{check_panel, tests::court};
    use crate::domain::court::standing::tests::{facts, now, reason};
    use crate::domain::court::standing::{Conflicts, MatterFacts};
    use chrono::Duration;

    #[test]
    fn a_weekly_deduction_is_upheld_or_overturned_never_remanded() {
        // Terms §II Act 6.3, §III Act 5: the whole Court hears it; no Moderator re-decides it.
        let today = NaiveDate::from_ymd_opt(2026, 11, 27).expect("a date");
        let remand = Vote::Remand {
            conditions: reason("count the sessions again"),
        };
        for action in [Action::Absence, Action::Inactivity] {
            assert_eq!(
                remand.validate(&Subject::Action(facts(action)), today),
                Err(InvalidVote::WeeklyNotRemanded)
            );
        }
        assert_eq!(
            remand.validate(&Subject::Action(facts(Action::Deduction)), today),
            Ok(())
        );
    }

    #[test]
    fn no_proper_reasoning_needs_a_declaration() {
        // Terms §III Act 2.4.3 judges the reasoning declared under Act 2.4.
        assert_eq!(
            reasoning_ground_applies(4, false),
            Err(InvalidVote::Undeclared { case: 4 })
        );
        assert_eq!(reasoning_ground_applies(4, true), Ok(()));
    }

    pub fn panel() -> Bench {
        Bench::Panel(check_panel(&[1, 2, 3], &court(), &Conflicts::default()).unwrap())
    }

    pub fn ballot(justice: i64, vote: Vote, minutes: i64) -> Ballot {
        Ballot {
            justice,
            vote,
            reasons: reason("for the reasons given"),
            at: now() + Duration::minutes(minutes),
        }
    }

    pub fn void() -> Vote {
        Vote::Overturn(Overturn {
            replacement: Replacement::Void,
            ground: None,
        })
    }

    fn date(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    fn ban_until(m: u32, d: u32) -> Subject {
        Subject::Action(facts(Action::Ban {
            ends: Some(date(m, d)),
        }))
    }

    fn new_end(end: NaiveDate, ground: Option<Ground>) -> Vote {
        Vote::Overturn(Overturn {
            replacement: Replacement::BanEnds(end),
            ground,
        })
    }

    const TODAY: (u32, u32) = (11, 27);

    /// Friday 1 January 2027, a week after the ban's end.
    fn new_year() -> NaiveDate {
        NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()
    }

    fn today() -> NaiveDate {
        date(TODAY.0, TODAY.1)
    }

    #[test]
    fn the_decision_takes_effect_with_the_second_concurring_vote() {
        // Terms §III Act 3.3: a majority for a judgement.
        let bench = panel();
        let first = [ballot(1, void(), 0)];
        assert_eq!(
            Verdict::from_votes(&bench, &first),
            Verdict::Pending { cast: 1, needed: 2 }
        );
        let split_then_concur = [
            ballot(1, void(), 0),
            ballot(2, Vote::Uphold, 5),
            ballot(3, void(), 9),
        ];
        assert_eq!(
            Verdict::from_votes(&bench, &split_then_concur),
            Verdict::Reached {
                decision: Decision::Overturn(Overturn {
                    replacement: Replacement::Void,
                    ground: None
                }),
                majority: vec![1, 3],
                at: now() + Duration::minutes(9),
            }
        );
    }

    #[test]
    fn overturns_with_different_replacements_do_not_concur() {
        // Terms §III Act 3.8b: the replacement is part of the Court's decision.
        let shorter = new_end(date(12, 4), None);
        let ballots = [ballot(1, void(), 0), ballot(2, shorter, 1)];
        assert_eq!(
            Verdict::from_votes(&panel(), &ballots),
            Verdict::Pending { cast: 2, needed: 2 }
        );
    }

    #[test]
    fn a_three_way_split_sends_the_panel_to_vote_again() {
        let ballots = [
            ballot(1, void(), 0),
            ballot(2, Vote::Uphold, 1),
            ballot(
                3,
                Vote::Remand {
                    conditions: reason("hear the opponent first"),
                },
                2,
            ),
        ];
        assert_eq!(Verdict::from_votes(&panel(), &ballots), Verdict::Split);
    }

    fn remand(conditions: &str) -> Vote {
        Vote::Remand {
            conditions: reason(conditions),
        }
    }

    #[test]
    fn remands_concur_only_on_the_same_conditions() {
        // Terms §III Act 3.8a: the Moderator re-evaluates under the Court's conditions, so two
        // contradictory remands are no majority; the third vote decides or the panel votes again.
        let contradictory = [
            ballot(1, remand("shorten the ban to one week"), 0),
            ballot(2, remand("keep the ban at nine weeks"), 1),
        ];
        assert_eq!(
            Verdict::from_votes(&panel(), &contradictory),
            Verdict::Pending { cast: 2, needed: 2 }
        );
        let mut three = contradictory.to_vec();
        three.push(ballot(3, Vote::Uphold, 2));
        assert_eq!(Verdict::from_votes(&panel(), &three), Verdict::Split);

        let alike = [
            ballot(1, remand("Hear the opponent."), 0),
            ballot(2, remand("hear the  opponent"), 1),
        ];
        let Verdict::Reached { decision, .. } = Verdict::from_votes(&panel(), &alike) else {
            panic!("two remands on the same conditions decide");
        };
        assert_eq!(
            decision,
            Decision::Remand {
                conditions: vec![reason("Hear the opponent.")]
            }
        );
        assert!(decision.concurs(&remand("hear the opponent")));
        assert!(!decision.concurs(&remand("state the offence")));
    }

    #[test]
    fn an_even_court_that_ties_reaches_no_majority() {
        // Terms §III Act 3.9: a majority of the whole Court.
        let bench = Bench::whole_court(&court()[..4]);
        let ballots = [
            ballot(1, void(), 0),
            ballot(2, void(), 1),
            ballot(3, Vote::Uphold, 2),
            ballot(4, Vote::Uphold, 3),
        ];
        assert_eq!(Verdict::from_votes(&bench, &ballots), Verdict::NoMajority);
    }

    #[test]
    fn only_the_court_changes_a_ban_and_the_new_end_is_a_friday() {
        // Terms §II Act 9.2, 9.3, 9.4.
        let subject = ban_until(12, 25);
        assert_eq!(
            new_end(date(12, 4), None).validate(&subject, today()),
            Ok(())
        );
        assert_eq!(
            new_end(new_year(), None).validate(&subject, today()),
            Ok(())
        );
        assert_eq!(
            new_end(date(12, 3), None)
                .validate(&subject, today())
                .unwrap_err()
                .to_string(),
            "A ban must end on a Friday, and Thu 3 Dec 2026 is not one (Terms §II Act 9.2)."
        );
        assert!(matches!(
            new_end(date(11, 20), None).validate(&subject, today()),
            Err(InvalidVote::BanDate(BanDateError::NotFuture(_)))
        ));
        assert!(matches!(
            new_end(date(12, 25), None).validate(&subject, today()),
            Err(InvalidVote::SameBanEnd(_))
        ));
        assert_eq!(
            new_end(date(12, 4), None)
                .validate(&Subject::Action(facts(Action::Deduction)), today()),
            Err(InvalidVote::NotABan {
                what: "case #7".into()
            })
        );
    }

    #[test]
    fn a_permanent_ban_may_be_given_an_end() {
        // Terms §II Act 9.3: shortened.
        let permanent = Subject::Action(facts(Action::Violation {
            step: Step::PermanentBan,
            ban_ends: None,
        }));
        assert_eq!(
            new_end(date(12, 4), Some(Ground::NoProperReasoning)).validate(&permanent, today()),
            Ok(())
        );
    }

    #[test]
    fn want_of_proper_reasoning_may_lessen_a_penalty_but_never_harden_it() {
        // Terms §III Act 2.4.3.
        let subject = ban_until(12, 25);
        let ground = Some(Ground::NoProperReasoning);
        assert_eq!(
            new_end(date(12, 4), ground).validate(&subject, today()),
            Ok(())
        );
        assert_eq!(
            new_end(new_year(), ground).validate(&subject, today()),
            Err(InvalidVote::Harsher)
        );
        let void_for_want = Vote::Overturn(Overturn {
            replacement: Replacement::Void,
            ground,
        });
        assert_eq!(void_for_want.validate(&subject, today()), Ok(()));
        assert_eq!(
            void_for_want.validate(&Subject::Action(facts(Action::Award)), today()),
            Err(InvalidVote::NotAPenalty)
        );
    }

    #[test]
    fn an_overturn_may_substitute_only_a_lesser_step_of_the_ladder() {
        // Terms §II Act 5.
        let reset = Subject::Action(facts(Action::Violation {
            step: Step::Reset,
            ban_ends: None,
        }));
        let step = |s| {
            Vote::Overturn(Overturn {
                replacement: Replacement::LesserStep(s),
                ground: None,
            })
        };
        assert_eq!(step(Step::Halve).validate(&reset, today()), Ok(()));
        assert_eq!(
            step(Step::Reset).validate(&reset, today()),
            Err(InvalidVote::NotLesser {
                current: 3,
                chosen: 3
            })
        );
        assert_eq!(
            step(Step::Reverse).validate(&ban_until(12, 25), today()),
            Err(InvalidVote::NotAViolation {
                what: "case #7".into()
            })
        );
    }

    #[test]
    fn a_matter_is_ruled_on_in_words_and_cannot_be_remanded() {
        // Terms §III Act 3.8.
        let matter = Subject::Matter(MatterFacts {
            description: reason("the session register is wrong"),
            parties: vec![],
        });
        let ruling = Vote::Overturn(Overturn {
            replacement: Replacement::Ruling(reason("the register is corrected")),
            ground: None,
        });
        assert_eq!(ruling.validate(&matter, today()), Ok(()));
        assert_eq!(
            void().validate(&matter, today()),
            Err(InvalidVote::NotACase)
        );
        assert_eq!(
            Vote::Remand {
                conditions: reason("look again")
            }
            .validate(&matter, today()),
            Err(InvalidVote::NothingToRemand)
        );
        assert_eq!(
            ruling.validate(&ban_until(12, 25), today()),
            Err(InvalidVote::RulingOnACase)
        );
    }
}
