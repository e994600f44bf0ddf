//! `[committees]`: the times of committee votes and the TD's part in rule changes (Diplomacy
//! house rules A.6, A.7), and where Observers' private reports go (A.9).

use serde::Deserialize;

use super::de_snowflake_opt;
use crate::domain::committee::approval::Silence;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CommitteesConfig {
    /// Days a motion stays open when `/motion open` gives no `closes:`.
    pub motion_days: i64,
    /// Days the TD has to approve or veto an adopted change to the house rules (A.7).
    pub approval_days: i64,
    /// What the TD's silence means when those days pass: `override`, `lapses` or
    /// `takes_effect`.
    pub td_silence: Silence,
    /// The private channel where Observers' reports reach the TD (A.9); none keeps them in the
    /// outbox until one is set.
    #[serde(deserialize_with = "de_snowflake_opt")]
    pub td_channel_id: Option<u64>,
}

impl Default for CommitteesConfig {
    fn default() -> Self {
        Self {
            motion_days: 7,
            approval_days: 7,
            td_silence: Silence::Override,
            td_channel_id: None,
        }
    }
}
