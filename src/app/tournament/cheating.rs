//! Cheating reports (ACWC Reporting cheats): made privately to the Director, recorded and never
//! posted; the Director reads them.

use super::{Subject, TournamentError, TournamentOutcome};
use crate::app::{Call, PersonRef};
use crate::store;

impl super::Tournament<'_> {
    /// `/tournament report`: an accusation of cheating, made privately to the Director; it is
    /// recorded and never posted (ACWC Reporting cheats).
    pub async fn report_cheating(
        &self,
        call: &Call,
        id: i64,
        accused: &PersonRef,
        text: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.load(conn, id).await?;
            let accused = accused.resolve(conn, self.now()).await?;
            let n = store::tournament::records::insert_report(
                conn,
                t.id,
                actor.id,
                accused.id,
                text.trim(),
                self.now(),
            )
            .await?;
            Ok(TournamentOutcome::CheatingReported {
                tournament: id,
                report: n,
                accused: accused.name,
            })
        })
        .await
    }

    /// `/tournament reports`: the Director reads the private reports.
    pub async fn cheating_reports(
        &self,
        call: &Call,
        id: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            self.directed(conn, id, actor, "read the cheating reports")
                .await?;
            let mut lines = vec![format!("Tournament #{id}'s private reports:")];
            for r in store::tournament::records::reports(conn, id).await? {
                let by = store::people::by_id(conn, r.reporter_id).await?.name;
                let about = store::people::by_id(conn, r.accused_id).await?.name;
                lines.push(format!(
                    "Report {} by {by} about {about}, {}: {}",
                    r.id,
                    crate::domain::kernel::calendar::show(r.at, self.tz()),
                    r.text
                ));
            }
            if lines.len() == 1 {
                lines.push("None.".into());
            }
            Ok(TournamentOutcome::Read {
                about: Subject::Tournament(id),
                lines,
            })
        })
        .await
    }
}
