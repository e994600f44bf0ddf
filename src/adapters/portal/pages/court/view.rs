//! The docket and an appeal as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::data::{Against, Round};
use super::{AppealDetail, Docket};
use crate::adapters::portal::layout::{none, pager, paragraphs, person, when};
use crate::adapters::portal::words;

fn against(a: &Against) -> Markup {
    html! {
        @if let Some(case) = a.case {
            @if a.case_declared { a href=(format!("/cases/{case}")) { "case " (case) } } @else { "case " (case) }
        } @else if a.deduction {
            "a weekly deduction"
        } @else if let Some(m) = &a.matter {
            (m)
        } @else {
            "—"
        }
    }
}

pub fn docket(d: &Docket, tz: Tz) -> Markup {
    html! {
        h1 { "The Court of Appeals" }
        p { "Every appeal filed (Terms §III Act 3): its stage and its next deadline while it is on the docket." }
        @if d.appeals.is_empty() {
            (none("No appeal has been filed."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { "Appeals, newest first" }
                    thead { tr {
                        th scope="col" class="num" { "Appeal" } th scope="col" { "Appellant" } th scope="col" { "Against" }
                        th scope="col" { "Filed" } th scope="col" { "Stage" } th scope="col" { "Next deadline" }
                    } }
                    tbody {
                        @for a in &d.appeals {
                            tr {
                                td class="num" { a href=(format!("/court/appeals/{}", a.number)) { (a.number) } }
                                td { (person(a.appellant.id, &a.appellant.name)) }
                                td { (against(&a.against)) }
                                td { (when(a.filed_at, tz)) }
                                td { (words::stage(a.stage)) }
                                td { @if let (true, Some(at)) = (a.on_the_docket, a.next_deadline) { (when(at, tz)) } @else { "—" } }
                            }
                        }
                    }
                }
            }
        }
        (pager(d.next_before.map(|b| format!("/court?before={b}"))))
    }
}

fn round(r: &Round, caption: &str, tz: Tz) -> Markup {
    html! {
        p { "Bench: " (r.bench) ": "
            @for (i, j) in r.justices.iter().enumerate() { @if i > 0 { ", " } (person(j.id, &j.name)) }
            "." }
        @if r.votes.is_empty() {
            (none("No vote yet."))
        } @else {
            div class="table-wrap" tabindex="0" role="region" aria-label="A table: scroll sideways to see all of it" {
                table {
                    caption { (caption) }
                    thead { tr { th scope="col" { "Justice" } th scope="col" { "Vote" } th scope="col" { "Reasons" } th scope="col" { "When" } } }
                    tbody {
                        @for v in &r.votes {
                            tr { td { (person(v.justice.id, &v.justice.name)) } td { (v.vote) } td { (v.reasons) } td { (when(v.at, tz)) } }
                        }
                    }
                }
            }
        }
    }
}

pub fn appeal(a: &AppealDetail, tz: Tz) -> Markup {
    let r = &a.row;
    html! {
        h1 { "Appeal " (r.number) }
        dl class="facts" {
            dt { "Appellant" } dd { (person(r.appellant.id, &r.appellant.name)) }
            dt { "Against" } dd { (against(&r.against)) }
            dt { "Filed" } dd { (when(r.filed_at, tz)) }
            dt { "Stage" } dd class="status" { (words::stage(r.stage)) }
            @if let (true, Some(at)) = (r.on_the_docket, r.next_deadline) { dt { "Next deadline" } dd { (when(at, tz)) } }
            @if !a.granted_by.is_empty() {
                dt { "Granted by" } dd { @for (i, j) in a.granted_by.iter().enumerate() { @if i > 0 { ", " } (person(j.id, &j.name)) } }
            }
            @if let Some(at) = a.redecide_due_at { dt { "Re-decision due" } dd { (when(at, tz)) } }
            @if let Some(at) = a.redecided_at { dt { "Re-decided" } dd { (when(at, tz)) } }
        }
        h2 { "Grounds" }
        (paragraphs(&a.grounds))
        @if let Some(refusal) = &a.refused {
            h2 { "Refused" }
            p { (person(refusal.by.id, &refusal.by.name)) " refused to hear it on " (when(refusal.at, tz)) ": " (refusal.reason) }
        }
        @for (i, j) in a.judgements.iter().enumerate() {
            h2 { @if i == 0 { "Decision" } @else { "Decision of the whole Court" } }
            (round(&j.round, "Votes and reasons", tz))
            p { strong { "Decided " (when(j.decided_at, tz)) ": " (j.decision) } @if !j.by_majority { " (no majority: the decision reviewed stands)" } }
        }
        @if let Some(h) = &a.hearing {
            h2 { "Hearing" }
            (round(h, "Votes so far", tz))
        }
        h2 { "Opinion" }
        @if a.opinions.is_empty() {
            (none("No opinion is owed yet."))
        }
        @for o in &a.opinions {
            @match (&o.text, o.published_at) {
                (Some(text), Some(at)) => {
                    p { "The opinion of " @if o.en_banc { "the whole Court" } @else { "the Court" } ", written by "
                        @if let Some(by) = &o.by { (person(by.id, &by.name)) } ", published " (when(at, tz)) " (Terms §III Act 3.10):" }
                    blockquote { (paragraphs(text)) }
                },
                _ => p { "An opinion is due by " (when(o.due_at, tz)) "." },
            }
        }
        h2 { "Effects" }
        @if a.effects.is_empty() { (none("No effect on the record yet.")) } @else {
            ul { @for e in &a.effects { li { (e) } } }
        }
        h2 { "History" }
        @if a.history.is_empty() { (none("No history recorded.")) } @else {
            ol class="feed" {
                @for m in &a.history { li { p class="meta" { (when(m.at, tz)) } p class="post" { (m.text) } } }
            }
        }
    }
}
