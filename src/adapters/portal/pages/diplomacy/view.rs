//! The Diplomacy tournament as HTML: rounds, boards, and a board's score with its working.

use maud::{html, Markup};

use super::{BoardDetail, Overview};
use crate::adapters::portal::layout::none;
use crate::store::keys::StoredKey;

pub fn overview(o: &Overview) -> Markup {
    html! {
        h1 { "Diplomacy" }
        h2 { "Rounds" }
        @if o.rounds.is_empty() {
            (none("No round is open."))
        }
        @for r in &o.rounds {
            h3 { "Round " (r.number) ", to Fall " (r.last_year) " (" (r.stage.key()) ")" }
            @if let Some(deal) = &r.deal {
                p { "Dealt with the seed " (r.deal_seed.unwrap_or_default()) ":" }
                ul { @for line in deal.lines() { li { (line) } } }
            }
            @if let Some(a) = &r.advancement {
                div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                    table {
                        caption { "Round " (r.number) "'s standings (d100 seed " (a.seed) ")" }
                        thead { tr {
                            th scope="col" class="num" { "Place" } th scope="col" { "Player" }
                            th scope="col" { "Power" } th scope="col" { "Team" } th scope="col" { "Board" }
                            th scope="col" class="num" { "Score" } th scope="col" { "Decided by" }
                            th scope="col" { "Advances" }
                        } }
                        tbody {
                            @for l in &a.placings {
                                tr {
                                    td class="num" { (l.place) }
                                    td { (l.name) }
                                    td { (l.power) }
                                    td { (l.team.as_deref().unwrap_or("")) }
                                    td { (l.board) }
                                    td class="num" { (l.shown) " (" (l.exact) ")" }
                                    td { (l.decided_by) @if !l.rolls.is_empty() { " (rolled " (l.rolls.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")) ")" } }
                                    td { @if a.advanced.iter().any(|x| x.0 == l.person_id) { "yes" } }
                                }
                            }
                        }
                    }
                }
                @if !a.teams.is_empty() {
                    div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                        table {
                            caption { "Round " (r.number) "'s team ranking (C.6)" }
                            thead { tr {
                                th scope="col" class="num" { "Place" } th scope="col" { "Team" }
                                th scope="col" { "Decided by" }
                            } }
                            tbody {
                                @for t in &a.teams {
                                    tr { td class="num" { (t.place) } td { (t.team) } td { (t.decided_by) } }
                                }
                            }
                        }
                    }
                }
                @if let Some(titles) = &a.titles {
                    h3 { "Titles (C.11-C.13)" }
                    ul { @for line in titles.lines() { li { (line) } } }
                }
            }
        }
        h2 { "Boards" }
        @if o.boards.is_empty() {
            (none("No boards yet."))
        } @else {
            ul {
                @for b in &o.boards {
                    li { a href=(format!("/diplomacy/boards/{}", b.id)) { (b.name) } ", " (b.turn) ", " (b.status.key()) }
                }
            }
        }
    }
}

pub fn board(d: &BoardDetail) -> Markup {
    html! {
        h1 { (d.board.name) }
        p { "Round " (d.board.round) "; " (d.board.turn) "; " (d.board.status.key()) "." }
        h2 { "Score" }
        p { "Scored on " (d.basis) "." }
        div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
            table {
                caption { "The score of each power, with its working (C.1-C.5)" }
                thead { tr {
                    th scope="col" { "Power" } th scope="col" { "Player" } th scope="col" class="num" { "Centres" }
                    th scope="col" class="num" { "Score" } th scope="col" { "Working" }
                } }
                tbody {
                    @for l in &d.lines {
                        tr {
                            td { (l.power) } td { (l.player) } td class="num" { (l.centres) }
                            td class="num" { (l.score) } td { (l.working) }
                        }
                    }
                }
            }
        }
        h2 { "Centres by season" }
        @if d.counts.is_empty() {
            (none("No counts recorded yet."))
        } @else {
            ul { @for (season, text) in &d.counts { li { (season) ": " (text) } } }
        }
    }
}
