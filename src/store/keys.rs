//! How the domain's enums are spelled in the database: the only place a case's kind or status,
//! a game's status or a rematch's status is a string. Each enum reads and writes as TEXT.

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::sqlite::{Sqlite, SqliteArgumentValue, SqliteTypeInfo, SqliteValueRef};

use crate::domain::court::Stage;
use crate::domain::kernel::button::ButtonStyle;
use crate::domain::leaderboard::game::{GameStatus, RematchStatus};
use crate::domain::moderation::{CaseKind, CaseStatus};
use crate::domain::nomic::order::{Handover, Opinion, PointStage};
use crate::domain::nomic::parameters::Procedure;
use crate::domain::nomic::proposal_record::{ProposalKind, ProposalStatus};

/// A domain enum stored as one of a fixed set of strings.
pub trait StoredKey: Sized + Copy + 'static {
    /// The stored spelling.
    fn key(self) -> &'static str;
    /// The value a stored spelling stands for.
    fn from_key(key: &str) -> Option<Self>;
}

macro_rules! stored_as_text {
    ($ty:ty { $($variant:path => $key:literal),+ $(,)? }) => {
        impl StoredKey for $ty {
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

        impl sqlx::Type<Sqlite> for $ty {
            fn type_info() -> SqliteTypeInfo {
                <str as sqlx::Type<Sqlite>>::type_info()
            }

            fn compatible(ty: &SqliteTypeInfo) -> bool {
                <str as sqlx::Type<Sqlite>>::compatible(ty)
            }
        }

        impl<'q> sqlx::Encode<'q, Sqlite> for $ty {
            fn encode_by_ref(
                &self,
                args: &mut Vec<SqliteArgumentValue<'q>>,
            ) -> Result<IsNull, BoxDynError> {
                <&str as sqlx::Encode<'q, Sqlite>>::encode_by_ref(&self.key(), args)
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

stored_as_text!(CaseKind {
    CaseKind::Violation => "violation",
    CaseKind::Ban => "ban",
    CaseKind::Monitor => "monitor",
    CaseKind::Deduction => "deduction",
    CaseKind::Award => "award",
    CaseKind::Clock => "clock",
    CaseKind::Technical => "technical",
});

stored_as_text!(CaseStatus {
    CaseStatus::InForce => "in_force",
    CaseStatus::Expired => "expired",
    CaseStatus::Lifted => "lifted",
    CaseStatus::Void => "void",
    CaseStatus::Overturned => "overturned",
    CaseStatus::Remanded => "remanded",
});

stored_as_text!(Stage {
    Stage::AwaitingGrant => "awaiting_grant",
    Stage::Refused => "refused",
    Stage::Granted => "granted",
    Stage::Hearing => "hearing",
    Stage::Decided => "decided",
    Stage::EnBanc => "en_banc",
    Stage::Final => "final",
});

stored_as_text!(GameStatus {
    GameStatus::InProgress => "in_progress",
    GameStatus::WaitingJoin => "waiting_join",
    GameStatus::PendingApproval => "pending_approval",
    GameStatus::AwaitingConfirmation => "awaiting_confirmation",
    GameStatus::Counted => "counted",
    GameStatus::Voided => "voided",
    GameStatus::Lapsed => "lapsed",
    GameStatus::Replaced => "replaced",
});

stored_as_text!(RematchStatus {
    RematchStatus::Due => "due",
    RematchStatus::VoidWithGame => "void with the game",
    RematchStatus::Played => "played",
    RematchStatus::PetitionerAbsent => "petitioner absent",
    RematchStatus::OpponentAbsent => "opponent absent",
    RematchStatus::NotPlayed => "not played",
});

stored_as_text!(ButtonStyle {
    ButtonStyle::Primary => "primary",
    ButtonStyle::Secondary => "secondary",
    ButtonStyle::Success => "success",
    ButtonStyle::Danger => "danger",
});

stored_as_text!(PointStage {
    PointStage::AwaitingJudgement => "awaiting_judgement",
    PointStage::Judged => "judged",
    PointStage::Disputed => "disputed",
    PointStage::Invoked => "invoked",
    PointStage::Unsettled => "unsettled",
});

stored_as_text!(Handover {
    Handover::Overruled => "overruled",
    Handover::Forfeited => "forfeited",
    Handover::LeftTheGame => "left_the_game",
});

stored_as_text!(Opinion {
    Opinion::Dispute => "dispute",
    Opinion::Agree => "agree",
    Opinion::Disagree => "disagree",
});

stored_as_text!(Procedure {
    Procedure::Nomic => "nomic",
    Procedure::ChiefJustice => "chief_justice",
});

stored_as_text!(ProposalKind {
    ProposalKind::Enact => "enact",
    ProposalKind::Repeal => "repeal",
    ProposalKind::Amend => "amend",
    ProposalKind::Transmute => "transmute",
    ProposalKind::Suggestion => "suggestion",
    ProposalKind::Draft => "draft",
});

stored_as_text!(ProposalStatus {
    ProposalStatus::Voting => "voting",
    ProposalStatus::Defeated => "defeated",
    ProposalStatus::Held => "held",
    ProposalStatus::InEffect => "in_effect",
    ProposalStatus::Void => "void",
    ProposalStatus::Suggested => "suggested",
    ProposalStatus::Submitted => "submitted",
    ProposalStatus::Adopted => "adopted",
    ProposalStatus::Rejected => "rejected",
});

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<T: StoredKey + PartialEq + std::fmt::Debug>(all: &[T]) {
        let mut keys: Vec<&str> = all.iter().map(|v| v.key()).collect();
        for (value, key) in all.iter().zip(&keys) {
            assert_eq!(T::from_key(key), Some(*value), "{key}");
        }
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all.len(), "every variant has its own key");
    }

    #[test]
    fn every_stored_enum_reads_back_what_it_writes() {
        round_trips(&[
            PointStage::AwaitingJudgement,
            PointStage::Judged,
            PointStage::Disputed,
            PointStage::Invoked,
            PointStage::Unsettled,
        ]);
        round_trips(&[
            Handover::Overruled,
            Handover::Forfeited,
            Handover::LeftTheGame,
        ]);
        round_trips(&[Opinion::Dispute, Opinion::Agree, Opinion::Disagree]);
        round_trips(&[
            CaseKind::Violation,
            CaseKind::Ban,
            CaseKind::Monitor,
            CaseKind::Deduction,
            CaseKind::Award,
            CaseKind::Clock,
            CaseKind::Technical,
        ]);
        round_trips(&[
            CaseStatus::InForce,
            CaseStatus::Expired,
            CaseStatus::Lifted,
            CaseStatus::Void,
            CaseStatus::Overturned,
            CaseStatus::Remanded,
        ]);
        round_trips(&[
            Stage::AwaitingGrant,
            Stage::Refused,
            Stage::Granted,
            Stage::Hearing,
            Stage::Decided,
            Stage::EnBanc,
            Stage::Final,
        ]);
        round_trips(&[
            GameStatus::InProgress,
            GameStatus::WaitingJoin,
            GameStatus::PendingApproval,
            GameStatus::AwaitingConfirmation,
            GameStatus::Counted,
            GameStatus::Voided,
            GameStatus::Lapsed,
            GameStatus::Replaced,
        ]);
        round_trips(&[
            RematchStatus::Due,
            RematchStatus::VoidWithGame,
            RematchStatus::Played,
            RematchStatus::PetitionerAbsent,
            RematchStatus::OpponentAbsent,
            RematchStatus::NotPlayed,
        ]);
        round_trips(&[
            ButtonStyle::Primary,
            ButtonStyle::Secondary,
            ButtonStyle::Success,
            ButtonStyle::Danger,
        ]);
    }

    #[test]
    fn an_unknown_spelling_is_no_value() {
        assert_eq!(CaseStatus::from_key("in force"), None);
        assert_eq!(GameStatus::from_key(""), None);
    }
}
