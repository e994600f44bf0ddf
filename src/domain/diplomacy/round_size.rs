//! The size of round 2 (B.4): 28 boards, unless that advances more than half or less than a
//! third of round 1, when the half (rounded down) or the third (rounded up) applies, in whole
//! boards; over 147 teams it is 49 boards; under 42 teams round 2 becomes the semi-final and no
//! longer counts for the team competition.

/// Players a team fields on the boards of round 1 (B.2: seven players a team, one a power).
pub const TEAM_PLAYERS: u32 = 7;

/// The semi-final's boards: one for each seat of the single final board (C.9).
pub const FINAL_BOARDS: u32 = 7;

/// Round 2's size, with its working.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundTwo {
    pub boards: u32,
    /// True when there are fewer than 42 teams: round 2 is the semi-final (B.4).
    pub semi_final: bool,
    pub working: String,
}

/// Round 2 for `teams` teams, each with seven players on round 1's boards (so as many boards
/// as teams in round 1).
pub fn round_two(teams: u32) -> RoundTwo {
    let players = teams * TEAM_PLAYERS;
    let head = format!(
        "{teams} teams × {TEAM_PLAYERS} players = {players} players on {teams} boards in round 1"
    );
    if teams < 42 {
        // The semi-final sends each board's best to the one final board (C.9), so it is seven
        // boards; fewer than seven teams cannot fill them, and then B.4's half applies.
        let (boards, why) = if teams >= FINAL_BOARDS {
            (
                FINAL_BOARDS,
                format!(
                    "{FINAL_BOARDS} boards, whose best fill the one final board of seven (C.9)"
                ),
            )
        } else {
            let b = (teams / 2).max(1);
            (
                b,
                format!("too few players for {FINAL_BOARDS} boards, so half of {teams} boards rounded down (at least one) = {b}; the final's other seats go to the next by C.10's order"),
            )
        };
        return RoundTwo {
            boards,
            semi_final: true,
            working: format!(
                "{head}; fewer than 42 teams, so round 2 becomes the semi-final and no longer counts for the team competition; {why} (B.4)"
            ),
        };
    }
    if teams > 147 {
        return RoundTwo {
            boards: 49,
            semi_final: false,
            working: format!(
                "{head}; more than 147 teams, so round 2 is limited to 49 boards (B.4)"
            ),
        };
    }
    // 28 boards is 196 players: compare 196 with the half and the third of round 1.
    let (boards, why) = if 2 * 28 > teams {
        let b = teams / 2;
        (
            b,
            format!("28 boards would advance 196 of {players}, more than one half; one half is {teams}/2 boards, rounded down = {b}"),
        )
    } else if 3 * 28 < teams {
        let b = teams.div_ceil(3);
        (
            b,
            format!("28 boards would advance 196 of {players}, less than one third; one third is {teams}/3 boards, rounded up = {b}"),
        )
    } else {
        (
            28,
            format!("28 boards advance 196 of {players}, between one third and one half"),
        )
    };
    RoundTwo {
        boards,
        semi_final: false,
        working: format!("{head}; {why} (B.4)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_56_and_84_teams_round_two_has_28_boards_b4() {
        for t in [56, 70, 84] {
            assert_eq!(round_two(t).boards, 28, "{t} teams");
        }
    }

    #[test]
    fn more_than_half_advancing_applies_the_half_rounded_down_b4() {
        let r = round_two(45);
        assert_eq!(r.boards, 22);
        assert!(!r.semi_final);
        assert_eq!(
            r.working,
            "45 teams × 7 players = 315 players on 45 boards in round 1; 28 boards would advance 196 of 315, more than one half; one half is 45/2 boards, rounded down = 22 (B.4)"
        );
    }

    #[test]
    fn less_than_a_third_advancing_applies_the_third_rounded_up_b4() {
        assert_eq!(round_two(100).boards, 34);
        assert_eq!(round_two(147).boards, 49);
    }

    #[test]
    fn over_147_teams_round_two_is_49_boards_b4() {
        assert_eq!(round_two(148).boards, 49);
        assert_eq!(round_two(300).boards, 49);
    }

    #[test]
    fn under_42_teams_round_two_is_the_semi_final_b4() {
        let r = round_two(20);
        assert!(r.semi_final);
        assert!(r.working.contains("semi-final"));
    }

    #[test]
    fn under_42_teams_the_semi_final_has_seven_boards_for_the_one_final_board_b4_c9() {
        for t in [7, 20, 41] {
            assert_eq!(round_two(t).boards, 7, "{t} teams");
        }
    }

    #[test]
    fn under_seven_teams_the_semi_final_is_half_of_round_one_at_least_one_board_b4() {
        assert_eq!(round_two(6).boards, 3);
        assert_eq!(round_two(2).boards, 1);
        assert_eq!(round_two(1).boards, 1);
    }
}
