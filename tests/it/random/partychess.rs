//! The randomised test of Party Chess (Rules 1230.1-1230.21): random sequences of plays (moves,
//! captures, placements, passes and surrenders on a corner of the board, where pieces meet),
//! creations, leaving and filling Offices, extensions, a suspension and the umpire's return,
//! with clock moves that let turns run out and restarts, run through the console's use cases on
//! a club database. After every step `gavel check` must hold, with its Party Chess invariants:
//! the board equal to a replay of the history, each posted Weight equal to Rule 1230.3's
//! formula on its position, no turn longer than Rule 1230.2 §4 allows; and after every refusal
//! the record must be as it was.

use super::{seeds, sequence, Rng};

/// How many sequences CI runs.
const SEQUENCES: u64 = 25;
/// Steps in one sequence, after the game is set up.
const STEPS: usize = 60;

const SWINGERS: &[&str] = &["alice", "bob", "carol"];
const ANYONE: &[&str] = &["alice", "bob", "carol", "dave", "ump"];
/// The pieces offered: every character the published suite defines.
const PIECES: &[&str] = &[
    "K", "R", "C", "B", "p", "O", "E", "J", "Q", "H", "A", "Z", "!", "D", "T", "%",
];

/// A game of three Swingers begun by the umpire, with pieces of many kinds.
const SETUP: &[&str] = &[
    "@ 2026-11-23 12:00",
    "ump: /join",
    "cj: /partychess umpire member:@ump",
    "alice: /partychess join",
    "bob: /partychess join",
    "carol: /partychess join",
    "alice: /partychess choose pieces:\"R T p p p\"",
    "bob: /partychess choose pieces:\"H A D p p\"",
    "carol: /partychess choose pieces:\"B O J Z !\"",
    "ump: /partychess start nap:@alice seed:7",
];

/// A square of the corner a1-f6, where the pieces meet.
fn square(rng: &mut Rng) -> String {
    format!(
        "{}{}",
        char::from(b'a' + rng.below(6) as u8),
        1 + rng.below(6)
    )
}

/// One random step: a command line, a clock move, or `None` for a restart.
fn step(rng: &mut Rng) -> Option<String> {
    let who = rng.pick(SWINGERS);
    let line = match rng.below(20) {
        0..=4 => format!(
            "{who}: /partychess place piece:{} at:{}",
            rng.pick(PIECES),
            square(rng)
        ),
        5..=8 => format!(
            "{who}: /partychess move from:{} to:{}",
            square(rng),
            square(rng)
        ),
        9..=11 => format!(
            "{who}: /partychess capture from:{} to:{}",
            square(rng),
            square(rng)
        ),
        12 => format!("{who}: /partychess pass"),
        13 => format!("{who}: /partychess surrender"),
        14 => format!(
            "{}: /partychess create piece:{} swinger:@{who}",
            rng.pick(ANYONE),
            rng.pick(PIECES)
        ),
        15 => format!("ump: /partychess extend days:{}", rng.number(3, 8)),
        16 => rng.pick(&["@ +1d", "@ +3d", "@ +8h"]).to_owned(),
        17 => match rng.below(4) {
            0 => format!("{who}: /partychess leave"),
            1 => format!(
                "ump: /partychess office seat:{} member:@{}",
                rng.number(1, 3),
                rng.pick(&["dave", "alice"])
            ),
            2 => "cj: /partychess umpire".to_owned(),
            _ => "cj: /partychess umpire member:@ump".to_owned(),
        },
        18 => "ump: /partychess board".to_owned(),
        _ => return None,
    };
    Some(line)
}

/// Checks: random sequences of Party Chess keep every invariant of the record, the replay of the
/// history and the posted Weights included, and a refused command changes nothing (Rules
/// 1230.1-1230.3; #42).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_party_chess_keeps_every_invariant_and_refusals_change_nothing() {
    for seed in seeds(SEQUENCES) {
        sequence(seed, SETUP, STEPS, step).await;
    }
}
