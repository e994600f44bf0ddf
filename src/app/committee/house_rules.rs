//! The house rules as a rulebook (house rules A.7): `gavel rules import --house` loads them,
//! `/houserule show` and `/houserule history` read them, and an approved or overridden rule
//! change makes an item's new version.

use std::fmt;

use sqlx::SqliteConnection;

use crate::app::{system_actor, App, Call};
use crate::domain::committee::approval::Approval;
use crate::domain::committee::house_rules::{normalise, HouseRules};
use crate::domain::kernel::calendar;
use crate::store;
use crate::store::committee::house_rules::VersionRow;

use super::CommitteeError;

/// The World Masters house rules, built in: `/houserule import` loads them.
pub const WORLD_MASTERS: &str = include_str!("../../../examples/world-masters-house-rules.txt");

/// A reply in words.
#[derive(Debug, Clone)]
pub struct HouseRuleText(pub String);

impl fmt::Display for HouseRuleText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why an import of the house rules failed.
#[derive(Debug, thiserror::Error)]
pub enum HouseImportError {
    #[error(transparent)]
    Parse(#[from] crate::domain::committee::house_rules::HouseRulesError),
    #[error(transparent)]
    Unauthorised(#[from] crate::domain::kernel::authority::Unauthorised),
    #[error(
        "The house rules are already loaded; `gavel rules import --house FILE` replaces them."
    )]
    Loaded,
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl crate::app::UseCaseError for HouseImportError {
    fn is_internal(&self) -> bool {
        matches!(self, HouseImportError::Store(_))
    }
}

fn version_line(v: &VersionRow, tz: chrono_tz::Tz) -> String {
    let how = match (v.change.as_str(), v.motion_id) {
        ("imported", _) => "imported".to_owned(),
        (change, Some(m)) => format!("{} (motion {m})", change.replace('_', " ")),
        (change, None) => change.to_owned(),
    };
    format!(
        "Version {} — {how}, {}: {}",
        v.version,
        calendar::show(v.at, tz),
        v.text
    )
}

impl App {
    /// `gavel rules import --house FILE`: every item gets a new version (the first, or one
    /// replacing what a motion made).
    pub async fn import_house_rules(
        &self,
        origin: &str,
        text: &str,
    ) -> Result<HouseRuleText, HouseImportError> {
        let call = Call::new(
            system_actor(),
            "rules import --house",
            serde_json::json!({ "file": origin }),
        );
        let rules = HouseRules::parse(text)?;
        self.execute(&call, async |conn, _| {
            Ok(self.load_house_rules(conn, &rules).await?)
        })
        .await
    }

    /// `/houserule import`: the Chief Justice loads the built-in World Masters house rules.
    pub async fn import_builtin_house_rules(
        &self,
        call: &Call,
    ) -> Result<HouseRuleText, HouseImportError> {
        let rules = HouseRules::parse(WORLD_MASTERS)?;
        self.execute(call, async |conn, actor| {
            crate::domain::kernel::authority::Power::ChiefJustice.require(
                &actor.offices,
                "load the house rules",
                "Terms §III Act 4; house rules A.7",
            )?;
            if !store::committee::house_rules::current(conn)
                .await?
                .is_empty()
            {
                return Err(HouseImportError::Loaded);
            }
            Ok(self.load_house_rules(conn, &rules).await?)
        })
        .await
    }

    async fn load_house_rules(
        &self,
        conn: &mut SqliteConnection,
        rules: &HouseRules,
    ) -> sqlx::Result<HouseRuleText> {
        let now = self.now();
        for (position, item) in rules.items.iter().enumerate() {
            store::committee::house_rules::add(
                conn,
                &item.label,
                &item.heading,
                position as i64,
                &item.text,
                "imported",
                None,
                None,
                now,
            )
            .await?;
        }
        let text = format!(
            "The house rules were imported: {} items, from A.1 to {} (house rules A.7 lets the TMC change them).",
            rules.items.len(),
            rules.items.last().map(|i| i.label.as_str()).unwrap_or("?")
        );
        self.announce(conn, &text).await?;
        Ok(HouseRuleText(text))
    }

    /// The label of an item in force, as stored, or a refusal.
    pub(crate) async fn house_item_label(
        &self,
        conn: &mut SqliteConnection,
        typed: &str,
    ) -> Result<String, CommitteeError> {
        let label = normalise(typed);
        match store::committee::house_rules::item(conn, &label).await? {
            Some(v) => Ok(v.label),
            None => Err(CommitteeError::NoSuchItem(typed.trim().to_owned())),
        }
    }

    /// Makes the new version a rule change carries, once approved or carried over a veto.
    pub(crate) async fn carry_rule_change(
        &self,
        conn: &mut SqliteConnection,
        motion: i64,
    ) -> sqlx::Result<()> {
        let m = store::committee::motions::by_number(conn, motion)
            .await?
            .expect("the caller read it");
        let (Some(label), Some(text)) = (&m.item, &m.new_text) else {
            return Ok(());
        };
        let Some(current) = store::committee::house_rules::item(conn, label).await? else {
            return Ok(());
        };
        let change = match m.approval() {
            Some(Approval::Overridden) => "overridden",
            Some(Approval::TookEffect) => "took_effect",
            _ => "approved",
        };
        let version = store::committee::house_rules::add(
            conn,
            label,
            &current.heading,
            current.position,
            text,
            change,
            Some(motion),
            m.approval_by,
            self.now(),
        )
        .await?;
        let text = format!(
            "House rule {label} now reads (version {version}, from motion {motion}): {text}"
        );
        self.announce(conn, &text).await
    }

    /// `/houserule show`. Reads only.
    pub async fn show_house_rule(&self, item: &str) -> Result<HouseRuleText, CommitteeError> {
        let mut conn = self.pool().acquire().await?;
        let label = self.house_item_label(&mut conn, item).await?;
        let v = store::committee::house_rules::item(&mut conn, &label)
            .await?
            .expect("just found");
        Ok(HouseRuleText(format!(
            "{} ({}), version {}: {}",
            v.label, v.heading, v.version, v.text
        )))
    }

    /// `/houserule history`: every version of an item, with what made it. Reads only.
    pub async fn house_rule_history(&self, item: &str) -> Result<HouseRuleText, CommitteeError> {
        let mut conn = self.pool().acquire().await?;
        let label = self.house_item_label(&mut conn, item).await?;
        let versions = store::committee::house_rules::history(&mut conn, &label).await?;
        let lines: Vec<String> = versions
            .iter()
            .map(|v| version_line(v, self.tz()))
            .collect();
        Ok(HouseRuleText(format!(
            "House rule {label}:\n{}",
            lines.join("\n")
        )))
    }
}
