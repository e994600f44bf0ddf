//! The weekly review (Terms §II Act 6): absence and inactivity deductions after each club week,
//! announced in one summary post with the standings; and the weekly records that removal
//! eligibility (Act 7) reads.

use crate::app::leaderboard::Leaderboard;
use std::collections::BTreeMap;

use chrono::{DateTime, Days, NaiveDate, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::calendar;
use crate::domain::leaderboard::decay::{self, DecayRules, Deduction};
use crate::store::{self, leaderboard::events::NewEvent};

use crate::store::leaderboard::events::EventKind;

/// The weeks in which a session was held (keyed by the week's Monday), with the end of each
/// week's last session (a session still open counts as ending at the end of time). Sessions
/// are one a week, so the whole list is small; a member's presence and games are looked up
/// for the weeks a question concerns (`store::leaderboard::attendance`), never read for the whole history.
pub(crate) struct WeekBook {
    pub held: BTreeMap<NaiveDate, DateTime<Utc>>,
}

/// What the weekly review needs of one member: the two runs ending with the reviewed week.
struct Runs {
    /// Held weeks in a row without their presence (Terms §II Act 6.1).
    absent: usize,
    /// Held weeks since their last game, in any week (Act 6.2).
    idle: usize,
}

impl WeekBook {
    pub async fn load(conn: &mut SqliteConnection) -> sqlx::Result<Self> {
        let mut held: BTreeMap<NaiveDate, DateTime<Utc>> = BTreeMap::new();
        for s in store::leaderboard::sessions::all(conn).await? {
            let end = s.closed_at.unwrap_or(DateTime::<Utc>::MAX_UTC);
            let week = held.entry(calendar::week_start(s.club_date)).or_insert(end);
            *week = (*week).max(end);
        }
        Ok(Self { held })
    }

    /// The held weeks from `from` to `to` (both Mondays, inclusive) that count for someone who
    /// became a Member at `since`: a week counts only if its session was still to come or under
    /// way when they joined, so joining on a Saturday is not an absence from that Friday.
    fn counting(
        &self,
        since: DateTime<Utc>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> impl Iterator<Item = NaiveDate> + '_ {
        let range = if from > to { to..=to } else { from..=to };
        self.held
            .range(range)
            .filter(move |(w, &ended)| ended > since && **w >= from)
            .map(|(w, _)| *w)
    }

    /// The runs ending with `week` for `person`, a Member since `since`.
    async fn runs(
        &self,
        conn: &mut SqliteConnection,
        person: i64,
        since: DateTime<Utc>,
        week: NaiveDate,
    ) -> sqlx::Result<Runs> {
        let end = week + Days::new(6);
        let after = |date: Option<NaiveDate>| {
            date.map(|d| calendar::week_start(d) + Days::new(7))
                .unwrap_or(NaiveDate::MIN)
        };
        let present = store::leaderboard::attendance::last_present(conn, person, end).await?;
        let played = store::leaderboard::attendance::last_game(conn, person, end).await?;
        Ok(Runs {
            absent: self.counting(since, after(present), week).count(),
            idle: self.counting(since, after(played), week).count(),
        })
    }

    /// `person`'s record in the removal frame `from..=to` (Mondays): the held weeks they were
    /// absent, and the games they played in any week of it (Terms §II Act 7).
    pub async fn frame(
        &self,
        conn: &mut SqliteConnection,
        person: i64,
        since: DateTime<Utc>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> sqlx::Result<(usize, u32)> {
        let end = to + Days::new(6);
        let present: Vec<NaiveDate> =
            store::leaderboard::attendance::present_between(conn, person, from, end)
                .await?
                .into_iter()
                .map(calendar::week_start)
                .collect();
        let absent = self
            .counting(since, from, to)
            .filter(|w| !present.contains(w))
            .count();
        let games = store::leaderboard::attendance::games_between(conn, person, from, end).await?;
        Ok((absent, games))
    }

    /// The six club weeks that removal eligibility looks at (Terms §II Act 7, "the past 6
    /// weeks"): the six weeks ending with this one once its session has been held, otherwise
    /// the six ending with last week, so a frame always holds six weeks that can have been held.
    pub fn removal_frame(&self, this_week: NaiveDate) -> (NaiveDate, NaiveDate) {
        // A session still open is not yet held: members may still check in.
        let closed = self
            .held
            .get(&this_week)
            .is_some_and(|end| *end != DateTime::<Utc>::MAX_UTC);
        let last = if closed {
            this_week
        } else {
            this_week - Days::new(7)
        };
        (last - Days::new(35), last)
    }
}

impl Leaderboard<'_> {
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
        if !book.held.contains_key(&week) {
            return Ok(format!(
                "no session was held in the week of {}: nothing to review",
                calendar::show_date(week)
            ));
        }
        let rules = self.decay_rules();
        let mut deducted = Vec::new();
        for (person, membership) in store::people::current_members(conn).await? {
            let runs = book
                .runs(conn, person.id, membership.joined_at, week)
                .await?;
            let Some(deduction) = decay::review_runs(runs.absent, runs.idle, &rules) else {
                continue;
            };
            // One deduction per member and week, however often the week is reviewed.
            if store::leaderboard::events::deducted_at(conn, person.id, at).await? {
                continue;
            }
            let (points, reason) = match deduction {
                Deduction::Absence { run, points } => (
                    points,
                    format!("not present for {run} consecutive weeks (Terms §II Act 6.1)"),
                ),
                Deduction::Inactivity { run, points } => (
                    points,
                    format!("no games for {run} consecutive weeks (Terms §II Act 6.2)"),
                ),
            };
            let event = store::leaderboard::events::append(
                conn,
                &NewEvent {
                    at,
                    kind: EventKind::Decay,
                    person_id: Some(person.id),
                    game_id: None,
                    action_id: None,
                    amount: Some(-points),
                    reason: &reason,
                },
            )
            .await?;
            deducted.push((event, person.name, points, reason));
        }
        // Show what each deduction did to the score: at the floor it does nothing (Act 6).
        let ledger = self
            .ledger_of(conn, &deducted.iter().map(|d| d.0).collect::<Vec<_>>())
            .await?;
        let floor = self.config().scores.floor;
        let mut lines = Vec::new();
        for (event, name, points, reason) in &deducted {
            let moved = ledger.movements.iter().find(|m| m.event_id == *event);
            let line = match moved {
                Some(m) if m.before - points < floor => format!(
                    "- {name}: {} → {} (-{points}, but no score goes below {floor}): {reason}",
                    m.before, m.after
                ),
                Some(m) => format!("- {name}: {} → {} (-{points}): {reason}", m.before, m.after),
                None => format!("- {name}: -{points}: {reason}"),
            };
            lines.push(line);
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
        // The state of the bench, when the Court has anything on its docket.
        if !store::court::appeals::active(conn).await?.is_empty() {
            post.push('\n');
            post.push_str(&self.court().state_of_the_bench(conn).await?);
        }
        self.announce(conn, &post).await?;
        Ok(format!("{} deduction(s)", lines.len()))
    }
}
