//! The rulebook: the whole book as each change left it (the newest is in force), and each
//! rule's versions for `/rule history`.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::nomic::rulebook::{ChangeKind, ImportError, Rule, Rulebook};

/// One version of one rule, as `/rule history` lists it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RuleChangeRow {
    pub label: String,
    pub former: Option<String>,
    pub change: ChangeKind,
    pub version: i64,
    pub mutable: bool,
    pub text: String,
    pub proposal: Option<i64>,
    pub by_name: Option<String>,
    pub at: DateTime<Utc>,
}

/// A version with its row id, which orders versions across labels.
#[derive(sqlx::FromRow)]
struct Stored {
    id: i64,
    #[sqlx(flatten)]
    row: RuleChangeRow,
}

/// Who made a change and under which proposal.
#[derive(Debug, Clone, Copy)]
pub struct Provenance<'a> {
    pub summary: &'a str,
    pub proposal: Option<i64>,
    pub by: Option<i64>,
    pub at: DateTime<Utc>,
}

/// The rulebook in force, if one has been stored. A stored book was written by
/// [`Rulebook::to_markdown`], so reading it back cannot fail unless the row was edited by hand.
pub async fn current(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Option<Result<Rulebook, ImportError>>> {
    let text: Option<String> =
        sqlx::query_scalar("SELECT markdown FROM rulebook_versions ORDER BY id DESC LIMIT 1")
            .fetch_optional(conn)
            .await?;
    Ok(text.map(|t| Rulebook::from_markdown(&t)))
}

/// How many versions of the book there are, and the summary of the newest.
pub async fn latest_summary(conn: &mut SqliteConnection) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT id, summary FROM rulebook_versions ORDER BY id DESC LIMIT 1")
        .fetch_optional(conn)
        .await
}

/// Stores `book` as the rulebook in force.
pub async fn save(
    conn: &mut SqliteConnection,
    book: &Rulebook,
    why: Provenance<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO rulebook_versions (markdown, summary, proposal, by_id, at) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(book.to_markdown())
    .bind(why.summary)
    .bind(why.proposal)
    .bind(why.by)
    .bind(why.at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records one version of one rule.
pub async fn record(
    conn: &mut SqliteConnection,
    rule: &Rule,
    change: ChangeKind,
    former: Option<&str>,
    why: Provenance<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO rule_changes (label, former, change, version, mutable, text, proposal, by_id, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(rule.id.label())
    .bind(former)
    .bind(change)
    .bind(i64::from(rule.version))
    .bind(rule.is_mutable())
    .bind(rule.text())
    .bind(why.proposal)
    .bind(why.by)
    .bind(why.at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every recorded version of the rule now labelled `label`, oldest first, following its
/// earlier labels back through renumberings (Nomic 109). Each step is an indexed lookup.
pub async fn history(conn: &mut SqliteConnection, label: &str) -> sqlx::Result<Vec<RuleChangeRow>> {
    let mut out: Vec<RuleChangeRow> = Vec::new();
    let mut next = Some((label.to_owned(), None::<i64>));
    // A chain of renumberings is at most one a proposal; the bound guards a hand-edited loop.
    for _ in 0..10_000 {
        let Some((label, before)) = next.take() else {
            break;
        };
        let rows: Vec<(i64, RuleChangeRow)> = sqlx::query_as::<_, Stored>(
            "SELECT c.id, c.label, c.former, c.change, c.version, c.mutable, c.text, c.proposal,
                    COALESCE(p.display_name, p.name) AS by_name, c.at
             FROM rule_changes c LEFT JOIN people p ON p.id = c.by_id
             WHERE c.label = ? AND c.id < ? ORDER BY c.id",
        )
        .bind(&label)
        .bind(before.unwrap_or(i64::MAX))
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|s| (s.id, s.row))
        .collect();
        // The earliest row of this label that came from another label leads further back.
        let renumbered = rows
            .iter()
            .find(|(_, r)| r.former.is_some())
            .map(|(id, r)| (r.former.clone().unwrap_or_default(), Some(*id)));
        let mut these: Vec<RuleChangeRow> = rows
            .into_iter()
            .filter(|(id, _)| {
                renumbered
                    .as_ref()
                    .is_none_or(|(_, from)| Some(*id) >= *from)
            })
            .map(|(_, r)| r)
            .collect();
        these.append(&mut out);
        out = these;
        next = renumbered;
    }
    Ok(out)
}

/// When the rule or Act labelled `label` was last amended, if ever (an indexed lookup).
pub async fn last_amended(
    conn: &mut SqliteConnection,
    label: &str,
) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar(
        "SELECT at FROM rule_changes WHERE label = ? AND change = 'amended' ORDER BY id DESC LIMIT 1",
    )
    .bind(label)
    .fetch_optional(conn)
    .await
}

/// The labels of every rule or Act that was repealed, in the order of their repeal; for the
/// export, which reads the whole record.
pub async fn repealed_labels(conn: &mut SqliteConnection) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT label FROM rule_changes WHERE change = 'repealed' ORDER BY id")
        .fetch_all(conn)
        .await
}
