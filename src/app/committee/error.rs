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
    #[error("Only the Tournament Director, the Assistant TD acting as TD, or a member of a committee that allows it may open a motion (house rules A.3).")]
    MayNotOpen,
    #[error("{committee} has {members} members; it sits with {size} (its rules; house rules A.2 for the TMC).")]
    Size {
        committee: String,
        members: u32,
        size: String,
    },
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
    #[error("The house rules have no item {0}, and it is not where an addition goes: the next number of a section (A.13), of one of D's parts (D.X.7), or D's next part (D.XI.1) (house rules A.7).")]
    NotAnAddition(String),
    #[error("House rule {0} already reads so; the change would change nothing (house rules A.7).")]
    SameText(String),
    #[error("Motion {0} is {1}, not a change to the house rules; the TD approves or vetoes only a change the committee adopted (house rules A.7).")]
    NotAChange(i64, &'static str),
    #[error("Motion {0}, a change to house rule {1}, is {2}: the committee has not adopted it, and the TD approves or vetoes only an adopted change (house rules A.7).")]
    ChangeNotAdopted(i64, String, crate::domain::committee::motion::Status),
    #[error("A veto needs its reason (house rules A.7).")]
    NoReason,
    #[error("You may no longer decide this motion: {0}. The sitting body is fixed as a motion opens (A.6); a member who leaves it or becomes ineligible (A.8) stops deciding.")]
    NoLongerSits(String),
    #[error("Only the Tournament Director, the Assistant TD acting as TD, or the Chief Justice may set what gavel enforces by the house rules (house rules A.3, A.7).")]
    MaySet,
    #[error("`{0}` is not a setting gavel enforces by the house rules; /houserule show names each item's.")]
    NoSuchSetting(String),
    #[error(
        "{0} is one of the TMC's own rules: set it with /committee set committee:TMC {1}:VALUE."
    )]
    CommitteeSetting(&'static str, &'static str),
    #[error("`{value}` is not a value for {name}; it takes {wants}.")]
    BadSetting {
        name: &'static str,
        value: String,
        wants: String,
    },
    #[error("The house rules are not loaded: /houserule import loads them (house rules A.7).")]
    NoHouseRules,
    #[error("House rule {item} reads “{text}”, which states {what}: {value}; gavel follows the text in force (house rules A.7).")]
    TextStates {
        item: &'static str,
        text: String,
        what: &'static str,
        value: String,
    },
    #[error("The house rules in force give the TMC {what} of {value} (house rules {item}, as gavel enforces it); a TMC is created with the rules they give.")]
    AgainstHouseRules {
        what: &'static str,
        value: String,
        item: &'static str,
    },
    #[error("Only the Chief Justice, or for the TMC the Tournament Director or the Assistant TD acting as TD, may change a committee's rules (Terms §III Act 4; house rules A.3, A.7).")]
    MayChange,
    #[error("Give at least one rule to change: members, turnout, majority, tie_break, sitting, abstentions or members_open.")]
    NothingToChange,
    #[error("{0}'s rules already are so; nothing changes.")]
    Unchanged(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for CommitteeError {
    fn is_internal(&self) -> bool {
        matches!(self, CommitteeError::Store(_))
    }
}
