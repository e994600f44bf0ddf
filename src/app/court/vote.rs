//! `/court vote`: each Justice on the bench votes once, to uphold, overturn (saying what
//! replaces the decision) or remand (with conditions) (Terms §III Acts 3.3, 3.8, 3.9). The vote
//! that makes a majority decides, and the decision is carried out at once; the opinion is then
//! due within 7 days (Act 3.10).

use chrono::{Datelike, NaiveDate};

use crate::app::Call;
use crate::domain::court::{
    reasoning_ground_applies, Appeal, Ballot, Bench, Decision, Ground, Judgement, Opinion,
    OpinionDeadlines, Overturn, Replacement, Vote, VoteDecision, VoteRefusal,
};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::AppealId;
use crate::domain::kernel::text::{self, Reason};
use crate::domain::kernel::words::Words;
use crate::domain::moderation::ladder::Step;
use crate::jobs::{self, Job};
use crate::store::court::appeals::OpinionRecord;

use super::buttons::opinion_button;
use super::{CourtError, CourtOutcome};

/// A vote as typed.
#[derive(Debug, Clone)]
pub struct VoteInput {
    pub decision: VoteDecision,
    pub reasons: String,
    /// Overturn: the ban's new end, a Friday (YYYY-MM-DD).
    pub ban_until: Option<NaiveDate>,
    /// Overturn: a lesser step of the ladder.
    pub step: Option<i64>,
    /// Overturn a matter: the Court's ruling in words.
    pub ruling: Option<String>,
    /// Overturn a deduction or award: fewer points in its place.
    pub points: Option<i64>,
    /// Overturn for want of proper reasoning (Terms §III Act 2.4.3).
    pub no_reasoning: bool,
    /// Remand: the conditions.
    pub conditions: Option<String>,
}

impl VoteInput {
    /// The options given that belong to another decision than this vote's, with that
    /// decision: an uphold takes none, a remand only its conditions, an overturn no conditions
    /// (Terms §III Act 3.8).
    fn stray_options(&self) -> Vec<(&'static str, VoteDecision)> {
        let given = [
            (
                "ban_until",
                self.ban_until.is_some(),
                VoteDecision::Overturn,
            ),
            ("step", self.step.is_some(), VoteDecision::Overturn),
            ("ruling", self.ruling.is_some(), VoteDecision::Overturn),
            ("points", self.points.is_some(), VoteDecision::Overturn),
            ("no_reasoning", self.no_reasoning, VoteDecision::Overturn),
            (
                "conditions",
                self.conditions.is_some(),
                VoteDecision::Remand,
            ),
        ];
        given
            .into_iter()
            .filter(|(_, present, belongs)| *present && *belongs != self.decision)
            .map(|(name, _, belongs)| (name, belongs))
            .collect()
    }

    fn vote(&self) -> Result<Vote, CourtError> {
        let stray = self.stray_options();
        if !stray.is_empty() {
            let named: Vec<String> = stray
                .iter()
                .map(|(option, belongs)| {
                    format!("`{option}`, which belongs to a vote to {}", belongs.word())
                })
                .collect();
            return Err(CourtError::BadVote(format!(
                "A vote to {} does not take {}. Leave it out or vote for that decision; nothing was recorded (Terms §III Act 3.8).",
                self.decision.word(),
                named.join(", nor ")
            )));
        }
        Ok(match self.decision {
            VoteDecision::Uphold => Vote::Uphold,
            VoteDecision::Remand => Vote::Remand {
                conditions: Reason::parse(self.conditions.as_deref().ok_or_else(|| {
                    CourtError::BadVote(
                        "A remand says its conditions: conditions:\"...\" (Terms §III Act 3.8)."
                            .into(),
                    )
                })?)?,
            },
            VoteDecision::Overturn => {
                let replacement = match (self.ban_until, self.step, &self.ruling, self.points) {
                    (Some(day), None, None, None) => Replacement::BanEnds(day),
                    (None, Some(step), None, None) => Replacement::LesserStep(
                        Step::from_number(step).ok_or_else(|| {
                            CourtError::BadVote(format!("There is no step {step} of the ladder (Terms §II Act 5)."))
                        })?,
                    ),
                    (None, None, Some(ruling), None) => Replacement::Ruling(Reason::parse(ruling)?),
                    (None, None, None, Some(points)) => Replacement::Points(points),
                    (None, None, None, None) => Replacement::Void,
                    _ => {
                        return Err(CourtError::BadVote(
                            "An overturn puts one thing in place of the decision: ban_until, step, points or ruling, or none of them to void it (Terms §III Act 3.8).".into(),
                        ))
                    }
                };
                Vote::Overturn(Overturn {
                    replacement,
                    ground: self.no_reasoning.then_some(Ground::NoProperReasoning),
                })
            }
        })
    }
}

/// "uphold", "overturn: void", "remand: ...".
pub(super) fn vote_words(vote: &Vote) -> String {
    match vote {
        Vote::Uphold => "uphold".into(),
        Vote::Overturn(o) => format!("overturn ({})", replacement_words(&o.replacement, o.ground)),
        Vote::Remand { conditions } => format!("remand (conditions: {})", conditions.as_str()),
    }
}

fn replacement_words(r: &Replacement, ground: Option<Ground>) -> String {
    let what = match r {
        Replacement::Void => "void".to_owned(),
        Replacement::BanEnds(d) => format!("the ban ends {}", calendar::show_date(*d)),
        Replacement::LesserStep(s) => format!("step {} of the ladder", s.number()),
        Replacement::Ruling(text) => format!("ruling: {}", text.as_str()),
        Replacement::Points(n) => format!("{} instead", text::points(*n)),
    };
    match ground {
        Some(Ground::NoProperReasoning) => {
            format!("{what}; no proper reasoning, Terms §III Act 2.4.3")
        }
        None => what,
    }
}

pub(super) fn decision_words(d: &Decision) -> String {
    match d {
        Decision::Uphold => "upheld".into(),
        Decision::Overturn(o) => format!(
            "overturned ({})",
            replacement_words(&o.replacement, o.ground)
        ),
        Decision::Remand { conditions } => format!(
            "remanded (conditions: {})",
            conditions
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

impl super::Court<'_> {
    /// `/court vote appeal:N decision:... reasons:"..."`.
    pub async fn cast_vote(
        &self,
        call: &Call,
        n: i64,
        input: &VoteInput,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let tz = self.tz();
            Power::Justice.require(&actor.offices, "vote on an appeal", "Terms §III Act 3.3")?;
            let mut row = self.appeal(conn, n).await?;
            // A solo hearing is the Chief Justice's discretionary power (Terms §III Act 3.3): one
            // who has handed the office over no longer decides it; the Chief Justice re-seats it.
            if let Appeal::Hearing(h) = &row.lifecycle {
                if h.bench == Bench::Solo(actor.id) && !actor.offices.is_chief_justice() {
                    return Err(VoteRefusal::NoLongerChief.into());
                }
            }
            let vote = input.vote()?;
            if let Vote::Overturn(Overturn {
                replacement: Replacement::BanEnds(end),
                ..
            }) = &vote
            {
                // The club's ban day, as Terms §II Act 9.2 now reads (the domain checks the rest).
                let ban_day = self.ban_day(conn).await?;
                if end.weekday() != ban_day.day {
                    return Err(ban_day.refuse(*end).into());
                }
            }
            if let (
                Vote::Overturn(Overturn {
                    ground: Some(Ground::NoProperReasoning),
                    ..
                }),
                Some(case),
            ) = (&vote, row.case_id)
            {
                let action = crate::store::moderation::actions::by_id(conn, case)
                    .await?
                    .ok_or(CourtError::NoCase(case))?;
                if action.kind.is_penalty() {
                    reasoning_ground_applies(case, action.declaration_outbox_id.is_some())
                        .map_err(|e| CourtError::BadVote(e.to_string()))?;
                }
            }
            let reasons = Reason::parse(&input.reasons)?;
            let ballot = Ballot {
                justice: actor.id,
                vote: vote.clone(),
                reasons: reasons.clone(),
                at: now,
            };
            let before = row.lifecycle.clone();
            // A vote is checked against the case as it stands now, not as filed: a re-step
            // since may have made a ban no ban, or lowered the step (Terms §II Act 5).
            let now_filing = self.filing_as_it_stands(conn, &row).await?;
            let next = before.vote(&now_filing, ballot, tz)?;
            let mut text = format!(
                "Appeal #{n}: {} votes to {}. Reasons: {}",
                actor.name,
                vote_words(&vote),
                reasons.as_str()
            );
            let decided = match (&before, &next) {
                (Appeal::Hearing(_), Appeal::Decided { judgement, .. }) => {
                    Some((judgement.clone(), None))
                }
                (Appeal::Hearing(_), Appeal::Final { judgement, .. }) => {
                    Some((judgement.clone(), None))
                }
                (Appeal::EnBanc { panel, .. }, Appeal::Final { judgement, .. }) => {
                    Some((judgement.clone(), Some(panel.clone())))
                }
                _ => None,
            };
            if let (Appeal::Hearing(h0), Appeal::Hearing(h1))
            | (Appeal::EnBanc { hearing: h0, .. }, Appeal::EnBanc { hearing: h1, .. }) =
                (&before, &next)
            {
                if h1.split_rounds.len() > h0.split_rounds.len() {
                    text.push_str(
                        "\nThe panel split three ways, so it votes again (Terms §III Act 3.3).",
                    );
                }
            }
            if decided.is_none() && matches!(before, Appeal::Decided { .. } | Appeal::Final { .. })
            {
                text.push_str("\nThe decision was already made; this vote is recorded.");
            }
            row.lifecycle = next;
            self.record(conn, n, &text).await?;
            let mut reply = text;
            if let Some((judgement, panel)) = decided {
                reply.push('\n');
                reply.push_str(
                    &self
                        .judged(conn, &mut row, &judgement, panel.as_ref())
                        .await?,
                );
            }
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped {
                appeal: n,
                announced: reply,
            })
        })
        .await
    }

    /// A judgement was reached: announce it, carry it out, and make its opinion due with its
    /// reminder and overdue notice.
    pub(super) async fn judged(
        &self,
        conn: &mut sqlx::SqliteConnection,
        row: &mut crate::store::court::appeals::AppealRow,
        judgement: &Judgement,
        panel: Option<&Judgement>,
    ) -> Result<String, CourtError> {
        let n = row.id;
        let tz = self.tz();
        let what = self.subject_words(row);
        let majority = self.names(conn, &judgement.majority()).await?;
        let mut text = if judgement.by_majority {
            format!(
                "Appeal #{n}: {what} is {} by {majority} (Terms §III Act 3.3{}).",
                decision_words(&judgement.decision),
                if judgement.is_final() {
                    ", 3.9"
                } else {
                    ", 3.8"
                }
            )
        } else {
            format!(
                "Appeal #{n}: the whole Court reached no majority, so what it reviewed stands: {what} is {} (Terms §III Act 3.9).",
                decision_words(&judgement.decision)
            )
        };
        if judgement.is_final() {
            text.push_str(" The judgement of the whole Court is final and binding: no further appeal is heard (Terms §III Act 3.9.2).");
        }
        self.record(conn, n, &text).await?;
        for line in self.carry_out(conn, row, judgement, panel).await? {
            self.record(conn, n, &line).await?;
            text.push('\n');
            text.push_str(&line);
        }
        let en_banc = judgement.is_final();
        let deadlines = OpinionDeadlines::after(judgement.decided_at, tz);
        row.opinions.push(OpinionRecord {
            en_banc,
            opinion: Opinion::due(judgement, tz),
            text: None,
        });
        let appeal = AppealId(n);
        jobs::schedule(
            conn,
            &Job::OpinionReminder { appeal, en_banc },
            deadlines.remind_at,
        )
        .await?;
        jobs::schedule(
            conn,
            &Job::OpinionOverdue { appeal, en_banc },
            deadlines.due_at,
        )
        .await?;
        let due = format!(
            "Appeal #{n}: the Court's majority opinion is due by {} (Terms §III Act 3.10).",
            calendar::show(deadlines.due_at, tz)
        );
        self.record_with(conn, n, &due, &[opinion_button(n)])
            .await?;
        text.push('\n');
        text.push_str(&due);
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(decision: &str) -> VoteInput {
        VoteInput {
            decision: VoteDecision::from_word(decision).expect("a decision"),
            reasons: "for these reasons".into(),
            ban_until: None,
            step: None,
            ruling: None,
            points: None,
            no_reasoning: false,
            conditions: None,
        }
    }

    #[test]
    fn an_overturn_with_nothing_in_its_place_voids() {
        // Terms §III Act 3.8b: overturning without a replacement leaves nothing.
        let vote = input("overturn").vote().expect("a vote");
        assert!(matches!(
            vote,
            Vote::Overturn(Overturn {
                replacement: Replacement::Void,
                ground: None
            })
        ));
    }

    #[test]
    fn an_overturn_puts_one_thing_in_place_of_the_decision() {
        let mut two = input("overturn");
        two.step = Some(1);
        two.ban_until = NaiveDate::from_ymd_opt(2026, 12, 4);
        assert!(matches!(two.vote(), Err(CourtError::BadVote(_))));
        let mut step = input("overturn");
        step.step = Some(1);
        step.no_reasoning = true;
        assert!(matches!(
            step.vote(),
            Ok(Vote::Overturn(Overturn {
                replacement: Replacement::LesserStep(Step::Reverse),
                ground: Some(Ground::NoProperReasoning)
            }))
        ));
    }

    #[test]
    fn options_of_another_decision_are_refused_not_dropped() {
        // Terms §III Act 3.8: an uphold replaces nothing and sets no conditions; a remand
        // replaces nothing; an overturn sets no conditions.
        let mut uphold = input("uphold");
        uphold.ban_until = NaiveDate::from_ymd_opt(2026, 12, 4);
        let Err(CourtError::BadVote(refusal)) = uphold.vote() else {
            panic!("an uphold with a new ban end is refused");
        };
        assert!(refusal.contains("`ban_until`"), "{refusal}");
        let mut uphold = input("uphold");
        uphold.no_reasoning = true;
        assert!(
            matches!(uphold.vote(), Err(CourtError::BadVote(r)) if r.contains("`no_reasoning`"))
        );
        let mut remand = input("remand");
        remand.conditions = Some("hear both players".into());
        remand.step = Some(1);
        assert!(matches!(remand.vote(), Err(CourtError::BadVote(r)) if r.contains("`step`")));
        let mut overturn = input("overturn");
        overturn.conditions = Some("hear both players".into());
        assert!(
            matches!(overturn.vote(), Err(CourtError::BadVote(r)) if r.contains("`conditions`"))
        );
    }

    #[test]
    fn a_remand_says_its_conditions() {
        // Terms §III Act 3.8a: remanded to be re-evaluated under the Court's conditions.
        assert!(matches!(
            input("remand").vote(),
            Err(CourtError::BadVote(_))
        ));
        let mut remand = input("remand");
        remand.conditions = Some("hear both players".into());
        assert!(matches!(remand.vote(), Ok(Vote::Remand { .. })));
    }
}
