//! A Warm Office's Surrender at any time (Rule 1230.2 §4.B(iv)): gavel has no Parties, so the
//! member who last held the Office notifies it, with `/partychess surrender`; it takes effect
//! at once, on the Office's turn or not, and the Checks it uncovers and the Weights follow.

use sqlx::SqliteConnection;

use super::PartyChess;
use super::{Game, PartyChessError, PartyChessReply};
use crate::domain::partychess::play::{apply, Play};
use crate::domain::partychess::position::Seat;
use crate::store;
use crate::store::partychess::games::PlayHow;

impl PartyChess<'_> {
    /// The Surrender of the Warm Office `person` last held, or the refusal of one who holds no
    /// Office and left none Warm.
    pub(super) async fn warm_surrender(
        &self,
        conn: &mut SqliteConnection,
        mut g: Game,
        name: &str,
        person: i64,
    ) -> Result<PartyChessReply, PartyChessError> {
        let seat = store::partychess::games::warm_left_by(conn, g.row.id, person)
            .await?
            .ok_or(PartyChessError::NoWarmOffice)? as Seat;
        if !g.pos.of(seat).any(|p| p.at.is_some()) {
            return Err(PartyChessError::NothingToSurrender(g.name(seat)));
        }
        let effects = vec![format!(
            "{name}, its last holder, notified this Surrender of the Warm Office, which takes effect at once (Rule 1230.2 §4.B(iv))."
        )];
        if g.turns.top() == Some(seat) {
            // On its own turn (a checked Warm Office waits, §4.B(ii)): the turn ends with it.
            let before = g.pos.clone();
            let mut fx = apply(&mut g.pos, seat, &Play::Surrender);
            let mut lines = effects;
            lines.append(&mut fx.lines);
            let text = self
                .after_play(
                    conn,
                    g,
                    seat,
                    (&Play::Surrender, "surrender", &before),
                    PlayHow::Warm,
                    lines,
                )
                .await?;
            return Ok(PartyChessReply(text));
        }
        let before = g.pos.clone();
        let mut fx = apply(&mut g.pos, seat, &Play::Surrender);
        let mut lines = vec![format!("Party Chess: {} surrenders.", g.name(seat))];
        lines.extend(effects);
        lines.append(&mut fx.lines);
        let json = serde_json::to_string(&Play::Surrender).expect("a play serialises");
        store::partychess::games::add_play(
            conn,
            g.row.id,
            Some(i64::from(seat)),
            Some(&json),
            PlayHow::Warm,
            &lines.join(" "),
            self.now(),
            (
                &super::position_json(&before),
                &super::position_json(&g.pos),
            ),
        )
        .await?;
        // A change of the board outside its turn: the Checks it begins and the Weights follow.
        let text = self.off_turn_change(conn, g, lines).await?;
        Ok(PartyChessReply(text))
    }
}
