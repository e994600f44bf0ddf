//! The randomised test of the club: random sequences of moderation, Court, Nomic and Points
//! of Order commands, and of Diplomacy appointments, team changes and replacements (house rules
//! A), by random actors, with clock moves and restarts, run through the console's
//! use cases on a club database. After every step `gavel check` must hold (every invariant of
//! the record, `App::check_record`), and after every refusal the record must be as it was.

use super::{seeds, sequence, Rng, ROUND_DEALT};

/// How many sequences CI runs.
const SEQUENCES: u64 = 100;
/// Steps in one sequence, after the club is set up.
const STEPS: usize = 40;

const MODERATORS: &[&str] = &["mod1", "mod2"];
const JUSTICES: &[&str] = &["j1", "j2", "j3"];
const MEMBERS: &[&str] = &["alice", "bob", "carol", "dave", "mod1"];
const ANYONE: &[&str] = &[
    "cj", "mod1", "mod2", "j1", "j2", "j3", "alice", "bob", "carol", "dave", "zed",
];

/// The club every sequence starts from: offices, members, and a game of Nomic with a player
/// for each weekday.
const SETUP: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /office appoint member:@mod1 office:moderator",
    "cj: /office appoint member:@mod2 office:moderator",
    "cj: /office appoint member:@j1 office:justice",
    "cj: /office appoint member:@j2 office:justice",
    "cj: /office appoint member:@j3 office:justice",
    "alice: /join",
    "bob: /join",
    "carol: /join",
    "dave: /join",
    "mod1: /join",
    "cj: /procedure set name:procedure value:nomic",
    "cj: /turns set member:@alice day:monday",
    "cj: /turns set member:@bob day:tuesday",
    "cj: /turns set member:@carol day:wednesday",
    "cj: /turns set member:@dave day:thursday",
    "cj: /turns set member:@mod1 day:friday",
];

/// The TD who deals the Diplomacy round (`ROUND_DEALT`), for the offices and their conflicts
/// (house rules A).
const DIPLOMACY: &[&str] = &["cj: /office appoint member:@td office:td"];

/// Who the offices, teams and seats are offered to: the TD, players of both teams, a captain,
/// and people with no part yet.
const TOURNAMENT: &[&str] = &["td", "ada", "t1", "leo", "alice", "hal", "obs", "gm1"];

/// One random step: a command line, a clock move, or `None` for a restart.
fn step(rng: &mut Rng) -> Option<String> {
    let case = rng.number(1, 8);
    let appeal = rng.number(1, 5);
    let proposal = rng.number(301, 306);
    let point = rng.number(1, 4);
    let n = rng.number(1, 99);
    let moderator = rng.pick(MODERATORS);
    let justice = rng.pick(JUSTICES);
    let member = rng.pick(MEMBERS);
    let anyone = rng.pick(ANYONE);
    let later = if rng.below(3) == 0 { " later:true" } else { "" };
    let friday = ["2026-12-11", "2026-12-18", "2027-01-08", "2026-12-10"][rng.below(4) as usize];
    let who = rng.pick(TOURNAMENT);
    let line = match rng.below(34) {
        0 | 1 => format!("{moderator}: /mod violation member:@{member} reason:\"registered a game never played\" incident:\"fake game {n}\"{later}"),
        2 => format!("{moderator}: /mod ban member:@{member} until:{friday} reason:\"threw a rook at the board\" incident:\"rook {n}\"{later}"),
        3 => format!("{moderator}: /mod deduct member:@{member} points:{n} reason:\"rude at the board\" incident:\"rude {n}\"{later}"),
        4 => format!("{moderator}: /mod monitor member:@{member} reason:\"results look arranged\"{later}"),
        5 => format!("{moderator}: /mod declare case:{case} reasoning:\"as the Terms require\""),
        6 | 7 => format!("{anyone}: /court appeal case:{case} grounds:\"it was not fair to me\""),
        8 => format!("{anyone}: /court grant appeal:{appeal}"),
        9 => format!("cj: /court refuse appeal:{appeal} reason:\"no grounds are given\""),
        10 => format!("cj: /court panel appeal:{appeal} first:@j1 second:@j2 third:@j3"),
        11 => format!("cj: /court solo appeal:{appeal}"),
        12 | 13 => {
            let decision = rng.pick(&["uphold", "overturn", "remand"]);
            let extra = match decision {
                "remand" => " conditions:\"decide it again with the witnesses\"",
                "overturn" if rng.below(2) == 0 => " step:1",
                _ => "",
            };
            let judge = if rng.below(4) == 0 { "cj" } else { justice };
            format!("{judge}: /court vote appeal:{appeal} decision:{decision} reasons:\"as the record shows\"{extra}")
        }
        14 => format!("{anyone}: /court en-banc appeal:{appeal} grounds:\"the panel erred in law\""),
        15 => format!(
            "cj: /court en-banc-decide appeal:{appeal} answer:{} reason:\"not worth the whole Court\"",
            rng.pick(&["accept", "refuse"])
        ),
        16 => format!("{justice}: /court opinion appeal:{appeal} text:\"The majority reasons as follows.\""),
        17 => format!(
            "{moderator}: /mod redecide case:{case} outcome:{} reasoning:\"decided again as remanded\" step:1 until:{friday}",
            rng.pick(&["confirm", "withdraw", "step", "until"])
        ),
        18 | 19 => format!("{member}: /propose kind:enact text:\"Rule number {n}.\""),
        20 | 21 => format!("{member}: /vote proposal:{proposal} choice:{}", rng.pick(&["yes", "no"])),
        22 => format!("{member}: /order raise text:\"Is proposal {proposal} proper?\" proposal:{proposal}"),
        23 => format!("{member}: /order judgement point:{point} text:\"It is proper.\""),
        24 => format!(
            "{member}: /order {} point:{point}",
            rng.pick(&["dispute", "agree", "disagree"])
        ),
        25 => format!(
            "cj: /office {} member:@{justice} office:justice",
            rng.pick(&["dismiss", "appoint"])
        ),
        26 => format!("{member}: /leave"),
        27 => format!("@ +{}h", rng.number(1, 30)),
        28 => format!("@ +{}d", rng.number(1, 8)),
        29 => format!(
            "cj: /office {} member:@{who} office:{}",
            rng.pick(&["appoint", "appoint", "dismiss"]),
            rng.pick(&["td", "atd", "acting_td", "tmc"])
        ),
        30 => format!(
            "td: /office {} member:@{who} office:{} game:\"{}\"",
            rng.pick(&["appoint", "appoint", "dismiss"]),
            rng.pick(&["gm", "observer"]),
            rng.pick(&["R1 Board 1", "r1 board 2", "R1 Baord 1"])
        ),
        31 => format!("leo: /team add team:Lions member:@{who} role:reserve"),
        32 => format!("bea: /board replace board:\"R1 Board 1\" power:A member:@{who} until:S1901"),
        _ => return None,
    };
    Some(line)
}

/// Checks: random sequences of commands keep every invariant of the record, and a refused
/// command changes nothing (Terms §II-§IV, Nomic 101-215; review finding 7).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_sequences_keep_every_invariant_and_refusals_change_nothing() {
    let setup = [SETUP, DIPLOMACY, ROUND_DEALT].concat();
    for seed in seeds(SEQUENCES) {
        sequence(seed, &setup, STEPS, step).await;
    }
}
