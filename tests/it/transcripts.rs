//! Transcript tests: every `tests/transcripts/*.gavel` file is run by the console on a fresh
//! in-memory database and must print itself back (its expected lines are the assertions).

use gavel::adapters::console::{run_script, Console};
use gavel::config::Config;

/// Runs the transcript at `relative` (to the crate root) and compares.
async fn check_file(relative: &str) {
    let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(&path).expect("transcript exists");
    let mut config = transcript_config(&path);
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    let printed = run_script(&mut console, &script)
        .await
        .expect("script runs");
    if printed.trim_end() != script.trim_end() {
        let (e, p): (Vec<&str>, Vec<&str>) = (script.lines().collect(), printed.lines().collect());
        let at = e
            .iter()
            .zip(&p)
            .position(|(a, b)| a != b)
            .unwrap_or(e.len().min(p.len()));
        panic!(
            "{path}: differs at line {}\nexpected: {}\nprinted:  {}\n\nwhole output:\n{printed}",
            at + 1,
            e.get(at).unwrap_or(&"(end)"),
            p.get(at).unwrap_or(&"(end)"),
        );
    }
    // `gavel check`: the scores still equal a full fold of the history, and every invariant of
    // the record holds.
    let app = console.app().await.expect("app");
    let problems = app.check_record().await.expect("check runs");
    assert!(problems.is_empty(), "{path}: {problems:#?}");
}

/// The club a transcript runs in: the defaults, or `NAME.toml` beside `NAME.gavel` when a
/// scenario needs a club that chose otherwise (run it by hand with `--config NAME.toml`).
fn transcript_config(path: &str) -> Config {
    let toml = std::path::Path::new(path).with_extension("toml");
    match std::fs::read_to_string(&toml) {
        Ok(text) => Config::from_toml(&text, &toml).expect("the transcript's config is valid"),
        Err(_) => Config::default(),
    }
}

/// Every transcript: `tests/transcripts/*.gavel` and the examples (the README's demo is one),
/// found on disk so that a new file cannot be left out.
fn discovered() -> Vec<String> {
    let mut found = Vec::new();
    for dir in ["tests/transcripts", "examples"] {
        let entries = std::fs::read_dir(format!("{}/{dir}", env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("cannot list {dir}: {e}"));
        for entry in entries {
            let name = entry.expect("directory entry").file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".gavel") {
                found.push(format!("{dir}/{name}"));
            }
        }
    }
    found.sort();
    found
}

/// Checks: every transcript prints itself back. Each runs on its own in-memory database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_transcript_prints_itself_back() {
    let files = discovered();
    assert!(
        files.iter().any(|f| f == "examples/demo.gavel"),
        "the README's demo must be a transcript"
    );
    assert!(files.len() >= 17, "transcripts went missing: {files:?}");
    let runs: Vec<_> = files
        .iter()
        .map(|file| {
            let file = file.clone();
            tokio::spawn(async move { check_file(&file).await })
        })
        .collect();
    let mut failed = Vec::new();
    for (file, run) in files.iter().zip(runs) {
        if let Err(panic) = run.await {
            let message = panic
                .into_panic()
                .downcast::<String>()
                .map(|m| *m)
                .unwrap_or_else(|_| "panicked".into());
            failed.push(format!("{file}:\n{message}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}
