//! Cheating reports (ACWC Reporting cheats): made privately to the Director, recorded and never
//! posted; the Director reads them.

use super::{CheatingReport, TournamentError, TournamentOutcome};
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
            let mut reports = Vec::new();
            for r in store::tournament::records::reports(conn, id).await? {
                reports.push(CheatingReport {
                    number: r.id,
                    by: store::people::by_id(conn, r.reporter_id).await?.name,
                    about: store::people::by_id(conn, r.accused_id).await?.name,
                    at: r.at.with_timezone(&self.tz()),
                    text: r.text,
                });
            }
            Ok(TournamentOutcome::CheatingReports {
                tournament: id,
                reports,
            })
        })
        .await
    }
}
