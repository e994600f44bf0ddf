//! `/search?q=` (full text, SQLite FTS5, over the rules, proposals, the Court's published
//! opinions, the declarations of declared cases and the announcements, with the words found
//! marked) and `/feed.atom` (the announcements as an Atom feed).

mod feed;
mod view;

use axum::extract::State;
use axum::response::Response;
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::http::{Format, Page, PageError, Params};
use crate::adapters::portal::record;
use crate::adapters::portal::Portal;

pub use feed::feed;

/// The most results shown, best first.
pub const RESULTS: i64 = 50;
/// The most words of a query used, and the longest word.
const WORDS: usize = 12;
const WORD: usize = 64;
/// About how many characters of a result's text are shown around the first word found.
const EXCERPT: usize = 240;

#[derive(Debug, Serialize)]
pub struct Search {
    pub q: Option<String>,
    /// The words searched for (the query's letters and digits; each matches as a prefix).
    pub words: Vec<String>,
    pub results: Vec<Found>,
}

#[derive(Debug, Serialize)]
pub struct Found {
    pub kind: &'static str,
    pub title: String,
    pub href: String,
    /// The text around the first word found, in pieces; `found` marks the matching words.
    pub excerpt: Vec<Piece>,
}

#[derive(Debug, Serialize)]
pub struct Piece {
    pub text: String,
    pub found: bool,
}

/// The words of a query: runs of letters and digits, lowercased, at most [`WORDS`] of them.
pub fn words(q: &str) -> Vec<String> {
    q.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.chars().take(WORD).collect::<String>().to_lowercase())
        .take(WORDS)
        .collect()
}

/// The FTS5 query: every word, quoted, as a prefix (nothing a visitor types is FTS5 syntax).
fn fts(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("\"{w}\"*"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn is_match(word: &str, words: &[String]) -> bool {
    let lower = word.to_lowercase();
    words.iter().any(|w| lower.starts_with(w.as_str()))
}

/// The text around the first word found, split into marked and unmarked pieces.
pub fn excerpt(text: &str, words: &[String]) -> Vec<Piece> {
    // Words and the separators between them, with their byte offsets.
    let mut tokens: Vec<(usize, &str, bool)> = Vec::new();
    let mut start = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        let w = c.is_alphanumeric();
        if i > 0 && w != in_word {
            tokens.push((start, &text[start..i], in_word));
            start = i;
        }
        in_word = w;
    }
    if start < text.len() {
        tokens.push((start, &text[start..], in_word));
    }
    let first = tokens
        .iter()
        .find(|(_, t, w)| *w && is_match(t, words))
        .map_or(0, |(at, ..)| *at);
    let from = first.saturating_sub(EXCERPT / 3);
    let to = from + EXCERPT;
    let mut out: Vec<Piece> = Vec::new();
    if tokens.iter().any(|(at, ..)| *at < from) {
        out.push(Piece {
            text: "… ".into(),
            found: false,
        });
    }
    // The leading ellipsis stays a piece of its own.
    let lead = out.len();
    for (at, token, word) in &tokens {
        if *at < from || *at >= to {
            continue;
        }
        let found = *word && is_match(token, words);
        let joins = out.len() > lead;
        match out.last_mut() {
            Some(last) if joins && !last.found && !found => last.text.push_str(token),
            _ => out.push(Piece {
                text: (*token).to_owned(),
                found,
            }),
        }
    }
    if tokens.iter().any(|(at, ..)| *at >= to) {
        out.push(Piece {
            text: " …".into(),
            found: false,
        });
    }
    out
}

async fn search_for(conn: &mut SqliteConnection, words: &[String]) -> sqlx::Result<Vec<Found>> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT kind, CAST(ref AS TEXT), body FROM search_index
         WHERE search_index MATCH ? ORDER BY rank LIMIT ?",
    )
    .bind(fts(words))
    .bind(RESULTS)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for (kind, reference, body) in rows {
        let (kind, title, href) = match kind.as_str() {
            "rule" => (
                "rule",
                format!("Rule {reference}"),
                super::rules::href(&reference),
            ),
            "proposal" => (
                "proposal",
                format!("Proposal {reference}"),
                format!("/proposals/{reference}"),
            ),
            "opinion" => (
                "opinion",
                format!("The opinion on appeal {reference}"),
                format!("/court/appeals/{reference}"),
            ),
            "case" => (
                "declaration",
                format!("The declaration of case {reference}"),
                format!("/cases/{reference}"),
            ),
            _ => (
                "announcement",
                "An announcement".to_owned(),
                format!(
                    "/announcements?before={}",
                    reference.parse::<i64>().unwrap_or(0) + 1
                ),
            ),
        };
        let text = record::public_text(&mut *conn, &body).await?;
        out.push(Found {
            kind,
            title,
            href,
            excerpt: excerpt(&text, words),
        });
    }
    Ok(out)
}

pub async fn search(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["q"])?;
        let q = params.text("q").map(str::to_owned);
        let words = q.as_deref().map(words).unwrap_or_default();
        let results = if words.is_empty() {
            vec![]
        } else {
            let mut conn = portal.pool().acquire().await?;
            search_for(&mut conn, &words).await?
        };
        Ok::<_, PageError>(Page {
            title: "Search".into(),
            data: Search { q, words, results },
        })
    }
    .await;
    format.respond(&portal, page, view::search)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_only_words_never_fts5_syntax() {
        assert_eq!(
            words("Game \"AND\" (NEAR* -x) §II"),
            ["game", "and", "near", "x", "ii"]
        );
        assert_eq!(fts(&words("a\"b")), "\"a\"* \"b\"*");
        assert!(words("\"*()^:-").is_empty());
        assert_eq!(words(&"w ".repeat(100)).len(), WORDS);
    }

    #[test]
    fn an_excerpt_marks_the_words_found() {
        let pieces = excerpt(
            "The Court overturned the case; courts agree.",
            &words("court"),
        );
        let found: Vec<&str> = pieces
            .iter()
            .filter(|p| p.found)
            .map(|p| p.text.as_str())
            .collect();
        assert_eq!(found, ["Court", "courts"]);
        let long = format!("{} needle {}", "hay ".repeat(200), "hay ".repeat(200));
        let pieces = excerpt(&long, &words("needle"));
        assert!(pieces.first().is_some_and(|p| p.text.starts_with("… ")));
        assert!(pieces.iter().any(|p| p.found && p.text == "needle"));
    }
}
