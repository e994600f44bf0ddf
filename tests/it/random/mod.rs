//! The randomised tests of the record: random sequences of commands by random actors, with
//! clock moves and restarts, run through the console's use cases on a club database. After
//! every step `gavel check` must hold (every invariant of the record, `App::check_record`), and
//! after every refusal the record must be as it was.
//!
//! Sequences come from a small seeded generator, so a failure names the seed that reproduces
//! it. Each capability has its own file with its club, its steps and its test; this module holds
//! what they share: the generator and the runner. `GAVEL_RANDOM_SEQUENCES=5000 cargo test
//! --release --test it random` is the longer run the book's Tests chapter describes, and
//! `GAVEL_RANDOM_SEED` chooses the first seed; `GAVEL_RANDOM_SHOW=1` prints every step and its
//! output.

mod club;
mod committee;
mod diplomacy;
mod partychess;
mod tournament;

use chrono::{Duration, Timelike};
use gavel::adapters::console::{Console, Output};
use gavel::config::Config;
use serde_json::Value;

/// A small, seeded generator (SplitMix64): the same seed gives the same sequence.
pub struct Rng(u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }

    pub fn number(&mut self, low: u64, high: u64) -> u64 {
        low + self.below(high - low + 1)
    }
}

/// A Diplomacy round opened by the TD and dealt with the seed 2026 to two boards, the Lions'
/// and the Bears' seven players each (house rules A, B.6): the clubs of several capabilities'
/// randomised tests start from it.
pub const ROUND_DEALT: &[&str] = &[
    "td: /diplomacy open round:1 end:F1909",
    "alice: /team create name:Lions captain:@leo",
    "leo: /team add team:Lions member:@alice power:A",
    "leo: /team add team:Lions member:@bob power:E",
    "leo: /team add team:Lions member:@carol power:F",
    "leo: /team add team:Lions member:@dave power:G",
    "leo: /team add team:Lions member:@erin power:I",
    "leo: /team add team:Lions member:@frank power:R",
    "leo: /team add team:Lions member:@gina power:T",
    "hal: /team create name:Bears captain:@bea",
    "bea: /team add team:Bears member:@hal power:A",
    "bea: /team add team:Bears member:@ivy power:E",
    "bea: /team add team:Bears member:@jon power:F",
    "bea: /team add team:Bears member:@kim power:G",
    "bea: /team add team:Bears member:@lou power:I",
    "bea: /team add team:Bears member:@max power:R",
    "bea: /team add team:Bears member:@ned power:T",
    "td: /diplomacy assign round:1 seed:2026",
];

/// How many sequences to run: `default`, or `GAVEL_RANDOM_SEQUENCES`; and the first seed (1,
/// or `GAVEL_RANDOM_SEED`).
pub fn seeds(default: u64) -> std::ops::Range<u64> {
    let count = std::env::var("GAVEL_RANDOM_SEQUENCES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default);
    let first = std::env::var("GAVEL_RANDOM_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    first..first + count
}

/// The record as `gavel export` shows it, less the audit log (which records refusals too).
async fn record(console: &mut Console) -> Value {
    let app = console.app().await.expect("app");
    let mut export = gavel::app::export::export(app).await.expect("export");
    if let Some(map) = export.as_object_mut() {
        map.remove("audit");
    }
    export
}

/// The console's clock as an `@` line, for the console that replaces it at a restart.
async fn clock_line(console: &mut Console, config: &Config) -> String {
    let now = console.app().await.expect("app").now() + Duration::minutes(1);
    let local = now.with_timezone(&config.club.timezone);
    format!(
        "@ {}",
        local
            .with_second(0)
            .expect("second 0")
            .format("%Y-%m-%d %H:%M")
    )
}

/// Runs one sequence: the club `setup`, then `steps` lines from `step` (`None` is a restart);
/// panics naming the seed, the step and what broke.
pub async fn sequence(
    seed: u64,
    setup: &[&str],
    steps: usize,
    step: fn(&mut Rng) -> Option<String>,
) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut config = Config::default();
    config.database.path = dir.path().join("club.db").to_string_lossy().into_owned();
    let mut console = Console::rehearsal(config.clone());
    for line in setup {
        console.execute(line).await.expect("set-up runs");
    }
    let mut rng = Rng(seed);
    let mut done = Vec::new();
    for _ in 0..steps {
        let Some(line) = step(&mut rng) else {
            // A restart: the process ends and gavel starts again on the same database.
            let at = clock_line(&mut console, &config).await;
            drop(console);
            console = Console::rehearsal(config.clone());
            console.execute(&at).await.expect("restart");
            done.push(format!("(restart) {at}"));
            continue;
        };
        let before = record(&mut console).await;
        let out = console.execute(&line).await.expect("line runs");
        if std::env::var_os("GAVEL_RANDOM_SHOW").is_some() {
            // The sequence as it ran, to see what a generator reaches.
            eprintln!("{line}");
            for o in &out {
                for l in o.render() {
                    eprintln!("{l}");
                }
            }
        }
        done.push(line.clone());
        if matches!(&out[..], [Output::Refusal(_)]) {
            let after = record(&mut console).await;
            assert!(
                before == after,
                "seed {seed}: the refusal of `{line}` changed the record ({out:?}); steps:\n{}",
                done.join("\n")
            );
        }
        let app = console.app().await.expect("app");
        let breaches = app.check_record().await.expect("check runs");
        assert!(
            breaches.is_empty(),
            "seed {seed}: after `{line}`, gavel check finds {breaches:#?}; steps:\n{}",
            done.join("\n")
        );
    }
}
