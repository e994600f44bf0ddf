//! Seating the bench (Terms §III Acts 3.3, 3.5, 3.7): the panel the Chief Justice chose, a new
//! panel when a panellist leaves the Court, the Chief Justice solo, or the whole Court.

use crate::domain::court::panel::{no_panel_possible, Bench, Justice, SeatedPanel};
use crate::domain::court::standing::{capital, Conflict, Filing, Route, Subject};
use crate::domain::court::Acting;
use crate::domain::kernel::authority::{Power, Unauthorised};

use super::state::{Appeal, Hearing, WrongStage};

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
    #[error("The Chief Justice never hears an appeal alone with a conflict, and {} (Terms §III Act 3.5.2).", .0.describe())]
    ChiefJusticeConflict(Conflict),
    #[error("The Court has no Justices to hear this appeal (Terms §III Act 3.2).")]
    NoJustices,
    #[error("Every member of this appeal's bench still holds their office, so the bench stands; it is re-seated only when a member is no longer a Justice, or when the Justice sitting alone is no longer the Chief Justice (Terms §III Acts 3.3, 3.7).")]
    PanelStands,
    #[error("Every Justice of the whole Court seated on this appeal is still a Justice, so the bench stands (Terms §III Acts 3.5.3, 3.9).")]
    BenchStands,
    #[error("A panel of three can hear this appeal: the Chief Justice hears alone only when exercising a discretionary power the Terms give them (name it with power:...), or when no panel can be formed (Terms §III Act 3.3).")]
    PanelPossible,
    #[error("{what} is a Moderator's decision, not an exercise of the Chief Justice's discretionary power under Terms {act}, so a panel of three hears it (Terms §III Act 3.3).")]
    PowerNotInIssue { what: String, act: &'static str },
}

/// A discretionary power the Terms give the Chief Justice, whose exercise the Chief Justice
/// hears alone (Terms §III Act 3.3: "except for when the Chief Justice is exercising
/// discretionary powers: then they act in Solo").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscretionaryPower {
    /// Removing a member absent more than three of six weeks (Terms §II Act 7).
    Removal,
    /// Unilateral action where the Acts leave no discretion (Terms §II Act 12).
    Unilateral,
    /// Authority not explicitly granted (Terms §III Act 4).
    Residual,
    /// Forfeiting an online game an error jeopardised (Terms §I Act 9.10).
    OnlineForfeit,
}

// The words `/court solo power:` takes, in order.
crate::offered_as_words! {
    DiscretionaryPower {
        DiscretionaryPower::Removal => "removal",
        DiscretionaryPower::Unilateral => "unilateral",
        DiscretionaryPower::Residual => "residual",
        DiscretionaryPower::OnlineForfeit => "online-forfeit",
    }
}

impl DiscretionaryPower {
    /// "§II Act 7".
    pub fn act(self) -> &'static str {
        match self {
            DiscretionaryPower::Removal => "§II Act 7",
            DiscretionaryPower::Unilateral => "§II Act 12",
            DiscretionaryPower::Residual => "§III Act 4",
            DiscretionaryPower::OnlineForfeit => "§I Act 9.10",
        }
    }

    /// "removing an inactive member".
    pub fn describe(self) -> &'static str {
        match self {
            DiscretionaryPower::Removal => "removing an inactive member",
            DiscretionaryPower::Unilateral => "unilateral action the Acts require",
            DiscretionaryPower::Residual => "authority not explicitly granted",
            DiscretionaryPower::OnlineForfeit => "forfeiting an online game for an error",
        }
    }
}

/// Why the Chief Justice sits alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoloGround {
    /// The appeal is on the exercise of this discretionary power.
    Power(DiscretionaryPower),
    /// No panel of three can be formed (Terms §III Acts 3.3, 3.5.1).
    NoPanel,
}

impl Appeal {
    /// Seats the panel the Chief Justice chose and `check_panel` passed (Terms §III Act 3.7).
    pub fn seat_panel(&self, by: &Acting, panel: SeatedPanel) -> Result<Appeal, BenchRefusal> {
        let route = self.granted_route()?;
        Power::ChiefJustice.require(&by.offices, "choose the panel", "Terms §III Act 3.7")?;
        if route == Route::EnBanc {
            return Err(BenchRefusal::EnBancRoute);
        }
        Ok(Appeal::Hearing(Hearing::new(Bench::Panel(panel))))
    }

    /// The Chief Justice hears the appeal alone (Terms §III Act 3.3): when it is on the
    /// exercise of a discretionary power the Terms give them, which they name (only a matter
    /// can be: a numbered case is a Moderator's decision), or when no panel of three can be
    /// formed from `court`; never with a conflict (Act 3.5.2). Returns the ground with the
    /// hearing, for the announcement to name.
    pub fn sit_solo(
        &self,
        filing: &Filing,
        by: &Acting,
        court: &[Justice],
        power: Option<DiscretionaryPower>,
    ) -> Result<(Appeal, SoloGround), BenchRefusal> {
        // A bench that can no longer decide (a member left the Court, or the Chief Justice
        // sitting alone handed over) may be replaced by the Chief Justice alone, too.
        let stalled = self.stalled_panel_route(court);
        let route = match stalled {
            Some(_) => Route::Panel,
            None => self.granted_route()?,
        };
        Power::ChiefJustice.require(&by.offices, "hear an appeal solo", "Terms §III Act 3.3")?;
        if route == Route::EnBanc {
            return Err(BenchRefusal::EnBancRoute);
        }
        let ground = solo_ground(filing, court, power)?;
        if let Some(conflict) = filing.conflicts().of(by.id) {
            return Err(BenchRefusal::ChiefJusticeConflict(conflict));
        }
        let next = match stalled {
            // The Chief Justice alone votes afresh; the votes of the bench replaced are kept in
            // the appeal's history, not counted.
            Some(hearing) => Appeal::Hearing(Hearing {
                split_rounds: hearing.split_rounds.clone(),
                ..Hearing::new(Bench::Solo(by.id))
            }),
            None => Appeal::Hearing(Hearing::new(Bench::Solo(by.id))),
        };
        Ok((next, ground))
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
}

/// Whether the Chief Justice may hear `filing` alone, and on which ground (Terms §III Act 3.3).
pub fn solo_ground(
    filing: &Filing,
    court: &[Justice],
    power: Option<DiscretionaryPower>,
) -> Result<SoloGround, BenchRefusal> {
    match (power, &filing.subject) {
        (Some(power), Subject::Matter(_)) => Ok(SoloGround::Power(power)),
        (Some(power), Subject::Action(facts)) => Err(BenchRefusal::PowerNotInIssue {
            what: capital(&facts.name()),
            act: power.act(),
        }),
        (None, _) if no_panel_possible(court, &filing.conflicts()) => Ok(SoloGround::NoPanel),
        (None, _) => Err(BenchRefusal::PanelPossible),
    }
}
