//! Scores as a fold over the history of events: Elo for games, deductions, halvings, resets.
//!
//! The floor applies at every step (Terms §II Act 2 and Act 6). Elo changes are rounded to the
//! nearest whole point, halves away from zero, and the winner gains exactly what the loser
//! loses before the floor is applied.

use std::collections::HashMap;

/// A game's result from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    White,
    Black,
    Draw,
}

impl GameResult {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "white" | "1-0" => Some(GameResult::White),
            "black" | "0-1" => Some(GameResult::Black),
            "draw" | "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            GameResult::White => "white",
            GameResult::Black => "black",
            GameResult::Draw => "draw",
        }
    }

    /// White's points from the game: 1, 0 or a half.
    fn white_points(self) -> f64 {
        match self {
            GameResult::White => 1.0,
            GameResult::Black => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

/// The settings the fold needs (from `[scores]` in config).
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    pub initial: i64,
    pub floor: i64,
    pub k: f64,
    pub online_weight: f64,
}

/// What happened, for the fold.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Joining (or rejoining) sets the score to the initial score.
    Joined,
    /// Leaving the Leaderboard; the score is gone until the person rejoins.
    Removed,
    /// A counted game between two members.
    Game {
        white: i64,
        black: i64,
        result: GameResult,
        online: bool,
    },
    /// Points added (positive) or deducted (negative).
    Adjust(i64),
    /// The score is halved, rounded down (Terms §II Act 5, second violation).
    Halve,
    /// The score is reset to the initial score (Terms §II Act 5, third violation).
    Reset,
}

/// One event of the history.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub id: i64,
    /// The member it concerns; for games, both players are in the change.
    pub person: Option<i64>,
    pub change: Change,
}

/// How one event moved one member's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Movement {
    pub event_id: i64,
    pub person: i64,
    pub before: i64,
    pub after: i64,
}

/// The result of folding the history.
#[derive(Debug, Clone, Default)]
pub struct Ledger {
    /// Current scores of everyone on the Leaderboard.
    pub scores: HashMap<i64, i64>,
    /// Every movement, in history order (only kept when asked for).
    pub movements: Vec<Movement>,
}

/// The Elo change for White (Black's is its negation), before the floor.
pub fn elo_change(white: i64, black: i64, result: GameResult, online: bool, rules: &Rules) -> i64 {
    let expected = 1.0 / (1.0 + 10f64.powf((black - white) as f64 / 400.0));
    let weight = if online { rules.online_weight } else { 1.0 };
    (rules.k * (result.white_points() - expected) * weight).round() as i64
}

/// Folds events (already in history order, void ones left out) into scores.
pub fn fold<'a>(
    events: impl IntoIterator<Item = &'a Event>,
    rules: &Rules,
    keep_movements: bool,
) -> Ledger {
    let mut ledger = Ledger::default();
    for event in events {
        apply(&mut ledger, event, rules, keep_movements);
    }
    ledger
}

fn apply(ledger: &mut Ledger, event: &Event, rules: &Rules, keep: bool) {
    let floor = |s: i64| s.max(rules.floor);
    let set = |ledger: &mut Ledger, person: i64, after: Option<i64>| {
        let before = ledger.scores.get(&person).copied();
        match after {
            Some(a) => ledger.scores.insert(person, a),
            None => ledger.scores.remove(&person),
        };
        if keep {
            ledger.movements.push(Movement {
                event_id: event.id,
                person,
                before: before.unwrap_or(0),
                after: after.unwrap_or(0),
            });
        }
    };
    match (&event.change, event.person) {
        (Change::Joined, Some(p)) => set(ledger, p, Some(rules.initial)),
        (Change::Removed, Some(p)) => set(ledger, p, None),
        (
            Change::Game {
                white,
                black,
                result,
                online,
            },
            _,
        ) => {
            let (Some(&w), Some(&b)) = (ledger.scores.get(white), ledger.scores.get(black)) else {
                return; // a player not on the Leaderboard cannot be counted (Terms §0 Act 8)
            };
            let d = elo_change(w, b, *result, *online, rules);
            set(ledger, *white, Some(floor(w + d)));
            set(ledger, *black, Some(floor(b - d)));
        }
        (Change::Adjust(points), Some(p)) => {
            if let Some(&s) = ledger.scores.get(&p) {
                set(ledger, p, Some(floor(s + points)));
            }
        }
        (Change::Halve, Some(p)) => {
            if let Some(&s) = ledger.scores.get(&p) {
                set(ledger, p, Some(floor(s / 2)));
            }
        }
        (Change::Reset, Some(p)) if ledger.scores.contains_key(&p) => {
            set(ledger, p, Some(rules.initial));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: Rules = Rules {
        initial: 100,
        floor: 100,
        k: 32.0,
        online_weight: 0.5,
    };

    fn ev(id: i64, person: Option<i64>, change: Change) -> Event {
        Event { id, person, change }
    }

    fn game(id: i64, white: i64, black: i64, result: GameResult, online: bool) -> Event {
        ev(
            id,
            None,
            Change::Game {
                white,
                black,
                result,
                online,
            },
        )
    }

    fn joined(id: i64, p: i64) -> Event {
        ev(id, Some(p), Change::Joined)
    }

    #[test]
    fn equal_players_move_sixteen_points_at_k_32() {
        // Terms §II Act 3: Elo. Expected score 0.5, so 32 * 0.5 = 16.
        assert_eq!(elo_change(200, 200, GameResult::White, false, &RULES), 16);
        assert_eq!(elo_change(200, 200, GameResult::Black, false, &RULES), -16);
        assert_eq!(elo_change(200, 200, GameResult::Draw, false, &RULES), 0);
    }

    #[test]
    fn an_online_game_moves_half_as_much() {
        // Terms §I Act 9.3.
        assert_eq!(elo_change(200, 200, GameResult::White, true, &RULES), 8);
    }

    #[test]
    fn elo_is_symmetric_away_from_the_floor() {
        let events = [
            joined(1, 1),
            joined(2, 2),
            ev(3, Some(1), Change::Adjust(100)),
            ev(4, Some(2), Change::Adjust(100)),
            game(5, 1, 2, GameResult::White, false),
        ];
        let l = fold(&events, &RULES, false);
        assert_eq!(l.scores[&1] + l.scores[&2], 400);
        assert_eq!(l.scores[&1], 216);
    }

    #[test]
    fn no_score_falls_below_the_floor() {
        // Terms §II Act 2: a score below 100 is not permitted.
        let events = [
            joined(1, 1),
            joined(2, 2),
            game(3, 1, 2, GameResult::White, false),
        ];
        let l = fold(&events, &RULES, false);
        assert_eq!(l.scores[&1], 116);
        assert_eq!(l.scores[&2], 100);
        let l = fold(
            &[joined(1, 1), ev(2, Some(1), Change::Adjust(-500))],
            &RULES,
            false,
        );
        assert_eq!(l.scores[&1], 100);
    }

    #[test]
    fn leaving_out_a_voided_game_equals_it_never_happening() {
        // Terms §II Act 5: reversed "as though they never happened".
        let all = [
            joined(1, 1),
            joined(2, 2),
            joined(3, 3),
            game(4, 1, 2, GameResult::White, false),
            game(5, 2, 3, GameResult::Black, false),
            game(6, 1, 3, GameResult::Draw, false),
        ];
        let without: Vec<Event> = all.iter().filter(|e| e.id != 4).cloned().collect();
        let replayed = fold(&without, &RULES, false);
        let never = fold(
            &[
                joined(1, 1),
                joined(2, 2),
                joined(3, 3),
                game(5, 2, 3, GameResult::Black, false),
                game(6, 1, 3, GameResult::Draw, false),
            ],
            &RULES,
            false,
        );
        assert_eq!(replayed.scores, never.scores);
        assert_ne!(fold(&all, &RULES, false).scores, replayed.scores);
    }

    #[test]
    fn halving_and_reset_respect_the_floor() {
        let l = fold(
            &[
                joined(1, 1),
                ev(2, Some(1), Change::Adjust(200)),
                ev(3, Some(1), Change::Halve),
            ],
            &RULES,
            false,
        );
        assert_eq!(l.scores[&1], 150);
        let l = fold(
            &[joined(1, 1), ev(2, Some(1), Change::Halve)],
            &RULES,
            false,
        );
        assert_eq!(l.scores[&1], 100);
        let l = fold(
            &[
                joined(1, 1),
                ev(2, Some(1), Change::Adjust(50)),
                ev(3, Some(1), Change::Reset),
            ],
            &RULES,
            false,
        );
        assert_eq!(l.scores[&1], 100);
    }

    #[test]
    fn a_game_with_a_removed_player_is_not_counted() {
        let l = fold(
            &[
                joined(1, 1),
                joined(2, 2),
                ev(3, Some(2), Change::Removed),
                game(4, 1, 2, GameResult::White, false),
            ],
            &RULES,
            false,
        );
        assert_eq!(l.scores[&1], 100);
        assert!(!l.scores.contains_key(&2));
    }
}
