//! Whether the Court hears an appeal (Terms §III Act 3.6): the Chief Justice's grant or two
//! Justices', and the Chief Justice's refusal.

use chrono::{DateTime, Utc};

use crate::domain::court::panel::{too_few_to_grant_without_the_chief, Justice};
use crate::domain::court::standing::{Conflict, Filing};
use crate::domain::court::Acting;
use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::text::Reason;

use super::state::{Appeal, GrantedBy, JusticeGrant, WrongStage};

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
    #[error("The Chief Justice has a conflict ({}) and does not refuse to hear this appeal while two Justices free of conflict may grant it (Terms §III Acts 3.5, 3.5.1, 3.6).", .0.describe())]
    ChiefJusticeConflicted(Conflict),
}

impl Appeal {
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
        court: &[Justice],
        reason: Reason,
        at: DateTime<Utc>,
    ) -> Result<Appeal, GrantRefusal> {
        let Appeal::AwaitingGrant { grants, .. } = self else {
            return Err(self.wrong("granted or refused").into());
        };
        may_refuse(filing, by, court)?;
        Ok(Appeal::Refused {
            by: by.id,
            at,
            reason,
            grants: grants.clone(),
        })
    }

    /// The Chief Justice refuses a granted appeal that no bench can hear (the app checks
    /// [`no_bench_possible`](crate::domain::court::panel::no_bench_possible)): otherwise it
    /// would wait for its bench, and hold its parties in a hearing, for ever (Terms §III Acts
    /// 3.5.2, 3.6; §II Act 8.1).
    pub fn refuse_unseatable(
        &self,
        filing: &Filing,
        by: &Acting,
        court: &[Justice],
        reason: Reason,
        at: DateTime<Utc>,
    ) -> Result<Appeal, GrantRefusal> {
        self.granted_route()?;
        may_refuse(filing, by, court)?;
        Ok(Appeal::Refused {
            by: by.id,
            at,
            reason,
            grants: vec![],
        })
    }
}

/// Only the Chief Justice refuses to hear an appeal, and never their own (Terms §III Act 3.6);
/// nor one they have a conflict in (Act 3.5) while two Justices free of conflict could grant
/// it, since then their conflict is not needed set aside (Act 3.5.1).
fn may_refuse(filing: &Filing, by: &Acting, court: &[Justice]) -> Result<(), GrantRefusal> {
    Power::ChiefJustice.require(
        &by.offices,
        "refuse to hear an appeal",
        "Terms §III Act 3.6",
    )?;
    if by.id == filing.appellant {
        return Err(GrantRefusal::OwnAppeal);
    }
    let conflicts = filing.conflicts();
    if let Some(conflict) = conflicts.of(by.id) {
        if !too_few_to_grant_without_the_chief(court, &conflicts) {
            return Err(GrantRefusal::ChiefJusticeConflicted(conflict));
        }
    }
    Ok(())
}
