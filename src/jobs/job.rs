//! The kinds of scheduled work as one enum: each variant owns its payload, and this module is
//! the only place a job's kind and idempotency key are spelled as strings (the `jobs` table's).

use chrono::NaiveDate;
use serde_json::{json, Value};

use crate::domain::kernel::ids::{AppealId, CaseId, LeaveRequestId, SessionId};

/// One piece of due work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// Closes a session at the end of its window.
    SessionClose { session: SessionId },
    /// Reviews a club week (starting on `week`) for absence and inactivity (Terms §II Act 6).
    WeeklyReview { week: NaiveDate },
    /// Carries out a request to leave (Terms §II Act 8).
    LeaveDue { request: LeaveRequestId },
    /// Voids an undeclared penalty at its declaration deadline (Terms §III Act 2.4.2).
    DeclarationDeadline { action: CaseId },
    /// Reminds a Moderator a day before a declaration deadline (Terms §III Act 2.4).
    DeclarationReminder { action: CaseId },
    /// Ends a ban at its end date (Terms §II Act 9.2).
    BanExpiry { action: CaseId },
    /// The end of a Point of Order's current window (Nomic 214).
    OrderDeadline { point: i64 },
    /// Reminds the Court a club day before an opinion is due (Terms §III Act 3.10); one per
    /// judgement, the panel's and the whole Court's.
    OpinionReminder { appeal: AppealId, en_banc: bool },
    /// Says an opinion is overdue at its deadline (Terms §III Act 3.10).
    OpinionOverdue { appeal: AppealId, en_banc: bool },
    /// The Moderator's answer to a petition against a monitor falls due (Terms §II Act 10.5).
    ResponseDeadline { appeal: AppealId },
    /// A remanded penalty not re-decided and declared within 7 days is void (Terms §III Act
    /// 2.4, 2.4.2).
    RedecideDeadline { appeal: AppealId },
    /// Completes the vote on a proposal at the end of the club day it was submitted: tallies,
    /// adopts or defeats, settles points (Nomic 113, 203-207).
    VoteClose { proposal: i64 },
    /// Names the players who have not voted, an hour before the close (Nomic 113).
    VoteReminder { proposal: i64 },
    /// Announces rule 204's change of itself to a simple majority at the end of the second
    /// complete circuit of turns (Nomic 204).
    AdoptionSwitch,
    /// Closes a committee's motion at its time (house rules A.6).
    MotionClose { motion: i64 },
    /// The end of the TD's time to approve or veto an adopted rule change (house rules A.7).
    ApprovalDeadline { motion: i64 },
    /// A tournament match's step in its week (ACWC Timeline, Match negotiations).
    MatchWeek { a_match: i64, step: MatchStep },
    /// A Party Chess turn's time limit runs out: the Swinger makes the default play (Rule
    /// 1230.2 §4). `turn` is the turn's number; a later turn means it was played.
    PartyChessTurn { game: i64, turn: i64 },
    /// A Diplomacy board's deadline for a turn (its `Turn::code`): NMRs are recorded and the
    /// votes due with it decided (house rules D.VII.6, D.IX.2).
    DiplomacyDeadline { board: i64, turn: i64 },
    /// The end of an NMR's 48 (or 96) hours: B.8's replacement procedure begins unless the
    /// player has come back (house rules D.VII.6a).
    DiplomacyNmrClock { nmr: i64 },
    /// The end of the captain's 48 (or 96) hours after an NMR's own: the reserve pool is
    /// called unless a replacement was chosen or the player came back (house rules B.8(d)).
    DiplomacyCaptainWindow { nmr: i64 },
    /// The opponent's time to confirm or dispute a game runs out: it is left for a Moderator
    /// (`[leaderboard] confirm_days`).
    ConfirmationLapse { game: i64 },
}

/// The steps of a match's week, in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStep {
    /// Wednesday 23:59:59: the offers are owed; who is at fault.
    OffersDue,
    /// Saturday 00:00: no agreement before the weekend goes to the arbiter.
    Weekend,
    /// A day before the end: the players are reminded.
    Reminder,
    /// Sunday 23:59:59: the match is due.
    Due,
}

impl MatchStep {
    pub const ALL: [MatchStep; 4] = [
        MatchStep::OffersDue,
        MatchStep::Weekend,
        MatchStep::Reminder,
        MatchStep::Due,
    ];

    fn key(self) -> &'static str {
        match self {
            MatchStep::OffersDue => "offers-due",
            MatchStep::Weekend => "weekend",
            MatchStep::Reminder => "reminder",
            MatchStep::Due => "due",
        }
    }

    fn parse(text: &str) -> Option<MatchStep> {
        MatchStep::ALL.into_iter().find(|s| s.key() == text)
    }
}

/// The stored kind of a weekly review (kept public for the scheduler's reports).
pub const WEEKLY_REVIEW: &str = "weekly_review";
const SESSION_CLOSE: &str = "session_close";
const LEAVE_DUE: &str = "leave_due";
const DECLARATION_DEADLINE: &str = "declaration_deadline";
const DECLARATION_REMINDER: &str = "declaration_reminder";
const BAN_EXPIRY: &str = "ban_expiry";
const ORDER_DEADLINE: &str = "order_deadline";
const OPINION_REMINDER: &str = "opinion_reminder";
const OPINION_OVERDUE: &str = "opinion_overdue";
const RESPONSE_DEADLINE: &str = "response_deadline";
const REDECIDE_DEADLINE: &str = "redecide_deadline";
const VOTE_CLOSE: &str = "vote_close";
const VOTE_REMINDER: &str = "vote_reminder";
const ADOPTION_SWITCH: &str = "adoption_switch";
const MOTION_CLOSE: &str = "motion_close";
const APPROVAL_DEADLINE: &str = "approval_deadline";
const MATCH_WEEK: &str = "match_week";
const PARTYCHESS_TURN: &str = "partychess_turn";
const DIPLOMACY_DEADLINE: &str = "diplomacy_deadline";
const DIPLOMACY_NMR_CLOCK: &str = "diplomacy_nmr_clock";
const DIPLOMACY_CAPTAIN_WINDOW: &str = "diplomacy_captain_window";
const CONFIRMATION_LAPSE: &str = "confirmation_lapse";

/// A stored job that does not decode into a `Job`.
#[derive(Debug, thiserror::Error)]
pub enum JobDecodeError {
    #[error("no handler for job kind `{0}`")]
    UnknownKind(String),
    #[error("job payload of kind `{kind}` is not valid: {source}")]
    BadPayload {
        kind: String,
        source: serde_json::Error,
    },
}

impl Job {
    /// The `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            Job::SessionClose { .. } => SESSION_CLOSE,
            Job::WeeklyReview { .. } => WEEKLY_REVIEW,
            Job::LeaveDue { .. } => LEAVE_DUE,
            Job::DeclarationDeadline { .. } => DECLARATION_DEADLINE,
            Job::DeclarationReminder { .. } => DECLARATION_REMINDER,
            Job::BanExpiry { .. } => BAN_EXPIRY,
            Job::OrderDeadline { .. } => ORDER_DEADLINE,
            Job::OpinionReminder { .. } => OPINION_REMINDER,
            Job::OpinionOverdue { .. } => OPINION_OVERDUE,
            Job::ResponseDeadline { .. } => RESPONSE_DEADLINE,
            Job::RedecideDeadline { .. } => REDECIDE_DEADLINE,
            Job::VoteClose { .. } => VOTE_CLOSE,
            Job::VoteReminder { .. } => VOTE_REMINDER,
            Job::AdoptionSwitch => ADOPTION_SWITCH,
            Job::MotionClose { .. } => MOTION_CLOSE,
            Job::ApprovalDeadline { .. } => APPROVAL_DEADLINE,
            Job::MatchWeek { .. } => MATCH_WEEK,
            Job::PartyChessTurn { .. } => PARTYCHESS_TURN,
            Job::DiplomacyDeadline { .. } => DIPLOMACY_DEADLINE,
            Job::DiplomacyNmrClock { .. } => DIPLOMACY_NMR_CLOCK,
            Job::DiplomacyCaptainWindow { .. } => DIPLOMACY_CAPTAIN_WINDOW,
            Job::ConfirmationLapse { .. } => CONFIRMATION_LAPSE,
        }
    }

    /// The idempotency key: one row per object and kind of work, so scheduling the same job
    /// again moves it instead of adding a second one, and cancelling it needs nothing else.
    pub fn key(&self) -> String {
        match self {
            Job::SessionClose { session } => format!("session-close:{session}"),
            Job::WeeklyReview { week } => format!("weekly:{week}"),
            Job::LeaveDue { request } => format!("leave:{request}"),
            Job::DeclarationDeadline { action } => format!("declaration-deadline:{action}"),
            Job::DeclarationReminder { action } => format!("declaration-reminder:{action}"),
            Job::BanExpiry { action } => format!("ban-expiry:{action}"),
            Job::OrderDeadline { point } => format!("order-deadline:{point}"),
            Job::OpinionReminder { appeal, en_banc } => {
                format!("opinion-reminder:{appeal}{}", bench_suffix(*en_banc))
            }
            Job::OpinionOverdue { appeal, en_banc } => {
                format!("opinion-overdue:{appeal}{}", bench_suffix(*en_banc))
            }
            Job::ResponseDeadline { appeal } => format!("response-deadline:{appeal}"),
            Job::RedecideDeadline { appeal } => format!("redecide-deadline:{appeal}"),
            Job::VoteClose { proposal } => format!("vote-close:{proposal}"),
            Job::VoteReminder { proposal } => format!("vote-reminder:{proposal}"),
            Job::AdoptionSwitch => "adoption-switch".to_owned(),
            Job::MotionClose { motion } => format!("motion-close:{motion}"),
            Job::ApprovalDeadline { motion } => format!("approval-deadline:{motion}"),
            Job::MatchWeek { a_match, step } => format!("match-{}:{a_match}", step.key()),
            Job::PartyChessTurn { game, .. } => format!("partychess-turn:{game}"),
            Job::DiplomacyDeadline { board, turn } => format!("diplomacy-deadline:{board}:{turn}"),
            Job::DiplomacyNmrClock { nmr } => format!("diplomacy-nmr-clock:{nmr}"),
            Job::DiplomacyCaptainWindow { nmr } => format!("diplomacy-captain-window:{nmr}"),
            Job::ConfirmationLapse { game } => format!("game-confirmation:{game}"),
        }
    }

    /// The `payload` column (the same JSON the rows have always had).
    pub fn payload(&self) -> Value {
        match self {
            Job::SessionClose { session } => json!({ "session": session }),
            Job::WeeklyReview { week } => json!({ "week": week }),
            Job::LeaveDue { request } => json!({ "request": request }),
            Job::DeclarationDeadline { action }
            | Job::DeclarationReminder { action }
            | Job::BanExpiry { action } => json!({ "action": action }),
            Job::OrderDeadline { point } => json!({ "point": point }),
            Job::OpinionReminder { appeal, en_banc } | Job::OpinionOverdue { appeal, en_banc } => {
                json!({ "appeal": appeal, "en_banc": en_banc })
            }
            Job::ResponseDeadline { appeal } | Job::RedecideDeadline { appeal } => {
                json!({ "appeal": appeal })
            }
            Job::VoteClose { proposal } | Job::VoteReminder { proposal } => {
                json!({ "proposal": proposal })
            }
            Job::AdoptionSwitch => json!({}),
            Job::MotionClose { motion } | Job::ApprovalDeadline { motion } => {
                json!({ "motion": motion })
            }
            Job::MatchWeek { a_match, step } => json!({ "match": a_match, "step": step.key() }),
            Job::PartyChessTurn { game, turn } => json!({ "game": game, "turn": turn }),
            Job::DiplomacyDeadline { board, turn } => json!({ "board": board, "turn": turn }),
            Job::DiplomacyNmrClock { nmr } => json!({ "nmr": nmr }),
            Job::DiplomacyCaptainWindow { nmr } => json!({ "nmr": nmr }),
            Job::ConfirmationLapse { game } => json!({ "game": game }),
        }
    }

    /// The job a stored row describes, from its kind and payload (its key is not needed: rows
    /// written before keys were typed may carry suffixes).
    pub fn decode(kind: &str, payload: &str) -> Result<Job, JobDecodeError> {
        let bad = |source| JobDecodeError::BadPayload {
            kind: kind.to_owned(),
            source,
        };
        let value: Value = serde_json::from_str(payload).map_err(bad)?;
        let field = |name: &str| serde_json::from_value::<i64>(value[name].clone()).map_err(bad);
        let flag = |name: &str| serde_json::from_value::<bool>(value[name].clone()).map_err(bad);
        Ok(match kind {
            SESSION_CLOSE => Job::SessionClose {
                session: SessionId(field("session")?),
            },
            WEEKLY_REVIEW => Job::WeeklyReview {
                week: serde_json::from_value(value["week"].clone()).map_err(bad)?,
            },
            LEAVE_DUE => Job::LeaveDue {
                request: LeaveRequestId(field("request")?),
            },
            DECLARATION_DEADLINE => Job::DeclarationDeadline {
                action: CaseId(field("action")?),
            },
            DECLARATION_REMINDER => Job::DeclarationReminder {
                action: CaseId(field("action")?),
            },
            BAN_EXPIRY => Job::BanExpiry {
                action: CaseId(field("action")?),
            },
            ORDER_DEADLINE => Job::OrderDeadline {
                point: field("point")?,
            },
            OPINION_REMINDER => Job::OpinionReminder {
                appeal: AppealId(field("appeal")?),
                en_banc: flag("en_banc")?,
            },
            OPINION_OVERDUE => Job::OpinionOverdue {
                appeal: AppealId(field("appeal")?),
                en_banc: flag("en_banc")?,
            },
            RESPONSE_DEADLINE => Job::ResponseDeadline {
                appeal: AppealId(field("appeal")?),
            },
            REDECIDE_DEADLINE => Job::RedecideDeadline {
                appeal: AppealId(field("appeal")?),
            },
            VOTE_CLOSE => Job::VoteClose {
                proposal: field("proposal")?,
            },
            VOTE_REMINDER => Job::VoteReminder {
                proposal: field("proposal")?,
            },
            ADOPTION_SWITCH => Job::AdoptionSwitch,
            MOTION_CLOSE => Job::MotionClose {
                motion: field("motion")?,
            },
            APPROVAL_DEADLINE => Job::ApprovalDeadline {
                motion: field("motion")?,
            },
            MATCH_WEEK => Job::MatchWeek {
                a_match: field("match")?,
                step: value["step"]
                    .as_str()
                    .and_then(MatchStep::parse)
                    .ok_or_else(|| {
                        JobDecodeError::UnknownKind(format!("{kind} {}", value["step"]))
                    })?,
            },
            PARTYCHESS_TURN => Job::PartyChessTurn {
                game: field("game")?,
                turn: field("turn")?,
            },
            DIPLOMACY_DEADLINE => Job::DiplomacyDeadline {
                board: field("board")?,
                turn: field("turn")?,
            },
            DIPLOMACY_NMR_CLOCK => Job::DiplomacyNmrClock { nmr: field("nmr")? },
            DIPLOMACY_CAPTAIN_WINDOW => Job::DiplomacyCaptainWindow { nmr: field("nmr")? },
            CONFIRMATION_LAPSE => Job::ConfirmationLapse {
                game: field("game")?,
            },
            other => return Err(JobDecodeError::UnknownKind(other.to_owned())),
        })
    }
}

/// The whole Court's opinion has its own jobs beside the panel's.
fn bench_suffix(en_banc: bool) -> &'static str {
    if en_banc {
        ":en-banc"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_job() -> Vec<Job> {
        vec![
            Job::SessionClose {
                session: SessionId(3),
            },
            Job::WeeklyReview {
                week: NaiveDate::from_ymd_opt(2026, 12, 7).unwrap(),
            },
            Job::LeaveDue {
                request: LeaveRequestId(4),
            },
            Job::DeclarationDeadline { action: CaseId(5) },
            Job::DeclarationReminder { action: CaseId(5) },
            Job::BanExpiry { action: CaseId(5) },
            Job::OrderDeadline { point: 2 },
            Job::OpinionReminder {
                appeal: AppealId(2),
                en_banc: false,
            },
            Job::OpinionOverdue {
                appeal: AppealId(2),
                en_banc: true,
            },
            Job::ResponseDeadline {
                appeal: AppealId(2),
            },
            Job::RedecideDeadline {
                appeal: AppealId(2),
            },
            Job::VoteClose { proposal: 301 },
            Job::VoteReminder { proposal: 301 },
            Job::AdoptionSwitch,
            Job::MotionClose { motion: 4 },
            Job::ApprovalDeadline { motion: 4 },
            Job::MatchWeek {
                a_match: 5,
                step: MatchStep::OffersDue,
            },
            Job::MatchWeek {
                a_match: 5,
                step: MatchStep::Due,
            },
            Job::PartyChessTurn { game: 1, turn: 4 },
            Job::DiplomacyDeadline { board: 3, turn: 7 },
            Job::DiplomacyNmrClock { nmr: 5 },
            Job::DiplomacyCaptainWindow { nmr: 5 },
            Job::ConfirmationLapse { game: 8 },
        ]
    }

    #[test]
    fn every_job_decodes_from_its_own_kind_and_payload() {
        for job in every_job() {
            let decoded = Job::decode(job.kind(), &job.payload().to_string()).expect("decodes");
            assert_eq!(decoded, job);
        }
    }

    #[test]
    fn keys_keep_the_spelling_of_rows_already_stored() {
        let keys: Vec<String> = every_job().iter().map(Job::key).collect();
        assert_eq!(
            keys,
            [
                "session-close:3",
                "weekly:2026-12-07",
                "leave:4",
                "declaration-deadline:5",
                "declaration-reminder:5",
                "ban-expiry:5",
                "order-deadline:2",
                "opinion-reminder:2",
                "opinion-overdue:2:en-banc",
                "response-deadline:2",
                "redecide-deadline:2",
                "vote-close:301",
                "vote-reminder:301",
                "adoption-switch",
                "motion-close:4",
                "approval-deadline:4",
                "match-offers-due:5",
                "match-due:5",
                "partychess-turn:1",
                "diplomacy-deadline:3:7",
                "diplomacy-nmr-clock:5",
                "diplomacy-captain-window:5",
                "game-confirmation:8",
            ]
        );
    }

    #[test]
    fn the_jobs_of_one_case_have_different_keys() {
        let action = CaseId(5);
        let a = Job::DeclarationDeadline { action }.key();
        let b = Job::DeclarationReminder { action }.key();
        let c = Job::BanExpiry { action }.key();
        assert!(a != b && b != c && a != c);
    }

    #[test]
    fn an_unknown_kind_does_not_decode() {
        assert!(matches!(
            Job::decode("tea_break", "{}"),
            Err(JobDecodeError::UnknownKind(k)) if k == "tea_break"
        ));
    }

    #[test]
    fn a_payload_without_its_id_does_not_decode() {
        assert!(matches!(
            Job::decode("ban_expiry", r#"{"session": 1}"#),
            Err(JobDecodeError::BadPayload { .. })
        ));
        assert!(Job::decode("ban_expiry", "not json").is_err());
    }
}
