//! Rules whose number or day is a parameter: every amendment left waiting for its parameter
//! names a known parameter and an adopted proposal or draft (Terms §IV Act 2; Nomic 206), and
//! every amended Act of the Terms is enforced as it now reads, or listed as not in effect.

use sqlx::SqliteConnection;

use super::Breaches;
use crate::app::App;
use crate::domain::nomic::bound;
use crate::domain::nomic::proposal_record::ProposalStatus;
use crate::store;

pub(super) async fn check(
    app: &App,
    conn: &mut SqliteConnection,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    amended_terms(app, conn, breaches).await?;
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

/// Every Act of the Terms that carries a parameter and was amended is enforced as it now reads
/// (Terms §IV Act 2: an adopted change is in force at once): the parameter was set by the
/// amendment or by `/procedure set` since, or it waits to be set (announced as not in effect),
/// or the Act's new text still states the value gavel enforces.
async fn amended_terms(
    app: &App,
    conn: &mut SqliteConnection,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let Some(Ok(book)) = store::nomic::rulebook::current(conn).await? else {
        return Ok(());
    };
    let waiting: Vec<String> = store::nomic::bound::all(conn)
        .await?
        .into_iter()
        .map(|w| w.name)
        .collect();
    for b in bound::TERMS {
        let Some(rule) = book.rules().find(|r| r.id.label() == b.rule) else {
            continue;
        };
        let Some(amended) = store::nomic::rulebook::last_amended(conn, b.rule).await? else {
            continue;
        };
        if waiting.iter().any(|w| w == b.key) {
            continue;
        }
        if store::nomic::bound::set_at(conn, b.key)
            .await?
            .is_some_and(|set| set >= amended)
        {
            continue;
        }
        let value = app
            .current_value(conn, b.key)
            .await
            .map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        let text = rule.text();
        if !bound::states(b.kind, &text, &value) {
            breaches.push(format!(
                "Terms {} was amended and now reads “{}”, but gavel still enforces {} = {value}, neither read from the amendment nor waiting to be set (Terms §IV Act 2)",
                b.rule,
                text.trim(),
                b.key
            ));
        }
    }
    Ok(())
}
