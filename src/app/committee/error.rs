//! Why a committee use case refused: each message is for the member who typed the command and
//! names the rule.

use crate::app::UseCaseError;
use crate::domain::committee::approval::ApprovalError;
use crate::domain::committee::motion::MotionError;
use crate::domain::committee::rules::RulesError;
use crate::domain::kernel::authority::Unauthorised;

#[derive(Debug, thiserror::Error)]
pub enum CommitteeError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Motion(#[from] MotionError),
    #[error(transparent)]
    Approval(#[from] ApprovalError),
    #[error("There is already a committee called {0}.")]
    Exists(String),
    #[error("There is no committee called {0}; /committee list shows them.")]
    NoSuchCommittee(String),
    #[error("There is no motion {0}.")]
    NoSuchMotion(i64),
    #[error("`{0}` cannot seat a committee; choose an office such as tmc, justice or moderator.")]
    Seats(String),
    #[error("Only the Tournament Director, the Assistant TD acting as TD, or a member of a committee that allows it may open a motion (house rules A.3).")]
    MayNotOpen,
    #[error("{committee} has {members} members; it sits with {size} (its rules; house rules A.2 for the TMC).")]
    Size {
        committee: String,
        members: u32,
        size: String,
    },
    #[error("`{0}` is not a time; write it YYYY-MM-DD HH:MM, club time.")]
    BadTime(String),
    #[error("A motion closes in the future; {0} has passed.")]
    PastTime(String),
    #[error("A motion needs its text: what the committee is asked to decide.")]
    NoText,
    #[error("A rule change names the item it changes (item:A.7) and its new text (new_text:\"...\") (house rules A.7).")]
    RuleChangeNeedsItem,
    #[error("The house rules have no item {0}; `gavel rules import --house FILE` loads them (house rules A.7).")]
    NoSuchItem(String),
    #[error("A `{0}` motion opens itself; /motion open takes plain or rule-change.")]
    Kind(String),
    #[error("A veto needs its reason (house rules A.7).")]
    NoReason,
    #[error("You may no longer decide this motion: {0}. The sitting body is fixed as a motion opens (A.6); a member who leaves it or becomes ineligible (A.8) stops deciding.")]
    NoLongerSits(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for CommitteeError {
    fn is_internal(&self) -> bool {
        matches!(self, CommitteeError::Store(_))
    }
}
