//! Standings: current scores and ranks, read from the materialised fold of the history, and
//! the full fold itself for the export and for proving the materialised state.

use crate::app::leaderboard::Leaderboard;
use std::collections::HashMap;

use sqlx::SqliteConnection;

use crate::domain::leaderboard::score::{self, Ledger, Rules};
use crate::store;

/// One line of the leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub rank: usize,
    pub person_id: i64,
    pub name: String,
    pub score: i64,
}

impl Leaderboard<'_> {
    pub(crate) fn score_rules(&self) -> Rules {
        let s = &self.config().scores;
        Rules {
            initial: s.initial,
            floor: s.floor,
            k: s.elo_k,
            online_weight: s.online_weight,
        }
    }

    /// Folds the whole live history (the export, and the proof of the materialised state).
    /// Commands read the materialised state instead: see `ledger_of` and `standings`.
    pub(crate) async fn ledger(
        &self,
        conn: &mut SqliteConnection,
        keep_movements: bool,
    ) -> sqlx::Result<Ledger> {
        let events = store::leaderboard::events::live(conn).await?;
        Ok(score::fold(&events, &self.score_rules(), keep_movements))
    }

    /// How these events moved the scores (in the order given), and the current scores of the
    /// members they moved: what a reply about events just appended needs, read from the
    /// materialised fold without replaying the history.
    pub(crate) async fn ledger_of(
        &self,
        conn: &mut SqliteConnection,
        event_ids: &[i64],
    ) -> sqlx::Result<Ledger> {
        let movements = store::leaderboard::standings::movements_of(conn, event_ids).await?;
        let mut scores = HashMap::new();
        for m in &movements {
            if let Some(s) = store::leaderboard::standings::score_of(conn, m.person).await? {
                scores.insert(m.person, s);
            }
        }
        Ok(Ledger { scores, movements })
    }

    /// How one event moved one person's score, if it did.
    pub(crate) async fn movement(
        &self,
        conn: &mut SqliteConnection,
        event_id: i64,
        person_id: i64,
    ) -> sqlx::Result<Option<crate::domain::leaderboard::score::Movement>> {
        let moves = store::leaderboard::standings::movements_of(conn, &[event_id]).await?;
        Ok(moves.into_iter().find(|m| m.person == person_id))
    }

    /// Every current Member ranked by score (ties share a rank, then by name).
    pub(crate) async fn standings(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<Standing>> {
        let members = store::leaderboard::standings::members_with_scores(conn).await?;
        let scores: HashMap<i64, i64> = members.iter().map(|(id, _, s)| (*id, *s)).collect();
        Ok(rank(
            &scores,
            members.into_iter().map(|(id, name, _)| (id, name)),
        ))
    }

    /// `gavel check`: every way the materialised scores, steps and checkpoints differ from a
    /// full fold of the history with the configured rules (none, when they are equal).
    pub async fn check_standings(&self) -> sqlx::Result<Vec<String>> {
        // One read transaction: the whole comparison sees one snapshot, even while another
        // process writes (WAL).
        let mut tx = self.pool().begin().await?;
        let problems = store::leaderboard::standings::check(&mut tx, &self.score_rules()).await?;
        tx.rollback().await?;
        Ok(problems)
    }

    /// `gavel rebuild`: folds the history again into scores, steps and checkpoints.
    pub async fn rebuild_standings(&self) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        store::leaderboard::standings::rebuild(&mut tx, &self.score_rules()).await?;
        tx.commit().await
    }

    /// On opening: folds the history if the state was never built or was built with other
    /// rules (the config's `[scores]` changed).
    pub(crate) async fn adopt_score_rules(&self) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        if store::leaderboard::standings::adopt(&mut tx, &self.score_rules()).await? {
            tracing::info!("scores folded from the history with the configured rules");
        }
        tx.commit().await
    }
}

/// Ranks people by score, highest first; equal scores share a rank (1, 2, 2, 4).
pub fn rank(
    scores: &HashMap<i64, i64>,
    people: impl Iterator<Item = (i64, String)>,
) -> Vec<Standing> {
    let mut rows: Vec<Standing> = people
        .map(|(id, name)| Standing {
            rank: 0,
            person_id: id,
            score: scores.get(&id).copied().unwrap_or(0),
            name,
        })
        .collect();
    rows.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.name.cmp(&b.name)));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && rows[i].score == rows[i - 1].score {
            rows[i - 1].rank
        } else {
            i + 1
        };
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_scores_share_a_rank() {
        let scores = HashMap::from([(1, 120), (2, 110), (3, 110), (4, 100)]);
        let people = [(1, "a"), (2, "c"), (3, "b"), (4, "d")]
            .into_iter()
            .map(|(i, n)| (i, n.to_string()));
        let ranks: Vec<(String, usize)> = rank(&scores, people)
            .into_iter()
            .map(|s| (s.name, s.rank))
            .collect();
        assert_eq!(
            ranks,
            vec![
                ("a".into(), 1),
                ("b".into(), 2),
                ("c".into(), 2),
                ("d".into(), 4)
            ]
        );
    }
}
