//! `/partychess create`: a player creates a new piece of an existing type for a Swinger,
//! off-board in eir possession, paying A$1 + A$7 × its material value to the Treasury; the
//! cost is recorded in the game's ledger and the purchase in its history (Rule 1230.1 §2.D,
//! §3.G; 1230.2 §1.B(vi)).

use super::PartyChess;
use super::{PartyChessError, PartyChessReply};
use crate::app::{Call, PersonRef};
use crate::domain::partychess::create;
use crate::store;
use crate::store::partychess::games::PlayHow;

impl PartyChess<'_> {
    /// Creates `piece` for the Swinger `swinger` holds, or for the caller's own Office.
    pub async fn create_piece(
        &self,
        call: &Call,
        piece: &str,
        swinger: Option<&PersonRef>,
    ) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            // §2.D sets no time for a creation: before the start and while the game is suspended
            // too (§1.A absolves players of duties; creating is no duty).
            let mut g = self.game(conn).await?;
            let seat = match swinger {
                Some(p) => {
                    let person = p.resolve(conn, self.now()).await?;
                    g.seat_of(person.id)
                        .ok_or_else(|| PartyChessError::NoSuchSwinger(person.name.clone()))?
                }
                None => g.seat_of(actor.id).ok_or(PartyChessError::NotSwinger)?,
            };
            let defined = self.defined_pieces(conn).await?;
            let owner = g.name(seat);
            let to_come = g.to_come(seat, &defined);
            let c = create::decide(piece, &defined, &g.pos, seat, &to_come, &owner)?;
            let before = super::position_json(&g.pos);
            g.pos.create(c.kind, seat);
            self.save_game(conn, &g).await?;
            let reason = format!(
                "created by {0} for {owner}; {0} pays A${1} to the Treasury (Rule 1230.1 §2.D)",
                actor.name, c.cost
            );
            store::partychess::games::add_ledger(
                conn,
                g.row.id,
                i64::from(seat),
                c.kind.name(),
                i64::from(c.cost),
                &reason,
                self.now(),
            )
            .await?;
            let text = format!(
                "Party Chess: {} creates a {} for {owner}, off-board in eir possession; {} pays its cost, A${} (A$1 + A$7 × its material value {}), to the Treasury (Rule 1230.1 §2.D).",
                actor.name,
                c.kind,
                actor.name,
                c.cost,
                c.kind.value()
            );
            store::partychess::games::add_play(
                conn,
                g.row.id,
                None,
                None,
                PlayHow::Umpire,
                &text,
                self.now(),
                (&before, &super::position_json(&g.pos)),
            )
            .await?;
            self.announce(conn, &text).await?;
            Ok(PartyChessReply(text))
        })
        .await
    }
}
