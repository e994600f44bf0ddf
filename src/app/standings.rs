//! Standings: the fold of the score history into current scores and ranks.

use std::collections::HashMap;

use sqlx::SqliteConnection;

use crate::domain::score::{self, Ledger, Rules};
use crate::store;

use super::App;

/// One line of the leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub rank: usize,
    pub person_id: i64,
    pub name: String,
    pub score: i64,
}

impl App {
    pub(crate) fn score_rules(&self) -> Rules {
        let s = &self.config().scores;
        Rules {
            initial: s.initial,
            floor: s.floor,
            k: s.elo_k,
            online_weight: s.online_weight,
        }
    }

    /// Folds the whole live history.
    pub(crate) async fn ledger(
        &self,
        conn: &mut SqliteConnection,
        keep_movements: bool,
    ) -> sqlx::Result<Ledger> {
        let events = store::events::live(conn).await?;
        Ok(score::fold(&events, &self.score_rules(), keep_movements))
    }

    /// Every current Member ranked by score (ties share a rank, then by name).
    pub(crate) async fn standings(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<Standing>> {
        let ledger = self.ledger(conn, false).await?;
        let members = store::people::current_members(conn).await?;
        Ok(rank(
            &ledger.scores,
            members.into_iter().map(|(p, _)| (p.id, p.name)),
        ))
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
