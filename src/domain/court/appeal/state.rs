//! An appeal and where it stands: the grants, the hearing and its bench, the judgement, a
//! request to go en banc, what the rest of the Court's rules ask of an appeal's stage, and the
//! record a case's appeals leave for the next one.

use chrono::{DateTime, Utc};

use crate::domain::court::panel::Bench;
use crate::domain::court::standing::{AppealRecord, Filing, Route};
use crate::domain::court::verdict::{Ballot, Decision};
use crate::domain::kernel::text::Reason;

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
    pub(super) fn new(bench: Bench) -> Self {
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

    pub(super) fn wrong(&self, wanted: &'static str) -> WrongStage {
        WrongStage {
            stage: self.stage(),
            wanted,
        }
    }

    /// The appeal is before the Court, for the docket: from filing until judgement, and again
    /// while an en banc request waits or is heard.
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

    /// "A Court hearing involving them" (Terms §II Act 8.1), which holds a party's request to
    /// leave: from the grant until judgement, and from the acceptance of an en banc hearing
    /// until its judgement. A filing nobody has granted, or an en banc request not accepted, is
    /// no hearing yet: otherwise anyone could keep another member on the Leaderboard for ever
    /// by filing against them.
    pub fn holds_parties(&self) -> bool {
        matches!(
            self,
            Appeal::Granted { .. } | Appeal::Hearing(_) | Appeal::EnBanc { .. }
        )
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

    pub(super) fn granted_route(&self) -> Result<Route, WrongStage> {
        match self {
            Appeal::Granted { route, .. } => Ok(*route),
            _ => Err(self.wrong("given a bench")),
        }
    }
}

impl AppealRecord {
    /// The record from the appeals already made on a case (id and lifecycle) and any
    /// closure the Court made under §II Act 9.5.
    pub fn of<'a>(
        appeals: impl IntoIterator<Item = (i64, &'a Appeal)>,
        closed_until: Option<DateTime<Utc>>,
    ) -> AppealRecord {
        let mut record = AppealRecord {
            closed_until,
            ..AppealRecord::default()
        };
        for (id, appeal) in appeals {
            if appeal.is_final() {
                record.final_judgement = Some(id);
            } else if appeal.is_open() {
                record.open = Some(id);
            }
        }
        record
    }
}
