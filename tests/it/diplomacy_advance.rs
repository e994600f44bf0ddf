//! A tournament of 42 teams (the fewest with two team rounds, B.4) played through round 2 on
//! the console, every board ending alike, to check what the advancement to the semi-final
//! reads: half of round 1's score without the team credits (C.6, C.8) and the team ranking as
//! a tie-break (C.8(d)).

use std::collections::BTreeMap;

use gavel::adapters::console::{Console, Output};
use gavel::config::Config;

const POWERS: [char; 7] = ['A', 'E', 'F', 'G', 'I', 'R', 'T'];
/// Round 1's counts on every board: A 41, E 23, F 14, G 9, I 5, R and T 5/2.
const ROUND_ONE: &str = "A=9 E=7 F=6 G=5 I=3 R=2 T=2";
/// Round 2's counts on every board: A 42, E 24, F 14, G 8, I 5, R 3, T 1.
const ROUND_TWO: &str = "A=10 E=8 F=6 G=4 I=3 R=2 T=1";

fn text(o: &Output) -> &str {
    match o {
        Output::Reply(t) | Output::Refusal(t) | Output::Post { text: t, .. } => t,
    }
}

async fn run(console: &mut Console, line: &str) -> String {
    let out = console.execute(line).await.expect("line runs");
    out.first().map(text).unwrap_or_default().to_owned()
}

/// The deal of a round from its announcement: player -> power letter.
fn dealt(reply: &str) -> BTreeMap<String, char> {
    let mut out = BTreeMap::new();
    for line in reply
        .lines()
        .filter(|l| l.contains(" Board ") && l.contains(": A="))
    {
        let seats = line.split_once(": ").map_or("", |x| x.1);
        for seat in seats.split(' ') {
            if let Some((p, who)) = seat.split_once('=') {
                out.insert(who.to_owned(), p.chars().next().unwrap_or('?'));
            }
        }
    }
    out
}

fn board_counts(board: &str, counts: &str, last: u16) -> Vec<String> {
    (1901..=last)
        .map(|y| format!("td: /board centres board:\"{board}\" season:F{y} counts:\"{counts}\""))
        .collect()
}

/// Plays rounds 1 and 2 of 42 teams; answers round 2's standings as announced and each
/// round-2 player's power in round 2.
async fn two_team_rounds() -> (String, BTreeMap<String, char>) {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    run(&mut console, "@ 2026-11-30 09:00").await;
    run(&mut console, "cj: /office appoint member:@td office:td").await;
    run(&mut console, "td: /diplomacy open round:1 end:F1909").await;
    for t in 0..42 {
        run(
            &mut console,
            &format!("c{t}: /team create name:T{t} captain:@c{t}"),
        )
        .await;
        for p in POWERS {
            let who = format!("t{t}{}", p.to_ascii_lowercase());
            run(
                &mut console,
                &format!("c{t}: /team add team:T{t} member:@{who} power:{p}"),
            )
            .await;
        }
    }
    run(&mut console, "td: /diplomacy assign round:1 seed:1").await;
    for b in 1..=42 {
        for line in board_counts(&format!("R1 Board {b}"), ROUND_ONE, 1909) {
            run(&mut console, &line).await;
        }
    }
    run(&mut console, "td: /diplomacy advance round:1 seed:7").await;
    run(&mut console, "td: /diplomacy open round:2 end:F1909").await;
    let deal = run(&mut console, "td: /diplomacy assign round:2 seed:3").await;
    let powers = dealt(&deal);
    let boards = powers.len() / 7;
    for b in 1..=boards {
        for line in board_counts(&format!("R2 Board {b}"), ROUND_TWO, 1909) {
            run(&mut console, &line).await;
        }
    }
    let standings = run(&mut console, "td: /diplomacy advance round:2 seed:9").await;
    (standings, powers)
}

fn score_of(power: char, round: u8) -> (i64, i64) {
    // (numerator, denominator)
    match (round, power) {
        (1, 'A') => (41, 1),
        (1, 'E') => (23, 1),
        (1, 'F') => (14, 1),
        (1, 'G') => (9, 1),
        (1, 'I') => (5, 1),
        (1, _) => (5, 2),
        (_, 'A') => (42, 1),
        (_, 'E') => (24, 1),
        (_, 'F') => (14, 1),
        (_, 'G') => (8, 1),
        (_, 'I') => (5, 1),
        (_, 'R') => (3, 1),
        _ => (1, 1),
    }
}

/// The line of `who` in the standings.
fn line_of<'a>(standings: &'a str, who: &str) -> &'a str {
    standings
        .lines()
        .find(|l| l.split(' ').nth(1) == Some(who))
        .unwrap_or_else(|| panic!("{who} in {standings}"))
}

static PLAYED: tokio::sync::OnceCell<(String, BTreeMap<String, char>)> =
    tokio::sync::OnceCell::const_new();

/// Round 2's standings and deal, played once for every test here.
async fn played() -> &'static (String, BTreeMap<String, char>) {
    PLAYED.get_or_init(two_team_rounds).await
}

/// Checks: C.8's round-2 score adds half of round 1's score alone, not the credits of the
/// player's team, which C.6 says "will be lost after advancement is calculated".
#[tokio::test]
async fn round_two_adds_half_of_round_one_without_the_team_credits_c6_c8() {
    let (standings, powers) = played().await;
    for (who, r2) in powers {
        let r1 = who.chars().last().unwrap().to_ascii_uppercase();
        let (n1, d1) = score_of(r1, 1);
        let (n2, _) = score_of(*r2, 2);
        // r2 + r1 / 2, exactly.
        let num = n2 * 2 * d1 + n1;
        let den = 2 * d1;
        let g = gcd(num, den);
        let want = if den / g == 1 {
            format!("[{}]", num / g)
        } else {
            format!("[{}/{}]", num / g, den / g)
        };
        let line = line_of(standings, who);
        assert!(line.contains(&want), "{who}: {line}, want {want}");
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Checks: players level on C.8's score, country, bonus and count-back are ranked by their
/// team's place in the team competition (C.8(d)) before round 1's ranking (C.8(e)).
#[tokio::test]
async fn a_tie_through_c8c_goes_to_the_higher_ranking_team_c8d() {
    let (standings, _) = played().await;
    assert!(
        standings.contains("decided by C.8(d) team ranking"),
        "{standings}"
    );
    assert!(!standings.contains("decided by C.8(e)"), "{standings}");
}
