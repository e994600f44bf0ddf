//! The randomised test of tournaments: random sequences of match results (games, reports,
//! confirmations and disputes), the week's negotiation (offers, acceptances, assigned times,
//! faults), claims against an absent opponent, forfeits, withdrawals, disqualifications, the
//! Director's corrections (reversals, reinstatements, accounts), and entries with their facts
//! and exceptions, by random actors, with clock moves and restarts, on a club Swiss in play and
//! an ACWC tournament still taking entries. After every step `gavel check` must hold (its
//! tournament invariants among the rest) and after every refusal the record must be as it was.

use super::{seeds, sequence, Rng};

/// How many sequences CI runs.
const SEQUENCES: u64 = 50;
/// Steps in one sequence, after the tournaments are set up.
const STEPS: usize = 80;

const PLAYERS: &[&str] = &["ann", "ben", "cat", "dan"];
const ENTRANTS: &[&str] = &["fay", "gus", "hal", "ivy"];
const ACCOUNTS: &[&str] = &["Fay", "Gus", "Hal", "Ivy", "Fay2", "Gsu"];
/// Results as players type them: most are whole results the rules allow, some are not.
const SCORES: &[&str] = &[
    "5.5-0.5", "6-4", "5-5", "4.5-5.5", "0.5-5.5", "5.5-4.5", "6-2", "3-3", "5-4", "7-1", "0.5-0.5",
];

/// A club Swiss of four in play, with a match arbiter: match #1 ann–ben agreed for Tuesday
/// 10:00 UTC, match #2 cat–dan still to negotiate; and an ACWC tournament taking entries.
const SETUP: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /tournament create name:\"Club Swiss\" format:swiss",
    "cj: /tournament director tournament:1 member:@td",
    "td: /tournament arbiter tournament:1 member:@arb",
    "ann: /tournament enter tournament:1 account:Ann",
    "ben: /tournament enter tournament:1 account:Ben",
    "cat: /tournament enter tournament:1 account:Cat",
    "dan: /tournament enter tournament:1 account:Dan",
    "td: /tournament set tournament:1 name:min_rounds value:3",
    "td: /tournament start tournament:1",
    "ann: /match offer match:1 at:\"2026-12-01 10:00\"",
    "ben: /match accept match:1 offer:1",
    "cj: /tournament create name:\"Antichess\" format:acwc",
    "cj: /tournament director tournament:2 member:@td",
    "fay: /tournament enter tournament:2 account:Fay",
    "gus: /tournament enter tournament:2 account:Gus",
];

/// A time in the weeks the sequence runs through (it starts on Monday 30 November).
fn time(rng: &mut Rng) -> String {
    format!(
        "2026-12-{:02} {:02}:{}",
        rng.number(1, 7),
        rng.number(0, 23),
        rng.pick(&["00", "30"])
    )
}

/// One random step: a command line, a clock move, or `None` for a restart.
fn step(rng: &mut Rng) -> Option<String> {
    // The first round's matches most, then the later ones.
    let m = if rng.below(2) == 0 {
        rng.number(1, 2)
    } else {
        rng.number(1, 7)
    };
    // The first round's players are known; a later round's are any two.
    let pair: &[&str] = match m {
        1 => &["ann", "ben"],
        2 => &["cat", "dan"],
        _ => PLAYERS,
    };
    let player = if rng.below(5) == 0 {
        rng.pick(PLAYERS)
    } else {
        rng.pick(pair)
    };
    let other = rng.pick(pair);
    let someone = rng.pick(&["ann", "ben", "cat", "dan", "td", "arb", "zed"]);
    let by = |rng: &mut Rng| if rng.below(2) == 0 { "td" } else { player };
    let line = match rng.below(100) {
        0..=11 => {
            let winner = if rng.below(4) == 0 {
                String::new()
            } else {
                format!(" winner:@{other}")
            };
            format!("{}: /match game match:{m}{winner}", by(rng))
        }
        12..=19 => format!(
            "{}: /match report match:{m} score:\"{}\"",
            by(rng),
            rng.pick(SCORES)
        ),
        20..=25 => format!("{player}: /match confirm match:{m}"),
        26 | 27 => format!("{player}: /match dispute match:{m}"),
        28..=32 => format!("{player}: /match offer match:{m} at:\"{}\"", time(rng)),
        33..=35 => format!(
            "{player}: /match accept match:{m} offer:{}",
            rng.number(1, 4)
        ),
        36..=38 => format!(
            "{}: /match assign match:{m} at:\"{}\"",
            rng.pick(&["td", "arb", player]),
            time(rng)
        ),
        39 | 40 => {
            let who = if rng.below(3) == 0 {
                String::new()
            } else {
                format!(
                    " member:@{}",
                    rng.pick(&["ann", "ben", "cat", "dan", "zed"])
                )
            };
            format!(
                "{}: /match fault match:{m}{who}",
                rng.pick(&["arb", "td", player])
            )
        }
        41..=46 => format!("{player}: /match noshow match:{m}"),
        47..=49 => format!("{player}: /match left match:{m}"),
        50..=53 => format!("{player}: /match claim match:{m}"),
        54 | 55 => format!("{player}: /match reschedule match:{m}"),
        56 | 57 => format!("td: /match forfeit match:{m} member:@{other} reason:\"no-show\""),
        58 if rng.below(3) == 0 => format!("{player}: /tournament withdraw tournament:1"),
        58 => format!("{player}: /tournament standings tournament:1"),
        59 if rng.below(2) == 0 => format!("{player}: /tournament standings tournament:1"),
        59 => format!(
            "td: /tournament disqualify tournament:1 member:@{other} reason:\"engine mark\"{}",
            if rng.below(2) == 0 {
                " engine:true"
            } else {
                ""
            }
        ),
        60..=62 => format!(
            "{}: /tournament reinstate tournament:{} member:@{} reason:\"by mistake\"",
            if rng.below(5) == 0 { someone } else { "td" },
            rng.number(1, 2),
            rng.pick(&["ann", "ben", "cat", "dan", "fay", "gus", "hal"])
        ),
        63..=67 => {
            let extra = match rng.below(3) {
                0 => String::new(),
                1 => format!(" score:\"{}\"", rng.pick(SCORES)),
                _ => format!(" forfeit:@{other}"),
            };
            format!(
                "{}: /match reverse match:{m} reason:\"a mistake\"{extra}",
                if rng.below(5) == 0 { someone } else { "td" }
            )
        }
        68 => {
            format!("td: /tournament ruling tournament:1 match:{m} text:\"The Director decides.\"")
        }
        69 => format!(
            "{}: /tournament pairings tournament:1 round:{} explain:true",
            someone,
            rng.number(1, 3)
        ),
        70 | 71 => format!(
            "{}: /tournament enter tournament:2 account:{}",
            rng.pick(ENTRANTS),
            rng.pick(ACCOUNTS)
        ),
        72..=75 => {
            let created = rng.pick(&["2015-01-01", "2019-02-01", "2019-06-01", "2031-01-01"]);
            let (rating, peak) = (rng.number(1800, 2300), rng.number(1800, 2300));
            let marked = match rng.below(4) {
                0 => " marked:2016-01-01",
                1 => " marked:2018-06-01",
                _ => "",
            };
            format!(
                "td: /tournament facts tournament:2 account:{} created:{created} rated_games:{} rating:{rating} peak:{peak}{marked}",
                rng.pick(&["Fay", "Gus", "Fay", "Gus", "Hal", "Gsu"]),
                rng.pick(&["50", "150", "500"])
            )
        }
        76 | 77 => format!(
            "td: /tournament except tournament:2 account:{} reason:\"known player\"",
            rng.pick(ACCOUNTS)
        ),
        78 | 79 => format!(
            "td: /tournament account tournament:{} account:{} to:{} reason:\"typo\"",
            rng.number(1, 2),
            rng.pick(&["Ann", "Fay", "Gsu", "Fay2"]),
            rng.pick(ACCOUNTS)
        ),
        80 => format!("{}: /tournament withdraw tournament:2", rng.pick(ENTRANTS)),
        81 => "td: /tournament start tournament:2".to_owned(),
        82..=87 => format!("@ +{}m", rng.pick(&["5", "10", "10", "20"])),
        88..=93 => format!("@ +{}h", rng.number(1, 12)),
        94..=97 => format!("@ +{}d", rng.number(1, 2)),
        _ => return None,
    };
    Some(line)
}

/// Checks: random sequences of tournament commands keep every invariant of the record (match
/// states equal the fold of their results, rounds equal their stored pairings, nobody plays
/// whom the requirements refuse or who has two forfeits, one claim at a time, ...), and a
/// refused command changes nothing (ACWC 2019; #40).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_tournament_sequences_keep_every_invariant_and_refusals_change_nothing() {
    for seed in seeds(SEQUENCES) {
        sequence(seed, SETUP, STEPS, step).await;
    }
}
