//! The reserve pool of B.8(d): who may be drawn to replace a player once the captain's window
//! has passed, in ranking order (the eliminees of prior rounds, the latest round first and each
//! by their place in it, then the official reserve list of B.2 in its order), and the first of
//! them who replied to the call and is not barred by B.9, by playing on the board already, by
//! A.10 or by the TD's veto (B.10).

use std::fmt;

/// Where a member of the pool comes from, which is what ranks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Eliminated after `round`, where they finished `place` (B.8(d)).
    Eliminated { round: u8, place: usize },
    /// On the official reserve list at `rank` (B.2).
    ReserveList { rank: usize },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Eliminated { round, place } => {
                write!(f, "eliminated after round {round}, placed {place}")
            }
            Source::ReserveList { rank } => write!(f, "reserve list no. {rank}"),
        }
    }
}

/// Why a member of the pool is passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Holds a position on this board already.
    OnTheBoard,
    /// Permanent in as many games of the round as B.9 allows already (three as published).
    ThreeGames(u32),
    /// The TD or a TMC member, who may not play (A.4, A.8).
    Office,
    /// A Tournament Observer of the board, or a teammate of one (A.10).
    Observer,
    /// The TD vetoed them for this board (B.10), for the reason given.
    Vetoed(String),
    /// Has not replied to the pool's call for this board (B.8(d)).
    NoReply,
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skip::OnTheBoard => f.write_str("already plays on this board"),
            Skip::ThreeGames(most) => write!(
                f,
                "already permanent in {} games this round (B.9)",
                super::replacement::games_word(*most)
            ),
            Skip::Office => {
                f.write_str("holds an office that may not play here (A.4, A.6, A.8, A.12)")
            }
            Skip::Observer => f.write_str("observes this board, or a teammate does (A.10)"),
            Skip::Vetoed(why) => write!(f, "vetoed by the TD (B.10): {why}"),
            Skip::NoReply => f.write_str("has not replied (B.8(d))"),
        }
    }
}

/// A member of the pool with what the app knows of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate<P> {
    pub id: P,
    pub name: String,
    pub source: Source,
    pub on_board: bool,
    pub permanent_games: u32,
    /// The most games B.9 lets a player hold permanently in a round, as gavel enforces it.
    pub games_most: u32,
    pub office_barred: bool,
    pub observer_conflict: bool,
    pub veto: Option<String>,
    /// Replied to the pool's call for this board (B.8(d)).
    pub replied: bool,
}

impl<P> Candidate<P> {
    /// Why this member is passed over, if they are; the first reason in B.9, A.10, B.10 order.
    pub fn skip(&self) -> Option<Skip> {
        if self.on_board {
            Some(Skip::OnTheBoard)
        } else if self.office_barred {
            Some(Skip::Office)
        } else if self.permanent_games >= self.games_most {
            Some(Skip::ThreeGames(self.games_most))
        } else if self.observer_conflict {
            Some(Skip::Observer)
        } else if let Some(why) = &self.veto {
            Some(Skip::Vetoed(why.clone()))
        } else if !self.replied {
            Some(Skip::NoReply)
        } else {
            None
        }
    }
}

/// The pool in ranking order (B.8(d)): eliminees of the latest prior round first, each round by
/// place, then the official reserve list (B.2) by rank. A person appears once, at their best.
pub fn ranked<P: PartialEq + Clone>(mut pool: Vec<Candidate<P>>) -> Vec<Candidate<P>> {
    pool.sort_by_key(|c| match c.source {
        Source::Eliminated { round, place } => (0, u8::MAX - round, place),
        Source::ReserveList { rank } => (1, 0, rank),
    });
    let mut out: Vec<Candidate<P>> = Vec::new();
    for c in pool {
        if !out.iter().any(|o| o.id == c.id) {
            out.push(c);
        }
    }
    out
}

/// What a draw gives: the member drawn, if any, and those passed over before them, with why.
pub type Drawn<'a, P> = (Option<&'a Candidate<P>>, Vec<(&'a Candidate<P>, Skip)>);

/// The replacement the pool gives: the highest ranked member who replied and is not passed
/// over (B.8(d)), with those passed over before them and why.
pub fn draw<P: Clone>(ranked: &[Candidate<P>]) -> Drawn<'_, P> {
    let mut skipped = Vec::new();
    for c in ranked {
        match c.skip() {
            Some(s) => skipped.push((c, s)),
            None => return (Some(c), skipped),
        }
    }
    (None, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(id: u32, source: Source) -> Candidate<u32> {
        Candidate {
            id,
            name: format!("p{id}"),
            source,
            on_board: false,
            permanent_games: 0,
            games_most: crate::domain::diplomacy::replacement::MAX_GAMES,
            office_barred: false,
            observer_conflict: false,
            veto: None,
            replied: true,
        }
    }

    fn out(round: u8, place: usize) -> Source {
        Source::Eliminated { round, place }
    }

    #[test]
    fn eliminees_rank_by_their_place_before_the_reserve_list_b8d() {
        let pool = ranked(vec![
            c(1, Source::ReserveList { rank: 1 }),
            c(2, out(1, 30)),
            c(3, out(1, 15)),
        ]);
        let ids: Vec<u32> = pool.iter().map(|c| c.id).collect();
        assert_eq!(ids, vec![3, 2, 1]);
    }

    #[test]
    fn a_later_rounds_eliminee_outranks_an_earlier_rounds_b8d() {
        let pool = ranked(vec![c(1, out(1, 1)), c(2, out(2, 60))]);
        assert_eq!(pool[0].id, 2);
    }

    #[test]
    fn the_reserve_list_keeps_its_drawn_order_b2_b8d() {
        let pool = ranked(vec![
            c(5, Source::ReserveList { rank: 2 }),
            c(6, Source::ReserveList { rank: 1 }),
        ]);
        assert_eq!(pool[0].id, 6);
    }

    #[test]
    fn the_highest_ranked_eligible_member_is_drawn_and_the_others_say_why_not_b8d_b9_b10() {
        let mut a = c(1, out(1, 1));
        a.on_board = true;
        let mut b = c(2, out(1, 2));
        b.permanent_games = 3;
        let mut d = c(3, out(1, 3));
        d.observer_conflict = true;
        let mut e = c(4, out(1, 4));
        e.veto = Some("plays with the board's GM".into());
        let f = c(5, out(1, 5));
        let pool = vec![a, b, d, e, f];
        let (drawn, skipped) = draw(&pool);
        assert_eq!(drawn.map(|c| c.id), Some(5));
        let why: Vec<String> = skipped.iter().map(|(_, s)| s.to_string()).collect();
        assert_eq!(
            why,
            vec![
                "already plays on this board".to_string(),
                "already permanent in three games this round (B.9)".into(),
                "observes this board, or a teammate does (A.10)".into(),
                "vetoed by the TD (B.10): plays with the board's GM".into(),
            ]
        );
    }

    #[test]
    fn a_pool_with_no_one_eligible_draws_no_one_and_the_position_may_fall_into_civil_disorder_b8f()
    {
        let mut a = c(1, out(1, 1));
        a.office_barred = true;
        let pool = vec![a];
        let (drawn, skipped) = draw(&pool);
        assert!(drawn.is_none());
        assert_eq!(skipped[0].1, Skip::Office);
    }

    #[test]
    fn the_highest_ranked_to_reply_is_accepted_first_b8d() {
        let mut a = c(1, out(1, 1));
        a.replied = false;
        let pool = vec![a, c(2, out(1, 5)), c(3, out(1, 2))];
        let pool = ranked(pool);
        let (drawn, skipped) = draw(&pool);
        assert_eq!(drawn.map(|c| c.id), Some(3));
        assert_eq!(skipped[0].1, Skip::NoReply);
    }

    #[test]
    fn someone_on_the_reserve_list_and_eliminated_appears_once_at_their_best_b8d() {
        let pool = ranked(vec![c(1, Source::ReserveList { rank: 1 }), c(1, out(1, 9))]);
        assert_eq!(pool.len(), 1);
        assert_eq!(pool[0].source, out(1, 9));
    }
}
