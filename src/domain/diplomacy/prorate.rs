//! Pro-rating (C.14) and the game that counts for advancement (C.15): a player replaced for
//! more than one turn, or a standby who took over, gets total × seasons played / seasons in the
//! game, counting Spring and Fall only; seasons lost to an early end go to whoever held the
//! position then; the team keeps the full score.

use super::season::{Season, FIRST_YEAR};
use super::{exact, shown, whole, Points};

/// One player's time on a position: from `first` to `last` season, both played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stint<H> {
    pub holder: H,
    pub first: Season,
    pub last: Season,
    /// A temporary stand-in for this player; a stand-in of one season only is not pro-rated,
    /// the season goes back to the player (C.14: "replaced for more than one turn").
    pub standing_in_for: Option<H>,
}

/// A holder's pro-rated share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share<H> {
    pub holder: H,
    pub seasons: u32,
    pub points: Points,
    pub working: String,
}

/// Seasons in a game that plays to Fall `last_year`: to 1909 it is 18.
pub fn seasons_in_game(last_year: u16) -> u32 {
    Season::count(Season::spring(FIRST_YEAR), Season::fall(last_year))
}

/// "Total number of points" × "Number of seasons played" / "Total number of seasons" (C.14).
pub fn pro_rated(total: Points, played: u32, in_game: u32) -> Points {
    if in_game == 0 {
        return whole(0);
    }
    total * whole(i64::from(played)) / whole(i64::from(in_game))
}

/// Shares out a position's `total` among its holders. The game plays to Fall `last_year`, and
/// stopped after `ended` (a solo, a vote); the unplayed seasons go to whoever held the
/// position at `ended` (C.14).
pub fn shares<H: Clone + PartialEq>(
    total: Points,
    stints: &[Stint<H>],
    last_year: u16,
    ended: Season,
) -> Vec<Share<H>> {
    let in_game = seasons_in_game(last_year);
    let mut counted: Vec<(H, u32)> = Vec::new();
    let mut add = |h: &H, n: u32| match counted.iter_mut().find(|(x, _)| x == h) {
        Some((_, m)) => *m += n,
        None => counted.push((h.clone(), n)),
    };
    let game_last = Season::fall(last_year);
    for s in stints {
        let mut n = Season::count(s.first, s.last.min(ended));
        if s.first <= ended && ended <= s.last && ended < game_last {
            n += Season::count(ended.next(), game_last);
        }
        match (&s.standing_in_for, n) {
            (Some(player), 1) => add(player, 1),
            _ => add(&s.holder, n),
        }
    }
    counted
        .into_iter()
        .map(|(holder, seasons)| {
            let points = pro_rated(total, seasons, in_game);
            Share {
                holder,
                seasons,
                points,
                working: format!(
                    "{} × {seasons} / {in_game} = {} (C.14)",
                    exact(total),
                    shown(points)
                ),
            }
        })
        .collect()
}

/// The position a player's advancement counts (C.15): the first, in time, of the games where
/// they are permanent, as the initial player or a permanent replacement. `games` are (when
/// they became permanent there, which game).
pub fn counting_game<T: Ord + Copy, G: Copy>(games: &[(T, G)]) -> Option<G> {
    games.iter().min_by_key(|(t, _)| *t).map(|(_, g)| *g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fred replaces Wendy with the Fall '06 builds; Fred solos in Fall 1908 (66 points).
    fn fred_and_wendy() -> Vec<Stint<&'static str>> {
        vec![
            Stint {
                holder: "Wendy",
                first: Season::spring(1901),
                last: Season::fall(1906),
                standing_in_for: None,
            },
            Stint {
                holder: "Fred",
                first: Season::spring(1907),
                last: Season::fall(1909),
                standing_in_for: None,
            },
        ]
    }

    #[test]
    fn the_rules_own_example_fred_gets_22_and_wendy_44_of_a_66_solo_c14() {
        assert_eq!(pro_rated(whole(66), 6, 18), whole(22));
        assert_eq!(pro_rated(whole(66), 12, 18), whole(44));
        let got = shares(whole(66), &fred_and_wendy(), 1909, Season::fall(1908));
        assert_eq!(got[0].holder, "Wendy");
        assert_eq!((got[0].seasons, got[0].points), (12, whole(44)));
        assert_eq!(got[1].holder, "Fred");
        assert_eq!((got[1].seasons, got[1].points), (6, whole(22)));
        assert_eq!(got[1].working, "66 × 6 / 18 = 22.00 (C.14)");
    }

    #[test]
    fn seasons_lost_to_an_early_end_go_to_the_player_active_then_c14() {
        // Fred's stint is recorded only to Fall 1908, when the solo ended the game; Spring
        // and Fall 1909 are still his.
        let mut stints = fred_and_wendy();
        stints[1].last = Season::fall(1908);
        let got = shares(whole(66), &stints, 1909, Season::fall(1908));
        assert_eq!(got[1].seasons, 6);
    }

    #[test]
    fn a_stand_in_for_a_single_season_is_not_pro_rated_c14() {
        let stints = vec![
            Stint {
                holder: "Wendy",
                first: Season::spring(1901),
                last: Season::spring(1905),
                standing_in_for: None,
            },
            Stint {
                holder: "Fred",
                first: Season::fall(1905),
                last: Season::fall(1905),
                standing_in_for: Some("Wendy"),
            },
            Stint {
                holder: "Wendy",
                first: Season::spring(1906),
                last: Season::fall(1909),
                standing_in_for: None,
            },
        ];
        let got = shares(whole(30), &stints, 1909, Season::fall(1909));
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].seasons, got[0].points), (18, whole(30)));
    }

    #[test]
    fn shares_stay_exact_when_they_do_not_divide() {
        assert_eq!(pro_rated(whole(25), 5, 18), Points::new(125, 18));
    }

    #[test]
    fn only_the_first_permanent_game_counts_for_advancement_c15() {
        let games = [(30, "board 7"), (12, "board 3"), (45, "board 9")];
        assert_eq!(counting_game(&games), Some("board 3"));
        assert_eq!(counting_game::<i32, &str>(&[]), None);
    }
}
