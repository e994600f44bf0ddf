//! The randomised test of committees and the house rules: random sequences of motions (plain,
//! rule changes with good, contradictory, blank or unreadable texts, additions), votes by
//! anyone, tie-breaks, the TD's approvals and vetoes, changes to committees' rules and to what
//! gavel enforces, office changes, disputes referred and referred again, and Observers, with
//! clock moves and restarts. After every step `gavel check` must hold, each motion's result
//! among its invariants (its votes under its committee's rules, house rules A.6, A.7), and every
//! value gavel enforces equals its rule's text or is listed as not in effect (A.7); after every
//! refusal the record must be as it was.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::{seeds, sequence, Rng, ROUND_DEALT};

/// How many sequences CI runs.
const SEQUENCES: u64 = 24;
/// Steps in one sequence, after the club is set up.
const STEPS: usize = 45;

/// A TD, two Assistant TDs, a TMC of six, the house rules, a committee of Justices that does
/// not count abstentions, and a round dealt to two boards with a GM each.
const SETUP: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /office appoint member:@td office:td",
    "cj: /office appoint member:@ada office:atd",
    "cj: /office appoint member:@abe office:atd",
    "cj: /office appoint member:@t1 office:tmc",
    "cj: /office appoint member:@t2 office:tmc",
    "cj: /office appoint member:@t3 office:tmc",
    "cj: /office appoint member:@t4 office:tmc",
    "cj: /office appoint member:@t5 office:tmc",
    "cj: /office appoint member:@t6 office:tmc",
    "cj: /office appoint member:@j1 office:justice",
    "cj: /office appoint member:@j2 office:justice",
    "cj: /office appoint member:@j3 office:justice",
    "cj: /committee create name:TMC members:5-8 turnout:2/3 majority:simple tie_break:director",
    "cj: /committee create name:Bench members:3 turnout:2/3 majority:simple tie_break:rejects seats:justice abstentions:ignore",
    "cj: /houserule import",
];

/// What follows the round's deal in the club.
const AFTER_DEAL: &[&str] = &[
    "td: /office appoint member:@gm1 office:gm game:\"R1 Board 1\"",
    "td: /office appoint member:@gm2 office:gm game:\"R1 Board 2\"",
];

/// Who acts: the TD, the Assistant TDs, TMC members, Justices, the Chief Justice, players, a
/// GM, and people with no part.
const ANYONE: &[&str] = &[
    "td", "td", "ada", "abe", "t1", "t2", "t3", "t4", "t5", "t6", "j1", "j2", "cj", "hal", "gm1",
    "zed",
];
const SITTING: &[&str] = &["t1", "t2", "t3", "t4", "t5", "t6", "ada", "abe"];
const VOTERS: &[&str] = &[
    "ada", "abe", "t1", "t2", "t3", "t4", "t5", "t6", "t1", "t2", "t3", "t4", "t5", "t6", "t7",
    "j1", "j2", "j3", "td", "zed",
];

/// Rule changes: (item, new text), plainly read, unreadable, additions and blanks.
const CHANGES: &[(&str, &str)] = &[
    ("A.2", "The tournament governing body will consist of one Tournament Director and up to two Assistant Tournament Directors. In addition there will be a Tournament Management Committee (TMC) of between 3 and 8 people."),
    ("A.2", "The tournament governing body will consist of one Tournament Director and up to three Assistant Tournament Directors. In addition there will be a TMC of a suitable size."),
    ("A.6", "A TMC decision will require that at least half of the sitting body vote on an issue for the decision to be binding. In the case of a tie, the motion is rejected."),
    ("A.7", "The TMC may change these House Rules. The TD must approve any TMC change. If the TD vetoes the change or addition, the TMC can override the TD with a three quarters majority. In order for an override to be valid, at least 4/5 of the TMC sitting body must vote."),
    ("A.10", "Tournament Observers may be, but do not have to be, players, captains, GM's or TMC members. Assistant TD's may not serve as Tournament Observers, and a person may not serve as Tournament Observer for a game in which he or one of his teammates is directly involved (ie plays in or is the GM)."),
    ("A.10", "Assistant TD's may not serve as Tournament Observers."),
    ("A.4", "The Tournament director may not play in the tournament, but may captain a team."),
    ("A.8", "TMC members should not play in the tournament."),
    ("B.9", "No player will be permitted to play in more than two games in any one round."),
    ("B.9", "No player will be permitted to be a permanent player in more than two games in any one round, nor shall he be permitted to play as a permanent player and temporary replacement for a total of more than two games at any one time."),
    ("D.VII.4", "At least 5 days will normally be allowed for each movement turn and at least 2 days will normally be allowed for each retreat or adjustment turn."),
    ("D.VII.4", "Turns last as long as the GM thinks fit."),
    ("D.VII.5", "Each player will have a right to one guaranteed extension, and the GM never allows more than 10 days extensions for any one position in any single game. All extensions must be requested at least 24 hours in advance."),
    ("B.6", "Players are dealt to boards by the TD as the TD sees fit."),
    ("A.13", "The TD publishes the TMC's decisions."),
    ("D.XI.1", "Every game has a name."),
    ("A.15", "Out of order."),
    ("B.9", "   "),
];

/// Settings and values for `/houserule set`.
const SETTINGS: &[(&str, &[&str])] = &[
    ("games.permanent", &["2", "3", "0"]),
    ("games.at_once", &["2", "3"]),
    ("turns.movement_days", &["3", "5"]),
    ("assistants.most", &["2", "3"]),
    ("observers.tmc", &["allowed", "barred"]),
    ("tmc.size", &["3-8"]),
    ("extensions.days", &["7", "10"]),
];

/// Steps the generator has made, across sequences: each sequence takes exactly `STEPS`, so the
/// remainder is the step's place in its sequence, the same for a seed whichever runs first.
static CALLS: AtomicUsize = AtomicUsize::new(0);

/// Steps in a round of the generator: a motion opened, voted on, and met by the TD.
const ROUND: usize = 12;

/// One random step: a command line, a clock move, or `None` for a restart. Each round of
/// `ROUND` steps opens a motion, mostly votes on it (or the override it may bring), and then
/// lets the TD act and the clock move; anything else may come at any step.
fn step(rng: &mut Rng) -> Option<String> {
    let at = CALLS.fetch_add(1, Ordering::Relaxed) % STEPS;
    let (round, place) = (at / ROUND, at % ROUND);
    // A refused opening leaves the numbers behind the rounds, an override ahead of them.
    let motion = match rng.below(8) {
        0 => rng.number(1, 10),
        1 | 2 => round.max(1) as u64,
        3 => (round + 2) as u64,
        _ => (round + 1) as u64,
    };
    let anyone = rng.pick(ANYONE);
    let opener = if rng.below(4) == 0 { anyone } else { "td" };
    // Each round's votes come mostly from different members of the sitting body.
    let voter = match place {
        1..=8 if rng.below(6) != 0 => SITTING[(place + round) % SITTING.len()],
        _ => rng.pick(VOTERS),
    };
    let committee = if rng.below(5) == 0 { "Bench" } else { "TMC" };
    let kind = match place {
        0 => rng.below(6),
        1..=8 => 7,
        9 | 10 => rng.number(14, 17),
        _ => rng.below(40),
    };
    let line = match kind {
        0..=2 => format!("{opener}: /motion open committee:{committee} text:\"Question {motion}\""),
        3..=5 => {
            let (item, text) = CHANGES[rng.below(CHANGES.len() as u64) as usize];
            format!("td: /motion open committee:TMC kind:rule-change item:{item} new_text:\"{text}\" text:\"Change {item}\"")
        }
        6 => format!(
            "td: /motion open committee:TMC text:\"Odd options\" {}",
            rng.pick(&[
                "item:B.9",
                "new_text:\"More games\"",
                "kind:plain item:A.2 new_text:\"x\"",
                "kind:rule-change item:B.9"
            ])
        ),
        7..=13 => format!(
            "{voter}: /motion vote motion:{motion} choice:{}",
            rng.pick(&["yes", "yes", "yes", "no", "abstain"])
        ),
        14 => format!(
            "{opener}: /motion break motion:{motion} choice:{}",
            rng.pick(&["yes", "no"])
        ),
        15 => format!("{opener}: /motion approve motion:{motion}"),
        16 => format!("{opener}: /motion veto motion:{motion} reason:\"Not now.\""),
        17 => format!("@ +{}d", rng.number(1, 8)),
        18 => {
            let (option, values): (&str, &[&str]) = match rng.below(6) {
                0 => ("members", &["3-8", "5-8", "4-9", "3"]),
                1 => ("turnout", &["2/3", "1/2", "3/4"]),
                2 => ("majority", &["simple", "two_thirds"]),
                3 => ("tie_break", &["director", "rejects"]),
                4 => ("abstentions", &["count", "ignore"]),
                _ => ("sitting", &["members", "members_and_assistants"]),
            };
            format!(
                "{} /committee set committee:{committee} {option}:{}",
                rng.pick(&["cj:", "td:", "t1:"]),
                rng.pick(values)
            )
        }
        19 => {
            let (name, values) = SETTINGS[rng.below(SETTINGS.len() as u64) as usize];
            format!(
                "{} /houserule set name:{name} value:{}",
                rng.pick(&["td:", "cj:", "ada:"]),
                rng.pick(values)
            )
        }
        20 => format!(
            "cj: /office {} member:@{} office:{}",
            rng.pick(&["appoint", "dismiss"]),
            rng.pick(&["t1", "t6", "t7", "ada", "abe", "td", "hal"]),
            rng.pick(&["tmc", "atd", "acting_td", "td"])
        ),
        21 => format!(
            "td: /office {} member:@{} office:observer game:\"{}\"",
            rng.pick(&["appoint", "dismiss"]),
            rng.pick(&["t1", "ada", "obs", "leo"]),
            rng.pick(&["R1 Board 1", "R1 Board 2"])
        ),
        22 | 23 => format!(
            "{}: /dispute raise game:\"R1 Board 1\" question:\"Was the convoy valid?\"",
            rng.pick(&["hal", "bob", "zed"])
        ),
        24 | 25 => format!(
            "td: /dispute refer dispute:{} question:\"Is a convoy naming no fleet valid?\"",
            rng.number(1, 3)
        ),
        26 => format!(
            "td: /dispute resolve dispute:{} text:\"The convoy stands.\"",
            rng.number(1, 3)
        ),
        27 => format!(
            "{}: /dispute confirm dispute:{}",
            rng.pick(&["hal", "bob", "gm1"]),
            rng.number(1, 3)
        ),
        28 => format!("@ +{}h", rng.number(1, 30)),
        29 => format!(
            "gm1: /board deadline board:\"R1 Board 1\" turn:S1901M at:\"2026-12-{:02} 09:00\"",
            rng.number(3, 9)
        ),
        30 => format!(
            "hal: /diplomacy extend board:\"R1 Board 1\" days:{}",
            rng.number(1, 9)
        ),
        31..=37 => format!("@ +{}d", rng.number(1, 8)),
        _ => return None,
    };
    Some(line)
}

/// Checks: random sequences of committee and house-rule commands keep every invariant of the
/// record, each motion's result equal to its votes under its committee's rules, and a refused
/// command changes nothing (house rules A.2, A.6, A.7, A.9, A.10, D.I.2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_committee_sequences_keep_every_invariant_and_refusals_change_nothing() {
    let setup = [SETUP, ROUND_DEALT, AFTER_DEAL].concat();
    for seed in seeds(SEQUENCES) {
        sequence(seed, &setup, STEPS, step).await;
    }
}
