//! Players' points: the award after every completed vote (Nomic 203), the cost of defeat
//! (Nomic 207), points for dissent once unanimity is gone (Nomic 205), the posting format
//! (Nomic 209) and the winner (Nomic 210, 114).

use std::collections::BTreeMap;
use std::fmt;

use super::tally::{Ballot, Outcome, Tally, Threshold, Vote};
use super::{NomicParameters, PlayerId, Turns};
use crate::domain::nomic::order::{PointOfOrder, PointStatus};

/// `floor(max(minimum, R - offset) × Y / V)` (Nomic 203); nothing when no vote was cast.
pub fn proposal_award(params: &NomicParameters, highest_rule: u32, tally: Tally) -> i64 {
    if tally.cast() == 0 {
        return 0;
    }
    let scale = params
        .award_minimum
        .max(i64::from(highest_rule) - params.award_offset);
    // Whole-number arithmetic: floor division of non-negative numbers.
    scale * i64::from(tally.yes) / i64::from(tally.cast())
}

/// Why a player's points change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The proposer's award after the vote (Nomic 203).
    Award,
    /// The proposer's loss for a defeated proposal (Nomic 207).
    Defeat,
    /// A vote against an adopted proposal without unanimity (Nomic 205).
    Dissent,
}

impl Reason {
    pub fn rule(self) -> &'static str {
        match self {
            Reason::Award => "Nomic 203",
            Reason::Defeat => "Nomic 207",
            Reason::Dissent => "Nomic 205",
        }
    }
}

/// One change to one player's points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointsChange {
    pub player: PlayerId,
    pub change: i64,
    pub reason: Reason,
}

/// The points a completed vote moves (Nomic 203, 205, 207). `general` is the rule of adoption
/// in force at the close, which decides whether dissent is rewarded.
pub fn settle(
    params: &NomicParameters,
    proposer: PlayerId,
    highest_rule: u32,
    votes: &BTreeMap<PlayerId, Vote>,
    outcome: Outcome,
    general: Threshold,
) -> Vec<PointsChange> {
    let tally = Tally::of(votes);
    let mut changes = vec![PointsChange {
        player: proposer,
        change: proposal_award(params, highest_rule, tally),
        reason: Reason::Award,
    }];
    match outcome {
        Outcome::Defeated => changes.push(PointsChange {
            player: proposer,
            change: -params.defeat_penalty,
            reason: Reason::Defeat,
        }),
        Outcome::Adopted if general != Threshold::Unanimity => {
            changes.extend(
                votes
                    .iter()
                    .filter(|(_, v)| v.ballot == Ballot::No)
                    .map(|(p, _)| PointsChange {
                        player: *p,
                        change: params.dissent_award,
                        reason: Reason::Dissent,
                    }),
            );
        }
        Outcome::Adopted => {}
    }
    changes.retain(|c| c.change != 0);
    changes
}

/// `points` with the proposer's award (Nomic 203) as an invoked Judgement reckoned it, when it
/// reckoned one (Nomic 214).
pub fn with_award(
    points: &[PointsChange],
    proposer: PlayerId,
    award: Option<i64>,
) -> Vec<PointsChange> {
    let Some(award) = award else {
        return points.to_vec();
    };
    let mut out: Vec<PointsChange> = points
        .iter()
        .filter(|c| !(c.player == proposer && c.reason == Reason::Award))
        .copied()
        .collect();
    out.insert(
        0,
        PointsChange {
            player: proposer,
            change: award,
            reason: Reason::Award,
        },
    );
    out.retain(|c| c.change != 0);
    out
}

/// A line for the points thread: the new total and the change (Nomic 209).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posting {
    pub player: PlayerId,
    pub total: i64,
    pub change: i64,
}

impl Posting {
    /// "Ben P: 150 (+4)", as posted about someone (Nomic 209 note).
    pub fn line(&self, name: &str) -> String {
        format!("{name}: {self}")
    }
}

/// "150 (+4)", as a player posts their own (Nomic 209 note).
impl fmt::Display for Posting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:+})", self.total, self.change)
    }
}

/// Who won, if anyone, when points changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Win {
    /// The first to reach the winning points (Nomic 210).
    Player(PlayerId),
    /// Several reached it at once, none of them the proposer: for a Judge (Nomic 214, 215).
    Tied(Vec<PlayerId>),
}

/// Why the winner a Judge decided cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgedWinError {
    #[error("The game already has its winner (Nomic 210).")]
    AlreadyWon,
    #[error("No tie for the win awaits a Judge: only when several players reach the winning points at once does a Judgement decide the winner (Nomic 210, 214).")]
    NoTie,
    #[error("{0} is not among the players who reached the winning points at once, so the Judgement cannot have made them the winner (Nomic 210, 214).")]
    NotTied(String),
    #[error("{0} is not a player of the game (Nomic 201).")]
    NotAPlayer(String),
    #[error("Point of Order {0} has no invoked Judgement yet: a Judgement decides only once it is invoked (Nomic 214), or the Point must be unsettled (Nomic 215).")]
    Undecided(i64),
    #[error("The invoked Judgement on Point of Order {point} does not name {name} the winner: only the winner it named, with winner:@player, is recorded (Nomic 214).")]
    NotNamed { point: i64, name: String },
}

/// Whether `winner` may be recorded as the winner decided on Point `number`: a tie for the
/// win awaits a Judge, nobody has won, and the Point's Judgement is invoked (Nomic 214), the
/// winner then being the one of the tied that its stated effect names; or the Point is unsettled, when the player whose move is
/// in question wins, whoever that is (Nomic 215 takes precedence over every other rule
/// determining the winner).
pub fn judged_winner(
    tie: Option<&[PlayerId]>,
    already_won: bool,
    winner: PlayerId,
    winner_name: &str,
    playing: bool,
    number: i64,
    point: &PointOfOrder,
) -> Result<(), JudgedWinError> {
    if already_won {
        return Err(JudgedWinError::AlreadyWon);
    }
    let Some(tie) = tie else {
        return Err(JudgedWinError::NoTie);
    };
    if !playing {
        return Err(JudgedWinError::NotAPlayer(winner_name.to_owned()));
    }
    match point.status {
        PointStatus::Invoked { .. } if !tie.contains(&winner) => {
            Err(JudgedWinError::NotTied(winner_name.to_owned()))
        }
        PointStatus::Invoked { ruling, .. } if ruling.winner == Some(winner) => Ok(()),
        PointStatus::Invoked { .. } => Err(JudgedWinError::NotNamed {
            point: number,
            name: winner_name.to_owned(),
        }),
        PointStatus::Unsettled { .. } => Ok(()),
        _ => Err(JudgedWinError::Undecided(number)),
    }
}

/// Every player's total.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scores {
    totals: BTreeMap<PlayerId, i64>,
    initial: i64,
}

impl Scores {
    /// Every player starts with the initial points (Nomic 201).
    pub fn new(players: impl IntoIterator<Item = PlayerId>, params: &NomicParameters) -> Self {
        Scores {
            totals: players
                .into_iter()
                .map(|p| (p, params.initial_points))
                .collect(),
            initial: params.initial_points,
        }
    }

    /// Scores as they stand: each player's total so far (a player not named has the initial
    /// points).
    pub fn with_totals(
        totals: impl IntoIterator<Item = (PlayerId, i64)>,
        params: &NomicParameters,
    ) -> Self {
        Scores {
            totals: totals.into_iter().collect(),
            initial: params.initial_points,
        }
    }

    pub fn total(&self, player: PlayerId) -> i64 {
        self.totals.get(&player).copied().unwrap_or(self.initial)
    }

    /// Applies a completed vote's changes: one posting per player whose total changed, and the
    /// winner if this took someone from below the winning points to them while nobody has won
    /// yet (Nomic 209, 210). `decided` is whether a winner, or a tie for the win left to a
    /// Judge, is already on record: the win is crossing the total, so a player who stands above
    /// a lowered total has not won by it, and does not stop a later crossing from winning.
    /// A player who has forfeited the game (by `turns`) has left it: their points no longer
    /// change and they cannot win (Nomic 115).
    pub fn apply(
        &mut self,
        changes: &[PointsChange],
        proposer: PlayerId,
        params: &NomicParameters,
        decided: bool,
        turns: &Turns,
    ) -> (Vec<Posting>, Option<Win>) {
        let mut net: BTreeMap<PlayerId, i64> = BTreeMap::new();
        for c in changes.iter().filter(|c| !turns.has_forfeited(c.player)) {
            *net.entry(c.player).or_default() += c.change;
        }
        let mut postings = Vec::new();
        let mut reached = Vec::new();
        for (player, change) in net.into_iter().filter(|(_, c)| *c != 0) {
            let before = self.total(player);
            let total = before + change;
            self.totals.insert(player, total);
            postings.push(Posting {
                player,
                total,
                change,
            });
            if before < params.winning_points && total >= params.winning_points {
                reached.push(player);
            }
        }
        let win = match reached.as_slice() {
            _ if decided => None,
            [] => None,
            [one] => Some(Win::Player(*one)),
            _ if reached.contains(&proposer) => Some(Win::Player(proposer)),
            _ => Some(Win::Tied(reached)),
        };
        (postings, win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::nomic::turns::tests::rule_201;
    use chrono::{TimeZone, Utc};

    fn tally(yes: u32, no: u32) -> Tally {
        Tally { yes, no }
    }

    fn votes(ballots: &[(PlayerId, Ballot)]) -> BTreeMap<PlayerId, Vote> {
        let at = Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap();
        ballots
            .iter()
            .map(|(p, ballot)| {
                (
                    *p,
                    Vote {
                        ballot: *ballot,
                        at,
                    },
                )
            })
            .collect()
    }

    #[test]
    fn three_of_four_yes_at_rule_301_earns_eight_points() {
        // Nomic 203: floor(max(10, 301 - 290) × 3 / 4) = floor(8.25).
        let p = NomicParameters::default();
        assert_eq!(proposal_award(&p, 301, tally(3, 1)), 8);
    }

    #[test]
    fn the_award_is_at_most_ten_while_the_highest_rule_is_below_300() {
        // Nomic 203 and its note: between 0 and 10 for the first player.
        let p = NomicParameters::default();
        assert_eq!(proposal_award(&p, 215, tally(5, 0)), 10);
        assert_eq!(proposal_award(&p, 215, tally(0, 5)), 0);
        assert_eq!(proposal_award(&p, 215, tally(2, 1)), 6);
        assert_eq!(proposal_award(&p, 320, tally(4, 0)), 30);
        assert_eq!(proposal_award(&p, 320, tally(0, 0)), 0);
    }

    #[test]
    fn a_defeated_proposal_costs_its_proposer_ten_after_the_award() {
        // Nomic 203, 207: two Yes of four under unanimity at R = 215 earns 5, then loses 10.
        let p = NomicParameters::default();
        let v = votes(&[
            (1, Ballot::Yes),
            (2, Ballot::Yes),
            (3, Ballot::No),
            (4, Ballot::No),
        ]);
        let changes = settle(&p, 1, 215, &v, Outcome::Defeated, Threshold::Unanimity);
        assert_eq!(
            changes
                .iter()
                .map(|c| (c.player, c.change, c.reason))
                .collect::<Vec<_>>(),
            vec![(1, 5, Reason::Award), (1, -10, Reason::Defeat)]
        );
        let mut scores = Scores::new(1..=5, &p);
        let (postings, win) = scores.apply(&changes, 1, &p, false, &rule_201());
        assert_eq!(postings.len(), 1);
        assert_eq!(postings[0].line("Chris B"), "Chris B: -5 (-5)");
        assert_eq!(win, None);
    }

    #[test]
    fn dissenters_gain_ten_only_once_adoption_no_longer_needs_unanimity() {
        // Nomic 205.
        let p = NomicParameters::default();
        let v = votes(&[(1, Ballot::Yes), (2, Ballot::Yes), (3, Ballot::No)]);
        let majority = settle(&p, 1, 305, &v, Outcome::Adopted, Threshold::SimpleMajority);
        assert!(majority.contains(&PointsChange {
            player: 3,
            change: 10,
            reason: Reason::Dissent
        }));
        let unanimity = settle(&p, 1, 305, &v, Outcome::Adopted, Threshold::Unanimity);
        assert!(unanimity.iter().all(|c| c.reason != Reason::Dissent));
    }

    #[test]
    fn postings_show_the_total_and_the_signed_change() {
        // Nomic 209 notes: "Ben P: 150 (+4)" about another player, "150 (+4)" about oneself.
        let posting = Posting {
            player: 3,
            total: 150,
            change: 4,
        };
        assert_eq!(posting.line("Ben P"), "Ben P: 150 (+4)");
        assert_eq!(posting.to_string(), "150 (+4)");
    }

    #[test]
    fn the_first_to_reach_two_hundred_wins() {
        // Nomic 210.
        let p = NomicParameters::default();
        let mut scores = Scores::new(1..=5, &p);
        scores.totals.insert(1, 195);
        scores.totals.insert(3, 192);
        let changes = [
            PointsChange {
                player: 1,
                change: 8,
                reason: Reason::Award,
            },
            PointsChange {
                player: 3,
                change: 10,
                reason: Reason::Dissent,
            },
        ];
        let (postings, win) = scores.apply(&changes, 1, &p, false, &rule_201());
        assert_eq!(postings.len(), 2);
        assert_eq!(win, Some(Win::Player(1)));
        // Nobody wins twice.
        let (_, again) = scores.apply(&changes[..1], 1, &p, true, &rule_201());
        assert_eq!(again, None);
    }

    #[test]
    fn crossing_a_lowered_total_wins_though_another_player_stands_above_it() {
        // Nomic 210: "the first player to achieve" the total. Player 1 had 10 when the total
        // was lowered to 5, which is not achieving it; player 2 then goes from 0 to 11 and wins.
        let p = NomicParameters {
            winning_points: 5,
            ..NomicParameters::default()
        };
        let mut scores = Scores::with_totals([(1, 10), (2, 0)], &p);
        let award = |player, change| PointsChange {
            player,
            change,
            reason: Reason::Award,
        };
        let (_, win) = scores.apply(&[award(1, 12)], 1, &p, false, &rule_201());
        assert_eq!(win, None);
        let (_, win) = scores.apply(&[award(2, 11)], 2, &p, false, &rule_201());
        assert_eq!(win, Some(Win::Player(2)));
    }

    fn point(status: PointStatus) -> PointOfOrder {
        let at = Utc.with_ymd_and_hms(2026, 11, 24, 10, 0, 0).unwrap();
        PointOfOrder {
            raised_by: 2,
            raised_at: at,
            statement: "Who wins?".into(),
            about: None,
            judges: Vec::new(),
            status,
        }
    }

    #[test]
    fn a_judge_decides_a_tie_for_the_win_once_the_judgement_is_invoked() {
        // Nomic 210, 214: the tied players 2 and 3; the Judgement, invoked, names 2.
        let at = Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0).unwrap();
        let invoked = point(PointStatus::Invoked {
            judge: 4,
            judgement: "2 wins".into(),
            ruling: crate::domain::nomic::order::Ruling {
                winner: Some(2),
                ..Default::default()
            },
            at,
            how: crate::domain::nomic::order::Invocation::Undisputed,
        });
        let tie = [2, 3];
        assert_eq!(
            judged_winner(Some(&tie), false, 2, "b", true, 1, &invoked),
            Ok(())
        );
        assert_eq!(
            judged_winner(Some(&tie), false, 5, "e", true, 1, &invoked),
            Err(JudgedWinError::NotTied("e".into()))
        );
        assert_eq!(
            judged_winner(None, false, 2, "b", true, 1, &invoked),
            Err(JudgedWinError::NoTie)
        );
        // Tied, but not the one the Judgement named (Nomic 214: the decision comes into
        // effect, not another).
        assert_eq!(
            judged_winner(Some(&tie), false, 3, "c", true, 1, &invoked),
            Err(JudgedWinError::NotNamed {
                point: 1,
                name: "c".into()
            })
        );
        assert_eq!(
            judged_winner(Some(&tie), true, 2, "b", true, 1, &invoked),
            Err(JudgedWinError::AlreadyWon)
        );
        let pending = point(PointStatus::AwaitingJudgement {
            judge: 4,
            deadline: at,
        });
        assert_eq!(
            judged_winner(Some(&tie), false, 2, "b", true, 1, &pending),
            Err(JudgedWinError::Undecided(1))
        );
        // Nomic 215: an unsettled Point makes the player whose move is in question the winner.
        let unsettled = point(PointStatus::Unsettled { at });
        assert_eq!(
            judged_winner(Some(&tie), false, 5, "e", true, 1, &unsettled),
            Ok(())
        );
    }

    #[test]
    fn two_dissenters_reaching_two_hundred_together_are_left_to_a_judge() {
        let p = NomicParameters::default();
        let mut scores = Scores::new(1..=5, &p);
        scores.totals.insert(2, 195);
        scores.totals.insert(3, 195);
        let dissent = |player| PointsChange {
            player,
            change: 10,
            reason: Reason::Dissent,
        };
        let (_, win) = scores.apply(&[dissent(2), dissent(3)], 1, &p, false, &rule_201());
        assert_eq!(win, Some(Win::Tied(vec![2, 3])));
    }

    #[test]
    fn a_player_who_forfeited_earns_nothing_and_cannot_win() {
        // Nomic 115: forfeiting is leaving the game. Player 3 voted No and then forfeited; the
        // adopted proposal's dissent award would take them to the winning total.
        let p = NomicParameters {
            winning_points: 10,
            ..NomicParameters::default()
        };
        let mut turns = rule_201();
        turns.forfeit(3).unwrap();
        let changes = [
            PointsChange {
                player: 1,
                change: 7,
                reason: Reason::Award,
            },
            PointsChange {
                player: 3,
                change: 10,
                reason: Reason::Dissent,
            },
        ];
        let mut scores = Scores::new(1..=5, &p);
        let (postings, win) = scores.apply(&changes, 1, &p, false, &turns);
        assert_eq!(postings.len(), 1, "only the proposer's points change");
        assert_eq!(scores.total(3), 0);
        assert_eq!(win, None);
    }

    #[test]
    fn a_judgement_may_reckon_the_proposers_award() {
        // Nomic 203, 214: the Judgement's award replaces the one reckoned at the close.
        let dissent = PointsChange {
            player: 3,
            change: 10,
            reason: Reason::Dissent,
        };
        let award = |change| PointsChange {
            player: 1,
            change,
            reason: Reason::Award,
        };
        assert_eq!(
            with_award(&[award(8), dissent], 1, Some(4)),
            vec![award(4), dissent]
        );
        assert_eq!(with_award(&[award(8)], 1, None), vec![award(8)]);
        assert_eq!(with_award(&[award(8)], 1, Some(0)), vec![]);
    }
}
