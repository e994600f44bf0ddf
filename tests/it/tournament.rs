//! Tournaments' record outside the transcripts: `gavel export` holds every tournament with its
//! entrants, matches, games, bids, rulings and the private cheating reports, which no channel
//! ever shows (ACWC Reporting cheats).

use gavel::adapters::console::Console;
use gavel::config::Config;

/// A Swiss with a forfeit, a ruling and a private report.
async fn club() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-30 09:00",
        "cj: /tournament create name:\"Club Swiss\" format:swiss",
        "cj: /tournament director tournament:1 member:@td",
        "ann: /tournament enter tournament:1 account:Ann",
        "ben: /tournament enter tournament:1 account:Ben",
        "cat: /tournament enter tournament:1 account:Cat",
        "td: /tournament start tournament:1",
        "td: /match forfeit match:1 member:@ben reason:\"no-show\"",
        "td: /tournament ruling tournament:1 match:1 text:\"The forfeit stands.\"",
        "ann: /tournament report tournament:1 member:@cat text:\"engine-like play\"",
    ] {
        console.execute(line).await.expect("line runs");
    }
    console
}

#[tokio::test]
async fn the_export_holds_the_tournament_whole_and_the_report_is_posted_nowhere() {
    let mut console = club().await;
    let app = console.app().await.expect("app").clone();
    let doc = gavel::app::export::export(&app).await.expect("export");
    let t = &doc["tournaments"][0];
    assert_eq!(t["name"], "Club Swiss");
    assert_eq!(t["stage"], "swiss");
    assert_eq!(t["entrants"].as_array().map(Vec::len), Some(3));
    let forfeited = &t["matches"][0];
    assert_eq!(forfeited["decided"], "forfeit");
    assert_eq!(forfeited["second_points"], 0);
    assert_eq!(t["rulings"][0]["text"], "The forfeit stands.");
    assert_eq!(t["reports"][0]["text"], "engine-like play");
    let posted: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE content LIKE '%engine-like%'")
            .fetch_one(app.pool())
            .await
            .expect("outbox");
    assert_eq!(posted, 0);
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
}
