//! What each round of the tournament is (B.1, B.3, B.4): four rounds (two team rounds, the
//! semi-final and the final) or, when fewer than 42 teams enter, three, for round 2 "becomes the
//! semi-final and will no longer apply to the team competition".

use super::round_size::round_two;

/// A round's place in the tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Rounds 1 and 2, which count for the team competition and play to Fall 1909 (B.3).
    TeamRound,
    /// Plays to Fall 1912; each board's winner reaches the final (B.3, C.9).
    SemiFinal,
    /// Plays to Fall 1915 and decides the individual title (B.3, C.11).
    Final,
}

impl Stage {
    /// The year the round's games play to (B.3).
    pub fn last_year(self) -> i64 {
        match self {
            Stage::TeamRound => 1909,
            Stage::SemiFinal => 1912,
            Stage::Final => 1915,
        }
    }

    /// The stage of a round stored with `last_year` (each stage has its own year, B.3).
    pub fn of_last_year(last_year: i64) -> Stage {
        match last_year {
            1915 => Stage::Final,
            1912 => Stage::SemiFinal,
            _ => Stage::TeamRound,
        }
    }

    /// True for the rounds of the team competition (B.4, B.6(a), B.8, C.12).
    pub fn team_round(self) -> bool {
        self == Stage::TeamRound
    }

    pub fn name(self) -> &'static str {
        match self {
            Stage::TeamRound => "a team round",
            Stage::SemiFinal => "the semi-final",
            Stage::Final => "the final",
        }
    }
}

/// The stage of round `round` when `teams` teams played round 1 (B.1, B.4), or `None` past the
/// final.
pub fn stage(round: i64, teams: u32) -> Option<Stage> {
    let semi_final = if round_two(teams).semi_final { 2 } else { 3 };
    match round {
        r if r < 1 => None,
        r if r < semi_final => Some(Stage::TeamRound),
        r if r == semi_final => Some(Stage::SemiFinal),
        r if r == semi_final + 1 => Some(Stage::Final),
        _ => None,
    }
}

/// How many rounds the tournament has with `teams` teams (B.1, B.4).
pub fn rounds(teams: u32) -> i64 {
    if round_two(teams).semi_final {
        3
    } else {
        4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_42_teams_or_more_there_are_two_team_rounds_a_semi_final_and_a_final_b1_b3() {
        assert_eq!(stage(1, 42), Some(Stage::TeamRound));
        assert_eq!(stage(2, 42), Some(Stage::TeamRound));
        assert_eq!(stage(3, 42), Some(Stage::SemiFinal));
        assert_eq!(stage(4, 42), Some(Stage::Final));
        assert_eq!(stage(5, 42), None);
        assert_eq!(rounds(100), 4);
    }

    #[test]
    fn under_42_teams_round_two_is_the_semi_final_and_round_three_the_final_b4() {
        assert_eq!(stage(1, 41), Some(Stage::TeamRound));
        assert_eq!(stage(2, 41), Some(Stage::SemiFinal));
        assert_eq!(stage(3, 41), Some(Stage::Final));
        assert_eq!(stage(4, 41), None);
        assert_eq!(rounds(2), 3);
        assert!(!Stage::SemiFinal.team_round());
    }

    #[test]
    fn each_stage_plays_to_its_own_year_b3() {
        for s in [Stage::TeamRound, Stage::SemiFinal, Stage::Final] {
            assert_eq!(Stage::of_last_year(s.last_year()), s);
        }
        assert_eq!(Stage::SemiFinal.last_year(), 1912);
        assert_eq!(Stage::Final.last_year(), 1915);
    }
}
