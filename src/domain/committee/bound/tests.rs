//! The bindings read from the published house rules and from amended texts (A.7).

use super::readers::*;
use super::*;
use crate::domain::committee::house_rules::HouseRules;

fn published() -> HouseRules {
    HouseRules::parse(include_str!(
        "../../../../examples/world-masters-house-rules.txt"
    ))
    .expect("the published house rules")
}

#[test]
fn every_binding_reads_its_published_value_from_its_published_text_a7() {
    let rules = published();
    for b in BOUND {
        let item = rules.get(b.item).unwrap_or_else(|| panic!("{}", b.item));
        assert_eq!(
            (b.read)(&item.text).as_deref(),
            Some(b.published),
            "{}",
            b.key
        );
        assert_eq!(
            b.kind.parse(b.published).as_deref(),
            Some(b.published),
            "{}",
            b.key
        );
    }
    for (item, _) in APPLIED {
        assert!(rules.get(item).is_some(), "{item}");
        assert!(
            of_item(item).next().is_none(),
            "{item} is bound and applied"
        );
    }
}

#[test]
fn a_tmc_of_three_to_eight_is_read_from_a2() {
    let text = "The tournament governing body will consist of one Tournament Director and up to two Assistant Tournament Directors. In addition there will be a Tournament Management Committee (TMC) of between 3 and 8 people.";
    assert_eq!(tmc_size(text).as_deref(), Some("3-8"));
    assert_eq!(assistants_most(text).as_deref(), Some("2"));
    assert_eq!(
        tmc_size("There will be a TMC of three to eight people.").as_deref(),
        Some("3-8")
    );
    assert_eq!(tmc_size("The TMC has 3-8 members.").as_deref(), Some("3-8"));
    assert_eq!(tmc_size("A TMC of seven people.").as_deref(), Some("7-7"));
    assert_eq!(tmc_size("A TMC of a suitable size."), None);
    assert_eq!(tmc_size("A TMC of 3 to 8, or 5 to 9 in the final."), None);
}

#[test]
fn five_day_movement_turns_are_read_from_d_vii_4() {
    let text = "Games will typically progress at the pace of one season per week. At least five days will normally be allowed for each movement turn and at least 1 day will normally be allowed for each retreat or adjustment turn.";
    assert_eq!(turn_days(text, true).as_deref(), Some("5"));
    assert_eq!(turn_days(text, false).as_deref(), Some("1"));
    assert_eq!(
        turn_days("Turns last as long as the GM thinks fit.", true),
        None
    );
}

#[test]
fn tmc_members_allowed_to_observe_is_read_from_a10() {
    let text = "Tournament Observers may be, but do not have to be, players, captains, GM's or TMC members. Assistant TD's may not serve as Tournament Observers, and a person may not serve as Tournament Observer for a game in which he or one of his teammates is directly involved (ie plays in or is the GM).";
    let read = |key: &str| (by_key(key).unwrap().read)(text);
    assert_eq!(read("observers.tmc").as_deref(), Some("allowed"));
    assert_eq!(read("observers.assistants").as_deref(), Some("barred"));
    assert_eq!(read("observers.own_game").as_deref(), Some("barred"));
    // A text that no longer names TMC members says nothing plainly of them.
    let silent = "Assistant TD's may not serve as Tournament Observers.";
    assert_eq!((by_key("observers.tmc").unwrap().read)(silent), None);
}

#[test]
fn thresholds_and_bars_are_read_from_a4_a6_a7_a8() {
    let a7 = "If the TD vetoes the change, the TMC can override the TD with a three quarters majority. In order for an override to be valid, at least 4/5 of the TMC sitting body must vote.";
    assert_eq!(majority(a7).as_deref(), Some("three_quarters"));
    assert_eq!(turnout(a7).as_deref(), Some("4/5"));
    let a4 = "The Tournament director may not play in the tournament, but may captain a team.";
    assert_eq!(barred(bar(a4, PLAYING, &[])).as_deref(), Some("barred"));
    assert_eq!(barred(bar(a4, TEAMS, &[])).as_deref(), Some("allowed"));
    let a6 = "A TMC decision will require that at least half of the sitting body vote. In the case of a tie, the motion is rejected.";
    assert_eq!(turnout(a6).as_deref(), Some("1/2"));
    assert_eq!(tie_break(a6).as_deref(), Some("rejects"));
    assert_eq!(sitting(a6), None);
}

#[test]
fn two_games_a_round_for_everyone_is_not_the_permanent_limit_b9() {
    let text = "No player will be permitted to play in more than two games in any one round.";
    assert_eq!(games_in(text, &["permanent"], &["round"]), None);
    let plain = "No player will be permitted to be a permanent player in more than two games in any one round, nor shall he be permitted to play as a permanent player and temporary replacement for a total of more than two games at any one time.";
    assert_eq!(
        games_in(plain, &["permanent"], &["round"]).as_deref(),
        Some("2")
    );
    assert_eq!(
        games_in(plain, &["time", "once"], &["permanent", "temporary"]).as_deref(),
        Some("2")
    );
}
