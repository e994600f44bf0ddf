//! `/points`: every player's points and the winner (Nomic 201, 209, 210); `/forfeit`: a player
//! leaves the game (Nomic 115); `/turns winner`: the Chief Justice records the winner a
//! Judgement decided when several players reached the winning points at once (Nomic 210, 214,
//! 215).

use crate::app::{Call, PersonRef};
use crate::domain::kernel::authority::Power;
use crate::domain::nomic::points::judged_winner;
use crate::store::{self, outbox::VOTING};

use super::{Nomic, RulesError};

/// The answer to `/points`.
#[derive(Debug, Clone)]
pub struct PointsTable {
    /// Every player, most points first.
    pub rows: Vec<PointsRow>,
    pub winner: Option<String>,
    /// The players tied for the win while a Judge decides (Nomic 214).
    pub tied: Vec<String>,
    pub winning: i64,
}

/// A player's points in `/points`.
#[derive(Debug, Clone)]
pub struct PointsRow {
    pub name: String,
    pub points: i64,
    /// Whether they still play (not forfeited, Nomic 115).
    pub playing: bool,
}

/// The answer to `/turns winner`: its announcement.
#[derive(Debug, Clone)]
pub struct WinnerRecorded {
    pub announced: String,
}

/// The answer to `/forfeit`: its announcement.
#[derive(Debug, Clone)]
pub struct Forfeited {
    pub announced: String,
}

impl Nomic<'_> {
    /// `/points`.
    pub async fn points(&self, call: &Call) -> Result<PointsTable, RulesError> {
        self.execute(call, async |conn, _actor| {
            let settings = self.settings(conn).await?;
            let mut players = store::nomic::turns::players(conn).await?;
            players.sort_by(|a, b| b.points.cmp(&a.points).then(a.name.cmp(&b.name)));
            let winner_id = store::nomic::turns::winner(conn).await?;
            let tie = store::nomic::turns::tie(conn).await?.unwrap_or_default();
            let rows = players
                .iter()
                .map(|p| PointsRow {
                    name: p.name.clone(),
                    points: p.points,
                    playing: p.is_playing(),
                })
                .collect();
            Ok(PointsTable {
                rows,
                winner: winner_id
                    .and_then(|w| players.iter().find(|p| p.id == w))
                    .map(|p| p.name.clone()),
                tied: tie
                    .iter()
                    .filter_map(|t| players.iter().find(|p| p.id == *t))
                    .map(|p| p.name.clone())
                    .collect(),
                winning: settings.nomic.winning_points,
            })
        })
        .await
    }

    /// `/turns winner`: the Chief Justice records the winner that the Judgement on Point
    /// `point` decided, while a tie for the win awaits a Judge (Nomic 210, 214, 215).
    pub async fn record_judged_winner(
        &self,
        call: &Call,
        member: &PersonRef,
        point: i64,
    ) -> Result<WinnerRecorded, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "record the winner a Judgement decided",
                "Nomic 210, 214, 215",
            )?;
            let person = member.resolve(conn, now).await?;
            let stored = store::nomic::orders::by_number(conn, point)
                .await?
                .ok_or(RulesError::NoSuchPoint(point))?;
            let player = store::nomic::turns::player_of(conn, person.id).await?;
            let playing = player.as_ref().is_some_and(|p| p.is_playing());
            let tie = store::nomic::turns::tie(conn).await?;
            let won = store::nomic::turns::winner(conn).await?.is_some();
            judged_winner(
                tie.as_deref(),
                won,
                person.id,
                &person.name,
                playing,
                point,
                &stored.point,
            )?;
            store::nomic::turns::set_winner_by_point(conn, person.id, point, now).await?;
            let text = format!(
                "{} wins the game, as decided on Point of Order #{point} (Nomic 210, 214, 215).",
                person.name
            );
            store::outbox::enqueue(conn, VOTING, &text, now).await?;
            self.announce(conn, &text).await?;
            Ok(WinnerRecorded { announced: text })
        })
        .await
    }

    /// `/forfeit`: the caller leaves the game (Nomic 115).
    pub async fn forfeit(&self, call: &Call, confirm: bool) -> Result<Forfeited, RulesError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            // Irreversible: asked for in so many words, never by a slip of the keyboard.
            if !confirm {
                return Err(RulesError::ForfeitUnconfirmed);
            }
            let mut turns = store::nomic::turns::load(conn)
                .await?
                .ok_or(RulesError::Forfeit(
                    crate::domain::nomic::turns::ForfeitError::NotAPlayer,
                ))?;
            turns.forfeit(actor.id)?;
            store::nomic::turns::forfeit(conn, actor.id, now).await?;
            let announced = format!(
                "{} has forfeited the game: they no longer propose or vote, their day is vacant, and votes already cast stand (Nomic 115, 113).",
                actor.name
            );
            store::outbox::enqueue(conn, VOTING, &announced, now).await?;
            // A Judge who leaves the game passes their Points on (Nomic 115, 214).
            let settings = self.settings(conn).await?;
            let game = self.nomic_state(conn, &settings).await?;
            self.pass_on_points_judged_by(conn, actor.id, &game).await?;
            if store::nomic::turns::started_on(conn).await?.is_some() {
                self.schedule_switch(conn).await?;
            }
            Ok(Forfeited { announced })
        })
        .await
    }
}
