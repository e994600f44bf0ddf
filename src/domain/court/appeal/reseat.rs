//! Re-seating a bench that can no longer decide (Terms §III Acts 3.3, 3.7, 3.9): a panel with
//! a member who is no longer a Justice, a Chief Justice sitting alone who no longer holds the
//! office, a whole Court that lost a Justice. The Chief Justice seats a new panel, sits alone,
//! or seats the whole Court as it now stands; the votes of those who sit again stay cast.

use chrono::{DateTime, Utc};

use crate::domain::court::panel::{Bench, Justice, SeatedPanel};
use crate::domain::court::Acting;
use crate::domain::kernel::authority::Power;

use super::bench::BenchRefusal;
use super::state::{Appeal, Hearing, Judgement};
use super::vote::conclude;

/// Whether `bench` can no longer decide as seated: a seat is no longer held by a Justice of
/// `court`, or the Justice sitting alone is no longer the Chief Justice, whose discretionary
/// power solo hearings are (Terms §III Act 3.3).
pub fn bench_stalled(bench: &Bench, court: &[Justice]) -> bool {
    match bench {
        Bench::Solo(j) => !court.iter().any(|c| c.id == *j && c.chief),
        other => other
            .seats()
            .iter()
            .any(|j| !court.iter().any(|c| c.id == *j)),
    }
}

/// The hearing on a new bench: the ballots of those who sit again stand, and the tally is taken
/// again, since the new bench's majority may already be there. A decision reached by
/// re-seating takes effect `now`.
pub(super) fn reseated(
    hearing: &Hearing,
    bench: Bench,
    panel: Option<Judgement>,
    now: DateTime<Utc>,
) -> Appeal {
    let kept = bench.seats();
    let next = Hearing {
        ballots: hearing
            .ballots
            .iter()
            .filter(|b| kept.contains(&b.justice))
            .cloned()
            .collect(),
        split_rounds: hearing.split_rounds.clone(),
        bench,
    };
    match conclude(next, panel) {
        Appeal::Decided {
            mut judgement,
            en_banc,
        } => {
            judgement.decided_at = now;
            Appeal::Decided { judgement, en_banc }
        }
        Appeal::Final {
            panel,
            mut judgement,
        } => {
            judgement.decided_at = now;
            Appeal::Final { panel, judgement }
        }
        other => other,
    }
}

impl Appeal {
    /// The hearing of a panel-route appeal whose bench can no longer decide, if any.
    pub(super) fn stalled_panel_route(&self, court: &[Justice]) -> Option<&Hearing> {
        match self {
            Appeal::Hearing(h) if !h.bench.is_en_banc() && bench_stalled(&h.bench, court) => {
                Some(h)
            }
            _ => None,
        }
    }

    /// A panel with a member who is no longer a Justice (dismissed, or resigned), or a Chief
    /// Justice sitting alone who no longer holds the office, cannot reach the majority Terms §III
    /// Act 3.3 asks for as seated: the Chief Justice seats a new panel, and the votes already
    /// cast by those who sit on both stay cast.
    pub fn reseat_panel(
        &self,
        by: &Acting,
        panel: SeatedPanel,
        court: &[Justice],
        now: DateTime<Utc>,
    ) -> Result<Appeal, BenchRefusal> {
        Power::ChiefJustice.require(&by.offices, "choose the panel", "Terms §III Act 3.7")?;
        let Appeal::Hearing(hearing) = self else {
            return Err(self.wrong("given a bench").into());
        };
        if hearing.bench.is_en_banc() {
            return Err(BenchRefusal::EnBancRoute);
        }
        if !bench_stalled(&hearing.bench, court) {
            return Err(BenchRefusal::PanelStands);
        }
        Ok(reseated(hearing, Bench::Panel(panel), None, now))
    }

    /// The whole Court that lost a Justice while it heard the appeal is seated again as it now
    /// stands (Terms §III Acts 3.5.3, 3.9): every Justice sits, the votes of those who sat and
    /// still do stand, and a majority of the new bench decides (it may be there already).
    pub fn reseat_whole_court(
        &self,
        by: &Acting,
        court: &[Justice],
        now: DateTime<Utc>,
    ) -> Result<Appeal, BenchRefusal> {
        Power::ChiefJustice.require(
            &by.offices,
            "seat the whole Court again",
            "Terms §III Acts 3.7, 3.9",
        )?;
        let (hearing, panel) = match self {
            Appeal::Hearing(h) if h.bench.is_en_banc() => (h, None),
            Appeal::EnBanc { panel, hearing } => (hearing, Some(panel.clone())),
            Appeal::Hearing(_) => return Err(BenchRefusal::PanelRoute),
            _ => return Err(self.wrong("given a bench").into()),
        };
        if !bench_stalled(&hearing.bench, court) {
            return Err(BenchRefusal::BenchStands);
        }
        if court.is_empty() {
            return Err(BenchRefusal::NoJustices);
        }
        Ok(reseated(hearing, Bench::whole_court(court), panel, now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::court::appeal::tests::{chief, granted};
    use crate::domain::court::panel::tests::court;
    use crate::domain::court::standing::tests::{facts, now};
    use crate::domain::court::standing::Action;
    use crate::domain::court::verdict::tests::ballot;
    use crate::domain::court::verdict::{Decision, Vote};
    use chrono::Duration;
    use chrono_tz::Europe::London;

    #[test]
    fn a_whole_court_that_lost_justices_is_re_seated_and_its_majority_may_decide_at_once() {
        // Terms §III Acts 3.3, 3.9: two of five upheld, two then left the Court; the three who
        // remain are the whole Court, and two of them are its majority.
        let f = crate::domain::court::appeal::tests::filing_of(facts(Action::Technical));
        let seated = granted(&f).seat_whole_court(&court()).unwrap();
        let voted = seated
            .vote(&f, ballot(1, Vote::Uphold, 1), London)
            .unwrap()
            .vote(&f, ballot(2, Vote::Uphold, 2), London)
            .unwrap();
        assert_eq!(
            voted.reseat_whole_court(&chief(), &court(), now()),
            Err(BenchRefusal::BenchStands)
        );
        let later = now() + Duration::days(2);
        let Appeal::Final { judgement, .. } = voted
            .reseat_whole_court(&chief(), &court()[..3], later)
            .unwrap()
        else {
            panic!("the majority of the Court as it stands decides")
        };
        assert_eq!(judgement.decision, Decision::Uphold);
        assert_eq!(judgement.bench, Bench::whole_court(&court()[..3]));
        assert_eq!(judgement.decided_at, later);
    }

    #[test]
    fn a_solo_bench_stalls_when_its_justice_is_no_longer_the_chief_justice() {
        // Terms §III Act 3.3: hearing alone is the Chief Justice's discretionary power.
        let mut handed_over = court();
        handed_over[0].chief = false;
        handed_over[1].chief = true;
        assert!(!bench_stalled(&Bench::Solo(1), &court()));
        assert!(bench_stalled(&Bench::Solo(1), &handed_over));
        assert!(bench_stalled(&Bench::Solo(1), &court()[1..]));
    }
}
