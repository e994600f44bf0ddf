//! An account's facts read from Lichess's public answers (ACWC Player eligibility, Format): the
//! creation time, the variant's rating on the date and its peak in the year before (from the
//! rating history), the rated games before the date (counted from the games export, which gavel
//! asks for with `until` and a `max` of the games needed), and whether the account is marked.
//! Pure: the app fetches the texts and hands them here.

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
use serde::Deserialize;

/// What Lichess says of a user (`/api/user/{name}`), as far as eligibility needs it.
#[derive(Debug, Clone, Deserialize)]
pub struct User {
    /// Milliseconds since the epoch.
    #[serde(rename = "createdAt")]
    pub created_at: i64,
    /// Marked for a violation of the terms of service (an engine or booster mark); Lichess
    /// does not publish when.
    #[serde(rename = "tosViolation", default)]
    pub tos_violation: bool,
}

/// One variant's rating history: points `[year, month from 0, day, rating]`.
#[derive(Debug, Clone, Deserialize)]
pub struct History {
    pub name: String,
    pub points: Vec<[i64; 4]>,
}

/// The facts gavel records, as the Director would type them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    pub created: DateTime<Utc>,
    pub rated_games: i64,
    pub rating: i64,
    pub peak: i64,
    /// Marked, with no date Lichess publishes: left to the Director.
    pub marked: bool,
}

/// Why Lichess's answers give no facts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    #[error("Lichess's answer about the account could not be read")]
    User,
    #[error("Lichess's rating history could not be read")]
    History,
    #[error("the account has no {0} rating before the date")]
    NoRating(String),
}

fn day_of(point: &[i64; 4]) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(
        i32::try_from(point[0]).ok()?,
        u32::try_from(point[1] + 1).ok()?,
        u32::try_from(point[2]).ok()?,
    )
}

/// The facts from the user's answer, the rating history, the number of rated games of the
/// variant before `date` (at most what was asked for), for `variant` ("Antichess").
pub fn facts(
    user: &str,
    history: &str,
    rated_before: i64,
    variant: &str,
    date: DateTime<Utc>,
) -> Result<Facts, Unreadable> {
    let user: User = serde_json::from_str(user).map_err(|_| Unreadable::User)?;
    let histories: Vec<History> = serde_json::from_str(history).map_err(|_| Unreadable::History)?;
    let day = date.date_naive();
    let year_before = day.with_year(day.year() - 1).unwrap_or(day);
    let points: Vec<(NaiveDate, i64)> = histories
        .iter()
        .find(|h| h.name.eq_ignore_ascii_case(variant))
        .map(|h| {
            h.points
                .iter()
                .filter_map(|p| Some((day_of(p)?, p[3])))
                .collect()
        })
        .unwrap_or_default();
    // The rating on the date: the last change before it.
    let rating = points
        .iter()
        .filter(|(d, _)| *d < day)
        .max_by_key(|(d, _)| *d)
        .map(|(_, r)| *r)
        .ok_or_else(|| Unreadable::NoRating(variant.to_owned()))?;
    // The peak between the year before and the date; the rating held at the year's start
    // counts too.
    let at_start = points
        .iter()
        .filter(|(d, _)| *d < year_before)
        .max_by_key(|(d, _)| *d)
        .map(|(_, r)| *r);
    let peak = points
        .iter()
        .filter(|(d, _)| *d >= year_before && *d < day)
        .map(|(_, r)| *r)
        .chain(at_start)
        .max()
        .unwrap_or(rating);
    Ok(Facts {
        created: Utc
            .timestamp_millis_opt(user.created_at)
            .single()
            .ok_or(Unreadable::User)?,
        rated_games: rated_before,
        rating,
        peak,
        marked: user.tos_violation,
    })
}

/// Games in an NDJSON export: one per non-empty line.
pub fn count_games(ndjson: &str) -> i64 {
    ndjson.lines().filter(|l| !l.trim().is_empty()).count() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(y: i32, m: u32, d: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, 0, 0, 0)
            .single()
            .expect("date")
    }

    #[test]
    fn the_rating_on_the_date_and_the_peak_of_the_year_before_come_from_the_history() {
        // ACWC Format: the seeding rating averages "your Antichess rating at September 1, 2019"
        // and "your highest Antichess rating between September 1, 2018 ... and September 1,
        // 2019". Months in Lichess's history count from 0.
        let user = r#"{"id":"alice","createdAt":1514764800000}"#;
        let history = r#"[{"name":"Bullet","points":[[2019,0,1,1500]]},
            {"name":"Antichess","points":[[2018,5,1,2250],[2018,9,3,2100],[2019,2,1,2200],[2019,8,2,2400]]}]"#;
        let f = facts(user, history, 100, "Antichess", at(2019, 9, 1)).expect("facts");
        assert_eq!(f.created, at(2018, 1, 1));
        assert_eq!(f.rating, 2200);
        // 2250 was held on 1 September 2018 (set in June), so it is the year's peak; the
        // 2400 of 2 September 2019 is after the date.
        assert_eq!(f.peak, 2250);
        assert_eq!(f.rated_games, 100);
        assert!(!f.marked);
    }

    #[test]
    fn a_marked_account_and_an_unrated_one_are_said_so() {
        let user = r#"{"createdAt":1514764800000,"tosViolation":true}"#;
        let history = r#"[{"name":"Antichess","points":[[2019,9,1,2000]]}]"#;
        assert_eq!(
            facts(user, history, 5, "Antichess", at(2019, 9, 1)),
            Err(Unreadable::NoRating("Antichess".into()))
        );
        let history = r#"[{"name":"Antichess","points":[[2019,0,1,2000]]}]"#;
        assert!(
            facts(user, history, 5, "Antichess", at(2019, 9, 1))
                .expect("facts")
                .marked
        );
        assert_eq!(
            facts("<html>", history, 5, "Antichess", at(2019, 9, 1)),
            Err(Unreadable::User)
        );
    }

    #[test]
    fn an_export_counts_one_game_a_line() {
        assert_eq!(count_games("{\"id\":1}\n{\"id\":2}\n\n"), 2);
        assert_eq!(count_games(""), 0);
    }
}
