//! The randomised test of the Diplomacy tournament: random sequences of the GMs' turns and
//! counts, the players' orders, proposals, secret votes (yes, no, abstain or unclear),
//! extensions, unavailable periods and press, the TD's corrections and the captains'
//! replacements, on two boards (one under D.VII.3's alternative), with clock moves and restarts.
//! After every step `gavel check` must hold, among its invariants that a board's season and end
//! equal a re-derivation from its counts and that no vote is decided while 1901 results are held
//! (C.1, B.3, C.4, D.VII.6b, D.IX.2); after every refusal the record must be as it was.

use super::{seeds, sequence, Rng, ROUND_DEALT};

/// How many sequences CI runs (about 20 seconds in a debug build).
const SEQUENCES: u64 = 24;
/// Steps in one sequence, after the round is dealt.
const STEPS: usize = 30;

/// Two teams dealt to two boards with the seed 2026, their GMs, and board 2's policy.
const SETUP: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /office appoint member:@td office:td",
];

/// What follows the round's deal in the club.
const AFTER_DEAL: &[&str] = &[
    "td: /office appoint member:@gm1 office:gm game:\"R1 Board 1\"",
    "td: /office appoint member:@gm2 office:gm game:\"R1 Board 2\"",
    "gm2: /board policy board:\"R1 Board 2\" press:standard late_orders:true",
];

/// Each board's name, GM and players in power order (A, E, F, G, I, R, T), as seed 2026 deals.
const BOARDS: [(&str, &str, [&str; 7]); 2] = [
    (
        "R1 Board 1",
        "gm1",
        ["hal", "bob", "carol", "dave", "lou", "max", "ned"],
    ),
    (
        "R1 Board 2",
        "gm2",
        ["alice", "ivy", "jon", "kim", "erin", "frank", "gina"],
    ),
];

const POWERS: [&str; 7] = ["A", "E", "F", "G", "I", "R", "T"];

/// Counts for the seven powers: random, at most 34 in all, sometimes a solo.
fn counts(rng: &mut Rng) -> String {
    let mut left = 34;
    let mut out = Vec::new();
    for (i, p) in POWERS.iter().enumerate() {
        let n = if i == 0 && rng.below(6) == 0 {
            18
        } else {
            rng.number(0, left.min(7))
        };
        left -= n;
        out.push(format!("{p}={n}"));
    }
    out.join(" ")
}

/// One random step: a command line, a clock move, or `None` for a restart.
fn step(rng: &mut Rng) -> Option<String> {
    let (board, gm, players) = BOARDS[rng.below(2) as usize];
    let player = players[rng.below(7) as usize];
    let power = POWERS[rng.below(7) as usize];
    let turn = rng.pick(&[
        "S1901M", "S1901R", "F1901M", "W1901A", "S1902M", "F1902M", "F1909M",
    ]);
    let season = rng.pick(&["S1901", "F1901", "S1902", "F1902", "F1909"]);
    let at = format!(
        "{} {:02}:00",
        rng.pick(&[
            "2026-12-02",
            "2026-12-04",
            "2026-12-07",
            "2026-12-10",
            "2026-12-14",
            "2026-12-18",
            "2026-12-23",
            "2027-01-04",
            "2027-01-12",
            "2027-01-20",
        ]),
        rng.number(0, 23)
    );
    let line = match rng.below(24) {
        0..=2 => format!("{gm}: /board deadline board:\"{board}\" turn:{turn} at:\"{at}\""),
        3 => format!("td: /board deadline board:\"{board}\" turn:{turn} at:\"{at}\""),
        4..=6 => format!(
            "{player}: /diplomacy orders board:\"{board}\" text:\"A Par H\"{}",
            if rng.below(2) == 0 { " final:true" } else { "" }
        ),
        7 => {
            let n = rng.number(1, 4) as usize;
            let powers: Vec<&str> = (0..n).map(|_| POWERS[rng.below(7) as usize]).collect();
            format!(
                "{player}: /diplomacy propose board:\"{board}\" kind:draw powers:\"{}\"",
                powers.join(" ")
            )
        }
        8 => format!("{player}: /diplomacy propose board:\"{board}\" kind:concede powers:{power}"),
        9..=11 => format!(
            "{player}: /diplomacy vote proposal:{} vote:{}",
            rng.number(1, 6),
            rng.pick(&["yes", "yes", "no", "abstain", "maybe"])
        ),
        12 => format!(
            "{player}: /diplomacy extend board:\"{board}\" days:{}",
            rng.number(1, 3)
        ),
        13 => format!(
            "{gm}: /diplomacy extend board:\"{board}\" days:{} power:{power}",
            rng.number(1, 3)
        ),
        14 | 15 => format!(
            "{gm}: /board centres board:\"{board}\" season:{season} counts:\"{}\"",
            counts(rng)
        ),
        16 => format!(
            "td: /board correct board:\"{board}\" season:{season} counts:\"{}\"",
            counts(rng)
        ),
        17 => format!(
            "{}: /board replace board:\"{board}\" power:{power} member:@{}",
            rng.pick(&["leo", "bea", "td", gm]),
            rng.pick(&["zed", "leo", "bea", "yan"])
        ),
        18 => format!(
            "{player}: /diplomacy unavailable from:\"{} {:02}:00\"",
            rng.pick(&["Mon", "Wed", "Fri", "Sat"]),
            rng.number(0, 23)
        ),
        19 => format!(
            "{player}: /press board:\"{board}\" kind:{} text:\"Trust me.\"",
            rng.pick(&["white", "gray"])
        ),
        20 | 21 => format!("@ +{}h", rng.number(1, 30)),
        22 => format!("@ +{}d", rng.number(1, 4)),
        _ => return None,
    };
    Some(line)
}

/// Checks: random sequences of the tournament's commands keep every invariant of the record,
/// and a refused command changes nothing (house rules B, C, D; issue 41).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_diplomacy_sequences_keep_every_invariant_and_refusals_change_nothing() {
    let setup = [SETUP, ROUND_DEALT, AFTER_DEAL].concat();
    for seed in seeds(SEQUENCES) {
        sequence(seed, &setup, STEPS, step).await;
    }
}
