//! Seating the bench (Terms §III Acts 3.3, 3.5, 3.7): the panel the Chief Justice chose, a new
//! panel when a panellist leaves the Court, the Chief Justice solo, or the whole Court.

use crate::domain::court::panel::{Bench, Justice, SeatedPanel};
use crate::domain::court::standing::{Conflict, Filing, Route};
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
    #[error("Every member of this appeal's panel is still a Justice, so the panel stands; it is re-seated only when a panellist is no longer a Justice (Terms §III Acts 3.3, 3.7).")]
    PanelStands,
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
}
