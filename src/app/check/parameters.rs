//! Rules whose number or day is a parameter: every amendment left waiting for its parameter
//! names a known parameter and an adopted proposal or draft (Terms §IV Act 2; Nomic 206).

use sqlx::SqliteConnection;

use super::Breaches;
use crate::domain::nomic::bound;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::store;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    for w in store::nomic::bound::all(conn).await? {
        let known = bound::TERMS
            .iter()
            .chain(bound::NOMIC)
            .any(|b| b.key == w.name);
        if !known {
            breaches.push(format!(
                "{} waits to be set, but no rule's number or day is that parameter",
                w.name
            ));
        }
        let adopted = store::nomic::proposals::by_number(conn, w.proposal)
            .await?
            .is_some_and(|p| {
                matches!(p.status, ProposalStatus::Adopted | ProposalStatus::InEffect)
            });
        if !adopted {
            breaches.push(format!(
                "{} waits for {}'s amendment of {}, which was not adopted",
                w.name, w.proposal, w.rule
            ));
        }
    }
    Ok(())
}
