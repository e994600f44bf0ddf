//! `/diplomacy holiday hours reason [board]` (the TD): a holiday extension decreed for every
//! board, or one, moving each deadline not yet passed by the hours given, charged to no one
//! (D.VII.5); announced, with each board's new deadline in GMT.

use super::Diplomacy;
use super::{board, gmt, DiplomacyError, DiplomacyOutcome};
use crate::app::Call;
use crate::domain::diplomacy::holiday::{decree, Effect};

use crate::domain::kernel::authority::Power as Authority;
use crate::jobs::{self, Job};
use crate::store;
use crate::store::diplomacy::boards::BoardStatus;
use crate::store::diplomacy::holidays::Holiday;

impl Diplomacy<'_> {
    /// `/diplomacy holiday hours reason [board]` (the TD).
    pub async fn holiday(
        &self,
        call: &Call,
        hours: i64,
        reason: &str,
        name: Option<&str>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(
                &actor.offices,
                "decree a holiday extension",
                "house rules D.VII.5",
            )?;
            let reason = reason.trim();
            if reason.is_empty() {
                return Err(DiplomacyError::Refused(
                    "Name the holiday the extension is for (D.VII.5).".into(),
                ));
            }
            let boards = match name {
                Some(n) => vec![board(conn, n).await?],
                None => store::diplomacy::boards::all(conn).await?,
            };
            let hours_u = u32::try_from(hours).unwrap_or(0);
            let mut moved = Vec::new();
            let mut left = Vec::new();
            for b in boards.into_iter().filter(|b| b.status == BoardStatus::Playing) {
                match decree(b.deadline, self.now(), hours_u)
                    .map_err(|e| DiplomacyError::Refused(e.to_string()))?
                {
                    Effect::Moved { from, to } => {
                        store::diplomacy::boards::move_deadline(conn, b.id, to).await?;
                        let turn = b.turn.code();
                        jobs::schedule(conn, &Job::DiplomacyDeadline { board: b.id, turn }, to)
                            .await?;
                        store::diplomacy::holidays::insert(
                            conn,
                            &Holiday {
                                board_id: b.id,
                                turn: b.turn,
                                hours,
                                reason: reason.to_owned(),
                                old_deadline: from,
                                new_deadline: to,
                                at: self.now(),
                            },
                        )
                        .await?;
                        moved.push(format!("{} {}: due by {}", b.name, b.turn, gmt(to, self.tz())));
                    }
                    Effect::Passed => left.push(format!("{} (its deadline has passed)", b.name)),
                    Effect::NoDeadline => left.push(format!("{} (no deadline set)", b.name)),
                }
            }
            if moved.is_empty() {
                return Err(DiplomacyError::Refused(format!(
                    "No board has a deadline still to come{}: there is nothing to extend (D.VII.5).",
                    if left.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", left.join(", "))
                    }
                )));
            }
            let mut text = format!(
                "The TD decrees a holiday extension of {hours} hour(s) for {reason}: charged to no one, it uses no guaranteed extension and does not count in any position's 7 days (D.VII.5).\n{}",
                moved.join("\n")
            );
            if !left.is_empty() {
                text.push_str(&format!("\nNot moved: {}.", left.join(", ")));
            }
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}
