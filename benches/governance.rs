//! Governance at scale: a Nomic game and a Court of Appeals played through the console for ten
//! years of club days, then the same commands timed in that club and in one a week old.
//!
//! Every club day (Monday to Friday) the day's player proposes an amendment, the other four
//! vote (No wins, so the rulebook stays the same size and nobody wins), the vote closes at the
//! end of the day by its job, a Point of Order is raised and judged and invoked an hour later;
//! every Friday a member appeals to the Court, which the Chief Justice grants, decides alone and
//! writes the opinion for. So the history grows the way a club's does, through the app.
//!
//! The table compares the median time of each command in the ten-year club with the same in
//! the week-old club (both measured in the same run on the release build): a ratio near 1 means
//! the command costs the same whatever the history. `cargo bench --bench governance` runs ten
//! years; `-- --quick` (or `GAVEL_GOVERNANCE_DAYS`) runs small.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use chrono::{Datelike, Duration as Days, NaiveDate, Weekday};
use gavel::adapters::console::{Console, Output};
use gavel::config::Config;

/// The players, by allocated day (Nomic 201).
const PLAYERS: [(&str, &str); 5] = [
    ("ann", "monday"),
    ("ben", "tuesday"),
    ("cat", "wednesday"),
    ("dan", "thursday"),
    ("eve", "friday"),
];

/// Days of the measured stretch after the history.
const MEASURED_DAYS: i64 = 42;

/// How many times a measured day runs each command that only reads.
const READS: usize = 5;

/// The club's first day, a Monday.
fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2016, 1, 4).expect("a date")
}

/// The player whose day `day` is, by index into `PLAYERS`.
fn player_of(day: NaiveDate) -> usize {
    day.weekday().num_days_from_monday() as usize
}

/// One club with its console, its counters and the durations of the commands it timed.
struct Club {
    console: Console,
    appeals: i64,
    points: i64,
    proposals: i64,
    timed: BTreeMap<&'static str, Vec<Duration>>,
    refusals: Vec<String>,
}

impl Club {
    async fn open(path: &std::path::Path) -> Self {
        let mut config = Config::default();
        config.database.path = path.to_string_lossy().into_owned();
        let mut console = Console::rehearsal(config);
        console
            .execute(&format!("@ {} 08:00", first_day()))
            .await
            .expect("clock");
        let mut club = Self {
            console,
            appeals: 0,
            points: 0,
            proposals: 300,
            timed: BTreeMap::new(),
            refusals: Vec::new(),
        };
        club.run("cj: /procedure set name:procedure value:nomic")
            .await;
        club.run("cj: /procedure set name:winning_points value:1000000")
            .await;
        for (name, day) in PLAYERS {
            club.run(&format!("cj: /turns set member:@{name} day:{day}"))
                .await;
        }
        club.run("mia: /join").await;
        club
    }

    /// Runs a line; a refusal is remembered (the history must be what it says it is).
    async fn run(&mut self, line: &str) -> Duration {
        let started = Instant::now();
        let out = self.console.execute(line).await.expect("the line runs");
        let took = started.elapsed();
        for o in out {
            if let Output::Refusal(text) = o {
                self.refusals.push(format!("{line}\n  ! {text}"));
            }
        }
        took
    }

    /// Runs a line and keeps its time under `name` when `timing`.
    async fn timed(&mut self, timing: bool, name: &'static str, line: &str) {
        let took = self.run(line).await;
        if timing {
            self.timed.entry(name).or_default().push(took);
        }
    }

    /// Runs a command that only reads, `READS` times when `timing` (for enough samples).
    async fn read(&mut self, timing: bool, name: &'static str, line: &str) {
        for _ in 0..if timing { READS } else { 1 } {
            self.timed(timing, name, line).await;
        }
    }

    /// One club day: a proposal and its votes, a Point of Order, on Fridays an appeal; then the
    /// clock moves past midnight, which closes the vote.
    async fn play(&mut self, day: NaiveDate, timing: bool) {
        if matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            return;
        }
        let today = player_of(day);
        let judge = PLAYERS[(today + 4) % 5].0;
        let proposer = PLAYERS[today].0;
        self.run(&format!("@ {day} 09:00")).await;
        self.proposals += 1;
        let n = self.proposals;
        self.timed(
            timing,
            "/propose",
            &format!("{proposer}: /propose kind:amend rule:201 text:\"Day {day}: players take turns in alphabetical order.\""),
        )
        .await;
        for (i, (voter, _)) in PLAYERS.iter().enumerate() {
            let choice = if i == today { "yes" } else { "no" };
            self.timed(
                timing,
                "/vote",
                &format!("{voter}: /vote proposal:{n} choice:{choice}"),
            )
            .await;
        }
        self.read(
            timing,
            "/proposal show",
            &format!("{proposer}: /proposal show proposal:{n}"),
        )
        .await;
        self.read(
            timing,
            "/proposal list",
            &format!("{proposer}: /proposal list"),
        )
        .await;
        self.read(timing, "/points", &format!("{proposer}: /points"))
            .await;

        self.points += 1;
        let p = self.points;
        self.timed(
            timing,
            "/order raise",
            &format!("{proposer}: /order raise text:\"Is the proposal of {day} proper?\""),
        )
        .await;
        self.timed(
            timing,
            "/order judgement",
            &format!("{judge}: /order judgement point:{p} text:\"It is proper (Nomic 202).\""),
        )
        .await;
        self.read(timing, "/order list", &format!("{proposer}: /order list"))
            .await;
        self.run(&format!("@ {day} 10:30")).await;

        // A Friday appeal in the history; one every measured day, for enough samples.
        if day.weekday() == Weekday::Fri || timing {
            self.appeals += 1;
            let a = self.appeals;
            self.timed(
                timing,
                "/court appeal",
                &format!("mia: /court appeal matter:\"the standings of {day}\" grounds:\"a game is missing\""),
            )
            .await;
            self.timed(
                timing,
                "/court grant",
                &format!("cj: /court grant appeal:{a}"),
            )
            .await;
            self.run(&format!("cj: /court solo appeal:{a}")).await;
            self.timed(
                timing,
                "/court vote",
                &format!("cj: /court vote appeal:{a} decision:uphold reasons:\"the standings are right\""),
            )
            .await;
            self.read(timing, "/court docket", "mia: /court docket")
                .await;
            self.timed(
                timing,
                "/court opinion",
                &format!("cj: /court opinion appeal:{a} text:\"The standings follow the games registered.\""),
            )
            .await;
            self.read(
                timing,
                "/court case",
                &format!("mia: /court case appeal:{a}"),
            )
            .await;
        }
        // The end of the club day: the vote's close runs as its job.
        let next = day + Days::days(1);
        let started = Instant::now();
        self.run(&format!("@ {next} 00:01")).await;
        if timing {
            self.timed
                .entry("closing a vote (its job)")
                .or_default()
                .push(started.elapsed());
        }
    }

    /// Plays `days` club days from the first, untimed.
    async fn grow(&mut self, days: i64) {
        for d in 0..days {
            self.play(first_day() + Days::days(d), false).await;
        }
    }
}

/// Times `MEASURED_DAYS` more days of both clubs, a day of one then a day of the other, so
/// that both are measured under the same load of the machine.
async fn measure(young: (&mut Club, i64), old: (&mut Club, i64)) {
    for d in 0..MEASURED_DAYS {
        young
            .0
            .play(first_day() + Days::days(young.1 + d), true)
            .await;
        old.0.play(first_day() + Days::days(old.1 + d), true).await;
    }
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let days: i64 = std::env::var("GAVEL_GOVERNANCE_DAYS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 70 } else { 3650 });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let started = Instant::now();
        let mut young = Club::open(&dir.path().join("young.sqlite")).await;
        young.grow(7).await;
        let mut old = Club::open(&dir.path().join("old.sqlite")).await;
        old.grow(days).await;
        let built = started.elapsed();
        measure((&mut young, 7), (&mut old, days)).await;
        for club in [&young, &old] {
            assert!(
                club.refusals.is_empty(),
                "the history was refused somewhere:\n{}",
                club.refusals
                    .iter()
                    .take(5)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
        println!(
            "{days} days: {} proposals, {} Points of Order, {} appeals (built in {:.0} s)",
            old.proposals - 300,
            old.points,
            old.appeals,
            built.as_secs_f64()
        );
        println!("| command | week-old club | after {days} days | ratio |");
        println!("|---|---|---|---|");
        for (name, times) in &old.timed {
            let big = median(times.clone());
            let small = median(young.timed[name].clone());
            println!(
                "| `{name}` | {} | {} | {:.2} |",
                ms(small),
                ms(big),
                big.as_secs_f64() / small.as_secs_f64()
            );
        }
    });
}
