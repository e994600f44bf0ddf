//! Who sits at the final (C.9, C.10): each semi-final board's best, and, where the semi-final
//! has fewer boards than the final has seats (B.4 with fewer than seven teams), the others in
//! C.10's order: the highest semi-final positional bonus, then score, then the semi-final
//! ranking.

use std::collections::BTreeMap;

use sqlx::SqliteConnection;

use super::standings::StandingLine;
use crate::app::App;
use crate::domain::diplomacy::advance::Placing;
use crate::domain::diplomacy::round_size::FINAL_BOARDS;
use crate::domain::diplomacy::titles::{self, PlayerResult};

/// A seat at the final: (person, name, team).
pub(super) type Seat = (i64, String, Option<i64>);

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
