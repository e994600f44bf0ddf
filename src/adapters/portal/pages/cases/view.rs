//! The cases as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::{CaseDetail, CaseRow, Cases};
use crate::adapters::portal::layout::{none, pager, paragraphs, person, when};
use crate::adapters::portal::words;

fn target(c: &CaseRow) -> Markup {
    html! {
        @match (c.target_id, &c.target) {
            (Some(id), Some(name)) => (person(id, name)),
            _ => "—",
        }
    }
}

pub fn list(cases: &Cases, tz: Tz) -> Markup {
    html! {
        h1 { "Cases" }
        p { "Every moderation action, once its declaration is made in #discussion (Terms §III Act 2.4)." }
        @if cases.cases.is_empty() {
            (none("No case has been declared."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Declared cases, newest first" }
                    thead { tr {
                        th scope="col" class="num" { "Case" } th scope="col" { "Action" } th scope="col" { "Member" }
                        th scope="col" { "Moderator" } th scope="col" { "Declared" } th scope="col" { "Status" }
                    } }
                    tbody {
                        @for c in &cases.cases {
                            tr {
                                td class="num" { a href=(format!("/cases/{}", c.number)) { (c.number) } }
                                td { (c.kind) }
                                td { (target(c)) }
                                td { (person(c.actor_id, &c.actor)) }
                                td { (when(c.declared_at, tz)) }
                                td { (c.status) }
                            }
                        }
                    }
                }
            }
        }
        (pager(cases.next_before.map(|b| format!("/cases?before={b}"))))
    }
}

pub fn one(d: &CaseDetail, tz: Tz) -> Markup {
    let c = &d.case;
    html! {
        h1 { "Case " (c.number) ": " (c.kind) }
        dl class="facts" {
            dt { "Member" } dd { (target(c)) }
            dt { "Taken by" } dd { (person(c.actor_id, &c.actor)) }
            dt { "Taken" } dd { (when(c.taken_at, tz)) }
            dt { "Declared" } dd { (when(c.declared_at, tz)) }
            dt { "Status" } dd class="status" { (c.status) @if let Some(r) = &d.status_reason { ": " (r) } }
            @if let Some(g) = d.game { dt { "Game" } dd { a href=(format!("/games/{g}")) { "Game " (g) } } }
            @if let Some(s) = d.step { dt { "Step of the ladder" } dd { (s) " (Terms §II Act 5)" } }
            @if let Some(p) = d.points { dt { "Points" } dd { (p) } }
            @if let Some(end) = d.ends_at { dt { "Ends" } dd { (when(end, tz)) } }
            @if let Some(end) = d.ended_at { dt { "Ended" } dd { (when(end, tz)) } }
            dt { "Appealable" } dd { @if d.appealable { "yes (Terms §III Act 3)" } @else { "no" } }
        }
        h2 { "Reason" }
        (paragraphs(&d.reason))
        @if let Some(why) = &d.discretion {
            h2 { "Discretion" }
            (paragraphs(why))
        }
        h2 { "Declaration" }
        @match &d.declaration {
            Some(text) => blockquote { (paragraphs(text)) },
            None => (none("The declaration's text was not kept.")),
        }
        h2 { "Appeals" }
        @if d.appeals.is_empty() {
            (none("No appeal about this case."))
        } @else {
            ul {
                @for a in &d.appeals {
                    li {
                        a href=(format!("/court/appeals/{}", a.number)) { "Appeal " (a.number) }
                        " by " (person(a.appellant.id, &a.appellant.name)) ", filed " (when(a.filed_at, tz)) ": " (words::stage(a.stage)) "."
                    }
                }
            }
        }
    }
}
