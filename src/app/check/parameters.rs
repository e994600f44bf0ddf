//! Rules whose number or day is a parameter: every amendment left waiting for its parameter
//! names a known parameter and an adopted proposal or draft (Terms §IV Act 2; Nomic 206), and
//! every amended Act of the Terms and rule of Nomic that carries a parameter is enforced as it
//! now reads, or listed as not in effect.

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
    amended_rules(app, conn, breaches).await?;
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

/// Every Act of the Terms and rule of Nomic that carries a parameter and was amended is
/// enforced as it now reads (Terms §IV Act 2; Nomic 101: the rules bind "in the form in which
/// they are then in effect"): the parameter was set by the amendment or by `/procedure set` since, or it waits to
/// be set (announced as not in effect), or the rule's new text still states the value gavel
/// enforces. A Nomic rule is found by the number it began as (Nomic 109).
async fn amended_rules(
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
    let terms = bound::TERMS.iter().filter_map(|b| {
        let rule = book.rules().find(|r| r.id.label() == b.rule)?;
        Some((b, rule, format!("Terms {}", b.rule), "Terms §IV Act 2"))
    });
    let nomic = bound::NOMIC.iter().filter_map(|b| {
        let rule = book.rules().find(|r| {
            r.id.number()
                .is_some_and(|n| r.began_as.unwrap_or(n).to_string() == b.rule)
        })?;
        let cited = format!("Nomic {} (first {})", rule.id.label(), b.rule);
        Some((b, rule, cited, "Nomic 101"))
    });
    for (b, rule, cited, why) in terms.chain(nomic) {
        let Some(amended) = store::nomic::rulebook::last_amended(conn, &rule.id.label()).await?
        else {
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
                "{cited} was amended and now reads “{}”, but gavel still enforces {} = {value}, neither read from the amendment nor waiting to be set ({why})",
                text.trim(),
                b.key
            ));
        }
    }
    Ok(())
}
