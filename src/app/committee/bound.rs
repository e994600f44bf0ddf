//! What gavel enforces follows the house rules in force (house rules A.7): each bound number
//! or condition (`domain::committee::bound::BOUND`) is read from its item's text when the
//! house rules are loaded and whenever a change to the item takes effect. A value the text
//! states plainly is enforced at once; otherwise the change is adopted but not yet in effect in
//! gavel, and says so everywhere (the announcement, `/houserule show`, `gavel status`, the
//! export, a refusal citing the item) until the TD sets the value (`/houserule set`, or
//! `/committee set` for the TMC's own rules). The TMC's rows follow A.2 and A.6.

use sqlx::SqliteConnection;

use crate::app::committee::Committee;
use crate::app::{App, Call};
use crate::domain::committee::bound::{self, Bars, Binding};
use crate::domain::committee::rules::{Fraction, Majority, VoteRules};
use crate::domain::diplomacy::deadline::TurnLengths;
use crate::domain::diplomacy::extension::Limits;
use crate::domain::diplomacy::replacement::GameLimits;
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::committee::bound::Source;
use crate::store::committee::committees::CommitteeRow;
use crate::store::committee::house_rules::VersionRow;

use super::CommitteeError;

/// What `/houserule set` did: the setting, as announced (the answer is the announcement).
#[derive(Debug, Clone)]
pub struct HouseValueSet {
    pub setting: &'static str,
    pub announced: String,
}

/// The value of one of a committee's own rules that a binding sets on the TMC ("members").
pub(crate) fn committee_value(row: &CommitteeRow, option: &str) -> String {
    match option {
        "members" => format!("{}-{}", row.size_least, row.size_most),
        "turnout" => row.turnout.clone(),
        "majority" => row.majority.clone(),
        "tie_break" => row.tie_break.clone(),
        "sitting" => row.sitting.clone(),
        "abstentions" => row.abstentions.clone(),
        "members_open" => row.members_open.to_string(),
        _ => String::new(),
    }
}

/// What the house rules bar and allow, as gavel enforces them (A.2, A.4, A.8, A.10): the one
/// reading every door that checks an office, a team or a seat asks.
pub(crate) async fn house_bars(conn: &mut SqliteConnection) -> sqlx::Result<Bars> {
    let settings = store::committee::bound::all(conn).await?;
    Ok(Bars::from(|key| {
        settings
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value.clone())
            .or_else(|| bound::by_key(key).map(|b| b.published.to_owned()))
            .unwrap_or_default()
    }))
}

/// One line of what an adopted change does in gavel.
fn in_words(b: &Binding, value: &str) -> String {
    b.kind.show(value)
}

impl Committee<'_> {
    /// `/houserule set name value`: the TD (or the Chief Justice) sets what gavel enforces by
    /// a house rule whose text does not state it plainly (A.7).
    pub async fn set_house_value(
        &self,
        call: &Call,
        name: &str,
        value: &str,
    ) -> Result<HouseValueSet, CommitteeError> {
        self.execute(call, async |conn, actor| {
            if !actor.offices.is_chief_justice() && !actor.offices.is_director() {
                return Err(CommitteeError::MaySet);
            }
            let b = bound::by_key(name.trim())
                .ok_or_else(|| CommitteeError::NoSuchSetting(name.trim().to_owned()))?;
            if let Some(option) = b.committee {
                return Err(CommitteeError::CommitteeSetting(b.key, option));
            }
            let typed = b
                .kind
                .parse(value)
                .ok_or_else(|| CommitteeError::BadSetting {
                    name: b.key,
                    value: value.trim().to_owned(),
                    wants: b.kind.wants(),
                })?;
            let old = self.house_value(conn, b.key).await?;
            let ended = self.officer_sets(conn, b, &typed, actor.id).await?;
            let text = format!(
                "{} set {} to {} (it was {}){} (house rules {}, A.7).",
                actor.name,
                b.what,
                in_words(b, &typed),
                in_words(b, &old),
                if ended {
                    format!(": the change to {} is now in effect in gavel", b.item)
                } else {
                    String::new()
                },
                b.item
            );
            self.announce(conn, &text).await?;
            Ok(HouseValueSet {
                setting: b.key,
                announced: text,
            })
        })
        .await
    }
}

impl App {
    /// The value gavel enforces for a bound setting: as read or set, else as published.
    pub(crate) async fn house_value(
        &self,
        conn: &mut SqliteConnection,
        key: &str,
    ) -> sqlx::Result<String> {
        value_in_effect(conn, key).await
    }

    /// What the house rules bar and allow, as gavel enforces them (A.2, A.4, A.8, A.10).
    pub(crate) async fn house_bars(&self, conn: &mut SqliteConnection) -> sqlx::Result<Bars> {
        house_bars(conn).await
    }

    /// The override of a veto under the thresholds A.7 gives, as gavel enforces them.
    pub(crate) async fn override_rules(
        &self,
        conn: &mut SqliteConnection,
        ordinary: VoteRules,
    ) -> sqlx::Result<VoteRules> {
        let turnout: Fraction = self
            .house_value(conn, "override.turnout")
            .await?
            .parse()
            .unwrap_or(Fraction::THREE_QUARTERS);
        let majority: Majority = self
            .house_value(conn, "override.majority")
            .await?
            .parse()
            .unwrap_or(Majority::AtLeast(Fraction::TWO_THIRDS));
        Ok(VoteRules::override_of(ordinary, turnout, majority))
    }

    async fn house_number(&self, conn: &mut SqliteConnection, key: &str) -> sqlx::Result<u32> {
        let published = bound::by_key(key)
            .and_then(|b| b.published.parse().ok())
            .unwrap_or(0);
        Ok(self
            .house_value(conn, key)
            .await?
            .parse()
            .unwrap_or(published))
    }

    /// The shortest turns (D.VII.4), as gavel enforces them.
    pub(crate) async fn turn_lengths(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<TurnLengths> {
        Ok(TurnLengths {
            movement_days: i64::from(self.house_number(conn, "turns.movement_days").await?),
            other_days: i64::from(self.house_number(conn, "turns.other_days").await?),
        })
    }

    /// D.VII.5's limits on extensions, as gavel enforces them.
    pub(crate) async fn extension_limits(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Limits> {
        Ok(Limits {
            max_days: self.house_number(conn, "extensions.days").await?,
            notice_hours: i64::from(self.house_number(conn, "extensions.notice_hours").await?),
        })
    }

    /// B.9's limits on games, as gavel enforces them.
    pub(crate) async fn game_limits(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<GameLimits> {
        Ok(GameLimits {
            permanent: self.house_number(conn, "games.permanent").await?,
            at_once: self.house_number(conn, "games.at_once").await?,
        })
    }

    /// The committees the TMC office seats, whose own rules follow A.2 and A.6.
    pub(crate) async fn tmc_committees(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<CommitteeRow>> {
        Ok(store::committee::committees::all(conn)
            .await?
            .into_iter()
            .filter(|c| c.seats == Office::TmcMember.key())
            .collect())
    }

    /// Sets one of a committee's own rules, recording the change (audited with the call that
    /// made it, or the motion whose amendment it follows).
    pub(crate) async fn set_committee_rule(
        &self,
        conn: &mut SqliteConnection,
        row: &CommitteeRow,
        option: &str,
        value: &str,
        by: Option<i64>,
        motion: Option<i64>,
    ) -> sqlx::Result<bool> {
        let old = committee_value(row, option);
        if old == value {
            return Ok(false);
        }
        store::committee::committees::set_rule(conn, row.id, option, value).await?;
        store::committee::bound::committee_changed(
            conn,
            row.id,
            option,
            &old,
            value,
            by,
            motion,
            self.now(),
        )
        .await?;
        Ok(true)
    }

    /// Follows the house rule `label` as it now reads: each value its text states plainly is
    /// enforced from now on (the TMC's rows too), and each it does not is left waiting, not yet
    /// in effect in gavel. Returns what changed in gavel, in sentences.
    pub(crate) async fn follow_house_rule(
        &self,
        conn: &mut SqliteConnection,
        label: &str,
        motion: Option<i64>,
    ) -> sqlx::Result<Vec<String>> {
        let Some(v) = store::committee::house_rules::item(conn, label).await? else {
            return Ok(Vec::new());
        };
        let mut said = Vec::new();
        for b in bound::of_item(label) {
            let current = self.house_value(conn, b.key).await?;
            match (b.read)(&v.text) {
                Some(value) => {
                    let from = Source {
                        item: b.item,
                        version: v.version,
                        source: "text",
                        motion,
                        by: None,
                    };
                    store::committee::bound::set(conn, b.key, &value, &from, self.now()).await?;
                    store::committee::bound::end_wait(conn, b.key).await?;
                    // The TMC's own rules follow; one created otherwise before the house rules
                    // were loaded says what it had.
                    let mut was = current.clone();
                    if let Some(option) = b.committee {
                        for row in self.tmc_committees(conn).await? {
                            let old = committee_value(&row, option);
                            if self
                                .set_committee_rule(conn, &row, option, &value, None, motion)
                                .await?
                            {
                                was = old;
                            }
                        }
                    }
                    if value != was {
                        let current = was;
                        said.push(format!(
                            "In effect in gavel: {} is now {} (it was {}).",
                            b.what,
                            in_words(b, &value),
                            in_words(b, &current)
                        ));
                    }
                }
                None => {
                    store::committee::bound::wait(
                        conn,
                        b.key,
                        b.item,
                        v.version,
                        motion,
                        self.now(),
                    )
                    .await?;
                    said.push(format!(
                        "Adopted; not yet in effect in gavel: the text does not plainly state {}, so gavel keeps {} until the TD sets it ({}).",
                        b.what,
                        in_words(b, &current),
                        b.command("VALUE")
                    ));
                }
            }
        }
        if let (Some(what), true) = (bound::applied(label), motion.is_some()) {
            said.push(format!(
                "Adopted; not yet in effect in gavel: for {what} gavel still follows {label} as first published, and reads nothing from the new text."
            ));
        }
        Ok(said)
    }

    /// The lines `gavel status` lists: every change to the house rules adopted but not yet in
    /// effect in gavel.
    pub(crate) async fn house_not_in_effect(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<String>> {
        let mut lines = Vec::new();
        for w in store::committee::bound::waits(conn).await? {
            let Some(b) = bound::by_key(&w.key) else {
                continue;
            };
            let value = self.house_value(conn, b.key).await?;
            let by = w
                .motion_id
                .map(|m| format!(" as changed by motion {m}"))
                .unwrap_or_default();
            lines.push(format!(
                "house rule {}{by} does not state {} plainly; gavel keeps {} until the TD sets it ({})",
                w.item,
                b.what,
                in_words(b, &value),
                b.command("VALUE")
            ));
        }
        for v in store::committee::house_rules::current(conn).await? {
            if let (Some(what), Some(m)) = (bound::applied(&v.label), v.motion_id) {
                lines.push(format!(
                    "house rule {} as changed by motion {m}: for {what} gavel still follows it as first published",
                    v.label
                ));
            }
        }
        Ok(lines)
    }

    /// Says, after a refusal citing a house rule that a motion changed, that it was changed and
    /// how it now reads, and whether the change is in effect in gavel.
    pub async fn cite_amended_house_rules(&self, refusal: String) -> String {
        let Ok(mut conn) = self.pool().acquire().await else {
            return refusal;
        };
        let Ok(current) = store::committee::house_rules::current(&mut conn).await else {
            return refusal;
        };
        let waits = store::committee::bound::waits(&mut conn)
            .await
            .unwrap_or_default();
        let mut text = refusal;
        for v in current.iter().filter(|v| v.motion_id.is_some()) {
            // A refusal that quotes the rule already says how it reads.
            if !cites(&text, &v.label) || text.contains(&v.text) {
                continue;
            }
            let mut note = format!(
                " House rule {} was changed by motion {} and now reads: “{}”.",
                v.label,
                v.motion_id.unwrap_or_default(),
                v.text
            );
            let waiting: Vec<&str> = bound::of_item(&v.label)
                .filter(|b| waits.iter().any(|w| w.key == b.key))
                .map(|b| b.what)
                .collect();
            if !waiting.is_empty() {
                note.push_str(&format!(
                    " The change is adopted but not yet in effect in gavel for {}, until the TD sets it.",
                    waiting.join(" and ")
                ));
            } else if let Some(what) = bound::applied(&v.label) {
                note.push_str(&format!(
                    " The change is adopted but not yet in effect in gavel: for {what} gavel still follows it as first published."
                ));
            }
            text.push_str(&note);
        }
        text
    }

    /// An officer sets a bound value: refused where the item's text states another plainly
    /// (gavel follows the text), else stored for the item's version, ending its wait. Returns
    /// whether a wait ended.
    pub(crate) async fn officer_sets(
        &self,
        conn: &mut SqliteConnection,
        b: &Binding,
        value: &str,
        by: i64,
    ) -> Result<bool, CommitteeError> {
        let Some(v) = store::committee::house_rules::item(conn, b.item).await? else {
            return Err(CommitteeError::NoHouseRules);
        };
        if let Some(stated) = (b.read)(&v.text) {
            if stated != value {
                return Err(CommitteeError::TextStates {
                    item: b.item,
                    text: v.text.clone(),
                    what: b.what,
                    value: in_words(b, &stated),
                });
            }
        }
        let from = Source {
            item: b.item,
            version: v.version,
            source: "officer",
            motion: None,
            by: Some(by),
        };
        store::committee::bound::set(conn, b.key, value, &from, self.now()).await?;
        Ok(store::committee::bound::end_wait(conn, b.key).await?)
    }

    /// `house_settings` and `house_waits` for the export.
    pub(crate) async fn export_house_bindings(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<serde_json::Value> {
        let mut values = serde_json::Map::new();
        for b in bound::BOUND {
            values.insert(
                b.key.to_owned(),
                serde_json::json!({
                    "item": b.item,
                    "value": self.house_value(conn, b.key).await?,
                }),
            );
        }
        let waiting: Vec<serde_json::Value> = store::committee::bound::waits(conn)
            .await?
            .into_iter()
            .map(|w| {
                serde_json::json!({
                    "setting": w.key, "item": w.item, "version": w.version,
                    "motion": w.motion_id, "since": w.since.to_rfc3339(),
                })
            })
            .collect();
        let changes: Vec<serde_json::Value> = store::committee::bound::committee_changes(conn)
            .await?
            .into_iter()
            .map(|c| {
                serde_json::json!({
                    "committee": c.committee_id, "rule": c.field, "from": c.old, "to": c.new,
                    "motion": c.motion_id, "at": c.at.to_rfc3339(),
                })
            })
            .collect();
        Ok(serde_json::json!({
            "enforced": values,
            "not_in_effect": waiting,
            "committee_changes": changes,
        }))
    }
}

/// Whether `text` cites the house rule `label` ("D.VII.4", also "D.VII(4)", "D.VII.4a").
fn cites(text: &str, label: &str) -> bool {
    let mut forms = vec![label.to_owned()];
    if let Some((head, n)) = label.rsplit_once('.') {
        if head.contains('.') {
            forms.push(format!("{head}({n})"));
        }
    }
    forms.iter().any(|form| {
        text.match_indices(form.as_str()).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + form.len()..].chars().next();
            before.is_none_or(|c| !c.is_alphanumeric() && c != '.')
                && after.is_none_or(|c| !c.is_ascii_digit())
        })
    })
}

/// What gavel does by an item now, for `/houserule show` and the portal's `/houserules`: its
/// bound values, and whatever of a change is not yet in effect.
pub async fn item_standing(
    conn: &mut SqliteConnection,
    v: &VersionRow,
) -> sqlx::Result<Vec<String>> {
    let mut lines = Vec::new();
    let waits = store::committee::bound::waits(conn).await?;
    for b in bound::of_item(&v.label) {
        let value = value_in_effect(conn, b.key).await?;
        match waits.iter().find(|w| w.key == b.key) {
            Some(w) => lines.push(format!(
                "Adopted; not yet in effect in gavel: {} stays {} until the TD sets it with {} (the text of version {} does not state it plainly).",
                b.what,
                in_words(b, &value),
                b.command("VALUE"),
                w.version
            )),
            None => lines.push(format!("gavel enforces {}: {}.", b.what, in_words(b, &value))),
        }
    }
    if let Some(what) = bound::applied(&v.label) {
        if v.motion_id.is_some() {
            lines.push(format!(
                "Adopted; not yet in effect in gavel: for {what} gavel still follows {} as first published.",
                v.label
            ));
        } else {
            lines.push(format!("gavel applies it: {what}."));
        }
    }
    Ok(lines)
}

/// The value gavel enforces for a bound setting: as set, else as first published.
async fn value_in_effect(conn: &mut SqliteConnection, key: &str) -> sqlx::Result<String> {
    Ok(match store::committee::bound::get(conn, key).await? {
        Some(s) => s.value,
        None => bound::by_key(key)
            .map(|b| b.published)
            .unwrap_or_default()
            .to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::cites;

    #[test]
    fn a_refusal_cites_an_item_by_its_label_and_no_other_a7() {
        assert!(cites(
            "unless the surviving players consent (D.VII.4).",
            "D.VII.4"
        ));
        assert!(cites("(D.VII.4a)", "D.VII.4"));
        assert!(cites("rule D.VII(4) says", "D.VII.4"));
        assert!(cites("(house rules A.10).", "A.10"));
        assert!(!cites("(house rules A.10).", "A.1"));
        assert!(!cites("(house rules D.A.2).", "A.2"));
        assert!(cites("(house rules A.2, A.6)", "A.2"));
    }
}
