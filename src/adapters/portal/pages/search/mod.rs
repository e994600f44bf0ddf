//! `/search?q=` (full text over the rules, proposals, opinions, declarations and announcements)
//! and `/feed.atom` (the announcements as an Atom feed).

mod feed;

use axum::extract::State;
use axum::response::Response;
use maud::html;
use serde::Serialize;

use crate::adapters::portal::http::{Format, Page, PageError, Params};
use crate::adapters::portal::Portal;

pub use feed::feed;

#[derive(Debug, Serialize)]
pub struct Search {
    pub q: Option<String>,
}

pub async fn search(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["q"])?;
        Ok::<_, PageError>(Page {
            title: "Search".into(),
            data: Search {
                q: params.text("q").map(str::to_owned),
            },
        })
    }
    .await;
    format.respond(&portal, page, |s| {
        html! {
            h1 { "Search" }
            form class="search" method="get" action="/search" role="search" {
                div { label for="q" { "Words to find" } input id="q" name="q" type="search" value=[s.q.as_deref()]; }
                button type="submit" { "Search" }
            }
        }
    })
}
