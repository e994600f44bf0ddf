//! Rule changes: the players and their allocated days, the rulebook, proposals and votes under
//! the club's procedure (Nomic or the Terms §IV), points, and the procedure's parameters. One
//! file per use case; this module holds the error they share.

mod bound;
mod close;
mod decide;
mod draft_post;
mod effect;
mod game;
mod held;
mod import;
pub mod orders;
mod party_chess;
mod points;
mod post;
mod procedure;
mod propose;
mod record;
mod references;
mod rulebook;
mod settle;
mod turns;
mod vote;

pub use decide::{Decided, HeldFor, ProposalList, ProposalRow, ProposalShown};
pub use import::Imported;
pub use points::{Forfeited, PointsRow, PointsTable, WinnerRecorded};
pub use procedure::{ParameterSet, SettingsShown};
pub use propose::{ProposalInput, Proposed};
pub use rulebook::{
    built_in, heading, ChangeLog, RuleHistory, RuleList, RuleSearch, RuleShown, TERMS_MARKDOWN,
};
pub use turns::{TeamSet, TurnSet, TurnsTable};
pub use vote::Voted;

use crate::domain::kernel::authority::Unauthorised;
use crate::domain::nomic::parameters::ParameterError;
use crate::domain::nomic::rulebook::LookupError;
use crate::domain::nomic::turns::{AllocationError, ForfeitError};

use crate::app::UseCaseError;

/// Why a rules command was refused.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Page(#[from] crate::domain::kernel::pages::PageError),
    #[error(transparent)]
    Allocation(#[from] AllocationError),
    #[error(transparent)]
    Forfeit(#[from] ForfeitError),
    #[error("A forfeit is for good: you leave the game, keep no day and cannot be given one again (Nomic 115). If you mean it, run /forfeit confirm:true.")]
    ForfeitUnconfirmed,
    #[error("{0} forfeited the game, and a forfeit is leaving it: they cannot be given a day again (Nomic 115).")]
    ForfeitedPlayer(String),
    #[error("{0} has no allocated day, so is not a player; give them a day first with /turns set (Nomic 201).")]
    NotAPlayer(String),
    #[error(transparent)]
    Lookup(#[from] LookupError),
    #[error(transparent)]
    Parameter(#[from] ParameterError),
    #[error("The rule set could not be imported: {0}")]
    Import(String),
    #[error("The rule set could not be imported: {0} proposals have been made under the rulebook in force, and importing would replace the rules they adopted. Give --force to replace it anyway; the import is then recorded and announced.")]
    ImportInUse(i64),
    #[error("The stored rulebook cannot be read ({0}); nothing was changed.")]
    Corrupt(String),
    #[error("The procedure cannot change once proposals have been made under it; the record of those proposals would no longer follow its rules.")]
    ProcedureInUse,
    #[error("Proposals are already numbered, each the next after the last; the first number cannot change now (Nomic 109).")]
    NumberingStarted,
    #[error(transparent)]
    Propose(#[from] crate::domain::nomic::ProposeError),
    #[error(transparent)]
    Vote(#[from] crate::domain::nomic::proposal::VoteError),
    #[error(transparent)]
    Edit(#[from] crate::domain::nomic::revision::EditError),
    #[error(transparent)]
    Decide(#[from] crate::domain::nomic::revision::DecideError),
    #[error(transparent)]
    Text(#[from] crate::domain::kernel::text::TextError),
    #[error("No player has an allocated day yet, so the game has not begun (Nomic 201).")]
    NoPlayers,
    #[error("There is no Proposal {0}.")]
    NoSuchProposal(i64),
    #[error("Say what the change does with kind: enact, repeal, amend or transmute (Nomic 103).")]
    NoKind,
    #[error("Say what the drafted change does with kind: enact, amend or repeal an Act (Terms §IV Act 5).")]
    NoTermsKind,
    #[error(transparent)]
    Contribution(#[from] crate::domain::nomic::proposal_record::ContributionError),
    #[error("There is no Suggestion {0} to take up (Terms §IV Act 4).")]
    NotASuggestion(i64),
    #[error("Only a drafted change takes up a suggestion, and only Moderators and Justices draft (Terms §IV Act 5).")]
    OnlyDraftsTakeUp,
    #[error("Nomic rules are numbered: {0} is not a rule number (Nomic 109).")]
    NotANumber(String),
    #[error("{0} names the rule it changes: add rule:N (Nomic 103).")]
    NeedsRule(&'static str),
    #[error("{0} needs the rule's text: add text:\"...\" (Nomic 107).")]
    NeedsText(&'static str),
    #[error(
        "A drafted change names the Act it changes, such as rule:\"§II 5\" (Terms §IV Act 5)."
    )]
    NeedsAct,
    #[error("The Terms have no immutable Acts, so nothing is transmuted; amend, enact or repeal an Act (Terms §IV Act 5).")]
    NoTransmutationInTerms,
    #[error("{kind} does not take the option {option}: {why}. Leave {option} out.")]
    OptionNotTaken {
        kind: &'static str,
        option: &'static str,
        why: &'static str,
    },
    #[error("Suggestion {0} is not a drafted change: a Moderator or Justice drafts a suggestion before it is voted on or decided (Terms §IV Act 4, 5).")]
    NotADraft(i64),
    #[error("You have already given your advisory vote on Draft {0}, and it stands; one each, so the Chief Justice can read the count (Terms §IV Act 1).")]
    AdvisoryTwice(i64),
    #[error("This club does not vote on changes to the Terms: the Chief Justice decides them (Terms §IV Act 1).")]
    NoAdvisoryVotes,
    #[error("Draft {0} has already been decided by the Chief Justice (Terms §IV Act 1).")]
    Decided(i64),
    #[error("{0}")]
    Complete(String),
    #[error("Rule {was} is now Rule {now}: a proposal changed it and gave it its own number (Nomic 109, 110). Try /rule show rule:{now}.")]
    Renumbered { was: String, now: u32 },
    #[error("The change log is not a rule: /rule versions shows it.")]
    ChangeLogIsNotARule,
    /// A Nomic refusal whose citations follow renumbered rules (Nomic 110).
    #[error("{0}")]
    Cited(String),
    #[error("Under the Nomic procedure a proposal is decided by the players' votes, not by the Chief Justice (Nomic 104, 204).")]
    DecidedByVote,
    #[error("There is no Point of Order {0}.")]
    NoSuchPoint(i64),
    #[error(transparent)]
    JudgedWin(#[from] crate::domain::nomic::points::JudgedWinError),
    #[error("The game is over: {0} won it (Nomic 210).")]
    GameOver(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for RulesError {
    fn is_internal(&self) -> bool {
        matches!(self, RulesError::Store(_) | RulesError::Corrupt(_))
    }
}

/// A Nomic refusal citing the rules by the numbers they have now (Nomic 109, 110).
pub(crate) fn cited(
    book: &crate::domain::nomic::rulebook::Rulebook,
    e: impl Into<RulesError>,
) -> RulesError {
    let e = e.into();
    let text = e.to_string();
    let now = crate::domain::nomic::cite(book, &text);
    if now == text {
        e
    } else {
        RulesError::Cited(now)
    }
}

/// The Nomic game's use cases, and the rulebook's and the procedure's under either procedure:
/// `app.nomic().propose(...)`, `app.nomic().vote(...)`, `app.nomic().rule_show(...)`.
pub struct Nomic<'a>(&'a crate::app::App);

impl crate::app::App {
    pub fn nomic(&self) -> Nomic<'_> {
        Nomic(self)
    }
}

impl std::ops::Deref for Nomic<'_> {
    type Target = crate::app::App;
    fn deref(&self) -> &crate::app::App {
        self.0
    }
}

impl crate::app::App {
    /// Refuses a move once someone has won (Nomic 210).
    pub(crate) async fn refuse_after_win(
        &self,
        conn: &mut sqlx::SqliteConnection,
    ) -> Result<(), RulesError> {
        if let Some(winner) = crate::store::nomic::turns::winner(conn).await? {
            let name = crate::store::nomic::turns::player_of(conn, winner)
                .await?
                .map_or_else(|| "someone".to_owned(), |p| p.name);
            return Err(RulesError::GameOver(name));
        }
        Ok(())
    }
}
