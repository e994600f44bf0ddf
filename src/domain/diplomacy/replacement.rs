//! Replacements (B.7-B.10): a temporary replacement declares its period, the player's word wins
//! a disagreement and an overrun makes it permanent; no player is replaced for more than four
//! seasons in a round; in team rounds the captain chooses, within 48 hours (96 over a weekend)
//! after the first round, and then the reserve pool in ranking order; a team that provides none
//! loses the position's points; no one is permanent in more than three games a round, nor
//! permanent and temporary in more than three at once. The TD's veto (B.10) is the app's.

use chrono::{DateTime, Utc};

use super::nmr;
use super::season::Season;

/// The most seasons one player may be replaced for in a round (B.7).
pub const MAX_SEASONS_REPLACED: u32 = 4;

/// The most games a player may hold permanently in a round, or at once in all (B.9), as
/// published.
pub const MAX_GAMES: u32 = 3;

/// B.9's numbers as gavel enforces them: as published, or as an adopted change states (house
/// rules A.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLimits {
    /// The most games a player holds permanently in a round.
    pub permanent: u32,
    /// The most games a player holds at once, permanent or temporary.
    pub at_once: u32,
}

impl GameLimits {
    pub const PUBLISHED: GameLimits = GameLimits {
        permanent: MAX_GAMES,
        at_once: MAX_GAMES,
    };
}

/// A number of games in words, as B.9 writes it ("three").
pub fn games_word(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map(|w| (*w).to_owned())
        .unwrap_or_else(|| n.to_string())
}

/// Why a replacement was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplacementError {
    #[error("{who} has been replaced for {used} season(s) this round; {asked} more would pass the four allowed (B.7).")]
    OverFourSeasons { who: String, used: u32, asked: u32 },
    #[error("{who} is already permanent in {} games this round (B.9).", games_word(*most))]
    ThreePermanent { who: String, most: u32 },
    #[error(
        "{who} already plays {} games as a permanent player or temporary replacement (B.9).", games_word(*most)
    )]
    ThreeAtOnce { who: String, most: u32 },
    #[error("In round 1 the captain must announce a change of player at least 48 hours before the current deadline, {deadline} (B.8(c)).")]
    CaptainNotice { deadline: String },
}

/// The notice a round-1 captain gives of a change of player (B.8(c)).
pub const CAPTAIN_NOTICE: chrono::Duration = chrono::Duration::hours(48);

/// Whether a round-1 captain's change announced at `now` comes at least 48 hours before the
/// current deadline (B.8(c)); with no deadline still to come, it always does.
pub fn captain_notice_given(now: DateTime<Utc>, deadline: Option<DateTime<Utc>>) -> bool {
    deadline.is_none_or(|d| d <= now || d - now >= CAPTAIN_NOTICE)
}

/// The period of a temporary replacement when the player and the replacement disagree: the
/// player's word is final (B.7).
pub fn settled_period(
    player_says: Option<Season>,
    replacement_says: Option<Season>,
) -> Option<Season> {
    player_says.or(replacement_says)
}

/// A temporary replacement still in place after its declared last season becomes permanent
/// (B.7).
pub fn becomes_permanent(declared_last: Season, now: Season) -> bool {
    now > declared_last
}

/// Checks the four-season limit (B.7).
pub fn check_seasons(who: &str, used: u32, asked: u32) -> Result<(), ReplacementError> {
    if used + asked > MAX_SEASONS_REPLACED {
        return Err(ReplacementError::OverFourSeasons {
            who: who.to_string(),
            used,
            asked,
        });
    }
    Ok(())
}

/// Checks a player's load before they take a position (B.9): `permanent_this_round` games
/// held permanently in the round, `held_now` games held now, permanent or temporary; B.9 as
/// published.
pub fn check_load(
    who: &str,
    permanent_this_round: u32,
    held_now: u32,
    permanent: bool,
) -> Result<(), ReplacementError> {
    check_load_within(
        who,
        permanent_this_round,
        held_now,
        permanent,
        GameLimits::PUBLISHED,
    )
}

/// `check_load` with the limits gavel enforces.
pub fn check_load_within(
    who: &str,
    permanent_this_round: u32,
    held_now: u32,
    permanent: bool,
    limits: GameLimits,
) -> Result<(), ReplacementError> {
    if permanent && permanent_this_round >= limits.permanent {
        return Err(ReplacementError::ThreePermanent {
            who: who.to_string(),
            most: limits.permanent,
        });
    }
    if held_now >= limits.at_once {
        return Err(ReplacementError::ThreeAtOnce {
            who: who.to_string(),
            most: limits.at_once,
        });
    }
    Ok(())
}

/// Who chooses the replacement after an NMR (B.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chooser {
    /// Round 1: the captain is the default replacement and the game is not delayed (B.8c).
    CaptainByDefault,
    /// The player's own 48 (96) hours to contact the GM are running, until `until` (or, with
    /// `None`, the adjudication is not yet published): the replacement procedure has not begun
    /// (D.VII.6a).
    PlayersGrace { until: Option<DateTime<Utc>> },
    /// The captain, until `until` (B.8a, B.8d).
    Captain { until: DateTime<Utc> },
    /// The captain's window has passed: the reserve pool, highest ranked first (B.8d).
    ReservePool,
}

/// Who chooses now (B.8): `player_due` is the end of the player's own 48 (96) hours from the
/// publication of the adjudication (D.VII.6a), `None` while it is not published. The
/// captain's 48 (96) hours follow the player's, and then the reserve pool (B.8d).
pub fn chooser(round: u8, player_due: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Chooser {
    if round == 1 {
        return Chooser::CaptainByDefault;
    }
    let Some(due) = player_due.filter(|d| now >= *d) else {
        return Chooser::PlayersGrace { until: player_due };
    };
    let (_, until) = nmr::window(due);
    if now < until {
        Chooser::Captain { until }
    } else {
        Chooser::ReservePool
    }
}

/// From the reserves who replied in time, the highest ranked (B.8d): `pool` is in ranking
/// order, best first.
pub fn from_pool<P: PartialEq + Copy>(pool: &[P], replied: &[P]) -> Option<P> {
    pool.iter().copied().find(|p| replied.contains(p))
}

/// The points a team keeps for a position: none when it provided no replacement; a reserve
/// from the pool scores only as an individual (B.8e).
pub fn team_keeps(team_provided: bool) -> bool {
    team_provided
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_players_word_on_the_period_is_final_b7() {
        let p = Some(Season::fall(1904));
        let r = Some(Season::fall(1905));
        assert_eq!(settled_period(p, r), p);
        assert_eq!(settled_period(None, r), r);
    }

    #[test]
    fn a_replacement_past_its_declared_period_becomes_permanent_b7() {
        assert!(!becomes_permanent(Season::fall(1904), Season::fall(1904)));
        assert!(becomes_permanent(Season::fall(1904), Season::spring(1905)));
    }

    #[test]
    fn no_player_is_replaced_for_more_than_four_seasons_a_round_b7() {
        assert!(check_seasons("alice", 2, 2).is_ok());
        assert_eq!(
            check_seasons("alice", 3, 2).unwrap_err().to_string(),
            "alice has been replaced for 3 season(s) this round; 2 more would pass the four allowed (B.7)."
        );
    }

    #[test]
    fn no_one_is_permanent_in_more_than_three_games_a_round_b9() {
        assert!(check_load("bob", 2, 2, true).is_ok());
        assert!(matches!(
            check_load("bob", 3, 3, true),
            Err(ReplacementError::ThreePermanent { .. })
        ));
        assert!(matches!(
            check_load("bob", 1, 3, false),
            Err(ReplacementError::ThreeAtOnce { .. })
        ));
    }

    #[test]
    fn the_captain_chooses_for_48_hours_then_the_reserve_pool_b8d() {
        let mon = Utc.with_ymd_and_hms(2026, 11, 2, 12, 0, 0).unwrap();
        let wed = Utc.with_ymd_and_hms(2026, 11, 4, 12, 0, 0).unwrap();
        let fri = Utc.with_ymd_and_hms(2026, 11, 6, 12, 0, 0).unwrap();
        assert_eq!(chooser(1, Some(mon), wed), Chooser::CaptainByDefault);
        assert_eq!(chooser(2, Some(mon), mon), Chooser::Captain { until: wed });
        assert_eq!(chooser(2, Some(mon), wed), Chooser::ReservePool);
        assert_eq!(chooser(2, Some(mon), fri), Chooser::ReservePool);
    }

    #[test]
    fn the_captains_window_follows_the_players_own_48_hours_d_vii_6a_b8d() {
        // The adjudication is published Monday noon; the player's 48 hours end Wednesday noon,
        // and only then do the captain's 48 begin, ending Friday noon.
        let mon = Utc.with_ymd_and_hms(2026, 11, 2, 12, 0, 0).unwrap();
        let wed = Utc.with_ymd_and_hms(2026, 11, 4, 12, 0, 0).unwrap();
        let fri = Utc.with_ymd_and_hms(2026, 11, 6, 12, 0, 0).unwrap();
        let tue = Utc.with_ymd_and_hms(2026, 11, 3, 12, 0, 0).unwrap();
        assert_eq!(
            chooser(2, Some(wed), tue),
            Chooser::PlayersGrace { until: Some(wed) }
        );
        assert_eq!(chooser(2, Some(wed), wed), Chooser::Captain { until: fri });
        assert_eq!(chooser(2, Some(wed), fri), Chooser::ReservePool);
        assert_eq!(
            chooser(2, None, mon),
            Chooser::PlayersGrace { until: None },
            "no clock before the adjudication is published"
        );
    }

    #[test]
    fn a_round_1_captain_announces_a_change_48_hours_before_the_deadline_b8c() {
        let deadline = Utc.with_ymd_and_hms(2026, 11, 6, 12, 0, 0).unwrap();
        let wed = Utc.with_ymd_and_hms(2026, 11, 4, 12, 0, 0).unwrap();
        assert!(captain_notice_given(wed, Some(deadline)));
        assert!(!captain_notice_given(
            wed + chrono::Duration::hours(1),
            Some(deadline)
        ));
        assert!(captain_notice_given(deadline, Some(deadline)), "passed");
        assert!(captain_notice_given(wed, None));
    }

    #[test]
    fn the_highest_ranked_reserve_who_replied_is_taken_first_b8d() {
        assert_eq!(from_pool(&[7, 3, 9], &[9, 3]), Some(3));
        assert_eq!(from_pool(&[7, 3], &[]), None);
    }

    #[test]
    fn a_team_that_provides_no_replacement_loses_the_points_b8e() {
        assert!(!team_keeps(false));
        assert!(team_keeps(true));
    }
}
