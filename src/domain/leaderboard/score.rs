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

// The words `/game register result:` and `/game rematch result:` offer.
crate::offered_as_words! {
    GameResult {
        GameResult::White => "white",
        GameResult::Black => "black",
        GameResult::Draw => "draw",
    }
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
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rules {
    pub initial: i64,
    pub floor: i64,
    pub k: f64,
    pub online_weight: f64,
}

/// What happened, for the fold.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Joining (or rejoining) sets the score to the initial score: the one recorded when the
    /// member joined (Terms §II Act 1 as it then read), else the configured one.
    Joined { initial: Option<i64> },
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
        let movements = keep_movements.then_some(&mut ledger.movements);
        step(&mut ledger.scores, event, rules, movements);
    }
    ledger
}

impl Event {
    /// The members whose scores this event reads or moves: the fold needs no one else's
    /// score to take this step, so a step can be taken on just these members' state.
    pub fn people(&self) -> Vec<i64> {
        match (&self.change, self.person) {
            (Change::Game { white, black, .. }, _) => vec![*white, *black],
            (_, Some(p)) => vec![p],
            _ => vec![],
        }
    }
}

/// One step of the fold: applies `event` to `scores` (everyone on the Leaderboard, or at
/// least everyone in `event.people()`), recording how it moved each score when asked.
///
/// A fold resumed from any state with this step equals the fold from the start: the state
/// is only the scores, so the materialised scores are all the fold needs to continue.
pub fn step(
    scores: &mut HashMap<i64, i64>,
    event: &Event,
    rules: &Rules,
    mut movements: Option<&mut Vec<Movement>>,
) {
    let floor = |s: i64| s.max(rules.floor);
    let mut set = |scores: &mut HashMap<i64, i64>, person: i64, after: Option<i64>| {
        let before = match after {
            Some(a) => scores.insert(person, a),
            None => scores.remove(&person),
        };
        if let Some(out) = movements.as_deref_mut() {
            out.push(Movement {
                event_id: event.id,
                person,
                before: before.unwrap_or(0),
                after: after.unwrap_or(0),
            });
        }
    };
    match (&event.change, event.person) {
        (Change::Joined { initial }, Some(p)) => {
            set(scores, p, Some(initial.unwrap_or(rules.initial)));
        }
        (Change::Removed, Some(p)) => set(scores, p, None),
        (
            Change::Game {
                white,
                black,
                result,
                online,
            },
            _,
        ) => {
            let (Some(&w), Some(&b)) = (scores.get(white), scores.get(black)) else {
                return; // a player not on the Leaderboard cannot be counted (Terms §0 Act 8)
            };
            let d = elo_change(w, b, *result, *online, rules);
            set(scores, *white, Some(floor(w + d)));
            set(scores, *black, Some(floor(b - d)));
        }
        (Change::Adjust(points), Some(p)) => {
            if let Some(&s) = scores.get(&p) {
                set(scores, p, Some(floor(s + points)));
            }
        }
        (Change::Halve, Some(p)) => {
            if let Some(&s) = scores.get(&p) {
                set(scores, p, Some(floor(s / 2)));
            }
        }
        (Change::Reset, Some(p)) if scores.contains_key(&p) => {
            set(scores, p, Some(rules.initial));
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
        ev(id, Some(p), Change::Joined { initial: None })
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

    /// A small deterministic generator (xorshift), so property tests need no dependency.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn flip(result: GameResult) -> GameResult {
        match result {
            GameResult::White => GameResult::Black,
            GameResult::Black => GameResult::White,
            GameResult::Draw => GameResult::Draw,
        }
    }

    const RESULTS: [GameResult; 3] = [GameResult::White, GameResult::Black, GameResult::Draw];

    #[test]
    fn elo_does_not_depend_on_who_had_white() {
        // Swapping colours and the result gives the same change with the sign turned.
        for a in (100..=2000).step_by(37) {
            for b in (100..=2000).step_by(53) {
                for r in RESULTS {
                    for online in [false, true] {
                        assert_eq!(
                            elo_change(a, b, r, online, &RULES),
                            -elo_change(b, a, flip(r), online, &RULES),
                            "{a} v {b} {r:?} online {online}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_winner_gains_exactly_what_the_loser_loses_away_from_the_floor() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut events: Vec<Event> = (1..=20).map(|p| joined(p, p)).collect();
        // Lift everyone far above the floor, so it never applies.
        events.extend((1..=20).map(|p| ev(100 + p, Some(p), Change::Adjust(5000))));
        let mut id = 1000;
        for _ in 0..500 {
            let w = 1 + rng.below(20) as i64;
            let b = 1 + (w + rng.below(19) as i64) % 20;
            assert_ne!(w, b);
            let r = RESULTS[rng.below(3) as usize];
            id += 1;
            events.push(game(id, w, b, r, rng.below(10) == 0));
        }
        let l = fold(&events, &RULES, true);
        assert_eq!(l.scores.values().sum::<i64>(), 20 * 5100);
        for g in events.iter().filter(|e| e.id > 1000) {
            let moves: Vec<&Movement> = l.movements.iter().filter(|m| m.event_id == g.id).collect();
            assert_eq!(moves.len(), 2);
            let gained = moves[0].after - moves[0].before;
            let lost = moves[1].after - moves[1].before;
            assert_eq!(gained, -lost, "event {}", g.id);
        }
    }

    #[test]
    fn no_score_ever_falls_below_the_floor_whatever_happens() {
        // Terms §II Act 2 and Act 6: the floor applies at every step.
        let mut rng = Rng(42);
        let mut events: Vec<Event> = (1..=8).map(|p| joined(p, p)).collect();
        for id in 100..3000 {
            let p = 1 + rng.below(8) as i64;
            let change = match rng.below(6) {
                0 => Change::Adjust(-(rng.below(40) as i64)),
                1 => Change::Adjust(rng.below(40) as i64),
                2 => Change::Halve,
                _ => {
                    let q = 1 + (p + rng.below(7) as i64) % 8;
                    Change::Game {
                        white: p,
                        black: q,
                        result: RESULTS[rng.below(3) as usize],
                        online: rng.below(4) == 0,
                    }
                }
            };
            events.push(ev(id, Some(p), change));
        }
        let l = fold(&events, &RULES, true);
        assert!(l.movements.iter().all(|m| m.after >= 100));
        assert!(l.scores.values().all(|&s| s >= 100));
    }

    #[test]
    fn a_loss_at_the_floor_costs_nothing_but_the_winner_still_gains() {
        let l = fold(
            &[
                joined(1, 1),
                joined(2, 2),
                game(3, 1, 2, GameResult::Black, false),
            ],
            &RULES,
            true,
        );
        assert_eq!(l.scores[&1], 100);
        assert_eq!(l.scores[&2], 116);
        assert_eq!(
            l.movements[2..],
            [
                Movement {
                    event_id: 3,
                    person: 1,
                    before: 100,
                    after: 100
                },
                Movement {
                    event_id: 3,
                    person: 2,
                    before: 100,
                    after: 116
                },
            ]
        );
    }

    #[test]
    fn an_online_game_moves_half_of_a_normal_game_give_or_take_rounding() {
        // Terms §I Act 9.3: "considered half of normal change".
        for a in (100..=1600).step_by(23) {
            for b in (100..=1600).step_by(29) {
                for r in RESULTS {
                    let normal = elo_change(a, b, r, false, &RULES);
                    let online = elo_change(a, b, r, true, &RULES);
                    assert!((2 * online - normal).abs() <= 1, "{a} v {b} {r:?}");
                    assert!(online.abs() <= normal.abs());
                }
            }
        }
        // Through the fold: equal players, an online win is worth 8 where a game is worth 16.
        let l = fold(
            &[
                joined(1, 1),
                joined(2, 2),
                ev(3, Some(2), Change::Adjust(100)),
                ev(4, Some(1), Change::Adjust(100)),
                game(5, 1, 2, GameResult::White, true),
            ],
            &RULES,
            false,
        );
        assert_eq!((l.scores[&1], l.scores[&2]), (208, 192));
    }

    #[test]
    fn beating_a_stronger_player_gains_more_than_beating_a_weaker_one() {
        let upset = elo_change(100, 300, GameResult::White, false, &RULES);
        let expected = elo_change(300, 100, GameResult::White, false, &RULES);
        assert!(upset > 16 && expected < 16, "{upset} {expected}");
        assert_eq!(upset + expected, 32);
        // A draw with a stronger player gains points.
        assert!(elo_change(100, 300, GameResult::Draw, false, &RULES) > 0);
    }

    #[test]
    fn voiding_any_one_game_equals_a_history_without_it() {
        // Terms §II Act 5: reversed "as though they never happened". The void game is left out
        // and everything after it is re-derived, for every game of a random history.
        let mut rng = Rng(7);
        let mut events: Vec<Event> = (1..=6).map(|p| joined(p, p)).collect();
        for id in 10..70 {
            let w = 1 + rng.below(6) as i64;
            let b = 1 + (w + rng.below(5) as i64) % 6;
            events.push(game(id, w, b, RESULTS[rng.below(3) as usize], id % 7 == 0));
        }
        let all = fold(&events, &RULES, false).scores;
        let mut differs = 0;
        for void in 10..70 {
            let replayed = fold(events.iter().filter(|e| e.id != void), &RULES, false);
            // The history as it would have been written had the game never been played.
            let never: Vec<Event> = events
                .iter()
                .filter(|e| e.id != void)
                .cloned()
                .enumerate()
                .map(|(i, mut e)| {
                    e.id = i as i64 + 1;
                    e
                })
                .collect();
            assert_eq!(replayed.scores, fold(&never, &RULES, false).scores);
            differs += usize::from(replayed.scores != all);
        }
        assert!(differs > 30, "voiding must usually change something");
    }

    #[test]
    fn rejoining_starts_again_from_the_initial_score() {
        let l = fold(
            &[
                joined(1, 1),
                ev(2, Some(1), Change::Adjust(80)),
                ev(3, Some(1), Change::Removed),
                joined(4, 1),
            ],
            &RULES,
            false,
        );
        assert_eq!(l.scores[&1], 100);
    }

    #[test]
    fn deductions_for_someone_not_on_the_leaderboard_change_nothing() {
        let l = fold(
            &[
                joined(1, 1),
                ev(2, Some(1), Change::Removed),
                ev(3, Some(1), Change::Adjust(-15)),
                ev(4, Some(1), Change::Halve),
                ev(5, Some(1), Change::Reset),
            ],
            &RULES,
            true,
        );
        assert!(l.scores.is_empty());
        assert_eq!(l.movements.len(), 2);
    }
}
