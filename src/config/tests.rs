//! Reading configurations: defaults, refusals that name the key, and the example file.

use super::*;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::from_toml(text, Path::new("config.toml"))
}

#[test]
fn an_empty_file_gives_the_chess_club_defaults() {
    let c = parse("").unwrap();
    assert_eq!(c.club.timezone, chrono_tz::Europe::London);
    assert_eq!(c.scores.initial, 100);
    assert_eq!(c.scores.floor, 100);
    assert_eq!(c.session.day, Weekday::Fri);
    assert_eq!(c.session.start.to_string(), "12:30:00");
    assert_eq!(c.session.end.to_string(), "13:10:00");
    assert_eq!(c.database.path, "gavel.db");
}

#[test]
fn the_voting_and_points_channels_are_routed_by_the_rules_keys() {
    let c = parse(
        "[rules]\nprocedure = \"nomic\"\nvoting_channel_id = \"4000\"\npoints_channel_id = 5000\n",
    )
    .unwrap();
    assert_eq!(c.rules.procedure, Procedure::Nomic);
    assert_eq!(c.channel_id(crate::store::outbox::VOTING), Some(4000));
    assert_eq!(c.channel_id(crate::store::outbox::POINTS), Some(5000));
    assert_eq!(c.channel_id(crate::store::outbox::DISCUSSION), None);
    assert_eq!(parse("").unwrap().rules.procedure, Procedure::ChiefJustice);
    let c =
        parse("[rules.parameters]\nwinning_points = 150\nproposal_cutoff = \"18:00\"\n").unwrap();
    assert_eq!(c.rules.parameters["winning_points"], "150");
    assert_eq!(c.rules.parameters["proposal_cutoff"], "18:00");
}

#[test]
fn an_unknown_key_is_refused_by_name() {
    let e = parse("[club]\nnmae = \"x\"\n").unwrap_err().to_string();
    assert!(e.contains("nmae"), "{e}");
}

#[test]
fn a_bad_timezone_is_refused_by_key() {
    let e = parse("[club]\ntimezone = \"Mars/Olympus\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("timezone") && e.contains("Mars/Olympus"), "{e}");
}

#[test]
fn snowflakes_may_be_strings_or_integers() {
    let c = parse("[discord]\nguild_id = \"2000\"\ndiscussion_channel_id = 3000\n").unwrap();
    assert_eq!(c.discord.guild_id, Some(2000));
    assert_eq!(c.discord.discussion_channel_id, Some(3000));
    let e = parse("[discord]\nguild_id = \"abc\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("guild_id"), "{e}");
}

#[test]
fn a_session_that_ends_before_it_starts_is_refused() {
    let e = parse("[session]\nstart = \"13:00\"\nend = \"12:00\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("session.end"), "{e}");
}

#[test]
fn the_portal_listens_on_a_checked_address() {
    let c = parse("[portal]\nlisten = \"127.0.0.1:8080\"\n").unwrap();
    assert_eq!(c.portal.address(), Some(([127, 0, 0, 1], 8080).into()));
    assert_eq!(parse("").unwrap().portal.address(), None);
    let e = parse("[portal]\nlisten = \"localhost\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("portal.listen"), "{e}");
}

#[test]
fn the_example_config_is_valid() {
    let text = include_str!("../../config.example.toml");
    parse(text).unwrap();
}

#[test]
fn tournament_posts_go_to_their_channel_or_else_to_discussion() {
    use crate::store::outbox::TOURNAMENT;
    let c = parse("[discord]\ndiscussion_channel_id = 3000\n").unwrap();
    assert_eq!(c.channel_id(TOURNAMENT), Some(3000));
    let c = parse("[discord]\ndiscussion_channel_id = 3000\n[tournament]\nchannel_id = \"3300\"\n")
        .unwrap();
    assert_eq!(c.channel_id(TOURNAMENT), Some(3300));
}

#[test]
fn reports_go_to_the_moderators_channel_and_the_mod_log_to_its_own() {
    use crate::store::outbox::{MODERATORS, MOD_LOG};
    let c = parse("[discord]\nmod_channel_id = \"3100\"\nmodlog_channel_id = 3200\n").unwrap();
    assert_eq!(c.channel_id(MODERATORS), Some(3100));
    assert_eq!(c.channel_id(MOD_LOG), Some(3200));
    assert_eq!(parse("").unwrap().channel_id(MOD_LOG), None);
}

#[test]
fn a_club_may_list_several_session_days_beside_its_one_day() {
    use chrono::Weekday;
    let c = parse("[session]\ndays = [\"Friday\", \"Tuesday\"]\n").unwrap();
    assert_eq!(c.session.day, Weekday::Fri);
    assert_eq!(c.session.days, vec![Weekday::Fri, Weekday::Tue]);
    assert!(parse("").unwrap().session.days.is_empty());
    let e = parse("[session]\ndays = [\"Funday\"]\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("Funday") && e.contains("days"), "{e}");
}

#[test]
fn results_count_at_once_unless_the_club_asks_for_confirmations() {
    let c = parse("").unwrap();
    assert!(!c.leaderboard.confirm_results);
    assert_eq!(c.leaderboard.confirm_days, 7);
    let c = parse("[leaderboard]\nconfirm_results = true\nconfirm_days = 3\n").unwrap();
    assert!(c.leaderboard.confirm_results);
    assert_eq!(c.leaderboard.confirm_days, 3);
    let e = parse("[leaderboard]\nconfirm_days = 0\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("leaderboard.confirm_days"), "{e}");
}
