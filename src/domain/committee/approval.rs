//! The TD's part in a change to the house rules (A.7): an adopted rule-change motion waits for
//! the TD's approval or veto; approval makes the new version; a veto opens an override, which
//! carries the change over the veto if adopted. A TD who lets the time pass is recorded as
//! neither approving nor vetoing, and the club's reading of that silence decides what follows.

use std::fmt;
use std::str::FromStr;

/// Where an adopted rule change stands with the TD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Approval {
    /// Waiting for the TD's approval or veto.
    Pending,
    /// The TD approved: the new version is made.
    Approved,
    /// The TD vetoed: an override motion is open.
    Vetoed,
    /// The override was adopted: the change took effect over the veto.
    Overridden,
    /// The override failed or did not bind: the veto stands.
    VetoStands,
    /// The TD let the time pass and the club reads silence as the change not taking effect.
    Lapsed,
    /// The TD let the time pass and the club reads silence as consent: the change took effect.
    TookEffect,
}

impl fmt::Display for Approval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Approval::Pending => "waiting for the TD's approval or veto",
            Approval::Approved => "approved by the TD",
            Approval::Vetoed => "vetoed by the TD; the override vote is open",
            Approval::Overridden => "the veto was overridden; the change took effect",
            Approval::VetoStands => "the veto stands",
            Approval::Lapsed => "the TD neither approved nor vetoed in time; the change lapsed",
            Approval::TookEffect => {
                "the TD neither approved nor vetoed in time; the change took effect"
            }
        })
    }
}

/// What the TD's silence means (A.7 says only that the TD must approve): configurable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Silence {
    /// Silence is read as a veto without reasons: the override vote opens, so the TMC keeps
    /// its A.7 power and the TD cannot block a change by not answering.
    #[default]
    Override,
    /// No approval, no change (A.7 "must approve"): the change lapses.
    Lapses,
    /// Silence is consent: the change takes effect.
    TakesEffect,
}

impl FromStr for Silence {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "override" => Ok(Silence::Override),
            "lapses" => Ok(Silence::Lapses),
            "takes_effect" => Ok(Silence::TakesEffect),
            _ => Err(format!(
                "`{s}` is not a reading of silence; choose override, lapses or takes_effect"
            )),
        }
    }
}

/// The TD's act on a pending change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    Approve,
    Veto,
    /// The time passed with neither.
    Silence(Silence),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ApprovalError {
    #[error("Motion {0} is not a rule change waiting for the TD ({1}); the TD approves or vetoes only an adopted change (house rules A.7).")]
    NotPending(i64, Approval),
}

/// The next state after the TD acts (A.7). `Vetoed` means: open the override.
pub fn act(number: i64, now: Approval, act: Act) -> Result<Approval, ApprovalError> {
    if now != Approval::Pending {
        return Err(ApprovalError::NotPending(number, now));
    }
    Ok(match act {
        Act::Approve => Approval::Approved,
        Act::Veto | Act::Silence(Silence::Override) => Approval::Vetoed,
        Act::Silence(Silence::Lapses) => Approval::Lapsed,
        Act::Silence(Silence::TakesEffect) => Approval::TookEffect,
    })
}

/// The end of an override vote: adopted carries the change over the veto (A.7).
pub fn after_override(adopted: bool) -> Approval {
    if adopted {
        Approval::Overridden
    } else {
        Approval::VetoStands
    }
}

/// Whether the change is in the rules.
pub fn takes_effect(approval: Approval) -> bool {
    matches!(
        approval,
        Approval::Approved | Approval::Overridden | Approval::TookEffect
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tds_approval_makes_the_new_version_a7() {
        let next = act(1, Approval::Pending, Act::Approve).unwrap();
        assert_eq!(next, Approval::Approved);
        assert!(takes_effect(next));
    }

    #[test]
    fn a_veto_opens_the_override_and_its_adoption_carries_the_change_a7() {
        assert_eq!(act(1, Approval::Pending, Act::Veto), Ok(Approval::Vetoed));
        assert!(takes_effect(after_override(true)));
        assert!(!takes_effect(after_override(false)));
    }

    #[test]
    fn the_td_acts_once_and_only_on_a_pending_change_a7() {
        assert_eq!(
            act(2, Approval::Approved, Act::Veto),
            Err(ApprovalError::NotPending(2, Approval::Approved))
        );
    }

    #[test]
    fn silence_reads_as_the_club_configures_it_a7() {
        let silent = |s| act(1, Approval::Pending, Act::Silence(s)).unwrap();
        assert_eq!(silent(Silence::Override), Approval::Vetoed);
        assert_eq!(silent(Silence::Lapses), Approval::Lapsed);
        assert_eq!(silent(Silence::TakesEffect), Approval::TookEffect);
        assert_eq!(Silence::default(), Silence::Override);
    }
}
