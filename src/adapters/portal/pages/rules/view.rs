//! The rulebook and a rule's history as HTML.

use chrono_tz::Tz;
use maud::{html, Markup};

use super::{RuleHistory, Rules};
use crate::adapters::portal::diff;
use crate::adapters::portal::layout::{day, none, paragraphs, when};
use crate::store::keys::StoredKey;

pub fn list(r: &Rules, tz: Tz) -> Markup {
    html! {
        h1 { @if let Some(t) = &r.title { (t) } @else { "The rulebook" } }
        form class="search" method="get" action="/rules" {
            div {
                label for="as_of" { "The rulebook as it stood at the end of" }
                input id="as_of" name="as_of" type="date" value=[r.as_of.map(|d| d.to_string())];
            }
            button type="submit" { "Show" }
        }
        @if let Some(d) = r.as_of { p { "As it stood at the end of " (day(d)) ". " a href="/rules" { "The rulebook in force" } } }
        @if let (Some(at), Some(s)) = (r.since, &r.summary) { p { "Last changed " (when(at, tz)) ": " (s) } }
        @if r.rules.is_empty() {
            (none("No rulebook was in force then."))
        }
        @for rule in &r.rules {
            section class="rule" aria-labelledby=(format!("rule-{}", rule.label.replace([' ', '§', '.'], "-"))) {
                h2 id=(format!("rule-{}", rule.label.replace([' ', '§', '.'], "-"))) {
                    a href=(rule.href) { "Rule " (rule.label) }
                    " (" (if rule.mutable { "mutable" } else { "immutable" }) ", version " (rule.version) ")"
                }
                (paragraphs(&rule.text))
            }
        }
    }
}

pub fn one(h: &RuleHistory, tz: Tz) -> Markup {
    html! {
        h1 { "Rule " (h.label) }
        p { (h.versions.len()) " versions, oldest first. Removed words are struck through, added words underlined." }
        @for v in &h.versions {
            section aria-labelledby=(format!("v{}", v.version)) {
                h2 id=(format!("v{}", v.version)) {
                    "Version " (v.version) ": " (v.change.key())
                }
                p class="meta" {
                    (when(v.at, tz))
                    @if let Some(n) = v.proposal { " by " a href=(format!("/proposals/{n}")) { "proposal " (n) } }
                    @if let Some(by) = &v.by { " (" (by) ")" }
                    @if let Some(f) = &v.former { "; formerly rule " (f) }
                    "; " (if v.mutable { "mutable" } else { "immutable" }) "."
                }
                @if v.diff.is_empty() {
                    (paragraphs(&v.text))
                } @else {
                    (diff::render(&v.diff))
                }
            }
        }
    }
}
