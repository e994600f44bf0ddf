//! How the domain's enums are spelled in the database: the only place a case's kind or status,
//! a game's status or a rematch's status is a string. Each enum reads and writes as TEXT.

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::sqlite::{Sqlite, SqliteArgumentValue, SqliteValueRef};

use crate::domain::committee::approval::Approval;
use crate::domain::committee::dispute::Status as DisputeStatus;
use crate::domain::committee::house_rules::Made as HouseRuleMade;
use crate::domain::committee::motion::{Kind as MotionKind, Status as MotionStatus};
use crate::domain::committee::tally::Choice;
use crate::domain::court::Stage;
use crate::domain::diplomacy::extension::Recorded as DipExtension;
use crate::domain::diplomacy::handover::KindName as DipHandover;
use crate::domain::diplomacy::press::{PressKind, PressRule};
use crate::domain::diplomacy::states::{
    BoardEnding, BoardStatus, ChosenBy, RoundStage, SignupOutcome, TeamRole,
};
use crate::domain::diplomacy::vote::{
    Ballot, ProposalKind as DipProposalKind, ProposalStatus as DipProposalStatus,
};
use crate::domain::diplomacy::Power;
use crate::domain::kernel::button::ButtonStyle;
use crate::domain::leaderboard::event::EventKind;
use crate::domain::leaderboard::game::{GameStatus, RematchStatus};
use crate::domain::moderation::reports::ReportState;
use crate::domain::moderation::{CaseKind, CaseStatus};
use crate::domain::nomic::order::{Handover, Opinion, PointStage};
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::proposal_record::{ProposalKind, ProposalStatus};
use crate::domain::nomic::rulebook::ChangeKind as RuleChange;
use crate::domain::partychess::states::{GameStage, PlayHow};
use crate::domain::tournament::matches::Game as TournamentGame;
use crate::domain::tournament::stages::Stage as TournamentStage;
use crate::domain::tournament::states::{
    AtFault, ClaimKind, ClaimState, CorrectionKind, Decided, EntrantStatus, PendingKind,
    ResultKind, TimeBy,
};
use crate::store::audit::Outcome as AuditOutcome;

/// A domain enum stored as one of a fixed set of strings.
pub trait StoredKey: Sized + Copy + 'static {
    /// Every value, in the order the mapping lists them; generated from the mapping, whose
    /// `key` match is exhaustive, so no variant can be missing.
    const ALL: &'static [Self];
    /// The stored spelling.
    fn key(self) -> &'static str;
    /// The value a stored spelling stands for.
    fn from_key(key: &str) -> Option<Self>;
}

/// Makes `$ty` a TEXT column's type for sqlx (its encoding and decoding are the caller's).
macro_rules! text_column {
    ($ty:ty) => {
        impl sqlx::Type<sqlx::Sqlite> for $ty {
            fn type_info() -> sqlx::sqlite::SqliteTypeInfo {
                <str as sqlx::Type<sqlx::Sqlite>>::type_info()
            }

            fn compatible(ty: &sqlx::sqlite::SqliteTypeInfo) -> bool {
                <str as sqlx::Type<sqlx::Sqlite>>::compatible(ty)
            }
        }
    };
}
pub(crate) use text_column;

/// Maps each listed enum to its spellings; one invocation lists every stored enum, so the test
/// it generates reads back every value of every one of them.
macro_rules! stored_as_text {
    ($($ty:ty { $($variant:path => $key:literal),+ $(,)? })+) => {
        $(stored_as_text!(@one $ty { $($variant => $key),+ });)+

        #[test]
        fn every_stored_enum_reads_back_what_it_writes() {
            $(tests::round_trips::<$ty>();)+
        }
    };
    (@one $ty:ty { $($variant:path => $key:literal),+ }) => {
        impl StoredKey for $ty {
            const ALL: &'static [Self] = &[$($variant),+];

            fn key(self) -> &'static str {
                match self {
                    $($variant => $key,)+
                }
            }

            fn from_key(key: &str) -> Option<Self> {
                match key {
                    $($key => Some($variant),)+
                    _ => None,
                }
            }
        }

        text_column!($ty);

        impl<'q> sqlx::Encode<'q, Sqlite> for $ty {
            fn encode_by_ref(
                &self,
                args: &mut Vec<SqliteArgumentValue<'q>>,
            ) -> Result<IsNull, BoxDynError> {
                <&str as sqlx::Encode<'q, Sqlite>>::encode_by_ref(&self.key(), args)
            }
        }

        /// Written as its stored key, so an exported row spells it as the database does.
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.key())
            }
        }

        impl<'r> sqlx::Decode<'r, Sqlite> for $ty {
            fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                let text = <&str as sqlx::Decode<'r, Sqlite>>::decode(value)?;
                <$ty>::from_key(text).ok_or_else(|| {
                    format!("`{text}` is not a stored {}", stringify!($ty)).into()
                })
            }
        }
    };
}

stored_as_text! {
    AuditOutcome {
        AuditOutcome::Done => "done",
        AuditOutcome::Refused => "refused",
        AuditOutcome::Failed => "failed",
    }
    CaseKind {
        CaseKind::Violation => "violation",
        CaseKind::Ban => "ban",
        CaseKind::Monitor => "monitor",
        CaseKind::Deduction => "deduction",
        CaseKind::Award => "award",
        CaseKind::Clock => "clock",
        CaseKind::Technical => "technical",
    }

    CaseStatus {
        CaseStatus::InForce => "in_force",
        CaseStatus::Expired => "expired",
        CaseStatus::Lifted => "lifted",
        CaseStatus::Void => "void",
        CaseStatus::Overturned => "overturned",
        CaseStatus::Remanded => "remanded",
    }

    Stage {
        Stage::AwaitingGrant => "awaiting_grant",
        Stage::Refused => "refused",
        Stage::Granted => "granted",
        Stage::Hearing => "hearing",
        Stage::Decided => "decided",
        Stage::EnBanc => "en_banc",
        Stage::Final => "final",
    }

    GameStatus {
        GameStatus::InProgress => "in_progress",
        GameStatus::WaitingJoin => "waiting_join",
        GameStatus::PendingApproval => "pending_approval",
        GameStatus::AwaitingConfirmation => "awaiting_confirmation",
        GameStatus::Counted => "counted",
        GameStatus::Voided => "voided",
        GameStatus::Lapsed => "lapsed",
        GameStatus::Replaced => "replaced",
    }

    RematchStatus {
        RematchStatus::Due => "due",
        RematchStatus::VoidWithGame => "void with the game",
        RematchStatus::Played => "played",
        RematchStatus::PetitionerAbsent => "petitioner absent",
        RematchStatus::OpponentAbsent => "opponent absent",
        RematchStatus::NotPlayed => "not played",
    }

    ButtonStyle {
        ButtonStyle::Primary => "primary",
        ButtonStyle::Secondary => "secondary",
        ButtonStyle::Success => "success",
        ButtonStyle::Danger => "danger",
    }

    PointStage {
        PointStage::AwaitingJudgement => "awaiting_judgement",
        PointStage::Judged => "judged",
        PointStage::Disputed => "disputed",
        PointStage::Invoked => "invoked",
        PointStage::Unsettled => "unsettled",
    }

    Handover {
        Handover::Overruled => "overruled",
        Handover::Forfeited => "forfeited",
        Handover::LeftTheGame => "left_the_game",
    }

    Opinion {
        Opinion::Dispute => "dispute",
        Opinion::Agree => "agree",
        Opinion::Disagree => "disagree",
    }

    Procedure {
        Procedure::Nomic => "nomic",
        Procedure::ChiefJustice => "chief_justice",
    }

    ProposalKind {
        ProposalKind::Enact => "enact",
        ProposalKind::Repeal => "repeal",
        ProposalKind::Amend => "amend",
        ProposalKind::Transmute => "transmute",
        ProposalKind::Suggestion => "suggestion",
        ProposalKind::Draft => "draft",
    }

    ProposalStatus {
        ProposalStatus::Voting => "voting",
        ProposalStatus::Defeated => "defeated",
        ProposalStatus::Held => "held",
        ProposalStatus::InEffect => "in_effect",
        ProposalStatus::Void => "void",
        ProposalStatus::Suggested => "suggested",
        ProposalStatus::Submitted => "submitted",
        ProposalStatus::Adopted => "adopted",
        ProposalStatus::Rejected => "rejected",
    }

    RoundStage {
        RoundStage::Open => "open",
        RoundStage::Assigned => "assigned",
        RoundStage::Advanced => "advanced",
    }

    BoardStatus {
        BoardStatus::Playing => "playing",
        BoardStatus::Finished => "finished",
    }

    BoardEnding {
        BoardEnding::Played => "played",
        BoardEnding::Draw => "draw",
        BoardEnding::Conceded => "conceded",
    }

    SignupOutcome {
        SignupOutcome::Waiting => "waiting",
        SignupOutcome::Teamed => "teamed",
        SignupOutcome::Reserve => "reserve",
    }

    DipProposalKind {
        DipProposalKind::Draw => "draw",
        DipProposalKind::Concede => "concede",
        DipProposalKind::Rule => "rule",
    }

    DipProposalStatus {
        DipProposalStatus::Open => "open",
        DipProposalStatus::Passed => "passed",
        DipProposalStatus::Failed => "failed",
    }

    DipExtension {
        DipExtension::Guaranteed => "guaranteed",
        DipExtension::Discretionary => "discretionary",
        DipExtension::Holiday => "holiday",
        DipExtension::NextTurn => "next_turn",
    }

    TeamRole {
        TeamRole::Player => "player",
        TeamRole::Captain => "captain",
        TeamRole::Gm => "gm",
        TeamRole::Reserve => "reserve",
    }

    ChosenBy {
        ChosenBy::Captain => "captain",
        ChosenBy::Gm => "gm",
        ChosenBy::ReservePool => "reserve",
        ChosenBy::Player => "player",
    }

    Ballot {
        Ballot::Yes => "yes",
        Ballot::No => "no",
        Ballot::Abstain => "abstain",
        Ballot::Unclear => "unclear",
    }

    PressRule {
        PressRule::Standard => "standard",
        PressRule::AlternativeA => "a",
        PressRule::AlternativeB => "b",
        PressRule::AlternativeC => "c",
    }

    Power {
        Power::Austria => "A",
        Power::England => "E",
        Power::France => "F",
        Power::Germany => "G",
        Power::Italy => "I",
        Power::Russia => "R",
        Power::Turkey => "T",
    }

    DipHandover {
        DipHandover::Permanent => "permanent",
        DipHandover::Temporary => "temporary",
        DipHandover::Return => "return",
    }

    PressKind {
        PressKind::White => "white",
        PressKind::Gray => "gray",
        PressKind::DarkGray => "darkgray",
    }

    TournamentStage {
        TournamentStage::Entries => "entries",
        TournamentStage::Swiss => "swiss",
        TournamentStage::Candidates => "candidates",
        TournamentStage::Final => "final",
        TournamentStage::Finished => "finished",
    }

    EntrantStatus {
        EntrantStatus::Entered => "entered",
        EntrantStatus::Playing => "playing",
        EntrantStatus::Ineligible => "ineligible",
        EntrantStatus::Disqualified => "disqualified",
        EntrantStatus::Withdrawn => "withdrawn",
    }

    TimeBy {
        TimeBy::Agreed => "agreed",
        TimeBy::Assigned => "assigned",
    }

    AtFault {
        AtFault::Nobody => "none",
        AtFault::Neither => "neither",
        AtFault::First => "first",
        AtFault::Second => "second",
        AtFault::Both => "both",
    }

    Decided {
        Decided::Forfeit => "forfeit",
        Decided::Disregarded => "disregarded",
    }

    PendingKind {
        PendingKind::Game => "game",
        PendingKind::Score => "score",
    }

    ResultKind {
        ResultKind::Score => "score",
        ResultKind::Forfeit => "forfeit",
        ResultKind::Walkover => "walkover",
        ResultKind::Disregarded => "disregarded",
    }

    ClaimKind {
        ClaimKind::NoShow => "noshow",
        ClaimKind::Left => "left",
    }

    ClaimState {
        ClaimState::Open => "open",
        ClaimState::Countered => "countered",
        ClaimState::Claimed => "claimed",
        ClaimState::Rescheduled => "rescheduled",
        ClaimState::Closed => "closed",
    }

    CorrectionKind {
        CorrectionKind::Reverse => "reverse",
        CorrectionKind::Reinstate => "reinstate",
        CorrectionKind::Account => "account",
        CorrectionKind::White => "white",
    }

    TournamentGame {
        TournamentGame::FirstWins => "first",
        TournamentGame::SecondWins => "second",
        TournamentGame::Draw => "draw",
    }

    MotionKind {
        MotionKind::Plain => "plain",
        MotionKind::RuleChange => "rule-change",
        MotionKind::Override => "override",
        MotionKind::Dispute => "dispute",
    }

    MotionStatus {
        MotionStatus::Open => "open",
        MotionStatus::Tied => "tied",
        MotionStatus::Adopted => "adopted",
        MotionStatus::Rejected => "rejected",
        MotionStatus::NotBinding => "not_binding",
    }

    HouseRuleMade {
        HouseRuleMade::Imported => "imported",
        HouseRuleMade::Approved => "approved",
        HouseRuleMade::Overridden => "overridden",
        HouseRuleMade::TookEffect => "took_effect",
    }

    Approval {
        Approval::Pending => "pending",
        Approval::Approved => "approved",
        Approval::Vetoed => "vetoed",
        Approval::Overridden => "overridden",
        Approval::VetoStands => "veto_stands",
        Approval::Lapsed => "lapsed",
        Approval::TookEffect => "took_effect",
    }

    DisputeStatus {
        DisputeStatus::Raised => "raised",
        DisputeStatus::Resolved => "resolved",
        DisputeStatus::Referred => "referred",
    }

    Choice {
        Choice::Yes => "yes",
        Choice::No => "no",
        Choice::Abstain => "abstain",
    }

    GameStage {
        GameStage::Gathering => "gathering",
        GameStage::Playing => "playing",
    }

    PlayHow {
        PlayHow::Announced => "announced",
        PlayHow::Default => "default",
        PlayHow::Warm => "warm",
        PlayHow::Skipped => "skipped",
        PlayHow::Umpire => "umpire",
    }

    EventKind {
        EventKind::Joined => "joined",
        EventKind::Removed => "removed",
        EventKind::Game => "game",
        EventKind::Adjust => "adjust",
        EventKind::Decay => "decay",
        EventKind::Halve => "halve",
        EventKind::Reset => "reset",
    }

    ReportState {
        ReportState::Open => "open",
        ReportState::ActedOn => "acted on",
        ReportState::Dismissed => "dismissed",
    }

    RuleChange {
        RuleChange::Imported => "imported",
        RuleChange::Enacted => "enacted",
        RuleChange::Amended => "amended",
        RuleChange::Repealed => "repealed",
        RuleChange::Transmuted => "transmuted",
        RuleChange::Renumbered => "renumbered",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn round_trips<T: StoredKey + PartialEq + std::fmt::Debug>() {
        let mut keys: Vec<&str> = T::ALL.iter().map(|v| v.key()).collect();
        for (value, key) in T::ALL.iter().zip(&keys) {
            assert_eq!(T::from_key(key), Some(*value), "{key}");
        }
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), T::ALL.len(), "every variant has its own key");
    }

    #[test]
    fn an_unknown_spelling_is_no_value() {
        assert_eq!(CaseStatus::from_key("in force"), None);
        assert_eq!(GameStatus::from_key(""), None);
    }
}
