//! The lifecycle of an appeal: filed and awaiting a grant (Terms §III Act 3.6), refused or
//! granted, heard by a panel, the Chief Justice solo or the whole Court (Acts 3.3, 3.5, 3.7),
//! decided by a majority (Act 3.8), and taken en banc once, finally (Act 3.9). Each transition
//! returns the next state or a refusal written for the member who asked.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::calendar;
use crate::domain::kernel::text::Reason;

use super::panel::{Bench, Justice, SeatedPanel};
use super::standing::{Conflict, Filing, Route};
use super::verdict::{Ballot, Decision, InvalidVote, Verdict};
use super::Acting;

/// A Justice's grant, waiting for a second (Terms §III Act 3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JusticeGrant {
    pub justice: i64,
    pub at: DateTime<Utc>,
}

/// Who granted the hearing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GrantedBy {
    ChiefJustice(i64),
    /// Two Justices, independently, in the order they granted.
    TwoJustices([i64; 2]),
}

/// A bench hearing an appeal and the votes cast so far.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hearing {
    pub bench: Bench,
    /// The votes of the current round.
    pub ballots: Vec<Ballot>,
    /// Earlier rounds of a panel that split three ways, kept for the record.
    pub split_rounds: Vec<Vec<Ballot>>,
}

impl Hearing {
    fn new(bench: Bench) -> Self {
        Self {
            bench,
            ballots: Vec::new(),
            split_rounds: Vec::new(),
        }
    }
}

/// A judgement of the Court.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Judgement {
    pub bench: Bench,
    pub ballots: Vec<Ballot>,
    pub decision: Decision,
    /// When the decision took effect: the vote that made the majority.
    pub decided_at: DateTime<Utc>,
    /// False when an en banc Court reached no majority and what it reviewed stands.
    pub by_majority: bool,
}

impl Judgement {
    /// The Justices in the majority: those whose votes concur with the decision; if none do
    /// (an en banc Court that left a judgement standing with nobody voting for it), the
    /// whole bench.
    pub fn majority(&self) -> Vec<i64> {
        let concurring: Vec<i64> = self
            .ballots
            .iter()
            .filter(|b| self.decision.concurs(&b.vote))
            .map(|b| b.justice)
            .collect();
        if concurring.is_empty() {
            self.bench.seats()
        } else {
            concurring
        }
    }

    /// An en banc judgement is final and binding (Terms §III Act 3.9.2).
    pub fn is_final(&self) -> bool {
        self.bench.is_en_banc()
    }
}

/// A party's request to take a panel's judgement en banc (Terms §III Act 3.9).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EnBancRequest {
    NotRequested,
    Requested {
        by: i64,
        at: DateTime<Utc>,
    },
    Refused {
        by: i64,
        at: DateTime<Utc>,
        reason: Reason,
    },
}

/// Where an appeal stands.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Appeal {
    /// Filed; waiting for the Chief Justice or a second Justice to grant a hearing.
    AwaitingGrant {
        route: Route,
        grants: Vec<JusticeGrant>,
    },
    /// The Chief Justice refused to hear it. Two independent Justices may still grant it
    /// (Terms §III Act 3.6 "either by the Chief Justice, or at least independent two
    /// justices"); `grants` holds a first Justice's grant, made before or after the refusal.
    Refused {
        by: i64,
        at: DateTime<Utc>,
        reason: Reason,
        #[serde(default)]
        grants: Vec<JusticeGrant>,
    },
    /// Granted; waiting for its bench.
    Granted {
        route: Route,
        by: GrantedBy,
        at: DateTime<Utc>,
    },
    /// Before a panel, the Chief Justice solo, or (on an en banc route) the whole Court.
    Hearing(Hearing),
    /// A panel (or the Chief Justice solo) decided: upheld, overturned or remanded.
    Decided {
        judgement: Judgement,
        en_banc: EnBancRequest,
    },
    /// The whole Court rehears the panel's judgement.
    EnBanc { panel: Judgement, hearing: Hearing },
    /// The whole Court decided: final and binding (Terms §III Act 3.9.2).
    Final {
        panel: Option<Judgement>,
        judgement: Judgement,
    },
}

/// Where an appeal stands, without its contents: what the store keeps beside it to find it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    AwaitingGrant,
    Refused,
    Granted,
    Hearing,
    Decided,
    EnBanc,
    Final,
}

/// "This appeal is being heard; it cannot be granted or refused now."
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("This appeal is {stage}; it cannot be {wanted} now.")]
pub struct WrongStage {
    pub stage: &'static str,
    pub wanted: &'static str,
}

/// Why a grant or refusal of a hearing was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GrantRefusal {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Stage(#[from] WrongStage),
    #[error("Nobody decides whether the Court hears their own appeal (Terms §III Act 3.5).")]
    OwnAppeal,
    #[error("A Justice with a conflict ({}) does not decide whether the Court hears a case (Terms §III Act 3.5, 3.6).", .0.describe())]
    Conflicted(Conflict),
    #[error("Your grant is already recorded; the hearing opens when the Chief Justice or a second Justice grants it (Terms §III Act 3.6).")]
    AlreadyGranted,
}

/// Why a bench could not be seated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BenchRefusal {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Stage(#[from] WrongStage),
    #[error("This appeal goes to the whole Court en banc, where every Justice sits; it has no panel (Terms §III Act 3.5.3, 5; §II Act 6.3).")]
    EnBancRoute,
    #[error("This appeal is heard by a panel of three, or by the Chief Justice solo; the whole Court sits only en banc (Terms §III Act 3.3, 3.9).")]
    PanelRoute,
    #[error("The Chief Justice never sits with a conflict, and {} (Terms §III Act 3.5.2).", .0.describe())]
    ChiefJusticeConflict(Conflict),
    #[error("The Court has no Justices to hear this appeal (Terms §III Act 3.2).")]
    NoJustices,
    #[error("Every member of this appeal's panel is still a Justice, so the panel stands; it is re-seated only when a panellist is no longer a Justice (Terms §III Acts 3.3, 3.7).")]
    PanelStands,
}

/// Why a vote was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoteRefusal {
    #[error(transparent)]
    Stage(#[from] WrongStage),
    #[error("Only the Justices sitting on this appeal vote on it (Terms §III Act 3.3, 3.7).")]
    NotOnBench,
    #[error("Each Justice votes once; your vote is already recorded (Terms §III Act 3.3).")]
    AlreadyVoted,
    #[error(transparent)]
    Invalid(#[from] InvalidVote),
}

/// Why an en banc request, or the decision on one, was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnBancRefusal {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Stage(#[from] WrongStage),
    #[error("Only a party to the appeal may ask for it to be heard en banc (Terms §III Act 3.9).")]
    NotAParty,
    #[error(
        "An en banc hearing of this judgement has already been asked for (Terms §III Act 3.9)."
    )]
    AlreadyRequested,
    #[error("No party has asked for this judgement to be heard en banc (Terms §III Act 3.9).")]
    NotRequested,
    #[error("The whole Court has decided this appeal; its judgement is final and binding (Terms §III Act 3.9.2).")]
    Final,
}

/// Why the Court could not close a ban to further appeals.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClosureRefusal {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("Further appeals may be refused only on a ban (Terms §II Act 9.5).")]
    NotABan,
    #[error(
        "Further appeals may be refused only after one appeal has been heard (Terms §II Act 9.5)."
    )]
    NotYetHeard,
    #[error("Further appeals may be refused for a finite time, so give an end after now (Terms §II Act 9.5).")]
    NotInFuture,
}

impl Appeal {
    /// A new appeal on its filing's route.
    pub fn filed(filing: &Filing) -> Appeal {
        Appeal::AwaitingGrant {
            route: filing.route,
            grants: Vec::new(),
        }
    }

    /// The stage, as refusals name it.
    pub fn stage(&self) -> &'static str {
        match self {
            Appeal::AwaitingGrant { .. } => "awaiting a grant",
            Appeal::Refused { .. } => "refused",
            Appeal::Granted { .. } => "granted and waiting for its bench",
            Appeal::Hearing(_) => "being heard",
            Appeal::Decided { .. } => "decided",
            Appeal::EnBanc { .. } => "before the whole Court en banc",
            Appeal::Final { .. } => "finally decided en banc",
        }
    }

    /// The stage, as the store keeps it.
    pub fn stage_kind(&self) -> Stage {
        match self {
            Appeal::AwaitingGrant { .. } => Stage::AwaitingGrant,
            Appeal::Refused { .. } => Stage::Refused,
            Appeal::Granted { .. } => Stage::Granted,
            Appeal::Hearing(_) => Stage::Hearing,
            Appeal::Decided { .. } => Stage::Decided,
            Appeal::EnBanc { .. } => Stage::EnBanc,
            Appeal::Final { .. } => Stage::Final,
        }
    }

    fn wrong(&self, wanted: &'static str) -> WrongStage {
        WrongStage {
            stage: self.stage(),
            wanted,
        }
    }

    /// A Court hearing involving the parties is in progress (Terms §II Act 8.1): from filing
    /// until judgement, and again while an en banc request waits or is heard.
    pub fn is_hearing(&self) -> bool {
        match self {
            Appeal::AwaitingGrant { .. }
            | Appeal::Granted { .. }
            | Appeal::Hearing(_)
            | Appeal::EnBanc { .. } => true,
            Appeal::Decided { en_banc, .. } => matches!(en_banc, EnBancRequest::Requested { .. }),
            Appeal::Refused { .. } | Appeal::Final { .. } => false,
        }
    }

    /// Still open, so no second appeal on the same case is filed beside it.
    pub fn is_open(&self) -> bool {
        self.is_hearing()
    }

    /// Decided by the whole Court: no further appeal (Terms §III Act 3.9.2).
    pub fn is_final(&self) -> bool {
        matches!(self, Appeal::Final { .. })
    }

    /// The judgement in force, if any.
    pub fn judgement(&self) -> Option<&Judgement> {
        match self {
            Appeal::Decided { judgement, .. } | Appeal::Final { judgement, .. } => Some(judgement),
            Appeal::EnBanc { panel, .. } => Some(panel),
            _ => None,
        }
    }

    /// Grants the hearing (Terms §III Act 3.6): the Chief Justice's grant opens it; a
    /// Justice's grant is recorded and a second Justice's opens it. A Justice with a conflict
    /// does not count; the Chief Justice's conflict bars only sitting on a panel (Act 3.5.2).
    pub fn grant(
        &self,
        filing: &Filing,
        by: &Acting,
        at: DateTime<Utc>,
    ) -> Result<Appeal, GrantRefusal> {
        let (route, grants, refused) = match self {
            Appeal::AwaitingGrant { route, grants } => (route, grants, None),
            Appeal::Refused {
                by: cj,
                at: refused_at,
                reason,
                grants,
            } if !by.offices.is_chief_justice() => (
                &filing.route,
                grants,
                Some((*cj, *refused_at, reason.clone())),
            ),
            _ => return Err(self.wrong("granted or refused").into()),
        };
        Power::Justice.require(&by.offices, "grant a hearing", "Terms §III Act 3.6")?;
        if by.id == filing.appellant {
            return Err(GrantRefusal::OwnAppeal);
        }
        if by.offices.is_chief_justice() {
            return Ok(Appeal::Granted {
                route: *route,
                by: GrantedBy::ChiefJustice(by.id),
                at,
            });
        }
        if let Some(conflict) = filing.conflicts().of(by.id) {
            return Err(GrantRefusal::Conflicted(conflict));
        }
        if grants.iter().any(|g| g.justice == by.id) {
            return Err(GrantRefusal::AlreadyGranted);
        }
        Ok(match grants.first() {
            Some(first) => Appeal::Granted {
                route: *route,
                by: GrantedBy::TwoJustices([first.justice, by.id]),
                at,
            },
            None => match refused {
                Some((cj, refused_at, reason)) => Appeal::Refused {
                    by: cj,
                    at: refused_at,
                    reason,
                    grants: vec![JusticeGrant { justice: by.id, at }],
                },
                None => Appeal::AwaitingGrant {
                    route: *route,
                    grants: vec![JusticeGrant { justice: by.id, at }],
                },
            },
        })
    }

    /// The Chief Justice refuses to hear the appeal.
    pub fn refuse(
        &self,
        filing: &Filing,
        by: &Acting,
        reason: Reason,
        at: DateTime<Utc>,
    ) -> Result<Appeal, GrantRefusal> {
        let Appeal::AwaitingGrant { grants, .. } = self else {
            return Err(self.wrong("granted or refused").into());
        };
        may_refuse(filing, by)?;
        Ok(Appeal::Refused {
            by: by.id,
            at,
            reason,
            grants: grants.clone(),
        })
    }

    /// The Chief Justice refuses a granted appeal that no bench can hear (the app checks
    /// [`no_bench_possible`](super::panel::no_bench_possible)): otherwise it would wait for its
    /// bench, and hold its parties in a hearing, for ever (Terms §III Acts 3.5.2, 3.6; §II Act
    /// 8.1).
    pub fn refuse_unseatable(
        &self,
        filing: &Filing,
        by: &Acting,
        reason: Reason,
        at: DateTime<Utc>,
    ) -> Result<Appeal, GrantRefusal> {
        self.granted_route()?;
        may_refuse(filing, by)?;
        Ok(Appeal::Refused {
            by: by.id,
            at,
            reason,
            grants: vec![],
        })
    }

    fn granted_route(&self) -> Result<Route, WrongStage> {
        match self {
            Appeal::Granted { route, .. } => Ok(*route),
            _ => Err(self.wrong("given a bench")),
        }
    }

    /// Seats the panel the Chief Justice chose and `check_panel` passed (Terms §III Act 3.7).
    pub fn seat_panel(&self, by: &Acting, panel: SeatedPanel) -> Result<Appeal, BenchRefusal> {
        let route = self.granted_route()?;
        Power::ChiefJustice.require(&by.offices, "choose the panel", "Terms §III Act 3.7")?;
        if route == Route::EnBanc {
            return Err(BenchRefusal::EnBancRoute);
        }
        Ok(Appeal::Hearing(Hearing::new(Bench::Panel(panel))))
    }

    /// A panel with a member who is no longer a Justice (dismissed, or resigned) cannot reach
    /// the majority Terms §III Act 3.3 asks for as seated: the Chief Justice seats a new panel,
    /// and the votes already cast by those who sit on both stay cast.
    pub fn reseat_panel(
        &self,
        by: &Acting,
        panel: SeatedPanel,
        court: &[Justice],
    ) -> Result<Appeal, BenchRefusal> {
        Power::ChiefJustice.require(&by.offices, "choose the panel", "Terms §III Act 3.7")?;
        let Appeal::Hearing(Hearing {
            bench: Bench::Panel(old),
            ballots,
            split_rounds,
        }) = self
        else {
            return Err(self.wrong("given a bench").into());
        };
        let gone = old
            .justices()
            .iter()
            .any(|j| !court.iter().any(|c| c.id == *j));
        if !gone {
            return Err(BenchRefusal::PanelStands);
        }
        let kept = panel.justices();
        Ok(Appeal::Hearing(Hearing {
            ballots: ballots
                .iter()
                .filter(|b| kept.contains(&b.justice))
                .cloned()
                .collect(),
            split_rounds: split_rounds.clone(),
            bench: Bench::Panel(panel),
        }))
    }

    /// The Chief Justice hears the appeal alone, exercising discretionary powers (Terms §III
    /// Act 3.3), never with a conflict (Act 3.5.2).
    pub fn sit_solo(&self, filing: &Filing, by: &Acting) -> Result<Appeal, BenchRefusal> {
        let route = self.granted_route()?;
        Power::ChiefJustice.require(&by.offices, "hear an appeal solo", "Terms §III Act 3.3")?;
        if route == Route::EnBanc {
            return Err(BenchRefusal::EnBancRoute);
        }
        if let Some(conflict) = filing.conflicts().of(by.id) {
            return Err(BenchRefusal::ChiefJusticeConflict(conflict));
        }
        Ok(Appeal::Hearing(Hearing::new(Bench::Solo(by.id))))
    }

    /// Seats every Justice of `court` on an appeal that goes straight to the whole Court.
    /// Nobody chooses and conflicts do not apply (Terms §III Act 3.5.3), so the app seats it
    /// as soon as the hearing is granted.
    pub fn seat_whole_court(&self, court: &[Justice]) -> Result<Appeal, BenchRefusal> {
        if self.granted_route()? == Route::Panel {
            return Err(BenchRefusal::PanelRoute);
        }
        if court.is_empty() {
            return Err(BenchRefusal::NoJustices);
        }
        Ok(Appeal::Hearing(Hearing::new(Bench::whole_court(court))))
    }

    /// Records a Justice's vote and, when it makes a majority, the judgement. A panel that
    /// splits three ways votes again; a whole Court that reaches no majority leaves standing
    /// what it reviewed. A Justice of the bench who had not voted when the decision was
    /// reached may still vote, for the record; the decision does not change.
    pub fn vote(&self, filing: &Filing, ballot: Ballot, tz: Tz) -> Result<Appeal, VoteRefusal> {
        let today = calendar::local_date(ballot.at, tz);
        match self {
            Appeal::Hearing(hearing) => {
                let hearing = cast(hearing, filing, ballot, today)?;
                Ok(conclude(hearing, None))
            }
            Appeal::EnBanc { panel, hearing } => {
                let hearing = cast(hearing, filing, ballot, today)?;
                Ok(conclude(hearing, Some(panel.clone())))
            }
            Appeal::Decided { judgement, en_banc } => Ok(Appeal::Decided {
                judgement: late(judgement, filing, ballot, today)?,
                en_banc: en_banc.clone(),
            }),
            Appeal::Final { panel, judgement } => Ok(Appeal::Final {
                panel: panel.clone(),
                judgement: late(judgement, filing, ballot, today)?,
            }),
            _ => Err(self.wrong("voted on").into()),
        }
    }

    /// Whether `justice` may vote now, whatever the vote: the appeal is before a bench (or
    /// decided, for a vote recorded late), `justice` sits on it and has not voted (Terms §III
    /// Act 3.3). Discord asks this before opening the form for a vote's reasons.
    pub fn may_vote(&self, justice: i64) -> Result<(), VoteRefusal> {
        let (bench, ballots) = match self {
            Appeal::Hearing(h) | Appeal::EnBanc { hearing: h, .. } => (&h.bench, &h.ballots),
            Appeal::Decided { judgement: j, .. } | Appeal::Final { judgement: j, .. } => {
                (&j.bench, &j.ballots)
            }
            _ => return Err(self.wrong("voted on").into()),
        };
        may_cast(bench, ballots, justice)
    }

    /// A party asks for the panel's judgement to be heard en banc (Terms §III Act 3.9). A
    /// judgement of the Chief Justice solo may be taken en banc too.
    pub fn request_en_banc(
        &self,
        filing: &Filing,
        by: i64,
        at: DateTime<Utc>,
    ) -> Result<Appeal, EnBancRefusal> {
        match self {
            Appeal::Final { .. } => Err(EnBancRefusal::Final),
            Appeal::EnBanc { .. } => Err(EnBancRefusal::AlreadyRequested),
            Appeal::Decided { en_banc, .. } if *en_banc != EnBancRequest::NotRequested => {
                Err(EnBancRefusal::AlreadyRequested)
            }
            Appeal::Decided { .. } if !filing.is_party(by) => Err(EnBancRefusal::NotAParty),
            Appeal::Decided { judgement, .. } => Ok(Appeal::Decided {
                judgement: judgement.clone(),
                en_banc: EnBancRequest::Requested { by, at },
            }),
            _ => Err(self.wrong("taken en banc").into()),
        }
    }

    fn requested(&self, by: &Acting, act: &'static str) -> Result<&Judgement, EnBancRefusal> {
        let judgement = match self {
            Appeal::Decided {
                judgement,
                en_banc: EnBancRequest::Requested { .. },
            } => judgement,
            Appeal::Decided { .. } => return Err(EnBancRefusal::NotRequested),
            Appeal::Final { .. } => return Err(EnBancRefusal::Final),
            _ => return Err(self.wrong("sent en banc or kept from it").into()),
        };
        Power::ChiefJustice.require(&by.offices, act, "Terms §III Act 3.9.1")?;
        Ok(judgement)
    }

    /// The Chief Justice accepts the request: every Justice of `court` sits (Terms §III Act
    /// 3.9.1, 3.5.3).
    pub fn accept_en_banc(&self, by: &Acting, court: &[Justice]) -> Result<Appeal, EnBancRefusal> {
        let panel = self.requested(by, "accept an en banc hearing")?;
        Ok(Appeal::EnBanc {
            panel: panel.clone(),
            hearing: Hearing::new(Bench::whole_court(court)),
        })
    }

    /// The Chief Justice refuses the request: the panel's judgement stands.
    pub fn refuse_en_banc(
        &self,
        by: &Acting,
        reason: Reason,
        at: DateTime<Utc>,
    ) -> Result<Appeal, EnBancRefusal> {
        let judgement = self.requested(by, "refuse an en banc hearing")?;
        Ok(Appeal::Decided {
            judgement: judgement.clone(),
            en_banc: EnBancRequest::Refused {
                by: by.id,
                at,
                reason,
            },
        })
    }

    /// After hearing an appeal on a ban, the Court refuses further appeals on it until `until`
    /// (Terms §II Act 9.5). The Chief Justice says so for the Court, as they decide whether it
    /// hears a case (Act 3.6, 3.9.1). The app stores the end beside the case.
    pub fn close_to_further_appeals(
        &self,
        filing: &Filing,
        by: &Acting,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<DateTime<Utc>, ClosureRefusal> {
        Power::ChiefJustice.require(
            &by.offices,
            "refuse further appeals on a ban",
            "Terms §II Act 9.5",
        )?;
        if !filing.subject.action().is_some_and(|a| a.action.is_ban()) {
            return Err(ClosureRefusal::NotABan);
        }
        if !matches!(
            self,
            Appeal::Refused { .. } | Appeal::Decided { .. } | Appeal::Final { .. }
        ) {
            return Err(ClosureRefusal::NotYetHeard);
        }
        if until <= now {
            return Err(ClosureRefusal::NotInFuture);
        }
        Ok(until)
    }
}

/// Adds a ballot to the current round.
fn cast(
    hearing: &Hearing,
    filing: &Filing,
    ballot: Ballot,
    today: chrono::NaiveDate,
) -> Result<Hearing, VoteRefusal> {
    may_cast(&hearing.bench, &hearing.ballots, ballot.justice)?;
    ballot.vote.validate(&filing.subject, today)?;
    let mut next = hearing.clone();
    next.ballots.push(ballot);
    Ok(next)
}

/// Only the Chief Justice refuses to hear an appeal, and never their own (Terms §III Act 3.6).
fn may_refuse(filing: &Filing, by: &Acting) -> Result<(), GrantRefusal> {
    Power::ChiefJustice.require(
        &by.offices,
        "refuse to hear an appeal",
        "Terms §III Act 3.6",
    )?;
    if by.id == filing.appellant {
        return Err(GrantRefusal::OwnAppeal);
    }
    Ok(())
}

/// A Justice votes only from the bench, and once (Terms §III Act 3.3).
fn may_cast(bench: &Bench, ballots: &[Ballot], justice: i64) -> Result<(), VoteRefusal> {
    if !bench.sits(justice) {
        return Err(VoteRefusal::NotOnBench);
    }
    if ballots.iter().any(|b| b.justice == justice) {
        return Err(VoteRefusal::AlreadyVoted);
    }
    Ok(())
}

/// Records a vote cast after the decision, for the record.
fn late(
    judgement: &Judgement,
    filing: &Filing,
    ballot: Ballot,
    today: chrono::NaiveDate,
) -> Result<Judgement, VoteRefusal> {
    let hearing = Hearing {
        bench: judgement.bench.clone(),
        ballots: judgement.ballots.clone(),
        split_rounds: Vec::new(),
    };
    let hearing = cast(&hearing, filing, ballot, today)?;
    Ok(Judgement {
        ballots: hearing.ballots,
        ..judgement.clone()
    })
}

/// The state after a vote: still hearing, a new round, or a judgement.
fn conclude(mut hearing: Hearing, panel: Option<Judgement>) -> Appeal {
    let judged = |hearing: Hearing, decision, at, by_majority| Judgement {
        bench: hearing.bench,
        ballots: hearing.ballots,
        decision,
        decided_at: at,
        by_majority,
    };
    let last_at = hearing.ballots.last().map(|b| b.at);
    match Verdict::from_votes(&hearing.bench, &hearing.ballots) {
        Verdict::Pending { .. } => wrap(hearing, panel),
        Verdict::Split => {
            let round = std::mem::take(&mut hearing.ballots);
            hearing.split_rounds.push(round);
            wrap(hearing, panel)
        }
        Verdict::Reached { decision, at, .. } => {
            let en_banc = hearing.bench.is_en_banc();
            let judgement = judged(hearing, decision, at, true);
            if en_banc {
                Appeal::Final { panel, judgement }
            } else {
                Appeal::Decided {
                    judgement,
                    en_banc: EnBancRequest::NotRequested,
                }
            }
        }
        Verdict::NoMajority => {
            // What the whole Court reviewed stands: the panel's decision, or on a direct
            // challenge the action itself.
            let decision = panel
                .as_ref()
                .map_or(Decision::Uphold, |p| p.decision.clone());
            let at = last_at.expect("every Justice voted");
            Appeal::Final {
                judgement: judged(hearing, decision, at, false),
                panel,
            }
        }
    }
}

fn wrap(hearing: Hearing, panel: Option<Judgement>) -> Appeal {
    match panel {
        Some(panel) => Appeal::EnBanc { panel, hearing },
        None => Appeal::Hearing(hearing),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::domain::court::panel::check_panel;
    use crate::domain::court::panel::tests::court;
    use crate::domain::court::standing::tests::{
        facts, member, now, reason, CHIEF, MEMBER, MODERATOR, OPPONENT,
    };
    use crate::domain::court::standing::{
        Action, ActionFacts, AppealRecord, Capacity, Conflicts, Subject,
    };
    use crate::domain::court::verdict::tests::{ballot, void};
    use crate::domain::court::verdict::{Overturn, Replacement, Vote};
    use crate::domain::kernel::office::{Office, Offices};
    use chrono::{Duration, NaiveDate};
    use chrono_tz::Europe::London;

    pub fn chief() -> Acting {
        Acting {
            id: CHIEF,
            offices: Offices::new(vec![Office::ChiefJustice]),
        }
    }

    pub fn justice(id: i64) -> Acting {
        Acting {
            id,
            offices: Offices::new(vec![Office::Justice]),
        }
    }

    fn ban_facts() -> ActionFacts {
        facts(Action::Ban {
            ends: NaiveDate::from_ymd_opt(2026, 12, 25),
        })
    }

    pub fn filing_of(facts: ActionFacts) -> Filing {
        Filing::new(
            Subject::Action(facts),
            member(MEMBER),
            reason("the ban had no proper reasoning"),
            now(),
            London,
        )
        .unwrap()
    }

    pub fn filing() -> Filing {
        filing_of(ban_facts())
    }

    /// Justice 3 played in the game: the moderator (20) is not a Justice here.
    fn filing_with_justice_player() -> Filing {
        let mut f = ban_facts();
        f.game_players = vec![MEMBER, 3];
        filing_of(f)
    }

    fn granted(f: &Filing) -> Appeal {
        Appeal::filed(f).grant(f, &chief(), now()).unwrap()
    }

    /// Heard by Justices 1 (the Chief Justice), 2 and 3.
    pub fn heard(f: &Filing) -> Appeal {
        let panel = check_panel(&[1, 2, 3], &court(), &Conflicts::default()).unwrap();
        granted(f).seat_panel(&chief(), panel).unwrap()
    }

    pub fn decided(f: &Filing) -> Appeal {
        heard(f)
            .vote(f, ballot(1, void(), 1), London)
            .unwrap()
            .vote(f, ballot(2, void(), 2), London)
            .unwrap()
    }

    #[test]
    fn the_chief_justices_grant_opens_the_hearing() {
        // Terms §III Act 3.6.
        let f = filing();
        assert_eq!(
            granted(&f),
            Appeal::Granted {
                route: Route::Panel,
                by: GrantedBy::ChiefJustice(CHIEF),
                at: now()
            }
        );
    }

    #[test]
    fn a_second_justices_grant_opens_the_hearing() {
        // Terms §III Act 3.6: "at least two justices", independently.
        let f = filing();
        let one = Appeal::filed(&f).grant(&f, &justice(2), now()).unwrap();
        assert_eq!(
            one,
            Appeal::AwaitingGrant {
                route: Route::Panel,
                grants: vec![JusticeGrant {
                    justice: 2,
                    at: now()
                }]
            }
        );
        assert_eq!(
            one.grant(&f, &justice(2), now()),
            Err(GrantRefusal::AlreadyGranted)
        );
        let two = one.grant(&f, &justice(4), now()).unwrap();
        assert!(matches!(
            two,
            Appeal::Granted {
                by: GrantedBy::TwoJustices([2, 4]),
                ..
            }
        ));
    }

    #[test]
    fn a_justice_with_a_conflict_does_not_count_towards_a_grant() {
        // Terms §III Act 3.5, 3.6.
        let f = filing_with_justice_player();
        let refusal = Appeal::filed(&f).grant(&f, &justice(3), now()).unwrap_err();
        assert_eq!(refusal, GrantRefusal::Conflicted(Conflict::PlayedInGame));
        assert_eq!(
            refusal.to_string(),
            "A Justice with a conflict (they played in the game concerned) does not decide whether the Court hears a case (Terms §III Act 3.5, 3.6)."
        );
    }

    #[test]
    fn nobody_decides_whether_their_own_appeal_is_heard() {
        let mut f = filing();
        f.appellant = CHIEF;
        assert_eq!(
            Appeal::filed(&f).grant(&f, &chief(), now()),
            Err(GrantRefusal::OwnAppeal)
        );
        assert_eq!(
            Appeal::filed(&f).refuse(&f, &chief(), reason("not a matter"), now()),
            Err(GrantRefusal::OwnAppeal)
        );
    }

    #[test]
    fn only_the_court_grants_and_only_the_chief_justice_refuses() {
        // Terms §III Act 3.6.
        let f = filing();
        let moderator = Acting {
            id: MODERATOR,
            offices: Offices::new(vec![Office::Moderator]),
        };
        assert_eq!(
            Appeal::filed(&f)
                .grant(&f, &moderator, now())
                .unwrap_err()
                .to_string(),
            "Only a Justice or the Chief Justice may grant a hearing (Terms §III Act 3.6)."
        );
        assert_eq!(
            Appeal::filed(&f)
                .refuse(&f, &justice(2), reason("no arguable grounds"), now())
                .unwrap_err()
                .to_string(),
            "Only the Chief Justice may refuse to hear an appeal (Terms §III Act 3.6)."
        );
        let refused = Appeal::filed(&f)
            .refuse(&f, &chief(), reason("no arguable grounds"), now())
            .unwrap();
        assert!(!refused.is_hearing());
        assert_eq!(
            refused.grant(&f, &chief(), now()).unwrap_err().to_string(),
            "This appeal is refused; it cannot be granted or refused now."
        );
    }

    #[test]
    fn a_panel_that_lost_a_justice_is_re_seated_keeping_the_votes_cast() {
        // Terms §III Act 3.3: a majority of a panel of Justices decides; one dismissed from
        // office can no longer vote, so the Chief Justice seats a new panel (Act 3.7).
        let f = filing();
        let voted = heard(&f).vote(&f, ballot(2, void(), 1), London).unwrap();
        let all = court();
        let panel = || check_panel(&[1, 2, 4], &all, &Conflicts::default()).unwrap();
        assert_eq!(
            voted.reseat_panel(&chief(), panel(), &all),
            Err(BenchRefusal::PanelStands)
        );
        let without_3: Vec<Justice> = all.iter().filter(|j| j.id != 3).cloned().collect();
        let reseated = voted.reseat_panel(&chief(), panel(), &without_3).unwrap();
        let Appeal::Hearing(h) = &reseated else {
            panic!("still heard")
        };
        assert_eq!(h.bench.seats(), vec![1, 2, 4]);
        assert_eq!(h.ballots.len(), 1);
        assert!(voted
            .reseat_panel(&justice(2), panel(), &without_3)
            .is_err());
    }

    #[test]
    fn two_independent_justices_grant_despite_the_chief_justices_refusal() {
        // Terms §III Act 3.6: "granted either by the Chief Justice, or at least independent two
        // justices"; the Chief Justice's refusal does not bind two Justices.
        let f = filing();
        let refused = Appeal::filed(&f)
            .refuse(&f, &chief(), reason("no arguable grounds"), now())
            .unwrap();
        let one = refused.grant(&f, &justice(2), now()).unwrap();
        assert!(matches!(&one, Appeal::Refused { grants, .. } if grants.len() == 1));
        assert!(!one.is_hearing());
        assert_eq!(
            one.grant(&f, &justice(2), now()),
            Err(GrantRefusal::AlreadyGranted)
        );
        assert!(matches!(
            one.grant(&f, &justice(4), now()).unwrap(),
            Appeal::Granted {
                by: GrantedBy::TwoJustices([2, 4]),
                ..
            }
        ));
    }

    #[test]
    fn filing_puts_the_appellant_in_a_hearing_until_judgement() {
        // Terms §II Act 8.1: a request to leave waits while a hearing involves them.
        let f = filing();
        assert!(Appeal::filed(&f).is_hearing());
        assert!(granted(&f).is_hearing());
        assert!(heard(&f).is_hearing());
        let done = decided(&f);
        assert!(!done.is_hearing());
        let asked = done.request_en_banc(&f, MODERATOR, now()).unwrap();
        assert!(asked.is_hearing());
        assert!(f.parties().contains(&MEMBER));
    }

    #[test]
    fn only_the_chief_justice_chooses_the_panel() {
        // Terms §III Act 3.7.
        let f = filing();
        let panel = check_panel(&[1, 2, 3], &court(), &Conflicts::default()).unwrap();
        assert!(matches!(
            granted(&f).seat_panel(&justice(2), panel.clone()),
            Err(BenchRefusal::Unauthorised(_))
        ));
        assert!(matches!(
            Appeal::filed(&f).seat_panel(&chief(), panel),
            Err(BenchRefusal::Stage(_))
        ));
    }

    #[test]
    fn the_chief_justice_decides_alone_only_without_a_conflict() {
        // Terms §III Act 3.3 (solo), 3.5.2.
        let f = filing();
        let solo = granted(&f).sit_solo(&f, &chief()).unwrap();
        let decided = solo
            .vote(&f, ballot(CHIEF, Vote::Uphold, 1), London)
            .unwrap();
        assert!(matches!(
            decided,
            Appeal::Decided {
                judgement: Judgement {
                    decision: Decision::Uphold,
                    ..
                },
                ..
            }
        ));
        let mut own = ban_facts();
        own.actor = CHIEF;
        let f = filing_of(own);
        assert_eq!(
            granted(&f).sit_solo(&f, &chief()),
            Err(BenchRefusal::ChiefJusticeConflict(Conflict::Acted))
        );
    }

    #[test]
    fn a_solo_judgement_may_be_taken_en_banc() {
        // Terms §III Act 3.9, read to keep the Chief Justice's discretion reviewable.
        let f = filing();
        let solo = granted(&f)
            .sit_solo(&f, &chief())
            .unwrap()
            .vote(&f, ballot(CHIEF, Vote::Uphold, 1), London)
            .unwrap();
        let asked = solo.request_en_banc(&f, MEMBER, now()).unwrap();
        let Appeal::EnBanc { panel, hearing } = asked.accept_en_banc(&chief(), &court()).unwrap()
        else {
            panic!("accepted")
        };
        assert_eq!(panel.bench, Bench::Solo(CHIEF));
        assert!(hearing.bench.sits(CHIEF));
    }

    fn technical() -> Filing {
        let mut t = facts(Action::Technical);
        t.against = None;
        t.actor = CHIEF;
        t.capacity = Capacity::ChiefJustice;
        filing_of(t)
    }

    #[test]
    fn a_direct_challenge_seats_the_whole_court_conflicts_and_all() {
        // Terms §III Act 5, 3.5.3: the Chief Justice, who made the modification, sits too.
        let f = technical();
        let g = granted(&f);
        assert_eq!(g.sit_solo(&f, &chief()), Err(BenchRefusal::EnBancRoute));
        let whole = g.seat_whole_court(&court()).unwrap();
        let Appeal::Hearing(h) = &whole else {
            panic!("seated")
        };
        assert_eq!(h.bench.seats(), vec![1, 2, 3, 4, 5]);
        assert_eq!(
            granted(&filing()).seat_whole_court(&court()),
            Err(BenchRefusal::PanelRoute)
        );
        assert_eq!(g.seat_whole_court(&[]), Err(BenchRefusal::NoJustices));
    }

    #[test]
    fn each_justice_on_the_bench_votes_once() {
        // Terms §III Act 3.3.
        let f = filing();
        let one = heard(&f).vote(&f, ballot(1, void(), 1), London).unwrap();
        assert_eq!(
            one.vote(&f, ballot(1, Vote::Uphold, 2), London),
            Err(VoteRefusal::AlreadyVoted)
        );
        assert_eq!(
            one.vote(&f, ballot(4, Vote::Uphold, 2), London),
            Err(VoteRefusal::NotOnBench)
        );
        assert!(matches!(
            granted(&f).vote(&f, ballot(1, Vote::Uphold, 2), London),
            Err(VoteRefusal::Stage(_))
        ));
        // Asked before the form for the reasons opens: the same answers, whatever the vote.
        assert_eq!(heard(&f).may_vote(1), Ok(()));
        assert_eq!(one.may_vote(1), Err(VoteRefusal::AlreadyVoted));
        assert_eq!(one.may_vote(4), Err(VoteRefusal::NotOnBench));
        assert!(matches!(
            granted(&f).may_vote(1),
            Err(VoteRefusal::Stage(_))
        ));
    }

    #[test]
    fn a_vote_the_terms_do_not_allow_is_refused_before_it_counts() {
        // Terms §II Act 9.2: the new end of a ban is a Friday.
        let f = filing();
        let thursday = Vote::Overturn(Overturn {
            replacement: Replacement::BanEnds(NaiveDate::from_ymd_opt(2026, 12, 3).unwrap()),
            ground: None,
        });
        assert!(matches!(
            heard(&f).vote(&f, ballot(1, thursday, 1), London),
            Err(VoteRefusal::Invalid(InvalidVote::BanDate(_)))
        ));
    }

    #[test]
    fn the_decision_is_the_panels_once_two_concur_and_the_third_may_still_vote() {
        // Terms §III Act 3.3.
        let f = filing();
        let done = decided(&f);
        let Appeal::Decided { judgement, .. } = &done else {
            panic!("two concurring votes decide")
        };
        assert_eq!(judgement.decided_at, now() + Duration::minutes(2));
        let with_dissent = done.vote(&f, ballot(3, Vote::Uphold, 3), London).unwrap();
        let j = with_dissent.judgement().unwrap();
        assert_eq!(j.ballots.len(), 3);
        assert_eq!(j.majority(), vec![1, 2]);
        assert_eq!(j.decided_at, now() + Duration::minutes(2));
    }

    #[test]
    fn a_panel_split_three_ways_votes_again() {
        let f = filing();
        let split = heard(&f)
            .vote(&f, ballot(1, void(), 1), London)
            .unwrap()
            .vote(&f, ballot(2, Vote::Uphold, 2), London)
            .unwrap()
            .vote(
                &f,
                ballot(
                    3,
                    Vote::Remand {
                        conditions: reason("hear the opponent"),
                    },
                    3,
                ),
                London,
            )
            .unwrap();
        let Appeal::Hearing(h) = &split else {
            panic!("still being heard")
        };
        assert!(h.ballots.is_empty());
        assert_eq!(h.split_rounds.len(), 1);
        // The new round takes each panellist's vote afresh.
        assert!(split.vote(&f, ballot(1, Vote::Uphold, 4), London).is_ok());
    }

    #[test]
    fn a_party_may_ask_for_en_banc_once_and_only_the_chief_justice_decides_it() {
        // Terms §III Act 3.9, 3.9.1.
        let f = filing();
        let done = decided(&f);
        assert_eq!(
            done.request_en_banc(&f, OPPONENT, now()),
            Err(EnBancRefusal::NotAParty)
        );
        assert_eq!(
            done.accept_en_banc(&chief(), &court()),
            Err(EnBancRefusal::NotRequested)
        );
        let asked = done.request_en_banc(&f, MODERATOR, now()).unwrap();
        assert_eq!(
            asked.request_en_banc(&f, MEMBER, now()),
            Err(EnBancRefusal::AlreadyRequested)
        );
        assert_eq!(
            asked
                .accept_en_banc(&justice(2), &court())
                .unwrap_err()
                .to_string(),
            "Only the Chief Justice may accept an en banc hearing (Terms §III Act 3.9.1)."
        );
        let refused = asked
            .refuse_en_banc(&chief(), reason("nothing new is raised"), now())
            .unwrap();
        assert!(!refused.is_hearing() && !refused.is_final());
        assert_eq!(
            refused.request_en_banc(&f, MEMBER, now()),
            Err(EnBancRefusal::AlreadyRequested)
        );
        assert!(matches!(
            heard(&f).request_en_banc(&f, MEMBER, now()),
            Err(EnBancRefusal::Stage(_))
        ));
        let accepted = asked.accept_en_banc(&chief(), &court()).unwrap();
        assert_eq!(
            accepted
                .refuse_en_banc(&chief(), reason("changed my mind"), now())
                .unwrap_err()
                .to_string(),
            "This appeal is before the whole Court en banc; it cannot be sent en banc or kept from it now."
        );
        assert_eq!(
            accepted.request_en_banc(&f, MEMBER, now()),
            Err(EnBancRefusal::AlreadyRequested)
        );
    }

    fn en_banc(f: &Filing) -> Appeal {
        decided(f)
            .request_en_banc(f, MEMBER, now())
            .unwrap()
            .accept_en_banc(&chief(), &court())
            .unwrap()
    }

    #[test]
    fn an_en_banc_judgement_is_final() {
        // Terms §III Act 3.9.2.
        let f = filing();
        let mut appeal = en_banc(&f);
        for j in 1..=3 {
            appeal = appeal
                .vote(&f, ballot(j, Vote::Uphold, 10 + j), London)
                .unwrap();
        }
        let Appeal::Final { panel, judgement } = &appeal else {
            panic!("three of five decide")
        };
        assert_eq!(judgement.decision, Decision::Uphold);
        assert!(judgement.is_final() && judgement.by_majority);
        assert!(panel.is_some());
        assert!(appeal.is_final() && !appeal.is_hearing());
        assert_eq!(
            appeal.request_en_banc(&f, MEMBER, now()),
            Err(EnBancRefusal::Final)
        );
        let mut record_facts = ban_facts();
        record_facts.record = AppealRecord::of([(9, &appeal)], None);
        assert_eq!(record_facts.record.final_judgement, Some(9));
        assert!(Filing::new(
            Subject::Action(record_facts),
            member(MEMBER),
            reason("one more try"),
            now(),
            London
        )
        .is_err());
    }

    #[test]
    fn an_even_court_that_ties_en_banc_leaves_the_panels_judgement_standing() {
        // Terms §III Act 3.9: only a majority of the whole Court changes it.
        let f = filing();
        let mut appeal = decided(&f)
            .request_en_banc(&f, MODERATOR, now())
            .unwrap()
            .accept_en_banc(&chief(), &court()[..4])
            .unwrap();
        for (j, vote) in [
            (1, void()),
            (2, void()),
            (3, Vote::Uphold),
            (4, Vote::Uphold),
        ] {
            appeal = appeal.vote(&f, ballot(j, vote, j), London).unwrap();
        }
        let Appeal::Final { judgement, .. } = &appeal else {
            panic!("everyone voted")
        };
        assert_eq!(
            judgement.decision,
            decided(&f).judgement().unwrap().decision
        );
        assert!(!judgement.by_majority);
        assert_eq!(judgement.majority(), vec![1, 2]);
    }

    #[test]
    fn a_tied_direct_challenge_leaves_the_modification_standing() {
        // Terms §III Act 5: the challenge fails without a majority of the whole Court.
        let f = technical();
        let mut appeal = granted(&f).seat_whole_court(&court()[..2]).unwrap();
        appeal = appeal.vote(&f, ballot(1, Vote::Uphold, 1), London).unwrap();
        appeal = appeal.vote(&f, ballot(2, void(), 2), London).unwrap();
        let Appeal::Final { panel, judgement } = &appeal else {
            panic!("everyone voted")
        };
        assert!(panel.is_none());
        assert_eq!(judgement.decision, Decision::Uphold);
    }

    #[test]
    fn further_appeals_on_a_ban_are_closed_only_after_one_and_for_a_finite_time() {
        // Terms §II Act 9.5.
        let f = filing();
        let later = now() + Duration::weeks(4);
        assert_eq!(
            decided(&f).close_to_further_appeals(&f, &chief(), later, now()),
            Ok(later)
        );
        assert_eq!(
            heard(&f).close_to_further_appeals(&f, &chief(), later, now()),
            Err(ClosureRefusal::NotYetHeard)
        );
        assert_eq!(
            decided(&f).close_to_further_appeals(&f, &chief(), now(), now()),
            Err(ClosureRefusal::NotInFuture)
        );
        assert!(matches!(
            decided(&f).close_to_further_appeals(&f, &justice(2), later, now()),
            Err(ClosureRefusal::Unauthorised(_))
        ));
        let deduction = filing_of(facts(Action::Deduction));
        assert_eq!(
            decided(&deduction).close_to_further_appeals(&deduction, &chief(), later, now()),
            Err(ClosureRefusal::NotABan)
        );
    }
}
