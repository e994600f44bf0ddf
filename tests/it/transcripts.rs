//! Transcript tests: every `tests/transcripts/*.gavel` file is run by the console on a fresh
//! in-memory database and must print itself back (its expected lines are the assertions).

use gavel::adapters::console::{run_script, Console};
use gavel::config::Config;

async fn check(name: &str) {
    check_file(&format!("tests/transcripts/{name}.gavel")).await;
}

/// Runs the transcript at `relative` (to the crate root) and compares.
async fn check_file(relative: &str) {
    let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(&path).expect("transcript exists");
    let mut config = Config::default();
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
    // `gavel check`: the materialised scores still equal a full fold of the history.
    let app = console.app().await.expect("app");
    let problems = app.check_standings().await.expect("check runs");
    assert!(problems.is_empty(), "{path}: {problems:#?}");
}

macro_rules! transcripts {
    ($($name:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $name() {
                check(stringify!($name)).await;
            }
        )*
    };
}

transcripts!(
    foundation,
    sessions,
    game_validity,
    online_games,
    scores_and_void,
    leaderboard_and_profile,
    adjudication_and_rematch,
    weekly_review,
    weekly_review_dst,
    removal_and_leave,
);
transcripts!(
    moderation_ladder,
    moderation_bans,
    moderation_declarations,
    moderation_monitor,
    moderation_reversals,
    moderation_restep
);

/// The README's quick start runs this demo; it must stay true.
#[tokio::test]
async fn the_readme_demo_is_a_true_transcript() {
    check_file("examples/demo.gavel").await;
}
