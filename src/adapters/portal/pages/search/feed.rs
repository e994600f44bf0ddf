//! The announcements as an Atom feed (RFC 4287), newest first.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{html, PreEscaped};

use crate::adapters::portal::http::{Format, PageError, Params};
use crate::adapters::portal::record;
use crate::adapters::portal::Portal;

/// Entries in the feed.
const ENTRIES: i64 = 50;

pub async fn feed(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let result = async {
        params.only(&[])?;
        let mut conn = portal.pool().acquire().await?;
        Ok::<_, PageError>(record::announcements(&mut conn, None, ENTRIES).await?)
    }
    .await;
    let items = match result {
        Ok(items) => items,
        Err(e) => return e.render(&portal, format),
    };
    if format == Format::Json {
        return axum::Json(&items).into_response();
    }
    let updated = items
        .first()
        .map_or_else(|| "1970-01-01T00:00:00Z".to_owned(), |a| a.at.to_rfc3339());
    let xml = html! {
        (PreEscaped("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"))
        feed xmlns="http://www.w3.org/2005/Atom" {
            title { (portal.club) ": announcements" }
            id { "urn:gavel:announcements" }
            updated { (updated) }
            link rel="self" href="/feed.atom" {}
            link rel="alternate" href="/announcements" {}
            @for a in &items {
                entry {
                    id { "urn:gavel:announcement:" (a.id) }
                    title { "#" (a.channel) ": " (a.text.lines().next().unwrap_or("").chars().take(80).collect::<String>()) }
                    updated { (a.at.to_rfc3339()) }
                    author { name { "gavel" } }
                    content type="text" { (a.text) }
                }
            }
        }
    };
    (
        [(header::CONTENT_TYPE, "application/atom+xml; charset=utf-8")],
        xml.into_string(),
    )
        .into_response()
}
