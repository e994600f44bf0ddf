//! The game's clock (D.VII): the GM publishes a turn with its deadline, checked against the
//! minimums, the 24 hours between adjudications and every player's unavailable period; a
//! player asks for an extension; and at the deadline (a typed job) gavel records the NMRs,
//! starts their clocks and decides the votes due with the turn.

use chrono::{DateTime, NaiveDateTime, Utc};
use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{board, gmt, my_position, require_gm, DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call};
use crate::domain::diplomacy::deadline::{
    check_within, early_adjudication, inside_a_period, unavailable_both, DeadlineError, Setting,
    Unavailable,
};
use crate::domain::diplomacy::extension::Kind;
use crate::domain::diplomacy::extension::{
    decide_within, guaranteed_used_by, holiday_eligible, Decision, Ledger, Request,
};
use crate::domain::diplomacy::nmr::{consequence, missing, Consequence};
use crate::domain::diplomacy::season::{Phase, Turn};
use crate::domain::diplomacy::Power;
use crate::domain::kernel::authority::Power as Authority;
use crate::jobs::{self, Job};
use crate::store;
use crate::store::diplomacy::boards::BoardStatus;
use crate::store::diplomacy::record::ExtensionKind;

impl Diplomacy<'_> {
    /// `/board deadline board turn at [consent]` (the GM).
    pub async fn set_deadline(
        &self,
        call: &Call,
        name: &str,
        turn: Turn,
        at: NaiveDateTime,
        consent: bool,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            require_gm(conn, actor, &b, "publish a turn and its deadline").await?;
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(b.name, "no more turns".into()));
            }
            if b.results_held {
                return Err(DiplomacyError::Refused(format!(
                    "{}'s results wait: a 1901 NMR stands until the position is replaced (D.VII.6b).",
                    b.name
                )));
            }
            // The deadline is given in GMT, which is definitive (D.VII.4b).
            let deadline = at.and_utc();
            // The counts on record are the board's: a turn before their season would put the
            // board behind its own counts, a rollback D.VIII.1 does not let the GM make alone.
            if let Some(last) = store::diplomacy::record::counts(conn, b.id)
                .await?
                .iter()
                .filter_map(|c| crate::domain::diplomacy::Season::parse(&c.season))
                .max()
                .filter(|last| turn.season < *last)
            {
                return Err(DiplomacyError::Refused(format!(
                    "{} has counts for {last}: {turn} is before them, and a rollback needs the TD's express consent (D.VIII.1).",
                    b.name
                )));
            }
            let periods: Vec<(String, Unavailable)> = store::diplomacy::record::unavailable_on(conn, b.id)
                .await?
                .into_iter()
                .map(|(n, m)| (n, Unavailable { start: m }))
                .collect();
            // D.VII.2's compromise between the players' periods is the TD's to find.
            let td = Authority::Director.held_by(&actor.offices);
            // D.VII.4(a): the surviving players' consent is each player's own.
            let missing = if consent { self.missing_consents(conn, &b).await? } else { Vec::new() };
            let setting = Setting {
                phase: turn.phase,
                published: self.now(),
                deadline,
                consent: consent && missing.is_empty(),
                unavailable: &periods,
                last_adjudication: b.published_at.filter(|_| b.deadline.is_some()),
                compromise: td,
            };
            match check_within(&setting, self.turn_lengths(conn).await?) {
                Err(DeadlineError::TooShort { .. }) if consent => {
                    return Err(DiplomacyError::Refused(format!(
                        "A turn shorter than D.VII.4's minimums needs the consent of every surviving player, each given with /diplomacy consent; not yet: {} (D.VII.4(a)).",
                        missing.join(", ")
                    )));
                }
                other => other?,
            }
            let compromise: Vec<String> = unavailable_both(&setting)
                .into_iter()
                .map(|(who, window)| format!("The TD sets this deadline as D.VII.2's compromise: its publication and the deadline both fall inside {who}'s unavailable period, {window}."))
                .collect();
            let old = b.deadline.map(|_| b.turn);
            let mut done = Vec::new();
            if let Some(old) = old {
                if b.deadline.is_some_and(|d| d > self.now()) {
                    // D.VII.2: before the deadline only when every power's orders are Final.
                    let remaining = self.remaining(conn, b.id).await?;
                    let mut sets: Vec<(Power, bool)> = Vec::new();
                    for o in store::diplomacy::record::orders(conn, b.id, old).await? {
                        let p = o.power;
                        sets.retain(|(q, _)| *q != p);
                        sets.push((p, o.is_final));
                    }
                    early_adjudication(old.phase, &remaining, &sets)?;
                    jobs::cancel(conn, &Job::DiplomacyDeadline { board: b.id, turn: old.code() }, self.now()).await?;
                } else {
                    // Adjudication starts: the NMRs are counted now under D.VII.3's alternative,
                    // and were at the deadline otherwise (counted here if its job has not run).
                    let now: Vec<String> = self
                        .record_nmrs(conn, b.id, old)
                        .await?
                        .into_iter()
                        .filter(|(_, c)| *c == Consequence::ReplaceNow)
                        .map(|(p, _)| p.to_string())
                        .collect();
                    if !now.is_empty() {
                        store::diplomacy::boards::set_held(conn, b.id, true).await?;
                        let text = format!(
                            "{}: {} sent no orders for {old} by the start of adjudication{}: no NMR is allowed in 1901, so the player is replaced at once and the results wait (D.VII.6b, B.8).",
                            b.name,
                            now.join(", "),
                            if b.late_orders { " (D.VII.3's alternative)" } else { "" }
                        );
                        self.announce(conn, &text).await?;
                        return Ok(DiplomacyOutcome::Announced(text));
                    }
                }
                // The votes due with the turn, decided with its NMRs known; their results and
                // the turn's press are published with its adjudication (D.IX.1, D.IX.2, D.X.1).
                let (lines, ended) = self.decide_votes(conn, &b, old).await?;
                done.extend(self.press_lines(conn, &b, old).await?);
                done.extend(lines);
                if ended {
                    // A passed proposal is published instead of the adjudication (D.IX.2).
                    let text = done.join("\n");
                    self.announce(conn, &text).await?;
                    return Ok(DiplomacyOutcome::Announced(text));
                }
            }
            // Proposals made after the deadline are due with the turn published now (D.IX.2).
            store::diplomacy::votes::refile_open(conn, b.id, turn).await?;
            store::diplomacy::boards::set_deadline(conn, b.id, turn, deadline, self.now()).await?;
            jobs::schedule(conn, &Job::DiplomacyDeadline { board: b.id, turn: turn.code() }, deadline).await?;
            let mut text = format!(
                "{}: {turn} is published; orders are due by {} (D.VII.4).",
                b.name,
                gmt(deadline, self.tz())
            );
            for line in compromise
                .into_iter()
                .chain(done)
                .chain(self.start_nmr_clocks(conn, &b).await?)
            {
                text.push('\n');
                text.push_str(&line);
            }
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }

    /// `/diplomacy extend board days [holiday] [power]`: a player's guaranteed extension, or
    /// (the GM, naming the power) a discretionary or holiday one (D.VII.5).
    pub async fn extend(
        &self,
        call: &Call,
        name: &str,
        days: i64,
        holiday: bool,
        power: Option<Power>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            let deadline = b.deadline.ok_or_else(|| DiplomacyError::NoDeadline(b.name.clone()))?;
            let (position, by_gm) = match power {
                Some(p) => {
                    require_gm(conn, actor, &b, "grant a further or holiday extension").await?;
                    let pos = store::diplomacy::boards::positions(conn, b.id)
                        .await?
                        .into_iter()
                        .find(|x| x.power == p)
                        .ok_or_else(|| DiplomacyError::Refused(format!("No one holds {p} on {}.", b.name)))?;
                    (pos, true)
                }
                None => (my_position(conn, actor, &b).await?, false),
            };
            let power = position.power;
            if !self.remaining(conn, b.id).await?.contains(&power) {
                return Err(DiplomacyError::Refused(format!(
                    "{power} has no centres on {}: an eliminated power is no longer in the game and takes no extension (D.VII.5).",
                    b.name
                )));
            }
            if holiday {
                let decreed = store::diplomacy::holidays::all(conn)
                    .await?
                    .iter()
                    .any(|h| h.board_id == b.id && h.turn == b.turn);
                holiday_eligible(decreed)?;
            }
            // The guaranteed extension is each player's, not the position's (D.VII.5).
            let mut holders = vec![(DateTime::<Utc>::MIN_UTC, 0)];
            for h in store::diplomacy::handovers::of_position(conn, position.id).await? {
                if holders.len() == 1 {
                    holders[0].1 = h.outgoing_id;
                }
                holders.push((h.at, h.incoming_id));
            }
            if holders.len() == 1 {
                holders[0].1 = position.person_id;
            }
            let granted: Vec<DateTime<Utc>> = store::diplomacy::record::extensions(conn)
                .await?
                .into_iter()
                .filter(|e| e.board_id == b.id && e.power == position.power && e.kind == ExtensionKind::Guaranteed)
                .map(|e| e.asked_at)
                .collect();
            let ledger = Ledger {
                guaranteed_used: guaranteed_used_by(&holders, &granted, position.person_id),
                days: position.extension_days as u32,
            };
            let limits = self.extension_limits(conn).await?;
            let decision = decide_within(
                ledger,
                Request {
                    now: self.now(),
                    deadline,
                    days: days.clamp(0, 99) as u32,
                    holiday,
                    gm_grants: by_gm,
                },
                limits,
            )?;
            match decision {
                Decision::NextTurn { hours_before } => {
                    store::diplomacy::record::add_extension(conn, b.id, power, b.turn, days as u32, ExtensionKind::NextTurn, self.now()).await?;
                    Ok(DiplomacyOutcome::ExtensionTooLate {
                        hours_before,
                        notice_hours: limits.notice_hours,
                        turn: b.turn,
                    })
                }
                Decision::Granted { kind, deadline, ledger } => {
                    // An extension is no publication: it may not carry the deadline into a
                    // player's declared period (D.VII.2); a holiday must be granted (D.VII.5).
                    if kind != Kind::Holiday {
                        let periods: Vec<(String, Unavailable)> = store::diplomacy::record::unavailable_on(conn, b.id)
                            .await?
                            .into_iter()
                            .map(|(n, m)| (n, Unavailable { start: m }))
                            .collect();
                        if let Some((who, window)) = inside_a_period(&periods, deadline) {
                            return Err(DiplomacyError::Refused(format!(
                                "{days} day(s) would move the deadline of {} to {}, inside {who}'s unavailable period, {window} (D.VII.2, D.VII.5): ask for fewer or more days.",
                                b.turn,
                                gmt(deadline, self.tz())
                            )));
                        }
                    }
                    store::diplomacy::record::add_extension(conn, b.id, power, b.turn, days as u32, kind.recorded(), self.now()).await?;
                    store::diplomacy::boards::set_extensions(conn, position.id, ledger.guaranteed_used, i64::from(ledger.days)).await?;
                    store::diplomacy::boards::move_deadline(conn, b.id, deadline).await?;
                    let turn = b.turn.code();
                    jobs::schedule(conn, &Job::DiplomacyDeadline { board: b.id, turn }, deadline).await?;
                    let text = format!(
                        "{}: a {} extension of {days} day(s) for {power}; {} is now due by {} (D.VII.5).",
                        b.name,
                        kind.name(),
                        b.turn,
                        gmt(deadline, self.tz())
                    );
                    self.announce(conn, &text).await?;
                    Ok(DiplomacyOutcome::Announced(text))
                }
            }
        })
        .await
    }

    /// `/diplomacy unavailable from` ("Fri 22:00", GMT): the caller's weekly 64 hours (D.VII.2).
    pub async fn declare_unavailable(
        &self,
        call: &Call,
        u: Unavailable,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            store::diplomacy::record::set_unavailable(conn, actor.id, u.start, self.now()).await?;
            Ok(DiplomacyOutcome::UnavailableDeclared(u))
        })
        .await
    }
}

impl App {
    /// Records an NMR for each remaining power without orders for `turn` (movement turns).
    async fn record_nmrs(
        &self,
        conn: &mut SqliteConnection,
        board: i64,
        turn: Turn,
    ) -> sqlx::Result<Vec<(Power, Consequence)>> {
        if turn.phase != Phase::Movement {
            return Ok(Vec::new());
        }
        let positions = store::diplomacy::boards::positions(conn, board).await?;
        let remaining = self.remaining(conn, board).await?;
        let sent: Vec<Power> = store::diplomacy::record::orders(conn, board, turn)
            .await?
            .iter()
            .map(|o| o.power)
            .collect();
        let recorded: Vec<Power> = store::diplomacy::record::nmrs(conn)
            .await?
            .iter()
            .filter(|n| n.board_id == board && n.turn == turn)
            .map(|n| n.power)
            .collect();
        let mut out = Vec::new();
        for p in missing(&remaining, &sent) {
            if !positions.iter().any(|x| x.power == p) || recorded.contains(&p) {
                continue;
            }
            let c = consequence(turn, self.now());
            // The player's clock starts with the publication of the adjudication (D.VII.6a).
            let now = c == Consequence::ReplaceNow;
            let due = None;
            store::diplomacy::record::add_nmr(conn, board, p, turn, self.now(), now, due).await?;
            out.push((p, c));
        }
        Ok(out)
    }

    /// The powers still in the game: those with centres in the last counts (all before any).
    pub(super) async fn remaining(
        &self,
        conn: &mut SqliteConnection,
        board: i64,
    ) -> sqlx::Result<Vec<Power>> {
        let counts = store::diplomacy::record::counts(conn, board).await?;
        let Some(last) = counts
            .iter()
            .filter_map(|c| crate::domain::diplomacy::Season::parse(&c.season))
            .max()
        else {
            return Ok(Power::ALL.to_vec());
        };
        let last = last.to_string();
        Ok(Power::ALL
            .into_iter()
            .filter(|p| {
                counts
                    .iter()
                    .any(|c| c.season == last && c.power == *p && c.centres > 0)
            })
            .collect())
    }

    /// The job at a board's deadline (D.VII.6, D.IX.2).
    pub(crate) async fn diplomacy_deadline(
        &self,
        conn: &mut SqliteConnection,
        board: i64,
        turn: i64,
    ) -> anyhow::Result<String> {
        let Some(b) = store::diplomacy::boards::by_id(conn, board).await? else {
            return Ok("no such board".into());
        };
        let Some(turn) = Turn::from_code(turn) else {
            return Ok("not a turn".into());
        };
        if b.status != BoardStatus::Playing || b.turn != turn {
            return Ok("the board has moved on".into());
        }
        if b.deadline.is_some_and(|d| d > self.now()) {
            return Ok("the deadline was extended".into());
        }
        if b.late_orders {
            // D.VII.3's alternative: orders are taken until adjudication starts, and the NMRs
            // and the votes wait for it (D.IX.1).
            return Ok("orders are accepted until adjudication starts (D.VII.3)".into());
        }
        let mut lines = Vec::new();
        for (p, c) in self.record_nmrs(conn, b.id, turn).await? {
            match c {
                Consequence::ReplaceNow => {
                    store::diplomacy::boards::set_held(conn, b.id, true).await?;
                    lines.push(format!(
                        "{}: {p} sent no orders for {turn}: no NMR is allowed in 1901, so the player is replaced at once and the results wait (D.VII.6b, B.8).",
                        b.name
                    ));
                }
                Consequence::Clock { .. } => {
                    lines.push(format!(
                        "{}: {p} has an NMR for {turn}; its units hold (D.VII.6c). The player has 48 hours (96 if they include a weekend) from the publication of the adjudication to contact the GM before the replacement procedure begins (D.VII.6a, B.8).",
                        b.name,
                    ));
                }
            }
        }
        // The votes due with the turn are decided when its adjudication is published, with
        // these NMRs known (D.IX.1, D.IX.2).
        if lines.is_empty() {
            return Ok("every power sent orders".into());
        }
        let text = lines.join("\n");
        self.announce(conn, &text).await?;
        Ok(text)
    }
}
