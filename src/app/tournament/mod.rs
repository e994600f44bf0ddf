//! Tournaments as the ACWC 2019 rules run them: setting one up (the Chief Justice creates it and
//! names its Director; members enter; the Director records the facts of each account and starts
//! it) and playing it (the Swiss's rounds paired by the Monrad rule, games and matches recorded,
//! the standings). The rules are `domain::tournament`'s; every change is announced.

mod cheating;
mod claims;
mod conduct;
mod corrections;
pub(crate) mod ledger;
mod lichess;
pub mod outcome;
mod play;
pub mod read;
pub mod record;
mod results;
pub(crate) mod setup;
mod stages;
mod week;

use sqlx::SqliteConnection;

pub use outcome::{
    CheatingReport, Explained, FactsRecorded, MatchShown, MatchState, Subject, Table,
    TournamentOutcome, TournamentShown, Verdict,
};

use crate::app::{Actor, App, UseCaseError};
use crate::domain::kernel::authority::Unauthorised;
use crate::domain::tournament::matches::MatchError;
use crate::domain::tournament::parameters::Parameters;
use crate::store::{self, tournament::tournaments::Tournament as TournamentRow};

/// Why a tournament command was refused.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("There is no tournament #{0}.")]
    NoTournament(i64),
    #[error("There is no match #{0}.")]
    NoMatch(i64),
    #[error(
        "Only tournament #{tournament}'s Director, {director}, may {what} (ACWC Organization)."
    )]
    NotDirector {
        tournament: i64,
        director: String,
        what: &'static str,
    },
    #[error("Tournament #{0} has no Director yet: the Chief Justice names one with /tournament director.")]
    NoDirector(i64),
    #[error(transparent)]
    Conflict(#[from] crate::domain::tournament::offices::Conflict),
    #[error("Entries to tournament #{0} are closed: it has started.")]
    Started(i64),
    #[error("Tournament #{0} has not started yet: its Director starts it with /tournament start.")]
    NotStarted(i64),
    #[error("The account {0} has already entered this tournament.")]
    AccountTaken(String),
    #[error("No account {account} has entered tournament #{tournament}.")]
    NoAccount { tournament: i64, account: String },
    #[error("{0} cannot be admitted by exception: {1} The Director's exceptions are to the entry requirements, not to a disqualifying mark (ACWC Player eligibility).")]
    NoException(String, String),
    #[error("These facts about {0} cannot all be true, so nothing is recorded: {1}.")]
    Impossible(String, String),
    #[error("Tournament #{0} has started: the facts are frozen as they were at the start, for the eligibility and the seeding ratings it fixed. A mark made during the tournament goes through /tournament disqualify (ACWC Reporting cheats: a player marked during the ACWC is disqualified).")]
    FactsFrozen(i64),
    #[error("Match #{0}'s record would not be one the rules allow: {1}; nothing was changed.")]
    Broken(i64, crate::domain::tournament::results::Broken),
    #[error("Match #{0}: {1}")]
    Report(i64, crate::domain::tournament::results::ReportRefused),
    #[error("The time of match #{0} was chosen already, and is chosen once: a change needs your opponent (an offer they accept) or the Director (ACWC Match negotiations; Organization).")]
    ChosenOnce(i64),
    #[error("The arbiter assigns the time of match #{0} only when the negotiation has failed: neither player made 3 offers by the deadline, or after the weekend the arbiter found nobody at fault (ACWC Match negotiations). Until then the players offer and accept times.")]
    NotFailed(i64),
    #[error("Both players of match #{0} claim the other was absent: the claims are before the Director, who decides (ACWC Organization).")]
    BeforeDirector(i64),
    #[error("You have already made that report in match #{0}; /match claim or /match reschedule comes next (ACWC Match rules).")]
    Reported(i64),
    #[error("Match #{0} is not under way (its agreed time has not come and no game is recorded), so nobody has left it (ACWC Match rules).")]
    NotBegun(i64),
    #[error("Your opponent has 10 minutes to come back, which counts as their break: the win may be claimed from {0} (ACWC Match rules).")]
    ComeBack(String),
    #[error("Match #{0} is a bye: a won match with no result to correct.")]
    Bye(i64),
    #[error("A correction gives one result: a score, or a forfeit, not both.")]
    OneCorrection,
    #[error("Match #{0} was decided by its games, not by a report or a forfeit: the Director gives the right result with score:\"a-b\" or forfeit:@member.")]
    ByGames(i64),
    #[error("Match #{0} went to the opponent when {1} left the tournament: putting the player back is /tournament reinstate.")]
    FollowsRemoval(i64, String),
    #[error("{1} has left the tournament, so match #{0} is not reopened with nobody to play it: the Director gives its right result with score:\"a-b\" or forfeit:@member.")]
    PlayerGone(i64, String),
    #[error("Match #{0}'s stage is over, so it is not reopened: the Director gives its right result with score:\"a-b\" or forfeit:@member.")]
    StageOver(i64),
    #[error("{0} has not withdrawn nor been disqualified from tournament #{1}.")]
    NotRemoved(String, i64),
    #[error("{0} plays tournament #{1} with another account: a player enters with one account (ACWC Player eligibility).")]
    OtherAccount(String, i64),
    #[error("{0} has forfeited two matches, which disqualifies (ACWC Match rules): the Director reverses a forfeit first (/match reverse).")]
    TwoForfeits(String),
    #[error("{0} left {1}, which is over or has been replaced: a player is put back only into the stage they left while it is still played (ACWC Disqualification and withdrawals).")]
    LeftStage(String, &'static str),
    #[error("A tournament needs at least two eligible entrants to start; it has {0}.")]
    TooFew(usize),
    #[error("Only the players of match #{0} or the Director record its games.")]
    NotInMatch(i64),
    #[error("{0}")]
    Match(#[from] MatchError),
    #[error("`{0}` is not a match score: write it as \"5.5-3.5\", the games each player won plus half the draws, at most {1} games in all.")]
    BadScore(String, u32),
    #[error("The Armageddon game of match #{0} waits for both players' bids for White: /match bid match:{0} time:M:SS (ACWC Final).")]
    NoBids(i64),
    #[error("{0} does not play in match #{1}.")]
    NotAPlayer(String, i64),
    #[error("{0} does not play in tournament #{1}.")]
    NotPlaying(String, i64),
    #[error("Tournament #{0} is over; its record stands.")]
    Finished(i64),
    #[error(
        "{0} is already seeded into the Final: a Final has one seeded champion (ACWC Format)."
    )]
    FinalSeeded(String),
    #[error("{0}; /tournament show lists the numbers.")]
    BadNumber(String),
    #[error("Match #{0} has no Armageddon game to bid for: bids come when a Final is level after its last extension (ACWC Final).")]
    NoArmageddon(i64),
    #[error("Both bids for match #{0} are in; they can no longer change (ACWC Final).")]
    BidsIn(i64),
    #[error("`{0}` is not a time for White: write minutes and seconds, e.g. 2:30, up to 10:00.")]
    BadBid(String),
    #[error(
        "You do not play in match #{0}: its players negotiate its time and report its no-shows."
    )]
    NotYourMatch(i64),
    #[error("Match #{0} has a result waiting for the opponent's confirmation: it is confirmed or disputed first.")]
    Pending(i64),
    #[error("Match #{0} has no result waiting for confirmation.")]
    NothingPending(i64),
    #[error("Only the opponent of the player who recorded match #{0}'s result, or the Director, confirms or disputes it.")]
    NotOpponent(i64),
    #[error("Lichess could not give the facts: {0}. The Director may record them with /tournament facts.")]
    Lichess(String),
    #[error("gavel is not set to ask Lichess ([tournament] lichess_url); the Director records the facts with /tournament facts.")]
    NoLichess,
    #[error("Tournament #{0} has no entry requirements, so no facts to fetch.")]
    NoRequirements(i64),
    #[error("{0}")]
    Offer(#[from] crate::domain::tournament::negotiation::OfferRefused),
    #[error("Match #{0} has no week to negotiate: it is a bye or a Final, which the finalists schedule as they see fit (ACWC Timeline).")]
    NoWeek(i64),
    #[error("`{0}` is not a time: write YYYY-MM-DD HH:MM, in UTC (ACWC Match negotiations: times are communicated in UTC).")]
    BadTime(String),
    #[error("Match #{0} has no offer {1}; /tournament pairings shows the match and its offers.")]
    NoOffer(i64, i64),
    #[error("Offer {0} is your own: your opponent accepts it, or you make another.")]
    OwnOffer(i64),
    #[error("Only the opponent of a player at fault, or the arbiter, assigns the time of match #{0} (ACWC Match negotiations).")]
    NotChooser(i64),
    #[error("Only tournament #{0}'s match arbiter (the Director unless one is named) decides this (ACWC Match negotiations).")]
    NotArbiter(i64),
    #[error("The arbiter finds fault in match #{0} only when no time is agreed before the weekend ({1}) (ACWC Match negotiations).")]
    NotForArbiter(i64, String),
    #[error("Match #{0} has no agreed time yet, so nobody can be absent from it.")]
    NoTime(i64),
    #[error("The match starts {0}: an absent opponent is reported from then, and again 10 minutes later, when their 10-minute grace period is over (ACWC Match rules).")]
    Grace(String),
    #[error("The second report of a no-show is due 10 minutes after the first: from {0} (ACWC Match rules).")]
    SecondReport(String),
    #[error("Match #{0} has no no-show reported twice by you: /match noshow from the agreed time, and again 10 minutes later (ACWC Match rules).")]
    NoNoShow(i64),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for TournamentError {
    fn is_internal(&self) -> bool {
        matches!(self, TournamentError::Store(_))
    }
}

/// The tournament's use cases: `app.tournament().report_match(...)`.
pub struct Tournament<'a>(&'a App);

impl App {
    pub fn tournament(&self) -> Tournament<'_> {
        Tournament(self)
    }
}

impl std::ops::Deref for Tournament<'_> {
    type Target = App;
    fn deref(&self) -> &App {
        self.0
    }
}

impl Tournament<'_> {
    /// Tournament `id`, or the refusal that there is none.
    async fn load(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
    ) -> Result<TournamentRow, TournamentError> {
        store::tournament::tournaments::by_id(conn, id)
            .await?
            .ok_or(TournamentError::NoTournament(id))
    }

    /// Tournament `id`, for its Director alone.
    async fn directed(
        &self,
        conn: &mut SqliteConnection,
        id: i64,
        actor: &Actor,
        what: &'static str,
    ) -> Result<TournamentRow, TournamentError> {
        let t = self.load(conn, id).await?;
        self.require_director(conn, &t, actor, what).await?;
        Ok(t)
    }

    /// Refuses anyone but the tournament's Director.
    async fn require_director(
        &self,
        conn: &mut SqliteConnection,
        t: &TournamentRow,
        actor: &Actor,
        what: &'static str,
    ) -> Result<(), TournamentError> {
        let Some(director) = t.director_id else {
            return Err(TournamentError::NoDirector(t.id));
        };
        if director != actor.id {
            return Err(TournamentError::NotDirector {
                tournament: t.id,
                director: store::people::by_id(conn, director).await?.name,
                what,
            });
        }
        Ok(())
    }
}

/// A tournament's parameters as stored (the format's when unreadable).
pub(crate) fn parameters(t: &TournamentRow) -> Parameters {
    serde_json::from_str(&t.parameters)
        .ok()
        .unwrap_or_else(|| Parameters::of_format(t.format_played()))
}

/// How `person` stands to tournament `t`: what its offices' conflicts need (ACWC Organization,
/// Match negotiations).
pub(crate) async fn standing(
    conn: &mut SqliteConnection,
    t: &TournamentRow,
    person: i64,
    name: &str,
) -> sqlx::Result<crate::domain::tournament::offices::Standing> {
    Ok(crate::domain::tournament::offices::Standing {
        name: name.to_owned(),
        tournament: t.id,
        entered: !store::tournament::entrants::of_person(conn, t.id, person)
            .await?
            .is_empty(),
        directs: t.director_id == Some(person),
        arbitrates: t.arbiter_id == Some(person),
    })
}
