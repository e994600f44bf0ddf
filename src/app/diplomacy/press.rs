//! `/press` (a player of the board): press kept under the board's press rule and published
//! with the turn's adjudication (D.X.1). White
//! press names its author; gray and dark-gray press keep no author anywhere, not in the press
//! record, the audit log or the export (D.X.2); only a count of each player's press a turn is
//! kept, linked to no message, to refuse a flood.

use serde_json::json;

use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{board, my_position, DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call};
use crate::domain::diplomacy::press::{accept, heading, PressKind};
use crate::domain::diplomacy::season::Turn;
use crate::store;
use crate::store::diplomacy::boards::Board;

/// The most press one player sends a board in a turn.
pub const PRESS_PER_TURN: i64 = 20;

/// The name the audit log gives the author of anonymous press.
const A_PLAYER: &str = "a player";

impl Diplomacy<'_> {
    /// `/press board text kind [as]`.
    pub async fn press(
        &self,
        call: &Call,
        name: &str,
        text: &str,
        k: PressKind,
        attributed: Option<&str>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        let shown_as = k.anonymous().then_some(A_PLAYER);
        // The text is published anyway; the author of non-white press is not recorded.
        let public = json!({ "board": name, "kind": k.name() });
        self.execute_sealed(call, public, shown_as, async |conn, actor| {
            let b = board(conn, name).await?;
            my_position(conn, actor, &b).await?;
            let rule = b.press_rule;
            accept(rule, k, attributed)?;
            let sent = store::diplomacy::press::count_one(conn, b.id, actor.id, b.turn).await?;
            if sent > PRESS_PER_TURN {
                return Err(DiplomacyError::Refused(format!(
                    "You have sent {PRESS_PER_TURN} pieces of press to {} this turn; that is the most a turn.",
                    b.name
                )));
            }
            let author = (!k.anonymous()).then_some(actor.id);
            let attributed = attributed.map(str::trim).filter(|_| k == PressKind::DarkGray);
            store::diplomacy::press::insert(conn, b.id, k, text.trim(), author, attributed, b.turn, self.now()).await?;
            // The GM publishes press in the adjudication (D.X.1): it waits for the turn's.
            Ok(DiplomacyOutcome::PressKept { kind: k, board: b.name, turn: b.turn })
        })
        .await
    }
}

impl App {
    /// The press of `turn` on `b`, as the adjudication publishes it (D.X.1): each piece under
    /// its heading, white press with its author's name, the rest with none (D.X.2).
    pub(super) async fn press_lines(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
        turn: Turn,
    ) -> sqlx::Result<Vec<String>> {
        let rule = b.press_rule;
        let mut lines = Vec::new();
        for p in store::diplomacy::press::of_turn(conn, b.id, turn).await? {
            let author = store::people::name_of(conn, p.author_id)
                .await?
                .unwrap_or_default();
            let head = heading(rule, p.kind, &author, p.attributed.as_deref());
            lines.push(format!("{} press, {head}:\n{}", b.name, p.body));
        }
        Ok(lines)
    }
}
