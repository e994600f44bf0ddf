//! Checks of the reports: a report acted on names a case against the reported message's author,
//! taken by the Moderator who answered it.

use sqlx::SqliteConnection;

use crate::store;

/// Appends a line to `breaches` for each report whose answer does not match its case.
pub(super) async fn check(
    conn: &mut SqliteConnection,
    breaches: &mut Vec<String>,
) -> sqlx::Result<()> {
    for report in store::moderation::reports::all(conn).await? {
        let Some(case) = report.case_id else {
            continue;
        };
        match store::moderation::actions::by_id(conn, case).await? {
            None => breaches.push(format!(
                "report #{} was acted on in case #{case}, which does not exist",
                report.id
            )),
            Some(action) => {
                if action.target_id != Some(report.author_id) {
                    breaches.push(format!(
                        "report #{} was acted on in case #{case}, which is not against the message's author",
                        report.id
                    ));
                }
                if report.answered_by != Some(action.actor_id) {
                    breaches.push(format!(
                        "report #{} was answered by someone other than case #{case}'s Moderator",
                        report.id
                    ));
                }
            }
        }
    }
    Ok(())
}
