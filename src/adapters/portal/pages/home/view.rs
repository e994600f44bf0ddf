//! The front page and the announcements as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::{Announcements, Home};
use crate::adapters::portal::layout::{none, pager, person, when};
use crate::adapters::portal::record::Announcement;

pub fn feed(items: &[Announcement], tz: Tz) -> Markup {
    html! {
        @if items.is_empty() {
            (none("Nothing has been announced yet."))
        } @else {
            ol class="feed" {
                @for a in items {
                    li {
                        p class="meta" { "#" (a.channel) ", " (when(a.at, tz)) }
                        p class="post" { (a.text) }
                    }
                }
            }
        }
    }
}

pub fn home(home: &Home, tz: Tz) -> Markup {
    let open = &home.open;
    html! {
        h1 { (home.club) }
        p { "The club's record as gavel keeps it: the Leaderboard, games, moderation cases, the Court of Appeals, the rulebook and the game of Nomic." }
        section aria-labelledby="open-now" {
            h2 id="open-now" { "Open now" }
            ul class="open" {
                li {
                    @if let Some(s) = &open.session {
                        "A club session is open (since " (when(s.opened_at, tz)) ")."
                    } @else {
                        "No club session is open."
                    }
                }
                @for v in &open.votes {
                    li {
                        "Vote on " a href=(format!("/proposals/{}", v.number)) { "proposal " (v.number) }
                        " (" (crate::adapters::portal::words::proposal_kind(v.kind)) ", by " (person(v.proposer_id, &v.proposer)) ")"
                        @if let Some(at) = v.closes_at { ", closes " (when(at, tz)) }
                        "."
                    }
                }
                @if open.votes.is_empty() { li { "No vote is open." } }
                @for h in &open.hearings {
                    li {
                        a href=(format!("/court/appeals/{}", h.number)) { "Appeal " (h.number) }
                        " by " (person(h.appellant.id, &h.appellant.name)) " is being heard (" (h.stage) ")"
                        @if let Some(at) = h.next_deadline { "; next deadline " (when(at, tz)) }
                        "."
                    }
                }
                @if open.hearings.is_empty() { li { "No appeal is being heard." } }
                @for p in &open.points_awaiting_judgement {
                    li {
                        a href=(format!("/orders/{}", p.number)) { "Point of Order " (p.number) }
                        " raised by " (person(p.raised_by_id, &p.raised_by)) " awaits Judgement"
                        @if let Some(at) = p.deadline_at { " by " (when(at, tz)) }
                        "."
                    }
                }
                @if open.points_awaiting_judgement.is_empty() { li { "No Point of Order awaits Judgement." } }
            }
        }
        section aria-labelledby="latest" {
            h2 id="latest" { "Latest announcements" }
            (feed(&home.announcements, tz))
            p { a href="/announcements" { "Every announcement" } " · " a href="/feed.atom" { "Atom feed" } }
        }
        section aria-labelledby="everything" {
            h2 id="everything" { "The record" }
            ul {
                li { a href="/leaderboard" { "The Leaderboard" } ": every member's score and rank." }
                li { a href="/games" { "Games" } ": every game registered, and why a void one is void." }
                li { a href="/cases" { "Moderation cases" } ": every declared case and its appeals." }
                li { a href="/court" { "The Court of Appeals" } ": the docket, hearings, votes and opinions." }
                li { a href="/rules" { "The rulebook" } ": every rule and its versions." }
                li { a href="/proposals" { "Proposals" } ", " a href="/points" { "players' points" } " and " a href="/orders" { "Points of Order" } "." }
                li { a href="/search" { "Search" } " the rules, proposals, opinions, declarations and announcements." }
            }
        }
    }
}

pub fn announcements(all: &Announcements, tz: Tz) -> Markup {
    html! {
        h1 { "Announcements" }
        (feed(&all.announcements, tz))
        (pager(all.next_before.map(|b| format!("/announcements?before={b}"))))
    }
}
