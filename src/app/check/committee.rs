//! Committees' invariants: each closed motion's count equals its stored votes and its result
//! equals the tally of its rules (A.6, A.7), every vote came from someone sitting, open motions
//! and pending approvals have their jobs and nothing else does, a veto has its override, a
//! change in effect has its version, a referred dispute has its motion, the offices keep their
//! numbers (A.2, A.6), one person holds the TD's powers, and every office holder passes their
//! office's eligibility function (A.1, A.2, A.4, A.6, A.8, A.10, A.12).

use std::collections::BTreeSet;

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::app::committee::eligibility;
use crate::domain::committee::approval::{self, Approval};
use crate::domain::committee::bound;
use crate::domain::committee::dispute::Status as DisputeStatus;
use crate::domain::committee::motion::{Kind, Status};
use crate::domain::committee::tally::{self, Choice, Counts};
use crate::domain::kernel::office::Office;
use crate::jobs::Job;
use crate::store;
use crate::store::committee::motions::MotionRow;
use crate::store::keys::StoredKey;

pub(super) async fn check(
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let motions = store::committee::motions::all(conn).await?;
    let versions = store::committee::house_rules::all(conn).await?;
    let mut open = BTreeSet::new();
    let mut awaiting = BTreeSet::new();
    for m in &motions {
        let n = m.id;
        let sitting = store::committee::motions::seats(conn, n).await?;
        let votes = store::committee::motions::votes(conn, n).await?;
        if sitting.size() as i64 != m.sitting_size {
            breaches.push(format!(
                "Motion {n}'s sitting body is {} but {} was recorded (A.6)",
                sitting.size(),
                m.sitting_size
            ));
        }
        for (id, name, _) in &votes {
            if !sitting.sits(*id) {
                breaches.push(format!(
                    "Motion {n} has a vote by {name}, who does not sit (A.6)"
                ));
            }
        }
        let counts = Counts::of(votes.iter().map(|v| v.2));
        match m.status() {
            Status::Open => {
                open.insert(n);
                if pending.due(&Job::MotionClose { motion: n }).is_none() {
                    breaches.push(format!(
                        "Motion {n} is open, and no pending job closes it (A.6)"
                    ));
                }
            }
            status => {
                if m.counts() != Some(counts) {
                    breaches.push(format!(
                        "Motion {n}'s recorded count differs from its votes ({counts})"
                    ));
                }
                let decided = Status::after(tally::decide(counts, sitting.size(), &m.rules()));
                let broken = match m.tie_choice {
                    Some(Choice::Yes) => Status::Adopted,
                    Some(Choice::No) => Status::Rejected,
                    Some(Choice::Abstain) | None => Status::Tied,
                };
                let expected = if decided == Status::Tied {
                    broken
                } else {
                    decided
                };
                if status != expected {
                    breaches.push(format!(
                        "Motion {n} is {} but its votes decide {} (A.6, A.7)",
                        status.key(),
                        expected.key()
                    ));
                }
            }
        }
        match m.approval() {
            Some(Approval::Pending) => {
                awaiting.insert(n);
                if pending.due(&Job::ApprovalDeadline { motion: n }).is_none() {
                    breaches.push(format!(
                        "Motion {n} waits for the TD, and no pending job ends the TD's time (A.7)"
                    ));
                }
            }
            // A veto stands with no override when the TMC was below its minimum (A.2, A.7).
            Some(a @ (Approval::Vetoed | Approval::Overridden)) => {
                let overridden = motions
                    .iter()
                    .find(|o| o.parent_id == Some(n) && o.kind() == Kind::Override);
                if overridden.is_none() {
                    breaches.push(format!(
                        "Motion {n} was vetoed ({}), but no override was opened (A.7)",
                        a.key()
                    ));
                }
            }
            _ => {}
        }
        if m.approval().is_some_and(approval::takes_effect)
            && !versions.iter().any(|v| v.motion_id == Some(n))
        {
            breaches.push(format!(
                "Motion {n}'s change took effect, but house rule {} has no version from it (A.7)",
                m.item.as_deref().unwrap_or("?")
            ));
        }
    }
    for job in pending.jobs() {
        let dead = match job {
            Job::MotionClose { motion } => !open.contains(&motion),
            Job::ApprovalDeadline { motion } => !awaiting.contains(&motion),
            _ => false,
        };
        if dead {
            breaches.push(format!("{job:?} is pending for what has moved on"));
        }
    }
    for d in store::committee::disputes::all(conn).await? {
        if d.status == DisputeStatus::Referred && d.motion_id.is_none() {
            breaches.push(format!(
                "Dispute {} was referred, but has no motion (D.I.2)",
                d.id
            ));
        }
    }
    let count = async |conn: &mut SqliteConnection, office| -> sqlx::Result<usize> {
        Ok(store::offices::holders_of(conn, office).await?.len())
    };
    if count(conn, Office::TournamentDirector).await? > 1 {
        breaches.push("There is more than one Tournament Director (A.2)".into());
    }
    if count(conn, Office::AssistantDirector).await? > 2 {
        breaches.push("There are more than two Assistant TDs (A.2)".into());
    }
    let atds = store::offices::holders_of(conn, Office::AssistantDirector).await?;
    for (id, name, _) in store::offices::holders_of(conn, Office::ActingDirector).await? {
        if !atds.iter().any(|(a, ..)| *a == id) {
            breaches.push(format!(
                "{name} acts as TD without being an Assistant TD (A.6)"
            ));
        }
    }
    if count(conn, Office::TournamentDirector).await? + count(conn, Office::ActingDirector).await?
        > 1
    {
        breaches.push("More than one person holds the TD's powers (A.2, A.6)".into());
    }
    let bars = crate::app::committee::bound::house_bars(conn).await?;
    for office in Office::ALL.into_iter().filter(|o| o.is_tournament_office()) {
        for (id, name, game) in store::offices::holders_of(conn, office).await? {
            if let Some(g) = &game {
                if store::diplomacy::boards::own_name(conn, g).await?.as_ref() != Some(g) {
                    breaches.push(format!(
                        "{name} holds the office of {office} of {g}, which is not a board's name (A.9, A.12)"
                    ));
                }
            }
            let who = eligibility::candidate(conn, id, &name).await?;
            let ties = match &game {
                Some(g) => Some(eligibility::game_ties(conn, id, g).await?),
                None => None,
            };
            if let Err(e) =
                crate::domain::committee::eligibility::conflicts(office, &who, ties.as_ref(), &bars)
            {
                let of = game.map(|g| format!(" of {g}")).unwrap_or_default();
                breaches.push(format!(
                    "{name} holds the office of {office}{of}, though: {e}"
                ));
            }
        }
    }
    bindings(conn, breaches).await?;
    opened_under_their_rules(conn, &motions, breaches).await?;
    if let Some(most) =
        store::committee::committees::most_seated_by(conn, Office::TmcMember.key()).await?
    {
        let tmc = count(conn, Office::TmcMember).await?;
        if tmc > most as usize {
            breaches.push(format!("The TMC has {tmc} members, more than {most} (A.2)"));
        }
    }
    Ok(())
}

/// Every value gavel enforces by the house rules equals what its item's text states, or the
/// change is listed as not yet in effect, or the TD set it for that text (A.7); the TMC's own
/// rules equal A.2 and A.6 as gavel enforces them.
async fn bindings(conn: &mut SqliteConnection, breaches: &mut Breaches) -> sqlx::Result<()> {
    let current = store::committee::house_rules::current(conn).await?;
    if current.is_empty() {
        return Ok(());
    }
    let settings = store::committee::bound::all(conn).await?;
    let waits = store::committee::bound::waits(conn).await?;
    let value = |key: &str| {
        settings
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value.clone())
            .or_else(|| bound::by_key(key).map(|b| b.published.to_owned()))
            .unwrap_or_default()
    };
    for b in bound::BOUND {
        let Some(item) = current.iter().find(|v| v.label == b.item) else {
            continue;
        };
        let waiting = waits.iter().any(|w| w.key == b.key);
        let enforced = value(b.key);
        match (b.read)(&item.text) {
            Some(stated) if stated != enforced => breaches.push(format!(
                "gavel enforces {} as {enforced} by house rule {}, whose text states {stated} (A.7)",
                b.key, b.item
            )),
            Some(_) if waiting => breaches.push(format!(
                "{} is listed as not yet in effect, but house rule {} states it plainly (A.7)",
                b.key, b.item
            )),
            Some(_) => {}
            None => {
                let set_for_it = settings.iter().any(|s| {
                    s.key == b.key && s.source == "officer" && s.version == item.version
                });
                if !waiting && !set_for_it {
                    breaches.push(format!(
                        "house rule {} (version {}) does not state {} plainly, and it is neither listed as not yet in effect nor set by the TD for that text (A.7)",
                        b.item, item.version, b.key
                    ));
                }
            }
        }
        let Some(option) = b.committee else { continue };
        for row in store::committee::committees::all(conn).await? {
            if row.seats != Office::TmcMember.key() {
                continue;
            }
            let has = crate::app::committee::bound::committee_value(&row, option);
            if has != enforced {
                breaches.push(format!(
                    "{}'s {option} is {has}, but gavel enforces {} as {enforced} (A.2, A.6)",
                    row.name, b.key
                ));
            }
        }
    }
    Ok(())
}

/// Each motion was opened under its committee's rules as they stood then (the committee's
/// changes undone back to that moment), an override under A.7's thresholds aside.
async fn opened_under_their_rules(
    conn: &mut SqliteConnection,
    motions: &[MotionRow],
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let changes = store::committee::bound::committee_changes(conn).await?;
    for m in motions.iter().filter(|m| m.kind() != Kind::Override) {
        let row = store::committee::committees::by_id(conn, m.committee_id).await?;
        let then = |option: &str| {
            let mut value = crate::app::committee::bound::committee_value(&row, option);
            for c in changes.iter().rev() {
                if c.committee_id == m.committee_id && c.field == option && c.after_motion >= m.id {
                    value = c.old.clone();
                }
            }
            value
        };
        let mut wrong = Vec::new();
        for (option, had) in [
            ("turnout", m.turnout.as_str()),
            ("majority", m.majority.as_str()),
            ("tie_break", m.tie_break.as_str()),
            ("abstentions", m.abstentions.as_str()),
        ] {
            // Motions closed under the reading since corrected keep it.
            if option == "abstentions" && had == "turnout_only" {
                continue;
            }
            let then = then(option);
            if then != had {
                wrong.push(format!("{option} {had}, not {then}"));
            }
        }
        if !wrong.is_empty() {
            breaches.push(format!(
                "Motion {} was opened with {}, not its committee's rules as they stood (A.6)",
                m.id,
                wrong.join(", ")
            ));
        }
    }
    Ok(())
}
