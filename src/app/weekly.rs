//! The weekly review (Terms §II Act 6): absence and inactivity deductions after each club week,
//! announced in one summary post with the standings; and the weekly records that removal
//! eligibility (Act 7) reads.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Days, NaiveDate, Utc};
use sqlx::SqliteConnection;

use crate::domain::calendar;
use crate::domain::decay::{self, DecayRules, Deduction, WeekRecord};
use crate::store::{self, events::NewEvent};

use super::App;

/// Who was present and who played, by club week (keyed by the week's Monday).
pub(crate) struct WeekBook {
    /// Weeks in which a session was held, with the end of the week's last session (a session
    /// still open counts as ending at the end of time).
    pub held: BTreeMap<NaiveDate, DateTime<Utc>>,
    presence: HashMap<(NaiveDate, i64), bool>,
    /// Each person's counted games by week, every week (held or not), with when they were played.
    games: HashMap<i64, BTreeMap<NaiveDate, Vec<DateTime<Utc>>>>,
}

impl WeekBook {
    /// The club weeks from the one of `from` to the one of `to` (Mondays), read by index: the
    /// frame's sessions, presence and counted games, everyone's or only `person`'s.
    pub async fn load(
        conn: &mut SqliteConnection,
        from: NaiveDate,
        to: NaiveDate,
        person: Option<i64>,
    ) -> sqlx::Result<Self> {
        let (first, last) = (from, to + Days::new(6));
        let mut held: BTreeMap<NaiveDate, DateTime<Utc>> = BTreeMap::new();
        for s in store::sessions::between(conn, first, last).await? {
            let end = s.closed_at.unwrap_or(DateTime::<Utc>::MAX_UTC);
            let week = held.entry(calendar::week_start(s.club_date)).or_insert(end);
            *week = (*week).max(end);
        }
        let presence = store::sessions::presence_between(conn, first, last, person)
            .await?
            .into_iter()
            .map(|(date, person)| ((calendar::week_start(date), person), true))
            .collect();
        let mut games: HashMap<i64, BTreeMap<NaiveDate, Vec<DateTime<Utc>>>> = HashMap::new();
        for g in store::games::counted_between(conn, first, last, person).await? {
            let week = calendar::week_start(g.club_date);
            for player in [g.white_id, g.black_id] {
                let weeks = games.entry(player).or_default();
                weeks.entry(week).or_default().push(g.played_at);
            }
        }
        Ok(Self {
            held,
            presence,
            games,
        })
    }

    /// The weeks from `from` to `to` (both Mondays, inclusive) that count for someone who
    /// became a Member at `since`, oldest first: the held weeks whose session was still to come
    /// or under way when they joined (so joining on a Saturday is not an absence from that
    /// Friday), and the weeks without a session in which they played after joining (a game
    /// played ends an idle run and counts towards Act 7's games, Terms §II Act 6.2, 7).
    pub fn records(
        &self,
        person: i64,
        since: DateTime<Utc>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Vec<WeekRecord> {
        if from > to {
            return Vec::new();
        }
        let played = self.games.get(&person);
        let games_in = |week: &NaiveDate| {
            played
                .and_then(|weeks| weeks.get(week))
                .map_or(0, |at| at.len() as u32)
        };
        let mut weeks: BTreeMap<NaiveDate, WeekRecord> = self
            .held
            .range(from..=to)
            .filter(|(_, &ended)| ended > since)
            .map(|(w, _)| {
                let record = WeekRecord {
                    held: true,
                    present: self.presence.contains_key(&(*w, person)),
                    games: games_in(w),
                };
                (*w, record)
            })
            .collect();
        for (week, at) in played.into_iter().flat_map(|w| w.range(from..=to)) {
            if self.held.contains_key(week) {
                continue;
            }
            let games = at.iter().filter(|&&played_at| played_at >= since).count() as u32;
            if games > 0 {
                let record = WeekRecord {
                    held: false,
                    present: false,
                    games,
                };
                weeks.insert(*week, record);
            }
        }
        weeks.into_values().collect()
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

impl App {
    fn decay_rules(&self) -> DecayRules {
        let d = &self.config().decay;
        DecayRules {
            weeks: d.weeks,
            absence_points: d.absence_points,
            inactivity_points: d.inactivity_points,
        }
    }

    /// `person`'s weeks before `from`, back to their last presence and last game before it (or
    /// to their joining), then `frame`: enough for both runs of the weekly review, read by index.
    async fn records_back_to_the_run(
        &self,
        conn: &mut SqliteConnection,
        person: i64,
        since: DateTime<Utc>,
        from: NaiveDate,
        frame: Vec<WeekRecord>,
    ) -> sqlx::Result<Vec<WeekRecord>> {
        let present = store::sessions::last_presence_before(conn, person, from).await?;
        let played = store::games::last_counted_before(conn, person, from).await?;
        let joined = calendar::week_start(calendar::local_date(since, self.tz()));
        let start = match (present, played) {
            (Some(a), Some(b)) => calendar::week_start(a.min(b)).max(joined),
            _ => joined,
        };
        let to = from - Days::new(7);
        let book = WeekBook::load(conn, start, to, Some(person)).await?;
        let mut records = book.records(person, since, start, to);
        records.extend(frame);
        Ok(records)
    }

    /// Reviews the club week starting on `week` (a Monday); called by the weekly job after
    /// the week ends. Returns the job's outcome.
    pub(crate) async fn weekly_review(
        &self,
        conn: &mut SqliteConnection,
        week: NaiveDate,
        at: chrono::DateTime<chrono::Utc>,
    ) -> sqlx::Result<String> {
        // The frame of the last six weeks answers for nearly everyone; a member whose run of
        // absent or idle weeks fills it is read further back, by index, to where it began.
        let from = week - Days::new(35);
        let book = WeekBook::load(conn, from, week, None).await?;
        if !book.held.contains_key(&week) {
            return Ok(format!(
                "no session was held in the week of {}: nothing to review",
                calendar::show_date(week)
            ));
        }
        let rules = self.decay_rules();
        let mut deducted = Vec::new();
        for (person, membership) in store::people::current_members(conn).await? {
            let mut records = book.records(person.id, membership.joined_at, from, week);
            let joined = calendar::local_date(membership.joined_at, self.tz());
            if joined < from && decay::run_may_reach_back(&records) {
                records = self
                    .records_back_to_the_run(conn, person.id, membership.joined_at, from, records)
                    .await?;
            }
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
                    format!("no games for {run} consecutive weeks (Terms §II Act 6.2)"),
                ),
            };
            let event = store::events::append(
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
        if !store::appeals::active(conn).await?.is_empty() {
            post.push('\n');
            post.push_str(&self.state_of_the_bench(conn).await?);
        }
        self.announce(conn, &post).await?;
        Ok(format!("{} deduction(s)", lines.len()))
    }
}
