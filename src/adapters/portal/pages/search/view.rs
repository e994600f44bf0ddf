//! The search page as HTML.

use maud::{html, Markup};

use super::Search;
use crate::adapters::portal::layout::none;

pub fn search(s: &Search) -> Markup {
    html! {
        h1 { "Search" }
        form class="search" method="get" action="/search" role="search" {
            div {
                label for="q" { "Words to find" }
                input id="q" name="q" type="search" maxlength="200" value=[s.q.as_deref()];
            }
            button type="submit" { "Search" }
        }
        p { "Searches the rules, proposals, the Court's published opinions, the declarations of cases and the announcements. Every word must appear (as the start of a word)." }
        @if s.q.is_some() {
            h2 { (s.results.len()) @if s.results.len() == 1 { " result" } @else { " results" } @if s.results.len() as i64 == super::RESULTS { " (the best " (super::RESULTS) ")" } }
            @if s.words.is_empty() {
                (none("The query has no words to search for."))
            } @else if s.results.is_empty() {
                (none("Nothing was found."))
            } @else {
                ol class="feed" {
                    @for r in &s.results {
                        li {
                            p { a href=(r.href) { (r.title) } " (" (r.kind) ")" }
                            p class="post" {
                                @for piece in &r.excerpt {
                                    @if piece.found { mark { (piece.text) } } @else { (piece.text) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
