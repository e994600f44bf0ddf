//! The lifecycles of a game and of its rematch (Terms §0 Act 12, §I Acts 6 and 9, §II Acts 5
//! and 10.4): their states and the changes the Terms allow.

use std::fmt;

/// A game's place in its lifecycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// An online game being played: it holds the club's one online slot (Terms §I Act 9.1).
    InProgress,
    /// Waiting for a non-Member player to join within the session (Terms §0 Act 12).
    WaitingJoin,
    /// Waiting for a Moderator's approval because a player is monitored (Terms §II Act 10.4),
    /// or because its result was disputed or never confirmed.
    PendingApproval,
    /// Registered by one player, waiting for the other to confirm it (`[leaderboard]
    /// confirm_results`).
    AwaitingConfirmation,
    /// On the Leaderboard.
    Counted,
    /// Reversed as though it never happened.
    Voided,
    /// The join it waited for never came (Terms §0 Act 12).
    Lapsed,
    /// Replaced by its rematch, or forfeit (Terms §I Act 6).
    Replaced,
}

/// Why a game cannot be voided: it is already off the Leaderboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GameRefusal {
    #[error("The game is already void.")]
    AlreadyVoid,
    #[error("The game lapsed and never counted (Terms §0 Act 12).")]
    Lapsed,
    #[error("The game was replaced by its rematch or forfeit (Terms §I Act 6).")]
    Replaced,
}

impl GameRefusal {
    /// The state the refusal names, as "Game #N is {state}, so this cannot be done." says it.
    pub fn state(self) -> &'static str {
        match self {
            GameRefusal::AlreadyVoid => "already void",
            GameRefusal::Lapsed => "lapsed and never counted (Terms §0 Act 12)",
            GameRefusal::Replaced => "replaced by its rematch or forfeit (Terms §I Act 6)",
        }
    }
}

impl GameStatus {
    /// "pending approval", "counted", ...
    pub fn word(self) -> &'static str {
        match self {
            GameStatus::InProgress => "in progress",
            GameStatus::WaitingJoin => "waiting join",
            GameStatus::PendingApproval => "pending approval",
            GameStatus::AwaitingConfirmation => "awaiting confirmation",
            GameStatus::Counted => "counted",
            GameStatus::Voided => "voided",
            GameStatus::Lapsed => "lapsed",
            GameStatus::Replaced => "replaced",
        }
    }

    /// A game is voided, reversed as though it never happened (Terms §II Act 5), unless it is
    /// already off the Leaderboard for good.
    pub fn void(self) -> Result<GameStatus, GameRefusal> {
        match self {
            GameStatus::Voided => Err(GameRefusal::AlreadyVoid),
            GameStatus::Lapsed => Err(GameRefusal::Lapsed),
            GameStatus::Replaced => Err(GameRefusal::Replaced),
            _ => Ok(GameStatus::Voided),
        }
    }

    /// Whether a first violation reverses the game: it counts, or would count once joined or
    /// approved (Terms §II Act 5). A game in progress has no result yet.
    pub fn is_reversible_by_fraud(self) -> bool {
        matches!(
            self,
            GameStatus::Counted
                | GameStatus::PendingApproval
                | GameStatus::AwaitingConfirmation
                | GameStatus::WaitingJoin
        )
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Where a rematch called for by an objection stands (Terms §I Act 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RematchStatus {
    /// Objected to; the rematch is to be played at the following session.
    Due,
    /// The game was voided, so there is no ending left to object to.
    VoidWithGame,
    /// Played: the rematch replaces the game.
    Played,
    /// The petitioner did not play it: the game is final.
    PetitionerAbsent,
    /// The opponent did not play it: the game is forfeit to the petitioner.
    OpponentAbsent,
    /// The following session ended with no rematch recorded: the original result is final.
    NotPlayed,
}

/// A rematch that is no longer due cannot be settled again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("This rematch is already settled ({0}); there is one rematch at most (Terms §I Act 6).")]
pub struct RematchSettled(pub RematchStatus);

impl RematchStatus {
    pub fn is_due(self) -> bool {
        self == RematchStatus::Due
    }

    /// "due", "played", ...
    pub fn word(self) -> &'static str {
        match self {
            RematchStatus::Due => "due",
            RematchStatus::VoidWithGame => "void with the game",
            RematchStatus::Played => "played",
            RematchStatus::PetitionerAbsent => "petitioner absent",
            RematchStatus::OpponentAbsent => "opponent absent",
            RematchStatus::NotPlayed => "not played at the following session",
        }
    }

    /// A due rematch is settled as `to`; a settled one stays as it is.
    pub fn settle(self, to: RematchStatus) -> Result<RematchStatus, RematchSettled> {
        match self {
            RematchStatus::Due => Ok(to),
            settled => Err(RematchSettled(settled)),
        }
    }
}

impl fmt::Display for RematchStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Who is registering or overseeing a game, and who played it: what the rules about
/// registration, approval and oversight look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Participants {
    pub actor: i64,
    /// Whether the actor holds Moderator powers (Terms §III Act 2, 3.4).
    pub actor_moderates: bool,
    pub white: i64,
    pub black: i64,
}

/// Why someone may not register a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RegisterRefusal {
    #[error("A player cannot play against themselves; only games actually played may be registered (Terms §II Act 4.1).")]
    SamePlayer,
    #[error("Only a player in the game or a Moderator may register it (Terms §II Act 4).")]
    NotParticipant,
}

impl Participants {
    fn played(&self) -> bool {
        self.actor == self.white || self.actor == self.black
    }

    /// A game is registered by one of its two different players, or by a Moderator
    /// (Terms §II Act 4, 4.1).
    pub fn may_register(&self) -> Result<(), RegisterRefusal> {
        if self.white == self.black {
            return Err(RegisterRefusal::SamePlayer);
        }
        if !self.played() && !self.actor_moderates {
            return Err(RegisterRefusal::NotParticipant);
        }
        Ok(())
    }

    /// A Moderator who did not play approves a monitored member's game by registering,
    /// adjudicating or overseeing it (Terms §II Act 10.4, §III Act 3.5).
    pub fn approves(&self) -> bool {
        self.actor_moderates && !self.played()
    }

    /// Moderators shall not act in games they took part in (Terms §III Act 3.5).
    pub fn acts_in_own_game(&self) -> bool {
        self.played()
    }
}

/// The status a newly registered game takes: it waits for a non-Member to join (Terms §0 Act
/// 12), or for a Moderator's approval when a player is monitored and the registrar does not
/// approve it (§II Act 10.4); otherwise it counts.
pub fn status_on_registration(
    waiting_for_join: bool,
    monitored: bool,
    approved: bool,
) -> GameStatus {
    if waiting_for_join {
        GameStatus::WaitingJoin
    } else if monitored && !approved {
        GameStatus::PendingApproval
    } else {
        GameStatus::Counted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by(actor: i64, moderates: bool) -> Participants {
        Participants {
            actor,
            actor_moderates: moderates,
            white: 1,
            black: 2,
        }
    }

    #[test]
    fn a_game_is_registered_by_a_player_or_a_moderator_never_against_oneself() {
        // Terms §II Act 4, 4.1.
        assert_eq!(by(1, false).may_register(), Ok(()));
        assert_eq!(by(9, true).may_register(), Ok(()));
        assert_eq!(
            by(9, false).may_register(),
            Err(RegisterRefusal::NotParticipant)
        );
        let alone = Participants {
            black: 1,
            ..by(1, false)
        };
        assert_eq!(alone.may_register(), Err(RegisterRefusal::SamePlayer));
    }

    #[test]
    fn only_a_moderator_who_did_not_play_approves_by_registering() {
        // Terms §II Act 10.4, §III Act 3.5.
        assert!(by(9, true).approves());
        assert!(!by(1, true).approves());
        assert!(!by(9, false).approves());
        assert!(by(2, true).acts_in_own_game());
    }

    #[test]
    fn a_new_game_waits_for_a_join_then_for_approval_else_counts() {
        // Terms §0 Act 12, §II Act 10.4.
        assert_eq!(
            status_on_registration(true, true, false),
            GameStatus::WaitingJoin
        );
        assert_eq!(
            status_on_registration(false, true, false),
            GameStatus::PendingApproval
        );
        assert_eq!(
            status_on_registration(false, true, true),
            GameStatus::Counted
        );
        assert_eq!(
            status_on_registration(false, false, false),
            GameStatus::Counted
        );
    }

    #[test]
    fn a_counted_or_waiting_game_can_be_voided() {
        for status in [
            GameStatus::Counted,
            GameStatus::PendingApproval,
            GameStatus::WaitingJoin,
            GameStatus::InProgress,
        ] {
            assert_eq!(status.void(), Ok(GameStatus::Voided), "{status}");
        }
    }

    #[test]
    fn a_game_off_the_leaderboard_for_good_cannot_be_voided() {
        assert_eq!(GameStatus::Voided.void(), Err(GameRefusal::AlreadyVoid));
        assert_eq!(GameStatus::Lapsed.void(), Err(GameRefusal::Lapsed));
        assert_eq!(GameStatus::Replaced.void(), Err(GameRefusal::Replaced));
        assert_eq!(
            GameRefusal::Lapsed.state(),
            "lapsed and never counted (Terms §0 Act 12)"
        );
    }

    #[test]
    fn fraud_reverses_games_that_count_or_would_count() {
        assert!(GameStatus::Counted.is_reversible_by_fraud());
        assert!(GameStatus::PendingApproval.is_reversible_by_fraud());
        assert!(GameStatus::WaitingJoin.is_reversible_by_fraud());
        assert!(!GameStatus::InProgress.is_reversible_by_fraud());
        assert!(!GameStatus::Voided.is_reversible_by_fraud());
    }

    #[test]
    fn a_status_reads_as_words() {
        assert_eq!(GameStatus::PendingApproval.to_string(), "pending approval");
        assert_eq!(
            RematchStatus::VoidWithGame.to_string(),
            "void with the game"
        );
    }

    #[test]
    fn a_due_rematch_is_settled_once() {
        let played = RematchStatus::Due.settle(RematchStatus::Played);
        assert_eq!(played, Ok(RematchStatus::Played));
        assert_eq!(
            RematchStatus::Played.settle(RematchStatus::OpponentAbsent),
            Err(RematchSettled(RematchStatus::Played))
        );
        assert!(RematchSettled(RematchStatus::Played)
            .to_string()
            .contains("Terms §I Act 6"));
    }
}
