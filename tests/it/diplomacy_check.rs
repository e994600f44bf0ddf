//! The adjudication check of `tests/transcripts/diplomacy_adjudication_check.gavel`, replayed
//! through the console: the GM's two commands refused to a player of the board, leaving the
//! record unchanged (A.12, D.I.1); the check audited without the GM's results (the GM has not
//! published them); the recorded units in the export, and a check once its turn is past.

use gavel::adapters::console::{Console, Output};
use serde_json::Value;

async fn played() -> Console {
    super::diplomacy::replay("diplomacy_adjudication_check.gavel")
        .await
        .0
}

async fn export(console: &mut Console) -> Value {
    let app = console.app().await.expect("app").clone();
    gavel::app::export::export(&app).await.expect("export")
}

/// Checks: /board check and /board units, typed by a player who is not the GM, are refused by
/// A.12 and change nothing in the record.
#[tokio::test]
async fn the_check_and_the_units_are_refused_to_a_player_who_is_not_the_gm_a12() {
    let mut console = played().await;
    let before = export(&mut console).await["diplomacy"].clone();
    for line in [
        "carol: /board check board:\"R1 Board 1\" results:\"A Par - Bur\"",
        "dave: /board check board:\"R1 Board 1\" results:\"A Par - Bur\" merged:true",
        "carol: /board units board:\"R1 Board 1\" season:F1901 units:\"France: A Par\"",
    ] {
        let out = console.execute(line).await.expect("line runs");
        assert!(
            matches!(&out[..], [Output::Refusal(t)] if t.starts_with("Only the GM of R1 Board 1")),
            "{line}: {out:?}"
        );
    }
    assert_eq!(export(&mut console).await["diplomacy"], before);
}

/// Checks: each check is audited with its board and nothing of the GM's results; the export
/// holds the recorded units, and the checks of past turns only (the current turn's orders are
/// not published).
#[tokio::test]
async fn the_check_is_audited_without_the_results_and_stays_out_of_the_export_until_past() {
    let mut console = played().await;
    let export = export(&mut console).await;
    let checks: Vec<&Value> = export["audit"]
        .as_array()
        .expect("audit")
        .iter()
        .filter(|e| e["command"] == "board check")
        .collect();
    assert_eq!(checks.len(), 6, "five by the GM, one refused");
    for entry in checks {
        assert!(entry["arguments"].as_str().unwrap().contains("R1 Board 1"));
        assert!(!entry.to_string().contains("A Vie - Gal"), "{entry}");
    }
    let units = export["diplomacy"]["units"].as_array().expect("units");
    assert_eq!(units.len(), 14, "seven powers for F1901M and for W1901A");
    assert!(units.iter().any(|u| u["turn"] == "F1901M"
        && u["power"] == "F"
        && u["units"] == "A Bur, A Mar, F Mao"));
    // Spring 1901 is past, so its three checks are in the export; Winter 1901's are not yet.
    let past = export["diplomacy"]["adjudication_checks"]
        .as_array()
        .expect("checks");
    assert_eq!(past.len(), 3);
    assert!(past.iter().all(|c| c["turn"] == "S1901M"));
    assert_eq!(past[0]["flagged"], 1);
}
