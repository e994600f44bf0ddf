//! A position's handovers read as stints (B.7, B.8, C.14): who held it from which season, a
//! temporary stand-in's declared period and its overrun, a player's return, the seasons a
//! player was replaced for in a round, and the games a person is permanent in (C.15).

use super::prorate::Stint;
use super::season::{Phase, Season, Turn, FIRST_YEAR};

/// How a position changed hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A permanent replacement (B.7, B.8).
    Permanent,
    /// A temporary replacement declared to end with the season `until` (B.7).
    Temporary { until: Season },
    /// The player stood in for takes the position back.
    Return,
}

/// The kind of a handover without its season, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindName {
    Permanent,
    Temporary,
    Return,
}

impl Kind {
    pub fn name(self) -> KindName {
        match self {
            Kind::Permanent => KindName::Permanent,
            Kind::Temporary { .. } => KindName::Temporary,
            Kind::Return => KindName::Return,
        }
    }
}

/// One handover of a position: `incoming` takes it from `outgoing` from the season `from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handover<H> {
    pub outgoing: H,
    pub incoming: H,
    pub from: Season,
    pub kind: Kind,
}

/// The season before `s`, or `None` before Spring 1901.
fn previous(s: Season) -> Option<Season> {
    (s.index() > 0).then(|| {
        let i = s.index() - 1;
        let year = FIRST_YEAR + (i / 2) as u16;
        if i.is_multiple_of(2) {
            Season::spring(year)
        } else {
            Season::fall(year)
        }
    })
}

/// The stints of a position first held by `first` in a game that plays to Fall `last_year`,
/// its handovers in order. A temporary stand-in is marked as standing in for the player it
/// replaced; a season with no one in it (a handover at the season it began) is left out.
pub fn stints<H: Clone + PartialEq>(
    first: &H,
    handovers: &[Handover<H>],
    last_year: u16,
) -> Vec<Stint<H>> {
    let mut out = Vec::new();
    let mut holder = first.clone();
    let mut from = Season::spring(FIRST_YEAR);
    let mut standing_in_for: Option<H> = None;
    for h in handovers {
        if let Some(last) = previous(h.from).filter(|l| *l >= from) {
            out.push(Stint {
                holder: holder.clone(),
                first: from,
                last,
                standing_in_for: standing_in_for.clone(),
            });
        }
        holder = h.incoming.clone();
        from = h.from.max(Season::spring(FIRST_YEAR));
        standing_in_for = match h.kind {
            Kind::Temporary { .. } => Some(h.outgoing.clone()),
            Kind::Permanent | Kind::Return => None,
        };
    }
    out.push(Stint {
        holder,
        first: from,
        last: Season::fall(last_year),
        standing_in_for,
    });
    out
}

/// The season a handover made during `turn` takes effect from (C.14 counts Spring and Fall):
/// in a movement turn that season; in a retreat or a Winter adjustment, whose season's movement
/// the outgoing player played, the next one.
pub fn taking_over_from(turn: Turn) -> Season {
    match turn.phase {
        Phase::Movement => turn.season,
        Phase::Retreat | Phase::Adjustment => turn.season.next(),
    }
}

/// The season after which the game stopped, for C.14: the last with counts recorded, unless
/// the holder at the end took over after it, when the game stopped in their time and the
/// unplayed seasons are theirs ("credited to the player active at the time of the
/// termination").
pub fn termination<H>(stints: &[Stint<H>], counted_to: Season) -> Season {
    match stints.last() {
        Some(s) if s.first > counted_to => s.first,
        _ => counted_to,
    }
}

/// The temporary replacement in place now, if the last handover was one: its stand-in, the
/// player it replaced and its declared last season.
pub fn current_temporary<H: Clone>(handovers: &[Handover<H>]) -> Option<(H, H, Season)> {
    match handovers.last() {
        Some(Handover {
            outgoing,
            incoming,
            kind: Kind::Temporary { until },
            ..
        }) => Some((incoming.clone(), outgoing.clone(), *until)),
        _ => None,
    }
}

/// The seasons `who` has been declared replaced for, in temporary replacements (B.7's four a
/// round): each temporary handover away from them counts its declared period.
pub fn seasons_replaced<H: PartialEq>(handovers: &[Handover<H>], who: &H) -> u32 {
    handovers
        .iter()
        .filter(|h| &h.outgoing == who)
        .map(|h| match h.kind {
            Kind::Temporary { until } => Season::count(h.from, until),
            _ => 0,
        })
        .sum()
}

/// Whether `who` holds the position permanently at the end (C.15): the first holder or a
/// permanent replacement, or a stand-in whose declared period ran out (B.7), and not replaced
/// permanently since.
pub fn permanent_holders<H: Clone + PartialEq>(
    first: &H,
    handovers: &[Handover<H>],
    now: Season,
) -> Vec<H> {
    let mut out = vec![first.clone()];
    for h in handovers {
        let permanent = match h.kind {
            Kind::Permanent | Kind::Return => true,
            Kind::Temporary { until } => super::replacement::becomes_permanent(until, now),
        };
        if permanent && !out.contains(&h.incoming) {
            out.push(h.incoming.clone());
        }
    }
    out
}

/// Whether the team keeps the position's points (B.8(e)): `from_team[i]` says whether the
/// incoming player of `handovers[i]` is from the team (or drawn from the pool, which is not).
/// A permanent replacement from outside it, or a temporary one that ran past its declared
/// period and so became permanent (B.7), means the team failed to provide one. A stand-in for
/// a declared period, whom a player is free to recruit (D.VII.5), costs nothing.
pub fn team_provided<H>(handovers: &[Handover<H>], from_team: &[bool], now: Season) -> bool {
    handovers
        .iter()
        .zip(from_team)
        .enumerate()
        .all(|(i, (h, ours))| {
            *ours
                || match h.kind {
                    Kind::Permanent => false,
                    Kind::Return => true,
                    // Held until the next handover, or still now.
                    Kind::Temporary { until } => match handovers.get(i + 1) {
                        Some(next) => next.from <= until.next(),
                        None => !super::replacement::becomes_permanent(until, now),
                    },
                }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::diplomacy::prorate::shares;
    use crate::domain::diplomacy::whole;

    fn h(out: &'static str, inc: &'static str, from: Season, kind: Kind) -> Handover<&'static str> {
        Handover {
            outgoing: out,
            incoming: inc,
            from,
            kind,
        }
    }

    #[test]
    fn fred_replacing_wendy_from_1907_gives_the_rules_own_shares_c14() {
        let hs = [h("Wendy", "Fred", Season::spring(1907), Kind::Permanent)];
        let st = stints(&"Wendy", &hs, 1909);
        assert_eq!(st.len(), 2);
        assert_eq!(
            (st[0].first, st[0].last),
            (Season::spring(1901), Season::fall(1906))
        );
        let got = shares(whole(66), &st, 1909, Season::fall(1908));
        assert_eq!((got[0].holder, got[0].points), ("Wendy", whole(44)));
        assert_eq!((got[1].holder, got[1].points), ("Fred", whole(22)));
    }

    #[test]
    fn a_stand_in_who_hands_back_after_one_season_leaves_the_player_whole_c14_b7() {
        let until = Season::fall(1903);
        let hs = [
            h("Wendy", "Fred", until, Kind::Temporary { until }),
            h("Fred", "Wendy", Season::spring(1904), Kind::Return),
        ];
        let got = shares(
            whole(30),
            &stints(&"Wendy", &hs, 1909),
            1909,
            Season::fall(1909),
        );
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].holder, got[0].seasons), ("Wendy", 18));
    }

    #[test]
    fn the_unplayed_seasons_of_an_early_end_go_to_the_player_active_at_it_c14() {
        // Wendy plays to Fall 1904; Fred takes over in the Winter 1904 adjustments, so from
        // Spring 1905; a draw passes at the Spring 1905 deadline.
        let hs = [h("Wendy", "Fred", Season::spring(1905), Kind::Permanent)];
        let st = stints(&"Wendy", &hs, 1909);
        let end = termination(&st, Season::fall(1904));
        let got = shares(whole(18), &st, 1909, end);
        assert_eq!((got[0].holder, got[0].seasons), ("Wendy", 8));
        assert_eq!((got[1].holder, got[1].seasons), ("Fred", 10));
    }

    #[test]
    fn a_handover_in_a_retreat_or_adjustment_counts_from_the_next_season_c14() {
        let at = |t| taking_over_from(Turn::parse(t).unwrap());
        assert_eq!(at("S1907M"), Season::spring(1907));
        assert_eq!(at("S1907R"), Season::fall(1907));
        assert_eq!(at("F1906R"), Season::spring(1907));
        assert_eq!(at("W1906A"), Season::spring(1907));
    }

    #[test]
    fn a_replacement_at_the_very_start_leaves_the_first_player_no_stint_b8c() {
        let hs = [h("Wendy", "Fred", Season::spring(1901), Kind::Permanent)];
        let st = stints(&"Wendy", &hs, 1909);
        assert_eq!(st.len(), 1);
        assert_eq!(st[0].holder, "Fred");
    }

    #[test]
    fn temporary_periods_add_up_towards_the_four_seasons_of_b7() {
        let hs = [
            h(
                "Wendy",
                "Fred",
                Season::spring(1902),
                Kind::Temporary {
                    until: Season::fall(1902),
                },
            ),
            h("Fred", "Wendy", Season::spring(1903), Kind::Return),
            h("Wendy", "Zoe", Season::fall(1904), Kind::Permanent),
        ];
        assert_eq!(seasons_replaced(&hs, &"Wendy"), 2);
        assert_eq!(seasons_replaced(&hs, &"Fred"), 0);
    }

    #[test]
    fn a_players_own_stand_in_from_outside_the_team_costs_the_team_nothing_d_vii_5_b8e() {
        let until = Season::spring(1902);
        let hs = [
            h("Ned", "Zoe", until, Kind::Temporary { until }),
            h("Zoe", "Ned", Season::fall(1902), Kind::Return),
        ];
        assert!(team_provided(&hs, &[false, true], Season::fall(1909)));
        assert!(team_provided(&hs[..1], &[false], until));
    }

    #[test]
    fn an_outsider_who_stays_permanently_or_past_the_period_costs_the_points_b7_b8e() {
        let until = Season::spring(1902);
        let temporary = [h("Ned", "Zoe", until, Kind::Temporary { until })];
        assert!(!team_provided(&temporary, &[false], Season::fall(1902)));
        let permanent = [h("Ned", "Zoe", until, Kind::Permanent)];
        assert!(!team_provided(&permanent, &[false], until));
        assert!(team_provided(&permanent, &[true], until));
    }

    #[test]
    fn a_stand_in_past_the_declared_period_is_permanent_b7() {
        let hs = [h(
            "Wendy",
            "Fred",
            Season::spring(1902),
            Kind::Temporary {
                until: Season::fall(1902),
            },
        )];
        assert_eq!(
            current_temporary(&hs),
            Some(("Fred", "Wendy", Season::fall(1902)))
        );
        assert_eq!(
            permanent_holders(&"Wendy", &hs, Season::fall(1902)),
            vec!["Wendy"]
        );
        assert_eq!(
            permanent_holders(&"Wendy", &hs, Season::spring(1903)),
            vec!["Wendy", "Fred"]
        );
    }
}
