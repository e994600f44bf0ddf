//! `/partychess office`: the Chess-Umpire destroys an Office of Swinger nobody holds, or seats a
//! member in it. An Office whose holder left before the start without choosing pieces would
//! otherwise hold the start back for good: its pieces are chosen by its Swinger (Rule 1230.2
//! §2.B) and the play list is drawn at the beginning from every Office (§3.A). A destroyed
//! Office's pieces are destroyed with it (§2.D) and its name leaves the play list (§3.E).

use super::PartyChess;
use super::{PartyChessError, PartyChessReply};
use crate::app::{Call, PersonRef};
use crate::domain::partychess::position::Seat;
use crate::store;

impl PartyChess<'_> {
    /// Destroys the vacated Office `seat` (no `member`, before the start only) or seats `member`
    /// in it.
    pub async fn office(
        &self,
        call: &Call,
        seat: i64,
        member: Option<&PersonRef>,
    ) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            let mut g = self.game(conn).await?;
            let umpire = self
                .require_umpire(conn, &g, actor.id, "destroy or fill a vacated Office")
                .await?;
            let row = g
                .swingers
                .iter()
                .find(|s| s.seat == seat)
                .cloned()
                .ok_or(PartyChessError::NoSuchOffice(seat))?;
            if row.person_id.is_some() {
                return Err(PartyChessError::OfficeHeld(g.name(seat as Seat)));
            }
            let text = match member {
                Some(p) => {
                    let person = p.resolve(conn, self.now()).await?;
                    if let Some(own) = g.seat_of(person.id) {
                        return Err(PartyChessError::HoldsOffice(person.name, i64::from(own)));
                    }
                    store::partychess::games::reseat(conn, g.row.id, seat, person.id).await?;
                    g.turns.set_warm(seat as Seat, false);
                    self.save_game(conn, &g).await?;
                    let choose = if row.chosen.is_none() {
                        " E chooses its five pieces with /partychess choose (Rule 1230.2 §2.B)."
                    } else {
                        ""
                    };
                    format!(
                        "The Chess-Umpire, {umpire}, seats {} in the Office of Swinger {seat}, which nobody held: it is no longer Warm, and keeps its pieces and its place on the play list.{choose}",
                        person.name
                    )
                }
                None => {
                    if g.playing() {
                        return Err(PartyChessError::Started(
                            "a Warm Office in play passes, and surrenders after two whole Rounds (Rule 1230.2 §4.B); it can be filled, not destroyed.",
                        ));
                    }
                    let ids: Vec<u32> = g.pos.of(seat as Seat).map(|p| p.id).collect();
                    for id in &ids {
                        g.pos.destroy(*id);
                    }
                    g.turns.leave(seat as Seat);
                    store::partychess::games::destroy_office(conn, g.row.id, seat, self.now())
                        .await?;
                    self.save_game(conn, &g).await?;
                    let pieces = if ids.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " Its {} piece{} {} destroyed with it, with no re-imbursement (Rule 1230.2 §2.D).",
                            ids.len(),
                            if ids.len() == 1 { "" } else { "s" },
                            if ids.len() == 1 { "is" } else { "are" }
                        )
                    };
                    format!(
                        "The Chess-Umpire, {umpire}, destroys the Office of Swinger {seat}, which nobody held: it leaves the game and the play list (Rule 1230.2 §3.E).{pieces}"
                    )
                }
            };
            self.announce(conn, &text).await?;
            Ok(PartyChessReply(text))
        })
        .await
    }
}
