//! Tournaments' invariants (ACWC 2019): every match's stored state (score, over, match points,
//! how it was decided) equals the fold of its record, so the standings, which are derived from
//! those states, equal a derivation from the results; at most one result a game and one
//! standing score and decision a match, and no game after a match ended; every voided entry
//! names the Director's correction that voided it; each Swiss round's matches are the pairs of
//! its stored explanation, and the explanation's steps follow from its ranking; every player
//! who plays meets the entry requirements (or an exception that may waive what they fail),
//! plays with one account and has fewer than two forfeits; one claim against an absent
//! opponent at a time per match, or two before the Director; a stage over has no match in
//! play; and a match whose week is still running has its deadline job pending.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::app::tournament::ledger;
use crate::app::tournament::parameters;
use crate::app::tournament::setup::entry_verdict;
use crate::app::App;
use crate::domain::tournament::negotiation::Week;
use crate::domain::tournament::stages::Stage;
use crate::domain::tournament::swiss::{self, RoundPairing};
use crate::jobs::{Job, MatchStep};
use crate::store;
use crate::store::tournament::claims::ClaimState;
use crate::store::tournament::entrants::EntrantStatus;
use crate::store::tournament::results::ResultKind;

/// The order stages are played in, to tell a stage already over.
fn order(stage: Stage) -> u8 {
    match stage {
        Stage::Entries => 0,
        Stage::Swiss => 1,
        Stage::Candidates => 2,
        Stage::Final => 3,
        Stage::Finished => 4,
    }
}

pub(super) async fn check(
    app: &App,
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    for t in store::tournament::tournaments::all(conn).await? {
        let params = parameters(&t);
        let corrections: BTreeSet<i64> = store::tournament::records::corrections(conn, t.id)
            .await?
            .iter()
            .map(|c| c.id)
            .collect();
        let matches = store::tournament::matches::of_tournament(conn, t.id).await?;
        for m in &matches {
            let at = format!("Tournament #{}, match #{}", t.id, m.id);
            let games = store::tournament::results::games(conn, m.id).await?;
            let entries = store::tournament::results::results(conn, m.id).await?;
            let mut numbers = BTreeSet::new();
            for g in games.iter().filter(|g| g.voided_by.is_none()) {
                if !numbers.insert(g.number) {
                    breaches.push(format!(
                        "{at} has two results for game {} (ACWC Format)",
                        g.number.unwrap_or(0)
                    ));
                }
            }
            let standing = |score: bool| {
                entries
                    .iter()
                    .filter(|r| r.voided_by.is_none() && (r.kind == ResultKind::Score) == score)
                    .count()
            };
            if standing(true) > 1 || standing(false) > 1 {
                breaches.push(format!(
                    "{at} has more than one standing result or decision"
                ));
            }
            if games
                .iter()
                .filter(|g| g.voided_by.is_none() && g.armageddon)
                .count()
                > 1
            {
                breaches.push(format!(
                    "{at} has more than one Armageddon game (ACWC Final)"
                ));
            }
            let voided = games
                .iter()
                .filter_map(|g| g.voided_by)
                .chain(entries.iter().filter_map(|r| r.voided_by));
            for c in voided {
                if !corrections.contains(&c) {
                    breaches.push(format!(
                        "{at} has an entry voided by correction {c}, which tournament #{} does not have",
                        t.id
                    ));
                }
            }
            match ledger::derive(conn, &params, m).await? {
                Err(why) => breaches.push(format!("{at}: {why}")),
                Ok(d) => {
                    let points = d.over.map(|(a, b)| (i64::from(a), i64::from(b)));
                    let stored = (
                        (m.first_halves, m.second_halves),
                        m.over,
                        m.first_points.zip(m.second_points),
                        m.decided.map(|x| (x, m.forfeited_id)),
                    );
                    let derived = (
                        (i64::from(d.score.first), i64::from(d.score.second)),
                        points.is_some(),
                        points,
                        ledger::decided_of(m, &d),
                    );
                    if stored != derived {
                        breaches.push(format!(
                            "{at} is stored as {stored:?}, but its record gives {derived:?}"
                        ));
                    }
                }
            }
            if m.over && m.pending_kind.is_some() {
                breaches.push(format!("{at} is over with a result still waiting"));
            }
            let claims = store::tournament::claims::of_match(conn, m.id).await?;
            let open = claims
                .iter()
                .filter(|c| c.state == ClaimState::Open)
                .count();
            let countered: BTreeSet<i64> = claims
                .iter()
                .filter(|c| c.state == ClaimState::Countered)
                .map(|c| c.by_id)
                .collect();
            let countered_count = claims
                .iter()
                .filter(|c| c.state == ClaimState::Countered)
                .count();
            if open > 1 || (open > 0 && countered_count > 0) {
                breaches.push(format!(
                    "{at} has more than one claim against an absent opponent standing (ACWC Match rules)"
                ));
            }
            if countered_count > 0 && (countered_count != 2 || countered.len() != 2) {
                breaches.push(format!(
                    "{at} has a counter-claim that is not one claim by each player"
                ));
            }
            if m.over && (open > 0 || countered_count > 0) {
                breaches.push(format!("{at} is over with a claim still standing"));
            }
            if !m.over && m.stage.is_play() && order(m.stage) < order(t.stage) {
                breaches.push(format!(
                    "{at} is still in play though {} is over",
                    m.stage.written()
                ));
            }
            if let Some(start) = m.week_start {
                let week = Week { start };
                let job = Job::MatchWeek {
                    a_match: m.id,
                    step: MatchStep::Due,
                };
                if !m.over
                    && start <= app.now()
                    && week.end() > app.now()
                    && pending.due(&job).is_none()
                {
                    breaches.push(format!(
                        "{at}'s week ends {}, and no pending job carries out its end (ACWC Timeline)",
                        week.end()
                    ));
                }
            }
        }
        // Each Swiss round's matches are the pairs its stored explanation shows, and the
        // explanation's steps follow from its ranking (ACWC Pairing details).
        let mut by_round: BTreeMap<i64, BTreeSet<(i64, Option<i64>)>> = BTreeMap::new();
        for m in matches.iter().filter(|m| m.stage == Stage::Swiss) {
            by_round
                .entry(m.round)
                .or_default()
                .insert((m.first_id, m.second_id));
        }
        for p in store::tournament::records::pairings(conn, t.id).await? {
            let at = format!("Tournament #{}, round {}", t.id, p.round);
            let Ok(stored) = serde_json::from_str::<RoundPairing>(&p.explanation) else {
                breaches.push(format!("{at}'s stored pairing explanation cannot be read"));
                continue;
            };
            let again = swiss::pair_ranked(stored.ranking.clone());
            if again != stored {
                breaches.push(format!(
                    "{at}'s stored pairings do not follow from its stored ranking (ACWC Pairing details)"
                ));
            }
            let mut pairs: BTreeSet<(i64, Option<i64>)> =
                stored.pairs.iter().map(|(a, b)| (*a, Some(*b))).collect();
            pairs.extend(stored.bye.map(|b| (b, None)));
            if by_round.get(&p.round) != Some(&pairs) {
                breaches.push(format!(
                    "{at}'s matches are not the pairs its explanation shows (ACWC Pairing details)"
                ));
            }
        }
        // Who plays: eligible (or excepted where that may waive), one account, under two
        // forfeits.
        let entrants = store::tournament::entrants::of_tournament(conn, t.id).await?;
        let mut accounts: BTreeMap<i64, usize> = BTreeMap::new();
        for e in &entrants {
            let at = format!("Tournament #{}, {}", t.id, e.account);
            if matches!(e.status, EntrantStatus::Playing | EntrantStatus::Entered) {
                *accounts.entry(e.person_id).or_default() += 1;
            }
            if e.status != EntrantStatus::Playing {
                continue;
            }
            if let Err(why) = entry_verdict(&params, e) {
                breaches.push(format!(
                    "{at} plays though the entry requirements refuse it: {why}"
                ));
            }
            let forfeits = store::tournament::results::forfeits_of(conn, e.id).await?;
            if forfeits >= 2 {
                breaches.push(format!(
                    "{at} plays after forfeiting {forfeits} matches (ACWC Match rules: two disqualify)"
                ));
            }
        }
        for (person, n) in accounts {
            if n > 1 {
                breaches.push(format!(
                    "Tournament #{}: person {person} plays with {n} accounts (ACWC Player eligibility)",
                    t.id
                ));
            }
        }
    }
    Ok(())
}
