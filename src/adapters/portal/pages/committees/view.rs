//! Motions and the house rules as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::{HouseRules, MotionDetail, Motions};
use crate::adapters::portal::layout::{none, paragraphs, person, when};

pub fn list(m: &Motions, tz: Tz) -> Markup {
    html! {
        h1 { "Motions" }
        h2 { "Committees" }
        @if m.committees.is_empty() {
            (none("No committees."))
        } @else {
            ul { @for c in &m.committees { li { (c.rules) } } }
        }
        h2 { "Motions, newest first" }
        @if m.motions.is_empty() {
            (none("No motions."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Every committee's motions" }
                    thead { tr {
                        th scope="col" class="num" { "Motion" } th scope="col" { "Committee" }
                        th scope="col" { "Kind" } th scope="col" { "Text" } th scope="col" { "Opened" }
                        th scope="col" { "Status" }
                    } }
                    tbody {
                        @for r in &m.motions {
                            tr {
                                td class="num" { a href=(format!("/motions/{}", r.number)) { (r.number) } }
                                td { (r.committee) }
                                td { (r.kind) }
                                td { (r.text) }
                                td { (when(r.opened_at, tz)) }
                                td { (r.status) }
                            }
                        }
                    }
                }
            }
        }
    }
}

pub fn one(d: &MotionDetail, tz: Tz) -> Markup {
    let m = &d.motion;
    html! {
        h1 { "Motion " (m.number) }
        dl class="facts" {
            dt { "Committee" } dd { (m.committee) }
            dt { "Kind" } dd { (m.kind) }
            @if let Some(item) = &d.item { dt { "House rule" } dd { (item) } }
            @if let Some(parent) = d.overrides_veto_of {
                dt { "Overrides the veto of" } dd { a href=(format!("/motions/{parent}")) { "motion " (parent) } }
            }
            dt { "Opened" } dd { (when(m.opened_at, tz)) }
            dt { "Closes" } dd { (when(d.closes_at, tz)) }
            dt { "Rules" } dd { (d.rules) }
            dt { "Status" } dd { (m.status) }
            @if let Some(counts) = &d.counts { dt { "Count" } dd { (counts) } }
            @if let Some(result) = &d.result { dt { "Result" } dd { (result) } }
            @if let Some(choice) = &d.tie_break { dt { "The TD's tie-break" } dd { (choice) } }
            @if let Some(approval) = &d.approval { dt { "With the TD" } dd { (approval) } }
            @if let Some(reason) = &d.veto_reason { dt { "Reason for the veto" } dd { (reason) } }
        }
        h2 { "Text" }
        (paragraphs(&m.text))
        @if let Some(text) = &d.new_text {
            h2 { "New text" }
            (paragraphs(text))
        }
        h2 { "Sitting body (" (d.sitting_size) ")" }
        div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
            table {
                caption { "Who sat, why, and how each voted" }
                thead { tr { th scope="col" { "Person" } th scope="col" { "Why" } th scope="col" { "Sits" } th scope="col" { "Vote" } } }
                tbody {
                    @for s in &d.sitting {
                        tr {
                            td { (person(s.person, &s.name)) }
                            td { (s.why) }
                            td { @if s.sits { "yes" } @else { "no" } }
                            td { (s.vote.as_deref().unwrap_or("—")) }
                        }
                    }
                }
            }
        }
    }
}

pub fn house_rules(h: &HouseRules) -> Markup {
    html! {
        h1 { "House rules" }
        @if h.items.is_empty() {
            (none("No house rules have been imported."))
        } @else {
            @for i in &h.items {
                section aria-labelledby=(format!("item-{}", i.label)) {
                    h2 id=(format!("item-{}", i.label)) { (i.label) }
                    p class="meta" {
                        (i.heading) ", version " (i.version)
                        @if let Some(n) = i.changed_by_motion {
                            ", from " a href=(format!("/motions/{n}")) { "motion " (n) }
                        }
                    }
                    (paragraphs(&i.text))
                    @if !i.in_gavel.is_empty() {
                        ul class="in-gavel" aria-label=(format!("{} in gavel", i.label)) {
                            @for line in &i.in_gavel {
                                li { (line) }
                            }
                        }
                    }
                }
            }
        }
    }
}
