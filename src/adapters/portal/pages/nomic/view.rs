//! Proposals and points as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::data::{Points, Proposal, Proposals};
use crate::adapters::portal::layout::{none, pager, paragraphs, person, when};
use crate::adapters::portal::words;
use crate::domain::nomic::proposal_record::ProposalStatus;

pub fn proposals(p: &Proposals, tz: Tz) -> Markup {
    html! {
        h1 { "Proposals" }
        @if p.proposals.is_empty() { (none("No proposal has been made.")) } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Proposals, newest first" }
                    thead { tr { th scope="col" class="num" { "Number" } th scope="col" { "Kind" } th scope="col" { "Rule" } th scope="col" { "By" } th scope="col" { "Made" } th scope="col" { "Status" } } }
                    tbody {
                        @for x in &p.proposals {
                            tr {
                                td class="num" { a href=(format!("/proposals/{}", x.number)) { (x.number) } }
                                td { (words::proposal_kind(x.kind)) }
                                td { @if let Some(r) = &x.rule { a href=(crate::adapters::portal::pages::rules::href(r)) { (r) } } }
                                td { (person(x.proposer_id, &x.proposer)) }
                                td { (when(x.submitted_at, tz)) }
                                td { (x.status.describe()) @if let (Some(at), true) = (x.closes_at, x.status == ProposalStatus::Voting) { ", closes " (when(at, tz)) } }
                            }
                        }
                    }
                }
            }
        }
        (pager(p.next_before.map(|b| format!("/proposals?before={b}"))))
    }
}

pub fn proposal(p: &Proposal, tz: Tz) -> Markup {
    html! {
        h1 { "Proposal " (p.number) ": " (words::proposal_kind(p.kind)) }
        dl class="facts" {
            dt { "By" } dd { (person(p.proposer.id, &p.proposer.name)) }
            dt { "Made" } dd { (when(p.submitted_at, tz)) }
            @if let Some(r) = &p.rule { dt { "Rule" } dd { a href=(crate::adapters::portal::pages::rules::href(r)) { (r) } } }
            dt { "Status" } dd class="status" { (p.status_words) }
            @if let Some(at) = p.closes_at { dt { "Voting closes" } dd { (when(at, tz)) } }
            @if let Some(at) = p.decided_at { dt { "Decided" } dd { (when(at, tz)) } }
            @if let Some(r) = &p.result { dt { "Result" } dd { (r) } }
            @if let Some(r) = &p.reason { dt { "Why" } dd { (r) } }
            dt { "Votes" } dd { (p.yes) " yes, " (p.no) " no" }
        }
        h2 { "Text" }
        blockquote { (paragraphs(&p.text)) }
        @if !p.votes.is_empty() {
            h2 { "Votes" }
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Each vote, in the order cast" }
                    thead { tr { th scope="col" { "Voter" } th scope="col" { "Vote" } th scope="col" { "Cast" } } }
                    tbody { @for v in &p.votes { tr { td { (person(v.voter.id, &v.voter.name)) } td { (v.vote) } td { (when(v.at, tz)) } } } }
                }
            }
        }
        @if !p.points.is_empty() {
            h2 { "Points" }
            ul { @for c in &p.points { li { (person(c.player_id, &c.player)) " " (format!("{:+}", c.change)) " (total " (c.total) "): " (c.reason) } } }
        }
        @if !p.points_of_order.is_empty() {
            h2 { "Points of Order about it" }
            ul { @for n in &p.points_of_order { li { a href=(format!("/orders/{n}")) { "Point of Order " (n) } } } }
        }
    }
}

pub fn points(p: &Points, tz: Tz) -> Markup {
    html! {
        h1 { "Players' points" }
        @if let Some(w) = &p.winner { p { strong { (person(w.id, &w.name)) " has won the game." } } }
        @if p.players.is_empty() { (none("Nobody plays the game of Nomic yet.")) } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Players by points" }
                    thead { tr { th scope="col" { "Player" } th scope="col" class="num" { "Points" } th scope="col" { "Day" } } }
                    tbody {
                        @for x in &p.players {
                            tr {
                                td { (person(x.player.id, &x.player.name)) @if x.forfeited_at.is_some() { " (forfeited)" } }
                                td class="num" { (x.points) }
                                td { (x.day.as_deref().unwrap_or("—")) }
                            }
                        }
                    }
                }
            }
        }
        h2 { "Latest changes" }
        @if p.changes.is_empty() { (none("No points have changed.")) } @else {
            ul {
                @for c in &p.changes {
                    li {
                        (when(c.at, tz)) ": " (person(c.player_id, &c.player)) " " (format!("{:+}", c.change)) " (total " (c.total) "), " (c.reason)
                        @if let Some(n) = c.proposal { " (" a href=(format!("/proposals/{n}")) { "proposal " (n) } ")" }
                    }
                }
            }
        }
    }
}
