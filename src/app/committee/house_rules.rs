//! The house rules as a rulebook (house rules A.7): `gavel rules import --house` loads them,
//! `/houserule show` and `/houserule history` read them, and an approved or overridden rule
//! change makes an item's new version.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sqlx::SqliteConnection;

use crate::app::committee::Committee;
use crate::app::{system_actor, App, Call};
use crate::domain::committee::approval::Approval;
use crate::domain::committee::bound;
use crate::domain::committee::house_rules::{
    addition_after, new_part_heading, normalise, HouseRules, Made,
};
use crate::store;
use crate::store::committee::house_rules::VersionRow;

use super::CommitteeError;

/// The World Masters house rules, built in: `/houserule import` loads them.
pub const WORLD_MASTERS: &str = include_str!("../../../examples/world-masters-house-rules.txt");

/// What an import of the house rules did, as announced (the answer is the announcement).
#[derive(Debug, Clone)]
pub struct HouseRulesImported {
    pub items: usize,
    pub announced: String,
}

/// `/houserule show`: an item as it reads now, and what gavel does by it (the lines the portal
/// shows too, `bound::item_standing`).
#[derive(Debug, Clone)]
pub struct HouseRuleShown {
    pub label: String,
    pub heading: String,
    pub version: i64,
    /// The item's text: the house rules' own words.
    pub text: String,
    pub standing: Vec<String>,
}

/// One version of an item, with what made it.
#[derive(Debug, Clone)]
pub struct HouseRuleVersion {
    pub version: i64,
    pub change: Made,
    pub motion: Option<i64>,
    pub at: DateTime<Utc>,
    pub text: String,
}

/// `/houserule history`: every version of an item, oldest first, and the club's time zone
/// they are shown in.
#[derive(Debug, Clone)]
pub struct HouseRuleHistory {
    pub label: String,
    pub versions: Vec<HouseRuleVersion>,
    pub tz: Tz,
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

impl From<VersionRow> for HouseRuleVersion {
    fn from(v: VersionRow) -> Self {
        HouseRuleVersion {
            version: v.version,
            change: v.change,
            motion: v.motion_id,
            at: v.at,
            text: v.text,
        }
    }
}

impl Committee<'_> {
    /// `gavel rules import --house FILE`: every item gets a new version (the first, or one
    /// replacing what a motion made).
    pub async fn import_house_rules(
        &self,
        origin: &str,
        text: &str,
    ) -> Result<HouseRulesImported, HouseImportError> {
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
    ) -> Result<HouseRulesImported, HouseImportError> {
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

    /// `/houserule show`. Reads only.
    pub async fn show_house_rule(&self, item: &str) -> Result<HouseRuleShown, CommitteeError> {
        let mut conn = self.pool().acquire().await?;
        let label = self.house_item_label(&mut conn, item).await?;
        let v = store::committee::house_rules::item(&mut conn, &label)
            .await?
            .expect("just found");
        let standing = super::bound::item_standing(&mut conn, &v).await?;
        Ok(HouseRuleShown {
            label: v.label,
            heading: v.heading,
            version: v.version,
            text: v.text,
            standing,
        })
    }

    /// `/houserule history`: every version of an item, with what made it. Reads only.
    pub async fn house_rule_history(&self, item: &str) -> Result<HouseRuleHistory, CommitteeError> {
        let mut conn = self.pool().acquire().await?;
        let label = self.house_item_label(&mut conn, item).await?;
        let versions = store::committee::house_rules::history(&mut conn, &label).await?;
        Ok(HouseRuleHistory {
            label,
            versions: versions.into_iter().map(HouseRuleVersion::from).collect(),
            tz: self.tz(),
        })
    }
}

impl App {
    async fn load_house_rules(
        &self,
        conn: &mut SqliteConnection,
        rules: &HouseRules,
    ) -> sqlx::Result<HouseRulesImported> {
        let now = self.now();
        for (position, item) in rules.items.iter().enumerate() {
            store::committee::house_rules::add(
                conn,
                &item.label,
                &item.heading,
                // Room for additions after each item (A.7).
                position as i64 * 1000,
                &item.text,
                Made::Imported,
                None,
                None,
                now,
            )
            .await?;
        }
        let mut text = format!(
            "The house rules were imported: {} items, from A.1 to {} (house rules A.7 lets the TMC change them).",
            rules.items.len(),
            rules.items.last().map(|i| i.label.as_str()).unwrap_or("?")
        );
        // What gavel enforces follows the rules just loaded.
        let mut items: Vec<&str> = bound::BOUND.iter().map(|b| b.item).collect();
        items.dedup();
        for item in items {
            for said in self.follow_house_rule(conn, item, None).await? {
                text.push(' ');
                text.push_str(&said.replace(
                    "In effect in gavel: ",
                    &format!("In effect in gavel by {item}: "),
                ));
            }
        }
        self.announce(conn, &text).await?;
        Ok(HouseRulesImported {
            items: rules.items.len(),
            announced: text,
        })
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

    /// The label a rule change names: an item in force, or an addition where A.7's "change or
    /// addition" puts one (the next number of a section or of one of D's parts, or D's next
    /// part). Returns it, and whether it is an addition.
    pub(crate) async fn house_change_label(
        &self,
        conn: &mut SqliteConnection,
        typed: &str,
    ) -> Result<(String, bool), CommitteeError> {
        let label = normalise(typed);
        if store::committee::house_rules::item(conn, &label)
            .await?
            .is_some()
        {
            return Ok((label, false));
        }
        let current = store::committee::house_rules::current(conn).await?;
        if current.is_empty() {
            return Err(CommitteeError::NoSuchItem(typed.trim().to_owned()));
        }
        let labels: Vec<&str> = current.iter().map(|v| v.label.as_str()).collect();
        match addition_after(&labels, &label) {
            Some(_) => Ok((label, true)),
            None => Err(CommitteeError::NotAnAddition(typed.trim().to_owned())),
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
        // An addition (A.7) goes after the item it follows, under its heading, or opens D's
        // next part.
        let (heading, position, added) =
            match store::committee::house_rules::item(conn, label).await? {
                Some(current) => (current.heading, current.position, false),
                None => {
                    let current = store::committee::house_rules::current(conn).await?;
                    let labels: Vec<&str> = current.iter().map(|v| v.label.as_str()).collect();
                    let Some((after, new_part)) = addition_after(&labels, label) else {
                        return Ok(());
                    };
                    let before = current
                        .iter()
                        .find(|v| v.label == after)
                        .expect("addition_after names an item in force");
                    let heading = if new_part {
                        new_part_heading(label)
                    } else {
                        before.heading.clone()
                    };
                    (heading, before.position + 1, true)
                }
            };
        let change = match m.approval() {
            Some(Approval::Overridden) => Made::Overridden,
            Some(Approval::TookEffect) => Made::TookEffect,
            _ => Made::Approved,
        };
        let version = store::committee::house_rules::add(
            conn,
            label,
            &heading,
            position,
            text,
            change,
            Some(motion),
            m.approval_by,
            self.now(),
        )
        .await?;
        let mut said = if added {
            format!("House rule {label} is added (version {version}, from motion {motion}): {text}")
        } else {
            format!(
                "House rule {label} now reads (version {version}, from motion {motion}): {text}"
            )
        };
        let followed = self.follow_house_rule(conn, label, Some(motion)).await?;
        if added {
            said.push_str("\ngavel has no reading of an added rule and applies nothing by it.");
        } else if followed.is_empty() && bound::of_item(label).next().is_some() {
            said.push_str("\nWhat gavel enforces by it is unchanged.");
        }
        for line in followed {
            said.push('\n');
            said.push_str(&line);
        }
        self.announce(conn, &said).await
    }
}
