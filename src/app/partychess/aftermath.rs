//! What follows every change of the board, a Swinger's own play or not (Rule 1230.2 §1.C(iv),
//! §1.C(v), §3.C/D): the Checks that began are alerted and move up the play list, those that
//! last are named, and the Weights are posted (Rule 1230.3); a change made outside anyone's turn
//! that puts a newly checked Swinger on top begins eir turn.

use sqlx::SqliteConnection;

use super::PartyChess;
use super::{Game, PartyChessError};
use crate::domain::partychess::alerts::{self, Checks};
use crate::domain::partychess::check;
use crate::domain::partychess::weights::{halves, weights, Weight};
use crate::store;

impl Game {
    /// The Checks found after a change, in words: each one begun, then each one lasting.
    pub(super) fn check_lines(&self, checks: &Checks) -> Vec<String> {
        let begun = checks.begun.iter().map(|s| {
            format!(
                "Check: {}'s King is attacked (Rule 1230.2 §7); eir name moves up the play list (§3.C/D).",
                self.name(*s)
            )
        });
        let still = checks
            .still
            .iter()
            .map(|s| format!("{} is still in Check (Rule 1230.2 §7).", self.name(*s)));
        begun.chain(still).collect()
    }

    /// The Weights as the history keeps them (`gavel check` recomputes them).
    pub(super) fn posted(&self, weights: &[Weight]) -> String {
        serde_json::to_string(&super::Posted {
            defined: self.defined.clone(),
            x2: weights.iter().map(|w| (w.seat, w.total_x2())).collect(),
        })
        .expect("Weights serialise")
    }

    /// Weights in words.
    pub(super) fn weights_words(&self, weights: &[Weight]) -> String {
        let ws: Vec<String> = weights
            .iter()
            .map(|w| format!("{} {}", self.name(w.seat), halves(w.total_x2())))
            .collect();
        format!("Weights (Rule 1230.3): {}.", ws.join(", "))
    }

    /// After a change of the board: the Checks found (the newly checked moved up the list) and
    /// the Weights (Rule 1230.2 §1.C(v), Rule 1230.3), in words; and the Weights as the history
    /// keeps them.
    pub(super) fn after_change(&mut self) -> (Vec<String>, String) {
        let seats = self.seats();
        let checks = alerts::review(&mut self.turns, &self.pos, &seats);
        let mut lines = self.check_lines(&checks);
        let ws = weights(&self.pos, &seats, &self.defined);
        lines.push(self.weights_words(&ws));
        (lines, self.posted(&ws))
    }
}

impl PartyChess<'_> {
    /// A change of the board outside anyone's turn (a Warm Office's Surrender notified at any
    /// time, a change of the Rule Suite): `lines` say what changed; the Checks and the Weights
    /// follow, all announced. When the change puts a newly checked Swinger on top of the list,
    /// or leaves a waiting Warm Office on top no longer checked, a turn begins afresh (§3.B,
    /// §3.C, §4.B).
    pub(super) async fn off_turn_change(
        &self,
        conn: &mut SqliteConnection,
        mut g: Game,
        mut lines: Vec<String>,
    ) -> Result<String, PartyChessError> {
        let top = g.turns.top();
        let (words, posted) = g.after_change();
        lines.extend(words);
        store::partychess::games::set_weights_last(conn, g.row.id, &posted).await?;
        let text = lines.join("\n");
        self.announce(conn, &text).await?;
        let new_top = g.turns.top();
        let warm_freed = new_top
            .is_some_and(|s| g.turns.warm_since.contains_key(&s) && !check::in_check(&g.pos, s));
        if g.playing() && g.row.turn_number > 0 && (new_top != top || warm_freed) {
            let next = self.begin_turn(conn, g).await?;
            return Ok(format!("{text}\n{next}"));
        }
        self.save_game(conn, &g).await?;
        Ok(text)
    }
}
