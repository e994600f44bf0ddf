//! Tournaments, one tournament and one match as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::{MatchDetail, MatchOut, TournamentDetail, Tournaments};
use crate::adapters::portal::layout::{none, when};
use crate::domain::tournament::final_match::clock;
use crate::domain::tournament::negotiation::utc;
use crate::store::keys::StoredKey;

pub fn list(t: &Tournaments) -> Markup {
    html! {
        h1 { "Tournaments" }
        @if t.tournaments.is_empty() {
            (none("No tournaments."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Every tournament, newest first" }
                    thead { tr {
                        th scope="col" class="num" { "Tournament" } th scope="col" { "Name" }
                        th scope="col" { "Format" } th scope="col" { "Stage" } th scope="col" { "Director" }
                    } }
                    tbody {
                        @for r in &t.tournaments {
                            tr {
                                td class="num" { a href=(format!("/tournaments/{}", r.number)) { (r.number) } }
                                td { (r.name) }
                                td { (r.format) }
                                td { (r.stage) }
                                td { (r.director.as_deref().unwrap_or("none yet")) }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn matches_table(caption: &str, matches: &[&MatchOut]) -> Markup {
    html! {
        div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
            table {
                caption { (caption) }
                thead { tr {
                    th scope="col" class="num" { "Match" } th scope="col" { "Stage" }
                    th scope="col" class="num" { "Round" } th scope="col" { "Players" }
                    th scope="col" { "Score" } th scope="col" { "State" }
                } }
                tbody {
                    @for m in matches {
                        tr {
                            td class="num" { a href=(format!("/tournaments/matches/{}", m.number)) { (m.number) } }
                            td { (m.stage.key()) }
                            td class="num" { (m.round) }
                            td { (m.first) @if let Some(s) = &m.second { " – " (s) } }
                            td { (m.score) }
                            td {
                                (m.state)
                                @if let Some(at) = m.starts_at { ", starts " (utc(at)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

pub fn one(d: &TournamentDetail, tz: Tz) -> Markup {
    let t = &d.tournament;
    let matches: Vec<&MatchOut> = d.matches.iter().collect();
    html! {
        h1 { "Tournament " (t.number) ": " (t.name) }
        dl class="facts" {
            dt { "Format" } dd { (t.format) }
            dt { "Stage" } dd { (t.stage) }
            dt { "Director" } dd { (t.director.as_deref().unwrap_or("none yet")) }
            @if let Some(r) = d.rounds { dt { "Swiss rounds" } dd { (r) } }
        }
        h2 { "Entrants" }
        @if d.entrants.is_empty() {
            (none("Nobody has entered."))
        } @else {
            ul { @for e in &d.entrants {
                li { (e.name) ": " (e.status.key()) @if let Some(s) = &e.seeded { ", seeded into the " (s.key()) } }
            } }
        }
        h2 { "The Swiss's standings" }
        @if d.swiss.is_empty() { (none("The Swiss has not begun.")) }
        @else { ol { @for l in &d.swiss { li { (l) } } } }
        @if !d.candidates.is_empty() {
            h2 { "The Candidates" }
            ol { @for l in &d.candidates { li { (l) } } }
        }
        h2 { "Matches" }
        @if matches.is_empty() { (none("No matches yet.")) }
        @else { (matches_table("Every match, by stage and round", &matches)) }
        h2 { "The Director's rulings" }
        @if d.rulings.is_empty() { (none("No rulings.")) }
        @else {
            ol { @for r in &d.rulings {
                li {
                    "Ruling " (r.number) ", " (when(r.at, tz))
                    @if let Some(m) = r.a_match { " on " a href=(format!("/tournaments/matches/{m}")) { "match " (m) } }
                    ": " (r.text)
                }
            } }
        }
    }
}

pub fn a_match(d: &MatchDetail, _tz: Tz) -> Markup {
    let m = &d.a_match;
    html! {
        h1 { "Match " (m.number) }
        dl class="facts" {
            dt { "Tournament" } dd { a href=(format!("/tournaments/{}", d.tournament)) { (d.tournament_name) } }
            dt { "Stage and round" } dd { (m.stage.key()) ", round " (m.round) }
            dt { "Players" } dd { (m.first) @if let Some(s) = &m.second { " – " (s) } }
            dt { "Score" } dd { (m.score) " (" (m.state) ")" }
            @if let Some(start) = d.week_start {
                dt { "Week (UTC)" } dd { "from " (utc(start)) }
            }
            @if let Some(at) = m.starts_at {
                dt { "Starts" } dd { (utc(at)) @if let Some(by) = &d.time_by { " (" (by.key()) ")" } }
            }
            @if let Some(f) = &d.fault { dt { "At fault at the offers' deadline" } dd { (f.key()) } }
            @if let (Some(w), Some(s)) = (&d.white, d.white_seconds) {
                dt { "Armageddon" } dd { (w) " plays White with " (clock(s as u32)) }
            }
        }
        h2 { "Games" }
        @if d.games.is_empty() { (none("No games recorded.")) }
        @else { ol { @for g in &d.games { li { (g) } } } }
        h2 { "Offers of a time (UTC)" }
        @if d.offers.is_empty() { (none("No offers.")) }
        @else {
            ol { @for o in &d.offers {
                li { "Offer " (o.number) " by " (o.by) ": " (utc(o.at)) @if o.accepted { " (accepted)" } }
            } }
        }
    }
}
