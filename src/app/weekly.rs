//! The weekly review (Terms §II Act 6): absence and inactivity deductions after each club week,
//! announced in one summary post with the standings; and the weekly records that removal
//! eligibility (Act 7) reads.

use std::collections::{BTreeSet, HashMap};

use chrono::{Days, NaiveDate};
use sqlx::SqliteConnection;

use crate::domain::calendar;
use crate::domain::decay::{self, DecayRules, Deduction, WeekRecord};
use crate::store::{self, events::NewEvent, games::GameStatus};

use super::App;

/// Who was present and who played, by club week (keyed by the week's Monday).
pub(crate) struct WeekBook {
    /// Weeks in which a session was held.
    pub held: BTreeSet<NaiveDate>,
    presence: HashMap<(NaiveDate, i64), bool>,
    games: HashMap<(NaiveDate, i64), u32>,
}

impl WeekBook {
    pub async fn load(conn: &mut SqliteConnection) -> sqlx::Result<Self> {
        let held = store::sessions::all(conn)
            .await?
            .into_iter()
            .map(|s| calendar::week_start(s.club_date))
            .collect();
        let presence = store::sessions::all_presence(conn)
            .await?
            .into_iter()
            .map(|(date, person)| ((calendar::week_start(date), person), true))
            .collect();
        let mut games = HashMap::new();
        for g in store::games::with_status(conn, GameStatus::Counted).await? {
            let week = calendar::week_start(g.club_date);
            *games.entry((week, g.white_id)).or_insert(0) += 1;
            *games.entry((week, g.black_id)).or_insert(0) += 1;
        }
        Ok(Self {
            held,
            presence,
            games,
        })
    }

    /// The person's record for the held weeks from `from` to `to` (both Mondays, inclusive).
    pub fn records(&self, person: i64, from: NaiveDate, to: NaiveDate) -> Vec<WeekRecord> {
        self.held
            .range(from..=to)
            .map(|w| WeekRecord {
                present: self.presence.contains_key(&(*w, person)),
                games: self.games.get(&(*w, person)).copied().unwrap_or(0),
            })
            .collect()
    }
}

impl App {
    fn decay_rules(&self) -> DecayRules {
        let d = &self.config().decay;
        DecayRules {
            weeks: d.weeks,
            absence_points: d.absence_points,
            inactivity_points: d.inactivity_points,
        }
    }

    /// Reviews the club week starting on `week` (a Monday); called by the weekly job after
    /// the week ends. Returns the job's outcome.
    pub(crate) async fn weekly_review(
        &self,
        conn: &mut SqliteConnection,
        week: NaiveDate,
        at: chrono::DateTime<chrono::Utc>,
    ) -> sqlx::Result<String> {
        let book = WeekBook::load(conn).await?;
        if !book.held.contains(&week) {
            return Ok(format!(
                "no session was held in the week of {}: nothing to review",
                calendar::show_date(week)
            ));
        }
        let rules = self.decay_rules();
        let mut lines = Vec::new();
        for (person, membership) in store::people::current_members(conn).await? {
            let joined =
                calendar::week_start(calendar::local_date(membership.joined_at, self.tz()));
            let records = book.records(person.id, joined, week);
            let Some(deduction) = decay::review(&records, &rules) else {
                continue;
            };
            let (points, reason) = match deduction {
                Deduction::Absence { run, points } => (
                    points,
                    format!("not present for {run} consecutive weeks (Terms §II Act 6.1)"),
                ),
                Deduction::Inactivity { run, points } => (
                    points,
                    format!("present but no games for {run} consecutive weeks (Terms §II Act 6.2)"),
                ),
            };
            store::events::append(
                conn,
                &NewEvent {
                    at,
                    kind: "decay",
                    person_id: Some(person.id),
                    game_id: None,
                    action_id: None,
                    amount: Some(-points),
                    reason: &reason,
                },
            )
            .await?;
            lines.push(format!("- {}: -{points}, {reason}", person.name));
        }
        let mut post = format!("Weekly review, week of {}:", calendar::show_date(week));
        if lines.is_empty() {
            post.push_str("\nNo deductions this week.");
        } else {
            post.push('\n');
            post.push_str(&lines.join("\n"));
        }
        post.push_str("\nStandings:");
        let standings = self.standings(conn).await?;
        for s in standings.iter().take(10) {
            post.push_str(&format!("\n{}. {} {}", s.rank, s.name, s.score));
        }
        if standings.len() > 10 {
            post.push_str(&format!(
                "\n… and {} more (/leaderboard).",
                standings.len() - 10
            ));
        }
        self.announce(conn, &post).await?;
        Ok(format!("{} deduction(s)", lines.len()))
    }

    /// The six club weeks that removal eligibility looks at: this week and the five before.
    pub(crate) fn removal_frame(&self) -> (NaiveDate, NaiveDate) {
        let this_week = calendar::week_start(calendar::local_date(self.now(), self.tz()));
        (this_week - Days::new(35), this_week)
    }
}
