//! Who sits at the final (C.9, C.10): each semi-final board's best, and, where the semi-final
//! has fewer boards than the final has seats (B.4 with fewer than seven teams), the others in
//! C.10's order: the highest semi-final positional bonus, then score, then the semi-final
//! ranking.

use std::collections::BTreeMap;

use sqlx::SqliteConnection;

use super::standings::StandingLine;
use super::Diplomacy;
use super::{DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call, PersonRef};
use crate::domain::diplomacy::advance::Placing;
use crate::domain::diplomacy::round_size::FINAL_BOARDS;
use crate::domain::diplomacy::stage::{stage, Stage};
use crate::domain::diplomacy::titles::{self, PlayerResult};
use crate::domain::kernel::authority::Power as Authority;
use crate::store;
use crate::store::diplomacy::rounds::RoundStage;

/// A seat at the final: (person, name, team).
pub(super) type Seat = (i64, String, Option<i64>);

impl Diplomacy<'_> {
    /// `/diplomacy decline member` (the TD): a qualifier declines the final or cannot play
    /// it, and the non-qualifier first in C.10's order takes the seat. Only before the final
    /// is dealt.
    pub async fn decline(
        &self,
        call: &Call,
        member: &PersonRef,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(
                &actor.offices,
                "seat a stand-in at the final",
                "house rules C.10",
            )?;
            let person = member.resolve(conn, self.now()).await?;
            let teams = store::diplomacy::boards::of_round(conn, 1).await?.len() as u32;
            let semi = if stage(2, teams) == Some(Stage::SemiFinal) {
                2
            } else {
                3
            };
            if let Some(f) = store::diplomacy::rounds::get(conn, semi + 1).await? {
                if f.stage != RoundStage::Open {
                    return Err(DiplomacyError::Refused(format!(
                        "The final (round {}) is dealt already; C.10 seats a stand-in before it starts.",
                        semi + 1
                    )));
                }
            }
            let Some(mut a) = self.advancement(conn, semi).await? else {
                return Err(DiplomacyError::Refused(format!(
                    "The semi-final (round {semi}) has not advanced anyone yet, so no one has qualified for the final (C.9, C.10)."
                )));
            };
            let Some(at) = a.advanced.iter().position(|s| s.0 == person.id) else {
                return Err(DiplomacyError::Refused(format!(
                    "{} has no seat at the final to decline (C.9, C.10).",
                    person.name
                )));
            };
            a.advanced.remove(at);
            a.declined.push((person.id, person.name.clone()));
            let mut seated: Vec<i64> = a.advanced.iter().map(|s| s.0).collect();
            seated.extend(a.declined.iter().map(|d| d.0));
            let next = self.next_by_c10(conn, semi, &a.placings, &seated).await?;
            let text = match next.first() {
                Some(p) => {
                    let team = a
                        .placings
                        .iter()
                        .find(|l| l.person_id == p.id)
                        .and_then(|l| l.team_id);
                    a.advanced.push((p.id, p.name.clone(), team));
                    format!(
                        "{} declines the final; {} takes the seat, the first of the others in C.10's order, decided by {} (C.10).",
                        person.name, p.name, p.decided_by
                    )
                }
                None => format!(
                    "{} declines the final; no one else from the semi-final is left to take the seat (C.10).",
                    person.name
                ),
            };
            let json = serde_json::to_string(&a).expect("advancement serialises");
            store::diplomacy::rounds::set_advanced(conn, semi, a.seed, &json).await?;
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}

impl App {
    /// The semi-final's players who did not reach the final, in C.10's order. `lines` are the
    /// semi-final's standings; `seated` those already at the final.
    pub(super) async fn next_by_c10(
        &self,
        conn: &mut SqliteConnection,
        round: i64,
        lines: &[StandingLine],
        seated: &[i64],
    ) -> sqlx::Result<Vec<Placing<i64>>> {
        let (rows, _) = self.round_rows(conn, round).await?;
        let others: Vec<PlayerResult<i64>> = rows
            .into_iter()
            .map(|r| r.result)
            .filter(|r| !seated.contains(&r.id))
            .collect();
        let semi_place: BTreeMap<i64, usize> =
            lines.iter().map(|l| (l.person_id, l.place)).collect();
        Ok(titles::stand_in(&others, &semi_place))
    }

    /// The final's seats from the semi-final's standings (C.9): the best of each of `boards`
    /// boards (first in the standings), then, while seats of the one final board are left,
    /// the next in C.10's order. Answers the seats and, when some were filled so, a note.
    pub(super) async fn final_seats(
        &self,
        conn: &mut SqliteConnection,
        round: i64,
        lines: &[StandingLine],
        boards: usize,
    ) -> sqlx::Result<(Vec<Seat>, Option<String>)> {
        let mut seats: Vec<Seat> = lines
            .iter()
            .take(boards)
            .map(|l| (l.person_id, l.name.clone(), l.team_id))
            .collect();
        let free = (FINAL_BOARDS as usize).saturating_sub(seats.len());
        if free == 0 {
            return Ok((seats, None));
        }
        let ids: Vec<i64> = seats.iter().map(|s| s.0).collect();
        let next = self.next_by_c10(conn, round, lines, &ids).await?;
        let mut filled = Vec::new();
        for p in next.into_iter().take(free) {
            let team = lines
                .iter()
                .find(|l| l.person_id == p.id)
                .and_then(|l| l.team_id);
            filled.push(format!("{} (by {})", p.name, p.decided_by));
            seats.push((p.id, p.name, team));
        }
        let note = format!(
            "The semi-final had {boards} board(s) for the final's {FINAL_BOARDS} seats (B.4, C.9); the other seats go in C.10's order: {}.",
            filled.join(", ")
        );
        Ok((seats, Some(note)))
    }
}
