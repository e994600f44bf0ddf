//! The Final (ACWC Format, Final): twelve games; to win, the leader must be two points ahead,
//! or the match is extended by two games; after 24 games any lead wins; a tie then goes on in
//! pairs of games at 2+0 until it breaks after an even number of games; after 30 games, an
//! Armageddon game decides, for which both players bid a time for White.

use super::matches::Score;
use super::Halves;

/// The Final's numbers (the ACWC's by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FinalRules {
    pub games: u32,
    /// The lead that wins, in halves (2 points).
    pub lead: Halves,
    pub extension: u32,
    /// After this many games any lead wins.
    pub lead_dropped_after: u32,
    /// After this many games a tie goes to Armageddon.
    pub armageddon_after: u32,
}

impl Default for FinalRules {
    fn default() -> Self {
        Self {
            games: 12,
            lead: 4,
            extension: 2,
            lead_dropped_after: 24,
            armageddon_after: 30,
        }
    }
}

/// A time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// The tournament's 2+5.
    Standard,
    /// The tie-break extensions' 2+0.
    Blitz,
}

impl TimeControl {
    pub fn written(self) -> &'static str {
        match self {
            TimeControl::Standard => "2+5",
            TimeControl::Blitz => "2+0",
        }
    }
}

/// What comes next in a Final.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Play on until `until` games in all, at `control`.
    Play { until: u32, control: TimeControl },
    /// The first (`true`) or second player has won.
    Won { first: bool },
    /// A tie after the last extension: one Armageddon game.
    Armageddon,
}

/// What comes next in a Final at `score` (games are decided in whole blocks: the first twelve,
/// then each extension of two).
pub fn next(rules: FinalRules, score: Score) -> Next {
    let played = score.games();
    if played < rules.games {
        return Next::Play {
            until: rules.games,
            control: TimeControl::Standard,
        };
    }
    let extended = played - rules.games;
    if !extended.is_multiple_of(rules.extension) {
        // Inside an extension: finish the pair.
        let until = played + rules.extension - extended % rules.extension;
        return Next::Play {
            until,
            control: control_at(rules, until),
        };
    }
    let lead = score.first.abs_diff(score.second);
    let needed = if played < rules.lead_dropped_after {
        rules.lead
    } else {
        1
    };
    if lead >= needed {
        return Next::Won {
            first: score.first > score.second,
        };
    }
    if played >= rules.armageddon_after {
        return Next::Armageddon;
    }
    let until = played + rules.extension;
    Next::Play {
        until,
        control: control_at(rules, until),
    }
}

/// The time control of games up to `until`: 2+5 up to where the lead rule is dropped, 2+0 after.
fn control_at(rules: FinalRules, until: u32) -> TimeControl {
    if until <= rules.lead_dropped_after {
        TimeControl::Standard
    } else {
        TimeControl::Blitz
    }
}

/// Who plays White in the Armageddon game, and with how long: the lower bid for White plays
/// White with that time; on equal bids the higher seed plays White. Black has 3 minutes and
/// draw odds (a draw is Black's win). Bids are in seconds.
pub fn armageddon_white(
    first_bid: u32,
    second_bid: u32,
    first_is_higher_seed: bool,
) -> (bool, u32) {
    match first_bid.cmp(&second_bid) {
        std::cmp::Ordering::Less => (true, first_bid),
        std::cmp::Ordering::Greater => (false, second_bid),
        std::cmp::Ordering::Equal => (first_is_higher_seed, first_bid),
    }
}

/// Whether the first player wins the Armageddon game: a draw is Black's win ("if draw, black
/// wins").
pub fn armageddon_first_wins(game: super::matches::Game, first_is_white: bool) -> bool {
    use super::matches::Game;
    match game {
        Game::FirstWins => true,
        Game::SecondWins => false,
        Game::Draw => !first_is_white,
    }
}

/// A bid for White written "M:SS" (or whole seconds), in seconds; at most ten minutes.
pub fn parse_bid(text: &str) -> Option<u32> {
    let t = text.trim();
    let seconds = match t.split_once(':') {
        Some((m, s)) if s.len() == 2 => {
            m.parse::<u32>().ok()? * 60 + s.parse::<u32>().ok().filter(|s| *s < 60)?
        }
        Some(_) => return None,
        None => t.parse().ok()?,
    };
    (1..=600).contains(&seconds).then_some(seconds)
}

/// Seconds written "M:SS".
pub fn clock(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// Black's time in the Armageddon game, in seconds (3 minutes, no increment).
pub const ARMAGEDDON_BLACK_SECONDS: u32 = 180;

#[cfg(test)]
mod tests {
    use super::*;

    fn score(first: Halves, second: Halves) -> Score {
        Score { first, second }
    }

    #[test]
    fn in_armageddon_a_draw_is_blacks_win() {
        // ACWC Final: "Black gets 3 minutes on the clock and draw odds (i.e. if draw, black
        // wins)."
        use crate::domain::tournament::matches::Game;
        assert!(armageddon_first_wins(Game::Draw, false));
        assert!(!armageddon_first_wins(Game::Draw, true));
        assert!(armageddon_first_wins(Game::FirstWins, true));
        assert!(!armageddon_first_wins(Game::SecondWins, false));
    }

    #[test]
    fn bids_are_minutes_and_seconds() {
        assert_eq!(parse_bid("2:30"), Some(150));
        assert_eq!(parse_bid("90"), Some(90));
        assert_eq!(parse_bid("2:75"), None);
        assert_eq!(parse_bid("0:00"), None);
        assert_eq!(parse_bid("soon"), None);
        assert_eq!(clock(150), "2:30");
    }

    #[test]
    fn twelve_games_then_a_two_point_lead_wins_or_two_more_games() {
        // ACWC Final: "To win the match, the leading player must be ahead by two points. If
        // neither player achieves this, the match gets extended by two games."
        let rules = FinalRules::default();
        assert_eq!(
            next(rules, score(10, 4)),
            Next::Play {
                until: 12,
                control: TimeControl::Standard
            }
        );
        assert_eq!(next(rules, score(14, 10)), Next::Won { first: true });
        assert_eq!(
            next(rules, score(13, 11)),
            Next::Play {
                until: 14,
                control: TimeControl::Standard
            }
        );
        // Inside an extension the pair is finished.
        assert_eq!(
            next(rules, score(15, 11)),
            Next::Play {
                until: 14,
                control: TimeControl::Standard
            }
        );
        assert_eq!(next(rules, score(12, 16)), Next::Won { first: false });
    }

    #[test]
    fn a_final_to_twenty_four_games_is_won_by_any_lead() {
        // ACWC Final: "If, after 24 games, there is still no winner decided, the 'must be
        // ahead by two points' restriction gets dropped."
        let rules = FinalRules::default();
        assert_eq!(
            next(rules, score(23, 21)),
            Next::Play {
                until: 24,
                control: TimeControl::Standard
            }
        );
        assert_eq!(next(rules, score(25, 23)), Next::Won { first: true });
    }

    #[test]
    fn a_tie_after_twenty_four_goes_on_at_blitz_then_to_armageddon_after_thirty() {
        // ACWC Final: extensions "with 2+0 as time control ... until the tie is broken (after
        // an even number of games)"; "no winner after 30 games total, an Armageddon game".
        let rules = FinalRules::default();
        assert_eq!(
            next(rules, score(24, 24)),
            Next::Play {
                until: 26,
                control: TimeControl::Blitz
            }
        );
        // Inside a 2+0 extension the pair is finished; then any lead wins.
        assert_eq!(
            next(rules, score(26, 24)),
            Next::Play {
                until: 26,
                control: TimeControl::Blitz
            }
        );
        assert_eq!(next(rules, score(27, 25)), Next::Won { first: true });
        assert_eq!(
            next(rules, score(26, 26)),
            Next::Play {
                until: 28,
                control: TimeControl::Blitz
            }
        );
        assert_eq!(next(rules, score(30, 30)), Next::Armageddon);
    }

    #[test]
    fn the_lower_bid_plays_white_and_equal_bids_go_to_the_higher_seed() {
        // ACWC Final, Armageddon: "The lowest offer plays White. In case of identical offers,
        // the higher seed plays White."
        assert_eq!(armageddon_white(250, 270, false), (true, 250));
        assert_eq!(armageddon_white(300, 270, true), (false, 270));
        assert_eq!(armageddon_white(270, 270, false), (false, 270));
        assert_eq!(ARMAGEDDON_BLACK_SECONDS, 180);
    }
}
