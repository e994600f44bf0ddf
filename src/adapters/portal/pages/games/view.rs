//! The games as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::{GameDetail, GameRow, Games};
use crate::adapters::portal::layout::{day, none, pager, person, when};
use crate::store::leaderboard::games::GameStatus;

fn result(g: &GameRow) -> Markup {
    html! {
        @match g.result.as_deref() {
            Some("white") => { (person(g.white.id, &g.white.name)) " (white) won" },
            Some("black") => { (person(g.black.id, &g.black.name)) " (black) won" },
            Some(_) => "drawn",
            // A game in progress has no result yet; a game voided before it ended never had one.
            None if g.status == GameStatus::InProgress => "none yet",
            None => "none",
        }
    }
}

pub fn list(games: &Games, tz: Tz) -> Markup {
    let next = games.next_before.map(|b| match &games.member {
        Some(m) => format!("/games?member={}&before={b}", m.id),
        None => format!("/games?before={b}"),
    });
    html! {
        @match &games.member {
            Some(m) => h1 { "Games of " (m.name) },
            None => h1 { "Games" },
        }
        form class="search" method="get" action="/games" role="search" aria-label="Filter games" {
            div {
                label for="member" { "Member number" }
                input id="member" name="member" type="number" min="1" inputmode="numeric"
                    value=[games.member.as_ref().map(|m| m.id)];
            }
            button type="submit" { "Show their games" }
        }
        @if games.games.is_empty() {
            (none("No games."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Games, newest first" }
                    thead { tr {
                        th scope="col" class="num" { "Game" } th scope="col" { "Played" } th scope="col" { "White" }
                        th scope="col" { "Black" } th scope="col" { "Result" } th scope="col" { "Status" }
                    } }
                    tbody {
                        @for g in &games.games {
                            tr {
                                td class="num" { a href=(format!("/games/{}", g.number)) { (g.number) } }
                                td { (when(g.played_at, tz)) @if g.online { " (online)" } }
                                td { (person(g.white.id, &g.white.name)) }
                                td { (person(g.black.id, &g.black.name)) }
                                td { (result(g)) }
                                td class=[matches!(g.status, GameStatus::Voided).then_some("void")] { (g.status) }
                            }
                        }
                    }
                }
            }
        }
        (pager(next))
    }
}

pub fn one(d: &GameDetail, tz: Tz) -> Markup {
    let g = &d.game;
    html! {
        h1 { "Game " (g.number) }
        @if let Some(reason) = &d.void_reason {
            div class="void" role="note" {
                p { strong { "This game is void" } @if let Some(at) = d.voided_at { " since " (when(at, tz)) } ": " (reason) }
                p { "It is reversed as though it never happened: it moves no score." }
            }
        }
        dl class="facts" {
            dt { "White" } dd { (person(g.white.id, &g.white.name)) }
            dt { "Black" } dd { (person(g.black.id, &g.black.name)) }
            dt { "Result" } dd { (result(g)) }
            dt { "Status" } dd class="status" { (g.status) }
            dt { "Played" } dd { (when(g.played_at, tz)) " (club day " (day(d.club_date)) ")" }
            dt { "Where" } dd { @if g.online { "online" } @else { "at the club" } @if d.clock_used { ", with a clock" } }
            dt { "Ended by" } dd {
                (d.ended_by)
                @if let Some((w, b)) = d.material { ": white took " (w) ", black took " (b) }
                @if let Some(a) = &d.adjudicated_by { " (adjudicated by " (person(a.id, &a.name)) ")" }
            }
            dt { "Registered by" } dd { (person(d.registered_by.id, &d.registered_by.name)) }
            @if let Some(a) = &d.approved_by { dt { "Approved by" } dd { (person(a.id, &a.name)) } }
            @if let Some(r) = d.rematch_of { dt { "Rematch of" } dd { a href=(format!("/games/{r}")) { "Game " (r) } } }
        }
        h2 { "Scores" }
        @if d.changes.is_empty() {
            (none("This game moves no score."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "How the game moved the scores" }
                    thead { tr { th scope="col" { "Member" } th scope="col" class="num" { "Before" } th scope="col" class="num" { "After" } th scope="col" class="num" { "Change" } } }
                    tbody {
                        @for c in &d.changes {
                            tr { td { (person(c.member.id, &c.member.name)) } td class="num" { (c.before) } td class="num" { (c.after) } td class="num" { (format!("{:+}", c.after - c.before)) } }
                        }
                    }
                }
            }
        }
        @if let Some(r) = &d.rematch {
            h2 { "Objection and rematch" }
            p {
                (person(r.petitioner.id, &r.petitioner.name)) " objected on " (when(r.filed_at, tz)) "; the rematch: " (r.status) "."
                @if let Some(n) = r.rematch_game { " " a href=(format!("/games/{n}")) { "Game " (n) } " replaced it." }
            }
        }
        @if !d.cases.is_empty() {
            h2 { "Cases about this game" }
            ul { @for c in &d.cases { li { a href=(format!("/cases/{c}")) { "Case " (c) } } } }
        }
    }
}
