//! The page shell every page shares (landmarks, the skip link, the navigation, one `h1` a page)
//! and the small pieces pages are made of: times, people, links between pages, paging.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use maud::{html, Markup, DOCTYPE};

use super::Portal;
use crate::domain::kernel::calendar;

/// The sections of the site, as the navigation lists them.
const NAV: &[(&str, &str)] = &[
    ("/", "Home"),
    ("/leaderboard", "Leaderboard"),
    ("/games", "Games"),
    ("/cases", "Cases"),
    ("/court", "Court"),
    ("/rules", "Rules"),
    ("/proposals", "Proposals"),
    ("/points", "Points"),
    ("/orders", "Points of Order"),
    ("/motions", "Motions"),
    ("/tournaments", "Tournaments"),
    ("/diplomacy", "Diplomacy"),
    ("/search", "Search"),
];

/// A whole page: `body` is the page's own content, starting with its `h1`.
pub fn page(portal: &Portal, title: &str, body: Markup) -> Markup {
    shell(&portal.club, title, body)
}

/// A page for when the club is not at hand (a refused query string).
pub fn bare(title: &str, message: &str) -> Markup {
    shell(
        "gavel",
        title,
        html! { h1 { (title) } p { (message) } p { a href="/" { "Back to the front page" } } },
    )
}

fn shell(club: &str, title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (club) }
                link rel="stylesheet" href="/assets/site.css";
                link rel="icon" type="image/svg+xml" href="/favicon.svg";
                link rel="alternate" type="application/atom+xml" title="Announcements" href="/feed.atom";
            }
            body {
                a class="skip" href="#main" { "Skip to the content" }
                header class="site" {
                    p class="club" { a href="/" { (club) } }
                    nav aria-label="Sections" {
                        ul {
                            @for (href, label) in NAV {
                                li { a href=(href) { (label) } }
                            }
                        }
                    }
                }
                main id="main" tabindex="-1" { (body) }
                footer class="site" {
                    p {
                        "The club's public record, as gavel announced it. Every page is also data: "
                        "put " code { "/api/v1" } " before its address."
                    }
                }
            }
        }
    }
}

/// An instant in club time, machine-readable too.
pub fn when(at: DateTime<Utc>, tz: Tz) -> Markup {
    html! { time datetime=(at.to_rfc3339()) { (calendar::show_club(at, tz)) } }
}

/// A club date.
pub fn day(date: NaiveDate) -> Markup {
    html! { time datetime=(date.to_string()) { (calendar::show_date(date)) } }
}

/// A person, linked to their page.
pub fn person(id: i64, name: &str) -> Markup {
    html! { a href=(format!("/members/{id}")) { (name) } }
}

/// A link to the next page of a list, if there is one.
pub fn pager(next: Option<String>) -> Markup {
    html! {
        @if let Some(href) = next {
            nav class="pager" aria-label="Pages" {
                a href=(href) rel="next" { "Next page" }
            }
        }
    }
}

/// Text as paragraphs, one a blank-line-separated block (escaped).
pub fn paragraphs(text: &str) -> Markup {
    html! {
        @for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
            p {
                @for (i, line) in block.lines().enumerate() {
                    @if i > 0 { br; }
                    (line)
                }
            }
        }
    }
}

/// An empty-list sentence.
pub fn none(text: &str) -> Markup {
    html! { p class="none" { (text) } }
}
