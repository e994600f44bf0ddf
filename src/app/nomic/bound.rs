//! Rules whose number or day is a parameter: the values in force (the stored one, else
//! config's), and what an adopted amendment to such a rule does to its parameter, set in the
//! same step when the new text states it plainly, otherwise left waiting, and the change not
//! called in effect, until `/procedure set` sets it.

use chrono::{DateTime, NaiveTime, Utc, Weekday};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::moderation::ladder::BanDay;
use crate::domain::nomic::bound::{self, Bound, Reading};
use crate::domain::nomic::rulebook::{RuleId, Rulebook};
use crate::domain::nomic::RuleChange;
use crate::store;

use super::RulesError;

/// An amendment to a rule whose number or day is a parameter: the rule, its text before and
/// after.
pub(crate) struct Amended {
    pub bound: Bound,
    /// How the rule is cited now ("§II 1", "Rule 216").
    pub cited: String,
    pub before: String,
    pub after: String,
}

/// What adopting amendments did to their parameters: the words for the announcement, and
/// whether any parameter is left waiting (the change is then not in effect).
pub(crate) struct Followed {
    pub words: String,
    pub waiting: Vec<&'static str>,
}

/// The Nomic amendments among `changes` to rules whose one number is a parameter, found by the
/// number each rule began as (Nomic 109).
pub(crate) fn nomic_amendments(
    before: &Rulebook,
    changes: &[RuleChange],
    number: i64,
) -> Vec<Amended> {
    changes
        .iter()
        .filter_map(|c| {
            let RuleChange::Amend { rule, text } = c else {
                return None;
            };
            let old = before.get(&RuleId::Number(*rule))?;
            let origin = old.began_as.unwrap_or(*rule).to_string();
            let bound = bound::NOMIC.iter().copied().find(|b| b.rule == origin)?;
            Some(Amended {
                bound,
                cited: format!("Rule {number}"),
                before: old.text(),
                after: text.join("\n"),
            })
        })
        .collect()
}

impl App {
    /// The stored value of a rule's parameter, if `/procedure set` or an amendment set one.
    async fn stored(conn: &mut SqliteConnection, name: &str) -> sqlx::Result<Option<String>> {
        Ok(store::nomic::procedure::all(conn)
            .await?
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v))
    }

    /// The score a member joins with (Terms §II Act 1): as amended, else config's.
    pub(crate) async fn initial_score(&self, conn: &mut SqliteConnection) -> sqlx::Result<i64> {
        Ok(Self::stored(conn, "scores.initial")
            .await?
            .and_then(|v| v.parse().ok())
            .unwrap_or(self.config().scores.initial))
    }

    /// The club's session day (Terms §0 Act 5): as amended, else config's.
    pub(crate) async fn session_day(&self, conn: &mut SqliteConnection) -> sqlx::Result<Weekday> {
        Ok(Self::stored(conn, "session.day")
            .await?
            .and_then(|v| bound::parse_day(&v))
            .unwrap_or(self.config().session.day))
    }

    /// The session's start, end and room (Terms §0 Act 5): as amended, else config's.
    pub(crate) async fn session_hours(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<(NaiveTime, NaiveTime, String)> {
        let s = &self.config().session;
        let time = |v: Option<String>, or: NaiveTime| {
            v.and_then(|v| NaiveTime::parse_from_str(&v, "%H:%M").ok())
                .unwrap_or(or)
        };
        let start = time(Self::stored(conn, "session.start").await?, s.start);
        let end = time(Self::stored(conn, "session.end").await?, s.end);
        let place = Self::stored(conn, "session.place")
            .await?
            .unwrap_or_else(|| s.place.clone());
        Ok((start, end, place))
    }

    /// The days a Moderator has to declare an action (Terms §III Act 2.4): as amended, else
    /// config's.
    pub(crate) async fn declaration_days(&self, conn: &mut SqliteConnection) -> sqlx::Result<i64> {
        Ok(Self::stored(conn, "moderation.declaration_days")
            .await?
            .and_then(|v| v.parse().ok())
            .unwrap_or(self.config().moderation.declaration_days))
    }

    /// The days within which a request to leave is carried out (Terms §II Act 8): as amended,
    /// else the Act's seven.
    pub(crate) async fn leave_days(&self, conn: &mut SqliteConnection) -> sqlx::Result<i64> {
        Ok(Self::stored(conn, "leaderboard.leave_days")
            .await?
            .and_then(|v| v.parse().ok())
            .unwrap_or(crate::domain::leaderboard::leave::LEAVE_DAYS))
    }

    /// The day bans end on (Terms §II Act 9.2), with the Act as it now reads: the day an
    /// amendment set, else the club's session day, which the Terms' Friday is.
    pub(crate) async fn ban_day(&self, conn: &mut SqliteConnection) -> sqlx::Result<BanDay> {
        let day = match Self::stored(conn, "moderation.ban_day")
            .await?
            .and_then(|v| bound::parse_day(&v))
        {
            Some(day) => day,
            None => self.session_day(conn).await?,
        };
        let book = match store::nomic::rulebook::current(conn).await? {
            Some(Ok(book)) => book,
            Some(Err(_)) => return Ok(BanDay { day, reads: None }),
            None => super::rulebook::built_in(self.config().rules.procedure),
        };
        // Refusals quote the Act as it now reads; where it names another day, the ban day is
        // the club's session day, which the Terms' Friday is (the book, "How gavel reads the
        // Terms").
        let reads = book
            .rules()
            .find(|r| r.id.label() == "§II 9.2")
            .map(|r| r.text())
            .map(|text| {
                if bound::names_day(&text, day) {
                    format!("which now reads “{}”", text.trim())
                } else {
                    "whose day is the club's session day (Terms §0 Act 5)".to_owned()
                }
            });
        Ok(BanDay { day, reads })
    }

    /// The value a rule's parameter has now, as `/procedure set` shows it.
    pub(crate) async fn current_value(
        &self,
        conn: &mut SqliteConnection,
        name: &str,
    ) -> Result<String, RulesError> {
        Ok(match name {
            "scores.initial" => self.initial_score(conn).await?.to_string(),
            "session.day" => bound::day_name(self.session_day(conn).await?).to_owned(),
            "moderation.ban_day" => bound::day_name(self.ban_day(conn).await?.day).to_owned(),
            "moderation.declaration_days" => self.declaration_days(conn).await?.to_string(),
            "leaderboard.leave_days" => self.leave_days(conn).await?.to_string(),
            "session.start" => self
                .session_hours(conn)
                .await?
                .0
                .format("%H:%M")
                .to_string(),
            "session.end" => self
                .session_hours(conn)
                .await?
                .1
                .format("%H:%M")
                .to_string(),
            "session.place" => self.session_hours(conn).await?.2,
            other => self.settings(conn).await?.get(other).unwrap_or_default(),
        })
    }

    /// Follows adopted amendments to rules whose number or day is a parameter: sets each
    /// parameter whose new value the text states plainly, and leaves the others waiting for
    /// `/procedure set`.
    pub(crate) async fn follow_amendments(
        &self,
        conn: &mut SqliteConnection,
        amended: &[Amended],
        proposal: i64,
        at: DateTime<Utc>,
    ) -> Result<Followed, RulesError> {
        let mut words = String::new();
        let mut waiting = Vec::new();
        // An Act carrying several parameters (§0 Act 5) is quoted once, before the first.
        let mut quoted: Option<(&str, &str)> = None;
        for a in amended {
            let this = Some((a.cited.as_str(), a.after.as_str()));
            let name = a.bound.key;
            let current = self.current_value(conn, name).await?;
            match bound::read(a.bound.kind, &a.before, &a.after, &current) {
                Reading::Unchanged => {}
                Reading::Set(value) => {
                    let ban_day = self.ban_day(conn).await?.day;
                    store::nomic::bound::set(conn, name, &value, at).await?;
                    store::nomic::bound::end(conn, name).await?;
                    if quoted != this {
                        words.push_str(&format!(" {} now reads “{}”:", a.cited, a.after.trim()));
                        quoted = this;
                    }
                    words.push_str(&format!(
                        " gavel's {name} is now {value} (it was {current})."
                    ));
                    let follows = Self::stored(conn, "moderation.ban_day").await?.is_none();
                    let moved = self.ban_day(conn).await?.day;
                    if name == "session.day" && follows && moved != ban_day {
                        words.push_str(&format!(
                            " Bans end on the session day, so now on a {} (Terms §II Act 9.2).",
                            crate::domain::kernel::calendar::weekday_name(moved)
                        ));
                    }
                }
                Reading::Unclear => {
                    store::nomic::bound::wait(conn, name, &a.cited, proposal, at).await?;
                    waiting.push(name);
                    let lead = if quoted == this {
                        " Nor does it state".to_owned()
                    } else {
                        quoted = this;
                        format!(
                            " {} now reads “{}”, which does not state",
                            a.cited,
                            a.after.trim()
                        )
                    };
                    words.push_str(&format!(
                        "{lead} one new value for gavel's {name} (now {current}): the change is not in effect in gavel until the Chief Justice sets it with /procedure set name:{name}."
                    ));
                }
            }
        }
        Ok(Followed { words, waiting })
    }

    /// `/procedure set` for a Terms rule's parameter: checks the value, stores it and ends any
    /// wait for it. Returns the value as stored.
    pub(crate) async fn set_terms_parameter(
        &self,
        conn: &mut SqliteConnection,
        name: &str,
        value: &str,
    ) -> Result<(String, String), RulesError> {
        let before = self.current_value(conn, name).await?;
        let kind = bound::terms_key(name).map_or(bound::Kind::Day, |b| b.kind);
        // The bounds a number must keep: the config's own checks for the same key.
        let (low, high, unit) = match name {
            "moderation.declaration_days" | "leaderboard.leave_days" => (1, 31, "days"),
            _ => (0, 1_000_000, "points"),
        };
        let after = match kind {
            bound::Kind::Number => value
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .map(|n| n.to_string()),
            bound::Kind::Day => bound::parse_day(value).map(|d| bound::day_name(d).to_owned()),
            bound::Kind::Start | bound::Kind::End => {
                NaiveTime::parse_from_str(value.trim(), "%H:%M")
                    .ok()
                    .map(|t| t.format("%H:%M").to_string())
            }
            bound::Kind::Place => {
                let room = value.trim();
                (!room.is_empty() && room.chars().count() <= 100).then(|| room.to_owned())
            }
        }
        .ok_or_else(|| crate::domain::nomic::parameters::ParameterError::Bad {
            name: name.to_owned(),
            value: value.to_owned(),
            wants: match kind {
                bound::Kind::Number => format!("a whole number of {unit} from {low} to {high}"),
                bound::Kind::Day => "a day of the week, such as wednesday".into(),
                bound::Kind::Start | bound::Kind::End => "a time of day, HH:MM".into(),
                bound::Kind::Place => "the room, in at most 100 characters".into(),
            },
        })?;
        store::nomic::bound::set(conn, name, &after, self.now()).await?;
        Ok((before, after))
    }

    /// `rule_parameters` for the export: the value of each Terms rule's parameter now, and
    /// every adopted amendment waiting for its parameter to be set.
    pub async fn export_rule_parameters(
        &self,
        conn: &mut SqliteConnection,
    ) -> anyhow::Result<serde_json::Value> {
        let mut values = serde_json::Map::new();
        for b in bound::TERMS {
            let value = self.current_value(conn, b.key).await?;
            values.insert(b.key.to_owned(), serde_json::json!(value));
        }
        let waiting: Vec<serde_json::Value> = store::nomic::bound::all(conn)
            .await?
            .into_iter()
            .map(|w| {
                serde_json::json!({
                    "parameter": w.name,
                    "rule": w.rule,
                    "proposal": w.proposal,
                    "since": w.since.to_rfc3339(),
                })
            })
            .collect();
        Ok(serde_json::json!({ "terms": values, "waiting": waiting }))
    }
}
