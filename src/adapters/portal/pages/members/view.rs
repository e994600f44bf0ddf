//! The Leaderboard and a member's page as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::{Board, Member};
use crate::adapters::portal::chart::score_chart;
use crate::adapters::portal::layout::{none, pager, person, when};

pub fn board(board: &Board) -> Markup {
    html! {
        h1 { "Leaderboard" }
        p { (board.members) " members. Ties share a rank (Terms §II Act 2)." }
        @if board.rows.is_empty() {
            (none("Nobody is on the Leaderboard yet."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Members by score" }
                    thead { tr { th scope="col" class="num" { "Rank" } th scope="col" { "Member" } th scope="col" class="num" { "Score" } } }
                    tbody {
                        @for r in &board.rows {
                            tr { td class="num" { (r.rank) } td { (person(r.id, &r.name)) } td class="num" { (r.score) } }
                        }
                    }
                }
            }
        }
        (pager(board.next_after.as_ref().map(|a| format!("/leaderboard?after={a}"))))
    }
}

pub fn member(m: &Member, tz: Tz) -> Markup {
    let points: Vec<_> = m.history.iter().map(|s| (s.at, s.after)).collect();
    let voided: Vec<_> = m.voided.iter().map(|v| v.at).collect();
    let summary = match (m.history.first(), m.history.last()) {
        (Some(a), Some(b)) => format!(
            "{} events moved the score from {} to {}; {} voided events are marked.",
            m.history_total,
            a.before,
            b.after,
            m.voided.len()
        ),
        _ => "No event has moved the score.".to_owned(),
    };
    html! {
        h1 { (m.who.name) }
        dl class="facts" {
            dt { "Status" } dd { (m.status) }
            @if let Some(score) = m.score { dt { "Score" } dd { (score) } }
            @if let Some(rank) = m.rank { dt { "Rank" } dd { (rank) } }
            @for s in &m.memberships {
                dt { "Joined" } dd {
                    (when(s.joined_at, tz))
                    @if let Some(end) = s.ended_at {
                        "; left " (when(end, tz))
                        @if let Some(r) = &s.end_reason { " (" (r) ")" }
                    }
                }
            }
        }
        section aria-labelledby="score" {
            h2 id="score" { "Score" }
            (score_chart(&points, &voided, &summary))
            @if m.history.is_empty() {
                (none("No event has moved this score."))
            } @else {
                div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                    table {
                        caption {
                            "Every event that moved the score"
                            @if m.history_total > m.history.len() { " (the latest " (m.history.len()) " of " (m.history_total) ")" }
                        }
                        thead { tr { th scope="col" { "When" } th scope="col" { "Event" } th scope="col" class="num" { "Before" } th scope="col" class="num" { "After" } } }
                        tbody {
                            @for s in m.history.iter().rev() {
                                tr {
                                    td { (when(s.at, tz)) }
                                    td {
                                        @if let Some(g) = s.game { a href=(format!("/games/{g}")) { "Game " (g) } }
                                        @else if let Some(c) = s.case { a href=(format!("/cases/{c}")) { "Case " (c) } ": " (s.reason) }
                                        @else { (s.reason) }
                                    }
                                    td class="num" { (s.before) } td class="num" { (s.after) }
                                }
                            }
                        }
                    }
                }
            }
            @if !m.voided.is_empty() {
                div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                    table {
                        caption { "Voided events (reversed as though they never happened)" }
                        thead { tr { th scope="col" { "When" } th scope="col" { "Event" } th scope="col" { "Voided" } th scope="col" { "Why" } } }
                        tbody {
                            @for v in &m.voided {
                                tr class="void" {
                                    td { (when(v.at, tz)) }
                                    td { @if let Some(g) = v.game { a href=(format!("/games/{g}")) { "Game " (g) } } @else { (v.reason) } }
                                    td { (when(v.voided_at, tz)) }
                                    td { (v.void_reason.as_deref().unwrap_or("")) }
                                }
                            }
                        }
                    }
                }
            }
        }
        section aria-labelledby="games" {
            h2 id="games" { "Games" }
            @if m.games.is_empty() { (none("No games.")) } @else {
                ul {
                    @for g in &m.games {
                        li {
                            a href=(format!("/games/{}", g.number)) { "Game " (g.number) } ", " (when(g.played_at, tz)) ": "
                            (g.outcome) " as " (g.colour) " against " (person(g.opponent.id, &g.opponent.name))
                            " (" (g.status) ")"
                        }
                    }
                }
                p { a href=(format!("/games?member={}", m.who.id)) { "Every game of " (m.who.name) } }
            }
        }
        section aria-labelledby="cases" {
            h2 id="cases" { "Cases" }
            @if m.cases.is_empty() { (none("No declared cases.")) } @else {
                ul {
                    @for c in &m.cases {
                        li { a href=(format!("/cases/{}", c.number)) { "Case " (c.number) } ": " (c.kind) ", taken " (when(c.taken_at, tz)) ", declared " (when(c.declared_at, tz)) "; " (c.status) "." }
                    }
                }
            }
        }
        section aria-labelledby="appeals" {
            h2 id="appeals" { "Appeals" }
            @if m.appeals.is_empty() { (none("No appeals.")) } @else {
                ul {
                    @for a in &m.appeals {
                        li { a href=(format!("/court/appeals/{}", a.number)) { "Appeal " (a.number) } ", filed " (when(a.filed_at, tz)) ": " (crate::adapters::portal::words::stage(a.stage)) "." }
                    }
                }
            }
        }
        section aria-labelledby="offices" {
            h2 id="offices" { "Offices" }
            @if m.offices.is_empty() { (none("No office held.")) } @else {
                ul {
                    @for o in &m.offices {
                        li {
                            (office_name(&o.office))
                            @if let Some(game) = &o.game { " of " (game) }
                            ", from " (when(o.started_at, tz))
                            @if let Some(end) = o.ended_at { " to " (when(end, tz)) } @else { " (holds it now)" }
                        }
                    }
                }
            }
        }
    }
}

fn office_name(key: &str) -> String {
    crate::domain::kernel::office::Office::from_key(key)
        .map_or_else(|| key.to_owned(), |o| o.to_string())
}
