//! A match's result as the rules allow it, and a match's state as a fold over its record.
//!
//! A reported score (`/match report`) is a whole match's result, not a running score: a Swiss
//! match ends once a player reaches 5.5 or after its ten games (ACWC Qualification), the
//! Candidates play all ten (ACWC Candidates), and the Final ends only by its own rule, or
//! reaches the Armageddon game (ACWC Final). A report must also follow from the games already
//! recorded: a score never goes down, and no game is played after the match has ended.
//!
//! A match's record is its games, at most one reported score, at most one Armageddon game and
//! at most one decision (a forfeit, a walkover when a player leaves the tournament, or the match
//! disregarded); its state (score, over, match points, how it was decided) is derived from
//! them, so a correction that voids part of the record re-derives it exactly.

use std::collections::{BTreeSet, VecDeque};

use super::final_match::{self, FinalRules, Next};
use super::matches::{self, Game, MatchRules, MatchState, Score};
use super::{points, Halves};

/// How a match is played: a match of games (the Swiss's or the Candidates'), or the Final.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    Swiss(MatchRules),
    Candidates(MatchRules),
    Final(FinalRules),
}

/// How a match's games end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Over: the match points of each player (2, 1 or 0 halves).
    Result { first: Halves, second: Halves },
    /// The Final is level after its last extension: the Armageddon game decides.
    Armageddon,
}

impl Play {
    /// Where a match at `score` stands: `None` while games remain to be played.
    pub fn end(self, score: Score) -> Option<End> {
        match self {
            Play::Swiss(rules) | Play::Candidates(rules) => match matches::state(rules, score) {
                MatchState::InPlay => None,
                MatchState::Over { first, second } => Some(End::Result { first, second }),
            },
            Play::Final(rules) => match final_match::next(rules, score) {
                Next::Play { .. } => None,
                Next::Won { first } => Some(End::Result {
                    first: if first { 2 } else { 0 },
                    second: if first { 0 } else { 2 },
                }),
                Next::Armageddon => Some(End::Armageddon),
            },
        }
    }

    /// The most games the match can have before its games end.
    fn most_games(self) -> u32 {
        match self {
            Play::Swiss(rules) | Play::Candidates(rules) => rules.games,
            Play::Final(rules) => rules.games.max(rules.armageddon_after) + rules.extension,
        }
    }

    /// Every score at which the games end, reachable from `from` one game at a time without
    /// passing an earlier end.
    pub fn ends_from(self, from: Score) -> BTreeSet<(Halves, Halves)> {
        let mut ends = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut queue = VecDeque::from([from]);
        let most = self.most_games();
        while let Some(s) = queue.pop_front() {
            if !seen.insert((s.first, s.second)) {
                continue;
            }
            if self.end(s).is_some() {
                ends.insert((s.first, s.second));
                continue;
            }
            if s.games() >= most {
                continue;
            }
            for g in [Game::FirstWins, Game::SecondWins, Game::Draw] {
                queue.push_back(s.with(g));
            }
        }
        ends
    }
}

/// Why a reported score is not a result the rules allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportRefused {
    #[error("A score never goes down: {recorded} is recorded already, and {reported} would take games back (ACWC Format). A recorded result that is wrong is the Director's to correct with /match reverse.")]
    Lower { recorded: String, reported: String },
    #[error("{reported} is not the end of a Swiss match, which ends once a player reaches {stop} or after its {games} games (ACWC Qualification); a report is the whole match's result, so games still to be played are recorded one at a time with /match game.")]
    SwissUnfinished {
        reported: String,
        stop: String,
        games: u32,
    },
    #[error("{reported} is {played} games: the Candidates play all {games} games of a match, since the exact scores may break a tie (ACWC Candidates); a report is the whole match's result.")]
    CandidatesUnfinished {
        reported: String,
        played: u32,
        games: u32,
    },
    #[error("{reported} does not end the Final: {next} (ACWC Final); a report is the Final's whole result, so games still to be played are recorded with /match game.")]
    FinalUnfinished { reported: String, next: String },
    #[error("{reported} cannot be reached from {recorded}: the match would have ended before it, and no game is played after a match has ended ({rule}).")]
    Unreachable {
        recorded: String,
        reported: String,
        rule: &'static str,
    },
    #[error("The games of this match are over ({recorded}); {what}")]
    Ended {
        recorded: String,
        what: &'static str,
    },
}

/// A score as written: "5.5-3.5".
pub fn written(score: Score) -> String {
    format!("{}-{}", points(score.first), points(score.second))
}

/// Whether `to` is a whole result of a match played under `play` whose recorded games stand at
/// `from`; the end it reaches.
pub fn check_report(play: Play, from: Score, to: Score) -> Result<End, ReportRefused> {
    let (recorded, reported) = (written(from), written(to));
    if play.end(from).is_some() {
        return Err(ReportRefused::Ended {
            recorded,
            what: match play {
                Play::Final(_) => "the Armageddon game is recorded with /match game once both bids are in (ACWC Final).",
                _ => "no more games are recorded (ACWC Format).",
            },
        });
    }
    if to.first < from.first || to.second < from.second {
        return Err(ReportRefused::Lower { recorded, reported });
    }
    let Some(end) = play.end(to) else {
        return Err(match play {
            Play::Swiss(rules) => ReportRefused::SwissUnfinished {
                reported,
                stop: points(rules.stop_at.unwrap_or(Halves::MAX)),
                games: rules.games,
            },
            Play::Candidates(rules) => ReportRefused::CandidatesUnfinished {
                reported,
                played: to.games(),
                games: rules.games,
            },
            Play::Final(rules) => ReportRefused::FinalUnfinished {
                reported,
                next: match final_match::next(rules, to) {
                    Next::Play { until, control } => format!(
                        "after {} games it goes on to game {until} at {}",
                        to.games(),
                        control.written()
                    ),
                    _ => String::new(),
                },
            },
        });
    };
    if !play.ends_from(from).contains(&(to.first, to.second)) {
        return Err(ReportRefused::Unreachable {
            recorded,
            reported,
            rule: match play {
                Play::Swiss(_) => "ACWC Qualification: a match stops once a player reaches 5.5",
                Play::Candidates(_) => "ACWC Candidates: a match is ten games",
                Play::Final(_) => {
                    "ACWC Final: the leader ahead by two after a block, any lead after 24 games"
                }
            },
        });
    }
    Ok(end)
}

/// How a match was decided other than by its games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Forfeited by the first (`true`) or second player (ACWC Match rules).
    Forfeit { by_first: bool },
    /// The first (`true`) or second player left the tournament with the match unfinished; the
    /// opponent wins it (ACWC Disqualification and withdrawals, Qualifications).
    Walkover { left_first: bool },
    /// Disregarded, with no points (ACWC Disqualification and withdrawals, Candidates, Finals).
    Disregarded,
}

/// A match's record, as the fold reads it: the games in order, the reported score, the
/// Armageddon game, the decision, and who plays White in the Armageddon game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    pub games: Vec<Game>,
    pub report: Option<Score>,
    pub armageddon: Option<Game>,
    pub decision: Option<Decision>,
    pub first_white: Option<bool>,
}

/// What a match's record comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Derived {
    pub score: Score,
    /// The match points each took, once over.
    pub over: Option<(Halves, Halves)>,
    pub decision: Option<Decision>,
    /// The Final waits for its Armageddon game.
    pub armageddon: bool,
}

/// Why a record cannot be what happened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Broken {
    #[error("game {0} is recorded after the match's games had ended")]
    GameAfterEnd(usize),
    #[error("its reported score is not a result the rules allow: {0}")]
    Report(ReportRefused),
    #[error("its Armageddon game is recorded though the Final was not level after its last extension, or before White was settled")]
    Armageddon,
    #[error("it is decided by a forfeit, walkover or disregard after its games had ended")]
    DecisionAfterEnd,
}

/// A match's state from its record under `play`.
pub fn fold(play: Play, record: &Record) -> Result<Derived, Broken> {
    let mut score = Score::default();
    for (i, g) in record.games.iter().enumerate() {
        if play.end(score).is_some() {
            return Err(Broken::GameAfterEnd(i + 1));
        }
        score = score.with(*g);
    }
    if let Some(r) = record.report {
        check_report(play, score, r).map_err(Broken::Report)?;
        score = r;
    }
    let mut over = match play.end(score) {
        Some(End::Result { first, second }) => Some((first, second)),
        _ => None,
    };
    let waiting = play.end(score) == Some(End::Armageddon);
    if let Some(g) = record.armageddon {
        let Some(first_white) = record.first_white.filter(|_| waiting) else {
            return Err(Broken::Armageddon);
        };
        over = Some(if final_match::armageddon_first_wins(g, first_white) {
            (2, 0)
        } else {
            (0, 2)
        });
    }
    if let Some(d) = record.decision {
        if over.is_some() {
            return Err(Broken::DecisionAfterEnd);
        }
        over = Some(match d {
            Decision::Forfeit { by_first: true } | Decision::Walkover { left_first: true } => {
                (0, 2)
            }
            Decision::Forfeit { by_first: false } | Decision::Walkover { left_first: false } => {
                (2, 0)
            }
            Decision::Disregarded => (0, 0),
        });
    }
    Ok(Derived {
        score,
        over,
        decision: record.decision,
        armageddon: waiting && over.is_none(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(first: Halves, second: Halves) -> Score {
        Score { first, second }
    }

    const SWISS: Play = Play::Swiss(MatchRules::SWISS);
    const CANDIDATES: Play = Play::Candidates(MatchRules::CANDIDATES);

    fn final_play() -> Play {
        Play::Final(FinalRules::default())
    }

    #[test]
    fn a_swiss_report_ends_at_five_and_a_half_or_after_ten_games_acwc_qualification() {
        // "Each participant plays a 10-game match per round"; "Once either player reaches 5.5
        // in a match, the players are allowed to stop there."
        let from = s(0, 0);
        assert_eq!(
            check_report(SWISS, from, s(11, 5)),
            Ok(End::Result {
                first: 2,
                second: 0
            })
        );
        assert!(check_report(SWISS, from, s(12, 8)).is_ok()); // 6-4: 5-4, then a win
        assert!(check_report(SWISS, from, s(10, 10)).is_ok()); // 5-5 after ten games
                                                               // 5-4 after nine games is a running score, not a result.
        assert!(matches!(
            check_report(SWISS, from, s(10, 8)),
            Err(ReportRefused::SwissUnfinished { .. })
        ));
        // 7-1 cannot happen: the match stopped at 5.5 or 6 at the latest.
        assert!(matches!(
            check_report(SWISS, from, s(14, 2)),
            Err(ReportRefused::Unreachable { .. })
        ));
    }

    #[test]
    fn a_candidates_report_is_all_ten_games_acwc_candidates() {
        // "Players are not allowed to stop the match once either player reaches 5.5".
        assert!(matches!(
            check_report(CANDIDATES, s(0, 0), s(11, 7)),
            Err(ReportRefused::CandidatesUnfinished { played: 9, .. })
        ));
        assert!(check_report(CANDIDATES, s(0, 0), s(14, 6)).is_ok());
    }

    #[test]
    fn a_score_never_goes_down_from_the_games_recorded() {
        // Three games won by the first player are recorded; 0.5-0.5 would take them back.
        assert!(matches!(
            check_report(SWISS, s(6, 0), s(1, 1)),
            Err(ReportRefused::Lower { .. })
        ));
        // 3-0 then 5-5 is possible: two more wins and five losses.
        assert!(check_report(SWISS, s(6, 0), s(10, 10)).is_ok());
        // 3-0 then 5.5-4.5: reachable.
        assert!(check_report(SWISS, s(6, 0), s(11, 9)).is_ok());
    }

    #[test]
    fn a_final_report_ends_the_final_by_its_own_rule_acwc_final() {
        // 16-10 after 12-12 at 24 games takes games back; and from the start it cannot
        // happen either: a Final goes past 24 games only when level at 24, so after 26 games
        // it stands at 14-12 at most.
        assert!(matches!(
            check_report(final_play(), s(24, 24), s(32, 20)),
            Err(ReportRefused::Lower { .. })
        ));
        assert!(matches!(
            check_report(final_play(), s(0, 0), s(32, 20)),
            Err(ReportRefused::Unreachable { .. })
        ));
        assert!(check_report(final_play(), s(24, 24), s(28, 24)).is_ok());
        // 7-6 after 13 games is inside an extension.
        assert!(matches!(
            check_report(final_play(), s(0, 0), s(14, 12)),
            Err(ReportRefused::FinalUnfinished { .. })
        ));
        // Level after 30 games: the Armageddon game follows.
        assert_eq!(
            check_report(final_play(), s(0, 0), s(30, 30)),
            Ok(End::Armageddon)
        );
        // 8-4 after 12 games wins; 6-6 does not end it.
        assert!(check_report(final_play(), s(0, 0), s(16, 8)).is_ok());
        assert!(check_report(final_play(), s(0, 0), s(12, 12)).is_err());
    }

    #[test]
    fn the_fold_derives_the_state_and_refuses_games_after_the_end() {
        let win = Game::FirstWins;
        let record = Record {
            games: vec![win; 6],
            ..Record::default()
        };
        let d = fold(SWISS, &record).expect("folds");
        assert_eq!(d.score, s(12, 0));
        assert_eq!(d.over, Some((2, 0)));
        let record = Record {
            games: vec![win; 7],
            ..Record::default()
        };
        assert_eq!(fold(SWISS, &record), Err(Broken::GameAfterEnd(7)));
        // A forfeit gives the match to the other player and keeps the games played.
        let record = Record {
            games: vec![win],
            decision: Some(Decision::Forfeit { by_first: true }),
            ..Record::default()
        };
        let d = fold(SWISS, &record).expect("folds");
        assert_eq!((d.score, d.over), (s(2, 0), Some((0, 2))));
        // The Armageddon game: a draw is Black's win.
        let record = Record {
            report: Some(s(30, 30)),
            armageddon: Some(Game::Draw),
            first_white: Some(true),
            ..Record::default()
        };
        let d = fold(final_play(), &record).expect("folds");
        assert_eq!(d.over, Some((0, 2)));
    }
}
