//! The house rules as a rulebook (house rules A.7): `gavel rules import --house` loads a set, a
//! file that is not one is refused and changes nothing, the Chief Justice alone loads the
//! built-in set, and the items read as the rules cite them.

use super::{console, refused, run, setup};
use gavel::adapters::console::Output;

#[tokio::test]
async fn an_import_loads_every_item_and_a_file_that_is_not_house_rules_is_refused_a7() {
    let mut c = console();
    setup(&mut c, &["@ 2026-11-27 12:30"]).await;
    let app = c.app().await.expect("app").clone();
    let e = app
        .import_house_rules("terms.md", "# The Terms\n1. Something.")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("not the house rules"), "{e}");
    let export = gavel::app::export::export(&app).await.expect("export");
    assert_eq!(export["committees"]["house_rules"], serde_json::json!([]));
    let done = app
        .import_house_rules(
            "wm.txt",
            include_str!("../../../examples/world-masters-house-rules.txt"),
        )
        .await
        .expect("imports");
    assert!(done.to_string().contains("from A.1 to D.X."), "{done}");
    let out = run(&mut c, "ann: /houserule show item:\"d i (2)\"").await;
    assert!(
        matches!(&out[..], [Output::Reply(t), ..] if t.starts_with("D.I.2 (D.I. GM Discretion, Rulebook), version 1: Disputes.")),
        "{out:?}"
    );
    let refusal = refused(&mut c, "ann: /houserule import").await;
    assert!(refusal.starts_with("Only the Chief Justice"), "{refusal}");
    let refusal = refused(&mut c, "cj: /houserule import").await;
    assert!(refusal.contains("already loaded"), "{refusal}");
    let refusal = refused(&mut c, "ann: /houserule show item:Z.9").await;
    assert!(refusal.contains("no item Z.9"), "{refusal}");
}
