//! Paying the points a completed vote moved (Nomic 203, 205, 207): each change posted in
//! #points (Nomic 209), and the winner or a tie for the win (Nomic 210, 214, 215). At the
//! close, or, for a change held for a Judgement, when it takes effect (Nomic 214).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::nomic::points::Reason;
use crate::domain::nomic::{cite, Nomic, PlayerId, PointsChange, Scores, Win};
use crate::store::{
    self,
    outbox::{POINTS, VOTING},
};

use super::RulesError;

impl App {
    /// Applies the points Proposal `number`'s vote moved, as of `at`: at the close, or when a
    /// held change takes effect (Nomic 214). Posts each change in #points (Nomic 209), and the
    /// winner (Nomic 210).
    pub(super) async fn settle_points(
        &self,
        conn: &mut SqliteConnection,
        game: &Nomic,
        proposer: PlayerId,
        points: &[PointsChange],
        number: i64,
        at: DateTime<Utc>,
    ) -> Result<(), RulesError> {
        let now = self.now();
        let params = &game.params;
        let players = store::nomic::turns::players(conn).await?;
        let mut scores = Scores::with_totals(players.iter().map(|p| (p.id, p.points)), params);
        // A tie left to a Judge was the first to reach the total: nobody wins by reaching it
        // later while the Judge decides (Nomic 210, 214).
        let decided = store::nomic::turns::winner(conn).await?.is_some()
            || store::nomic::turns::tie(conn).await?.is_some();
        let (postings, win) = scores.apply(points, proposer, params, decided, &game.turns);
        let name = |id: i64| {
            players
                .iter()
                .find(|p| p.id == id)
                .map_or_else(|| format!("player {id}"), |p| p.name.clone())
        };
        for posting in &postings {
            let reasons: Vec<&str> = points
                .iter()
                .filter(|c| c.player == posting.player)
                .map(|c| match c.reason {
                    Reason::Award => "award, Nomic 203",
                    Reason::Defeat => "defeat, Nomic 207",
                    Reason::Dissent => "dissent, Nomic 205",
                })
                .collect();
            store::nomic::turns::set_points(conn, posting.player, posting.total).await?;
            store::nomic::proposals::record_points(
                conn,
                posting.player,
                Some(number),
                posting.change,
                posting.total,
                &reasons.join("; "),
                at,
            )
            .await?;
            store::outbox::enqueue(conn, POINTS, &posting.line(&name(posting.player)), now).await?;
        }
        let book = self
            .rulebook(conn, crate::domain::nomic::parameters::Procedure::Nomic)
            .await?;
        match win {
            Some(Win::Player(p)) => {
                store::nomic::turns::set_winner(conn, p, at).await?;
                let text = format!(
                    "{} has reached {} points and wins the game (Nomic 210).",
                    name(p),
                    params.winning_points
                );
                let text = cite(&book, &text);
                store::outbox::enqueue(conn, VOTING, &text, now).await?;
                self.announce(conn, &text).await?;
            }
            Some(Win::Tied(tied)) => {
                store::nomic::turns::set_tie(conn, &tied).await?;
                let names: Vec<String> = tied.into_iter().map(name).collect();
                let text = format!(
                    "{} reached {} points at once; a Judge decides who wins, on a Point of Order, and the Chief Justice records it with /turns winner (Nomic 210, 214, 215).",
                    names.join(" and "),
                    params.winning_points
                );
                let text = cite(&book, &text);
                store::outbox::enqueue(conn, VOTING, &text, now).await?;
            }
            _ => {}
        }
        Ok(())
    }
}
