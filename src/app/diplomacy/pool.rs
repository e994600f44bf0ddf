//! The reserve pool (B.8(d)) and the TD's veto (B.10): `/diplomacy reserves board` shows the
//! pool in ranking order with who would be drawn and why the others above them are passed
//! over; `/diplomacy veto` (the TD) bars someone from replacing anyone on a board; and the
//! draw `/board replace` makes when no member is named after the captain's window.

use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{board, DiplomacyError, DiplomacyOutcome, PoolPlace};
use crate::app::{App, Call, PersonRef};
use crate::domain::committee::eligibility::may_play;
use crate::domain::diplomacy::pool::{self, Candidate, Source};
use crate::domain::diplomacy::states::ChosenBy;
use crate::domain::kernel::authority::Power as Authority;
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::diplomacy::boards::Board;
use crate::store::diplomacy::boards::BoardStatus;

impl Diplomacy<'_> {
    /// `/diplomacy reserves board`: the pool in ranking order, who the draw takes and why those
    /// above are passed over (B.8(d), B.9, B.10, A.10).
    pub async fn reserves(
        &self,
        call: &Call,
        name: &str,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, _| {
            let b = board(conn, name).await?;
            if b.round == 1 {
                return Ok(DiplomacyOutcome::NoPoolInRoundOne { board: b.name });
            }
            let ranked = self.reserve_pool(conn, &b).await?;
            let (drawn, _) = pool::draw(&ranked);
            let drawn = drawn.map(|c| c.id);
            let ranked = ranked
                .iter()
                .enumerate()
                .map(|(i, c)| PoolPlace {
                    rank: i + 1,
                    name: c.name.clone(),
                    source: c.source,
                    skip: c.skip(),
                    drawn_next: Some(c.id) == drawn,
                })
                .collect();
            Ok(DiplomacyOutcome::Pool {
                board: b.name,
                ranked,
            })
        })
        .await
    }

    /// `/diplomacy standby board`: a member of the board's pool replies to its call, offering to
    /// take a position there (B.8(d)).
    pub async fn standby(
        &self,
        call: &Call,
        name: &str,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(b.name, "no more replacements".into()));
            }
            let ranked = self.reserve_pool(conn, &b).await?;
            let Some((rank, me)) = ranked.iter().enumerate().find(|(_, c)| c.id == actor.id)
            else {
                return Err(DiplomacyError::Refused(format!(
                    "You are not in the reserve pool for {}: it holds the players eliminated in earlier rounds and the reserve list (B.2, B.8(d)).",
                    b.name
                )));
            };
            if !store::diplomacy::pool_replies::insert(conn, b.id, actor.id, self.now()).await? {
                return Err(DiplomacyError::Refused(format!(
                    "Your reply for {} is already recorded.",
                    b.name
                )));
            }
            Ok(DiplomacyOutcome::StoodBy {
                board: b.name,
                place: PoolPlace {
                    rank: rank + 1,
                    name: me.name.clone(),
                    source: me.source,
                    skip: me.skip(),
                    drawn_next: false,
                },
            })
        })
        .await
    }

    /// `/diplomacy veto board member reason` (the TD): `member` may not replace anyone on the
    /// board (B.10).
    pub async fn veto(
        &self,
        call: &Call,
        name: &str,
        member: &PersonRef,
        reason: &str,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(
                &actor.offices,
                "veto a replacement",
                "house rules B.10",
            )?;
            let b = board(conn, name).await?;
            let reason = reason.trim();
            if reason.is_empty() {
                return Err(DiplomacyError::Refused(
                    "Say what the conflict of interest is (B.10).".into(),
                ));
            }
            let person = member.resolve(conn, self.now()).await?;
            if !store::diplomacy::vetoes::insert(conn, b.id, person.id, reason, self.now()).await? {
                return Err(DiplomacyError::Refused(format!(
                    "{} is already vetoed on {}.",
                    person.name, b.name
                )));
            }
            let text = format!(
                "{}: the TD vetoes {} as a replacement there, for a conflict of interest: {reason} (B.10).",
                b.name, person.name
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}

impl App {
    /// The pool for a replacement on `b`, ranked (B.8(d)): the players eliminated in the
    /// rounds before the board's, then the official reserve list (B.2), each with what may bar
    /// them.
    pub(super) async fn reserve_pool(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
    ) -> Result<Vec<Candidate<i64>>, DiplomacyError> {
        let mut found: Vec<(i64, String, Source)> = Vec::new();
        for round in 1..b.round {
            let Some(a) = self.advancement(conn, round).await? else {
                continue;
            };
            for l in &a.placings {
                if !a.advanced.iter().any(|(id, _, _)| *id == l.person_id) {
                    let source = Source::Eliminated {
                        round: round as u8,
                        place: l.place,
                    };
                    found.push((l.person_id, l.name.clone(), source));
                }
            }
        }
        for i in store::diplomacy::individuals::all(conn).await? {
            if let Some(rank) = i.reserve_rank {
                let source = Source::ReserveList {
                    rank: rank as usize,
                };
                found.push((i.person_id, i.name, source));
            }
        }
        let seated: Vec<i64> = store::diplomacy::boards::positions(conn, b.id)
            .await?
            .iter()
            .map(|p| p.person_id)
            .collect();
        let gms: Vec<i64> = store::offices::holders_for_game(conn, Office::GameMaster, &b.name)
            .await?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let observers: Vec<i64> = store::offices::holders_for_game(conn, Office::Observer, &b.name)
            .await?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let vetoes = store::diplomacy::vetoes::of_board(conn, b.id).await?;
        let replies = store::diplomacy::pool_replies::of_board(conn, b.id).await?;
        // A.4, A.8 and B.9 as gavel enforces them (house rules A.7).
        let bars = crate::app::committee::bound::house_bars(conn).await?;
        let games = self.game_limits(conn).await?;
        let mut candidates = Vec::new();
        for (id, name, source) in found {
            let offices = store::offices::offices_of(conn, id).await?;
            let mates = store::committee::teams::team_mates(conn, id).await?;
            candidates.push(Candidate {
                id,
                office_barred: may_play(&name, &offices, &bars).is_err() || gms.contains(&id),
                name,
                source,
                on_board: seated.contains(&id),
                permanent_games: store::diplomacy::boards::held_in_round(conn, id, b.round).await?
                    as u32,
                games_most: games.permanent,
                observer_conflict: observers.contains(&id)
                    || mates.iter().any(|(m, _)| observers.contains(m)),
                veto: vetoes
                    .iter()
                    .find(|v| v.person_id == id)
                    .map(|v| v.reason.clone()),
                replied: replies.contains(&id),
            });
        }
        Ok(pool::ranked(candidates))
    }
}

impl App {
    /// The replacement the pool gives for `position` when `/board replace` names no one: only
    /// the GM or the TD, in a round after the first, and in the team rounds only once the
    /// captain's window has passed (B.8(a), B.8(d)); permanent, scoring as an individual
    /// (B.8(e)). Returns the person drawn and the words that say how.
    pub(super) async fn pool_draw(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
        position: &store::diplomacy::boards::Position,
        by: ChosenBy,
        temporary: bool,
    ) -> Result<(i64, String), DiplomacyError> {
        if b.round == 1 {
            return Err(DiplomacyError::Refused(format!(
                "{} is a round 1 board: the team's captain is the default replacement and there is no reserve pool; name the replacement (B.8(c)).",
                b.name
            )));
        }
        match by {
            ChosenBy::ReservePool => {}
            ChosenBy::Gm if !self.team_round(conn, b.round).await? => {}
            ChosenBy::Gm => {
                return Err(DiplomacyError::Refused(format!(
                    "The team's captain still has the right to choose {}'s replacement on {}; the reserve pool is drawn only after 48 hours (96 over a weekend) from the NMR (B.8(a), B.8(d)).",
                    position.person_name, b.name
                )))
            }
            ChosenBy::Captain | ChosenBy::Player => {
                return Err(DiplomacyError::Refused(
                    "Only the board's GM or the TD draws from the reserve pool; name the replacement (B.8(d)).".into(),
                ))
            }
        }
        if temporary {
            return Err(DiplomacyError::Refused(
                "A replacement from the reserve pool is permanent (B.8(e)); leave out until."
                    .into(),
            ));
        }
        let ranked = self.reserve_pool(conn, b).await?;
        let (drawn, skipped) = pool::draw(&ranked);
        let Some(drawn) = drawn else {
            return Err(DiplomacyError::Refused(format!(
                "No one in the reserve pool can take {} on {}{}; if no replacement is found in time the position falls into civil disorder (B.8(f)).",
                position.power,
                b.name,
                if skipped.is_empty() {
                    String::new()
                } else {
                    format!(
                        " ({})",
                        skipped
                            .iter()
                            .map(|(c, s)| format!("{}: {s}", c.name))
                            .collect::<Vec<_>>()
                            .join("; ")
                    )
                }
            )));
        };
        let passed = if skipped.is_empty() {
            String::new()
        } else {
            format!(
                ", passing over {}",
                skipped
                    .iter()
                    .map(|(c, s)| format!("{} ({s})", c.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        Ok((
            drawn.id,
            format!(
                "drawn from the reserve pool in ranking order as the highest ranked who replied and may play ({}){passed} (B.8(d)): ",
                drawn.source
            ),
        ))
    }

    async fn team_round(&self, conn: &mut SqliteConnection, round: i64) -> sqlx::Result<bool> {
        Ok(store::diplomacy::rounds::get(conn, round)
            .await?
            .is_some_and(|r| r.team_round))
    }
}
