//! A match of games (ACWC Qualification, Candidates): ten games, a won match 1 point, 5-5 half a
//! point, a loss 0; in the Swiss either player may stop once one reaches 5.5, in the Candidates
//! nobody stops, since the exact scores may break a tie.

use super::Halves;

/// How a match is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRules {
    /// Games in the match (ACWC: 10).
    pub games: u32,
    /// The score, in halves, at which the players may stop (ACWC Swiss: 11, 5.5); `None` where
    /// the match is played out (ACWC Candidates).
    pub stop_at: Option<Halves>,
}

impl MatchRules {
    /// The Qualification's matches (ACWC Format, Qualification).
    pub const SWISS: MatchRules = MatchRules {
        games: 10,
        stop_at: Some(11),
    };
    /// The Candidates' matches, played out (ACWC Format, Candidates).
    pub const CANDIDATES: MatchRules = MatchRules {
        games: 10,
        stop_at: None,
    };
}

/// One game's result, from the first player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    FirstWins,
    SecondWins,
    Draw,
}

/// A match's game score: halves of each player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    pub first: Halves,
    pub second: Halves,
}

impl Score {
    /// The score after `games`.
    pub fn of(games: &[Game]) -> Score {
        games.iter().fold(Score::default(), |s, g| s.with(*g))
    }

    /// The score after one more game.
    pub fn with(self, game: Game) -> Score {
        match game {
            Game::FirstWins => Score {
                first: self.first + 2,
                ..self
            },
            Game::SecondWins => Score {
                second: self.second + 2,
                ..self
            },
            Game::Draw => Score {
                first: self.first + 1,
                second: self.second + 1,
            },
        }
    }

    /// Games played (a game gives 2 halves in all).
    pub fn games(self) -> u32 {
        (self.first + self.second) / 2
    }
}

/// Why a game cannot be added to a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error("The match is over ({0}); no more games are recorded (ACWC Format).")]
    Over(&'static str),
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchState {
    /// More games to play.
    InPlay,
    /// Over: the match points of each player (2, 1 or 0 halves).
    Over { first: Halves, second: Halves },
}

/// Where a match with `score` stands under `rules`. A match is over when all its games are
/// played, or (where stopping is allowed) once either player reaches the stop: gavel reads the
/// players' right to stop as the match ending there, since no later game can change its result.
pub fn state(rules: MatchRules, score: Score) -> MatchState {
    let stopped = rules
        .stop_at
        .is_some_and(|at| score.first >= at || score.second >= at);
    if !stopped && score.games() < rules.games {
        return MatchState::InPlay;
    }
    let (first, second) = match score.first.cmp(&score.second) {
        std::cmp::Ordering::Greater => (2, 0),
        std::cmp::Ordering::Less => (0, 2),
        std::cmp::Ordering::Equal => (1, 1),
    };
    MatchState::Over { first, second }
}

/// Adds a game to a match still in play.
pub fn record(rules: MatchRules, score: Score, game: Game) -> Result<Score, MatchError> {
    match state(rules, score) {
        MatchState::InPlay => Ok(score.with(game)),
        MatchState::Over { .. } => Err(MatchError::Over(if score.games() >= rules.games {
            "all its games are played"
        } else {
            "a player reached 5.5"
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wins(first: u32, second: u32, draws: u32) -> Score {
        let mut games = vec![Game::FirstWins; first as usize];
        games.extend(vec![Game::SecondWins; second as usize]);
        games.extend(vec![Game::Draw; draws as usize]);
        Score::of(&games)
    }

    #[test]
    fn a_swiss_match_ends_when_a_player_reaches_five_and_a_half() {
        // ACWC Qualification: "Once either player reaches 5.5 in a match, the players are
        // allowed to stop there."
        let score = wins(5, 2, 1);
        assert_eq!(score.first, 11);
        assert_eq!(
            state(MatchRules::SWISS, score),
            MatchState::Over {
                first: 2,
                second: 0
            }
        );
        assert!(record(MatchRules::SWISS, score, Game::Draw).is_err());
        assert_eq!(state(MatchRules::SWISS, wins(5, 2, 0)), MatchState::InPlay);
    }

    #[test]
    fn a_candidates_match_is_played_out_and_five_all_is_half_a_point() {
        // ACWC Candidates: "Players are not allowed to stop the match once either player
        // reaches 5.5"; "a tie (5-5) gives 0.5 points".
        assert_eq!(
            state(MatchRules::CANDIDATES, wins(6, 0, 0)),
            MatchState::InPlay
        );
        assert_eq!(
            state(MatchRules::CANDIDATES, wins(4, 4, 2)),
            MatchState::Over {
                first: 1,
                second: 1
            }
        );
        assert_eq!(
            state(MatchRules::CANDIDATES, wins(3, 6, 1)),
            MatchState::Over {
                first: 0,
                second: 2
            }
        );
    }
}
