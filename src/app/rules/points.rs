//! `/points`: every player's points and the winner (Nomic 201, 209, 210); `/forfeit`: a player
//! leaves the game (Nomic 115).

use std::fmt;

use crate::app::{App, Call};
use crate::store::{self, outbox::VOTING};

use super::RulesError;

/// The reply to `/points`.
#[derive(Debug, Clone)]
pub struct PointsTable {
    pub lines: Vec<String>,
    pub winner: Option<String>,
    pub winning: i64,
}

impl fmt::Display for PointsTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lines.is_empty() {
            return f.write_str(
                "Nobody plays yet: players are those with an allocated day (Nomic 201).",
            );
        }
        write!(
            f,
            "Points ({} to win, Nomic 210):\n{}",
            self.winning,
            self.lines.join("\n")
        )?;
        if let Some(w) = &self.winner {
            write!(f, "\n{w} has won the game (Nomic 210).")?;
        }
        Ok(())
    }
}

/// The reply to `/forfeit`.
#[derive(Debug, Clone)]
pub struct Forfeited(pub String);

impl fmt::Display for Forfeited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} has forfeited the game: they no longer propose or vote, their day is vacant, and votes already cast stand (Nomic 115, 113).",
            self.0
        )
    }
}

impl App {
    /// `/points`.
    pub async fn points(&self, call: &Call) -> Result<PointsTable, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let mut players = store::turns::players(conn).await?;
            players.sort_by(|a, b| b.points.cmp(&a.points).then(a.name.cmp(&b.name)));
            let winner_id = store::turns::winner(conn).await?;
            let lines = players
                .iter()
                .map(|p| {
                    let gone = if p.is_playing() { "" } else { " (forfeited)" };
                    format!("{}: {}{gone}", p.name, p.points)
                })
                .collect();
            Ok(PointsTable {
                lines,
                winner: winner_id
                    .and_then(|w| players.iter().find(|p| p.id == w))
                    .map(|p| p.name.clone()),
                winning: settings.nomic.winning_points,
            })
        })
        .await
    }

    /// `/forfeit`: the caller leaves the game (Nomic 115).
    pub async fn forfeit(&self, call: &Call) -> Result<Forfeited, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let mut turns = store::turns::load(conn).await?.ok_or(RulesError::Forfeit(
                crate::domain::nomic::turns::ForfeitError::NotAPlayer,
            ))?;
            turns.forfeit(actor.id)?;
            store::turns::forfeit(conn, actor.id, now).await?;
            let done = Forfeited(actor.name.clone());
            store::outbox::enqueue(conn, VOTING, &done.to_string(), now).await?;
            // A Judge who leaves the game passes their Points on (Nomic 115, 214).
            let settings = self.settings(conn).await?;
            let game = self.nomic(conn, &settings).await?;
            self.pass_on_points_judged_by(conn, actor.id, &game).await?;
            if store::turns::started_on(conn).await?.is_some() {
                self.schedule_switch(conn).await?;
            }
            Ok(done)
        })
        .await
    }
}
