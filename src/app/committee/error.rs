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
    #[error("{0} to a rule change, which says what it changes and to what; a plain motion takes neither: add kind:rule-change, or leave {1} out (house rules A.7).")]
    RuleChangeOptions(&'static str, &'static str),
    #[error("A rule change's new text is empty: the TMC changes a house rule to new words (house rules A.7).")]
    EmptyNewText,
    #[error("House rule {0} already reads so; the change would change nothing (house rules A.7).")]
    SameText(String),
    #[error("A `{0}` motion opens itself; /motion open takes plain or rule-change.")]
    Kind(String),
    #[error("Motion {0} is {1}, not a change to the house rules; the TD approves or vetoes only a change the committee adopted (house rules A.7).")]
    NotAChange(i64, &'static str),
    #[error("Motion {0}, a change to house rule {1}, is {2}: the committee has not adopted it, and the TD approves or vetoes only an adopted change (house rules A.7).")]
    ChangeNotAdopted(i64, String, crate::domain::committee::motion::Status),
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
