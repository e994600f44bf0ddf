//! Whether a registered game waits for the opponent's word before it counts, and what the
//! opponent's answer (or silence) makes of it (`[leaderboard] confirm_results`; Terms §II Act 4,
//! 10.4).

use super::game::GameStatus;
use super::score::GameResult;

/// Who registered a game and how it ended: what the confirmation rule looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub registrant: i64,
    pub white: i64,
    pub black: i64,
    pub result: GameResult,
}

impl Report {
    /// The player who must confirm this report, when the club asks for confirmations: the
    /// opponent of the player who registered it, unless that player reported their own loss
    /// (nobody is wronged by it). A Moderator who did not play registers for both players, so
    /// nobody is asked.
    pub fn confirmer(&self, confirm_results: bool) -> Option<i64> {
        if !confirm_results {
            return None;
        }
        let opponent = if self.registrant == self.white {
            self.black
        } else if self.registrant == self.black {
            self.white
        } else {
            return None;
        };
        let own_loss = match self.result {
            GameResult::White => self.registrant == self.black,
            GameResult::Black => self.registrant == self.white,
            GameResult::Draw => false,
        };
        (!own_loss).then_some(opponent)
    }
}

/// The status a new game takes once the confirmation rule is applied to the status the other
/// rules gave it: a game that would count, or wait for a Moderator, first waits for the
/// opponent. A game waiting for a non-Member to join asks once they have joined.
pub fn with_confirmation(status: GameStatus, confirmer: Option<i64>) -> GameStatus {
    match (status, confirmer) {
        (GameStatus::Counted | GameStatus::PendingApproval, Some(_)) => {
            GameStatus::AwaitingConfirmation
        }
        (status, _) => status,
    }
}

/// What the opponent's confirmation makes of the game: it counts, unless a player is monitored
/// and it still needs a Moderator's approval (Terms §II Act 10.4).
pub fn on_confirmation(monitored: bool) -> GameStatus {
    if monitored {
        GameStatus::PendingApproval
    } else {
        GameStatus::Counted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(registrant: i64, result: GameResult) -> Report {
        Report {
            registrant,
            white: 1,
            black: 2,
            result,
        }
    }

    #[test]
    fn a_players_reported_win_waits_for_the_opponent_when_the_club_asks_for_it() {
        assert_eq!(report(1, GameResult::White).confirmer(true), Some(2));
        assert_eq!(report(2, GameResult::Black).confirmer(true), Some(1));
        assert_eq!(report(1, GameResult::Draw).confirmer(true), Some(2));
    }

    #[test]
    fn the_terms_ask_only_that_members_register_games_so_by_default_nobody_confirms_s2_a4() {
        assert_eq!(report(1, GameResult::White).confirmer(false), None);
    }

    #[test]
    fn a_player_reporting_their_own_loss_needs_nobodys_confirmation() {
        assert_eq!(report(1, GameResult::Black).confirmer(true), None);
        assert_eq!(report(2, GameResult::White).confirmer(true), None);
    }

    #[test]
    fn a_moderator_who_did_not_play_registers_for_both_players_s3_a3_5() {
        assert_eq!(report(9, GameResult::White).confirmer(true), None);
    }

    #[test]
    fn a_game_that_would_count_or_wait_for_approval_first_waits_for_the_opponent() {
        use GameStatus::*;
        assert_eq!(with_confirmation(Counted, Some(2)), AwaitingConfirmation);
        assert_eq!(
            with_confirmation(PendingApproval, Some(2)),
            AwaitingConfirmation
        );
        assert_eq!(with_confirmation(WaitingJoin, Some(2)), WaitingJoin);
        assert_eq!(with_confirmation(Counted, None), Counted);
    }

    #[test]
    fn a_confirmed_game_of_a_monitored_member_still_needs_a_moderator_s2_a10_4() {
        assert_eq!(on_confirmation(true), GameStatus::PendingApproval);
        assert_eq!(on_confirmation(false), GameStatus::Counted);
    }
}
