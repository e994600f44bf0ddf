//! The console on an in-memory club, for scenario tests that type a few lines and then look at
//! the record: lines that must all be accepted.

use gavel::adapters::console::{Console, Output};
use gavel::config::Config;

/// A console on a new club kept in memory.
pub fn in_memory() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    Console::new(config)
}

/// Types each line, failing the test if any is refused.
pub async fn run_accepted(console: &mut Console, lines: &[&str]) {
    for line in lines {
        for out in console.execute(line).await.expect("line runs") {
            assert!(!matches!(out, Output::Refusal(_)), "{line}: {out:?}");
        }
    }
}
