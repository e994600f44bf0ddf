//! After a judgement: a party's request to take it en banc and the Chief Justice's answer
//! (Terms §III Act 3.9), and closing a ban to further appeals (§II Act 9.5).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::domain::court::panel::{Bench, Justice};
use crate::domain::court::reach::Unreached;
use crate::domain::court::standing::{capital, Filing};
use crate::domain::court::Acting;
use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::calendar;
use crate::domain::kernel::text::Reason;
use crate::domain::moderation::ladder::BAN_HORIZON_DAYS;

use super::state::{Appeal, EnBancRequest, Hearing, Judgement, WrongStage};

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
    #[error("{} is void and its effects were reversed as though it never happened ({rule}); the whole Court could not bring it back, so nothing is left for it to hear, and the judgement is not taken en banc (Terms §III Act 3.9).", capital(.what))]
    NothingLeft { what: String, rule: &'static str },
}

/// Whether the whole Court could still change anything of the case (Terms §III Act 3.9): a case
/// void by the time of the request (the panel overturned it, a re-decision withdrew it, it was
/// never declared) was reversed "as though it never happened" and is not revived (§II Act 5,
/// §III Act 2.4.2), so an en banc judgement upholding it would be one nobody carries out. The
/// request, and its acceptance, are refused at the outset instead.
pub fn en_banc_reaches(filing: &Filing, unreached: Option<Unreached>) -> Result<(), EnBancRefusal> {
    match (filing.subject.action(), unreached) {
        (Some(facts), Some(why)) => Err(EnBancRefusal::NothingLeft {
            what: facts.name(),
            rule: match why {
                Unreached::Void => "Terms §II Act 5",
                Unreached::Overturned => "Terms §II Act 5; §III Act 3.8b",
            },
        }),
        _ => Ok(()),
    }
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
    #[error("{0} is more than ten years away; further appeals may be refused only for a specified finite duration, and no ban's end may be set further (Terms §II Acts 9.2, 9.5).")]
    TooFar(String),
}

impl Appeal {
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
    /// hears a case (Act 3.6, 3.9.1). The end is at most as far as a ban's may be set
    /// ([`BAN_HORIZON_DAYS`]). The app stores the end beside the case.
    pub fn close_to_further_appeals(
        &self,
        filing: &Filing,
        by: &Acting,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
        tz: Tz,
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
        // The same horizon as a ban's end: a closure years beyond any ban is no "finite
        // duration" a member could wait out, and a date far outside the calendar a slip.
        let horizon = now + chrono::Duration::days(BAN_HORIZON_DAYS as i64);
        if until > horizon {
            return Err(ClosureRefusal::TooFar(calendar::show_date(
                calendar::local_date(until, tz),
            )));
        }
        Ok(until)
    }
}
