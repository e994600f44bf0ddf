//! The Court of Appeals (Terms §III Act 3; §II Acts 6.3, 9.3-9.5, 10.5-10.6, 11.3): what may be
//! appealed and where it goes, who sits, how the votes decide, and the opinion that follows.
//! Pure rules; the app loads the facts, authorises through these functions, and stores what
//! they return.
//!
//! - [`standing`]: [`what_is_appealable`] and the [`Filing`] with its parties and conflicts.
//! - [`appeal`]: the [`Appeal`] lifecycle, from filing to a final en banc judgement.
//! - [`panel`]: [`suggest_panel`], [`check_panel`] and the [`Bench`].
//! - [`verdict`]: votes, [`Overturn`] and its validation, and [`Verdict::from_votes`].
//! - [`opinion`]: the majority opinion, its author and its deadlines.
//! - [`monitor`]: petitions against a monitor and the Moderator's answer.
//!
//! # Readings
//!
//! Where the Terms leave a choice, the Court's rules read them as follows.
//!
//! - **Who may appeal** (§III Act 3): the member an action was against; either player of a
//!   game a violation reverses, at any step of the ladder, since both scores move (§II Act 5); any Member for an
//!   award, a technical modification or an action on the whole Leaderboard; the person removed
//!   under §II Act 7, though no longer a Member, and the person banned, petitioning their ban
//!   (§II Act 9.3); any Member for another matter. Only Members
//!   appeal otherwise.
//! - **Staff bans** (§III Act 6): a ban is beyond review when made by someone holding the Staff
//!   office without Moderator powers. Staff who also moderate act as Moderators: the exemption
//!   is an exception to the Court's jurisdiction and is read narrowly.
//! - **One appeal at a time**: a case already under appeal takes no second appeal beside it;
//!   after a judgement a new appeal may be filed unless the Court closed a ban to further
//!   appeals (§II Act 9.5) or the whole Court decided it (§III Act 3.9.2). A void case has
//!   nothing left to appeal (§III Act 2.4.2), nor a lifted monitor.
//! - **Straight to the whole Court** (§II Act 6.3, §III Act 5): technical modifications and
//!   the weekly absence and inactivity deductions are heard en banc at once; the Chief Justice
//!   stands as the one who acted. They still need a grant (§III Act 3.6 covers every case).
//! - **Monitors** (§II Act 10.5, 10.6): once the session immediately following the monitor
//!   has ended, a petition obliges the Moderator who placed it to answer by a deadline the club
//!   configures; the Court sees whether the answer came in time, late or not at all. Before
//!   then, the member may still petition that the suspicion is not reasonable (10.6), with no
//!   answer owed under 10.5.
//! - **Granting** (§III Act 3.6): a Justice with a conflict does not count towards the two
//!   grants; nobody decides whether their own appeal is heard. Only the Chief Justice refuses;
//!   two independent Justices may still grant after a refusal. A conflicted Chief Justice does
//!   not refuse (Act 3.5) while two Justices free of conflict could grant instead; with fewer,
//!   their conflict is set aside (Act 3.5.1). They may still grant.
//! - **Choosing the panel** (§III Acts 3.5, 3.5.1, 3.7): a conflicted Justice sits only when
//!   fewer than three Justices are free of conflict and every free one sits; the set-aside is
//!   recorded on the [`SeatedPanel`]. The suggestion rotates: never sat first, then least
//!   recently sat, ties by seniority (the Chief Justice first, then earliest appointed). The
//!   Chief Justice's choice need not follow it. The Chief Justice's conflict keeps them off a
//!   panel (Act 3.5.2) unless no panel can be formed without them (Act 3.5.1): it is then set
//!   aside, after every other Justice's, and recorded. With fewer than three Justices the
//!   suggestion is short.
//! - **Re-seating** (§III Acts 3.3, 3.7, 3.9): a bench with a seat no longer held (a Justice
//!   who left the Court, a Chief Justice sitting alone who handed the office over) is re-seated
//!   by the Chief Justice: a new panel, the Chief Justice alone, or the whole Court as it now
//!   stands; the votes of those who sit again stand.
//! - **Solo** (§III Act 3.3): the Chief Justice hears a panel-route appeal alone only on a
//!   matter concerning a discretionary power they name ([`DiscretionaryPower`]), or when no
//!   panel of three can be formed; never with a conflict and never on an en banc route.
//! - **Concurring votes** (§III Act 3.8): overturns concur only with the same replacement (it
//!   is part of the decision); remands concur only with the same conditions (Act 3.8a: the
//!   Moderator re-evaluates under them), compared without regard to case or punctuation.
//! - **The moment of decision** (§III Act 3.3): the vote that makes a majority of the bench;
//!   a panellist who had not voted may still vote afterwards, for the record.
//! - **A three-way split** (§III Act 3.3): the panel votes again (the split round is kept).
//!   Upholding by default would give a judgement without the majority Act 3.3 asks for.
//! - **En banc** (§III Act 3.9): a party (the appellant, the one who acted, the member it was
//!   against, either player of a game the violation reverses, or a party to the matter) may ask once, with no time limit; the Chief Justice
//!   accepts or refuses (Act 3.9.1), conflicts and all. A solo judgement may be taken en banc
//!   too, so the Chief Justice's discretion is reviewable as a technical modification is. The
//!   bench is the Court as it stands when seated.
//!   A case void by the time of the request is not taken en banc ([`en_banc_reaches`]): what
//!   was reversed as though it never happened is not revived.
//! - **No majority en banc** (§III Act 3.9): when every Justice has voted and no position has
//!   a majority of the whole Court (a tie in an even Court, or a scatter), what it reviewed
//!   stands: the panel's decision, or on a direct challenge the action itself. The judgement is
//!   final either way (Act 3.9.2).
//! - **Overturns** (§III Act 3.8b; §II Acts 5, 9.2-9.4): a case is replaced by nothing (void),
//!   a new ban end (a Friday after today, shorter or longer, a permanent ban may be given an
//!   end), or a lesser step of the ladder; a matter by a ruling in words. A matter cannot be
//!   remanded: no Moderator decided it; nor a weekly deduction, which the rules make.
//! - **No proper reasoning** (§III Act 2.4.3): a ground on which the Court overturns a
//!   declared penalty, in severity or entirety; it never supports a harsher replacement.
//! - **Closing a ban to further appeals** (§II Act 9.5): said by the Chief Justice for the
//!   Court, after an appeal on the ban was refused or decided, until a stated future time no
//!   further away than a ban's end may be set (ten years).
//! - **A case void by the time of the decision** (§III Act 2.4.2): a case that became void
//!   while it was heard (undeclared within 7 days), or was otherwise reversed, is never revived
//!   by the Court: the decision is recorded and announced as changing nothing.
//! - **Opinions** (§III Act 3.10): due seven club days after the decision, at the same
//!   wall-clock time; reminder one club day before; overdue at the deadline. The Chief Justice,
//!   if in the majority, may assign a Justice in the majority; otherwise any Justice in the
//!   majority writes it. When an en banc Court leaves a judgement standing with nobody voting
//!   for it, the whole bench may write. Only a sitting Justice writes; when no Justice of the majority
//!   still holds office, the Chief Justice writes it or assigns it to a sitting Justice. Late opinions are still published, marked late.
//! - **A hearing in progress** (§II Act 8.1): from the grant until judgement, and from the
//!   acceptance of an en banc hearing until its judgement; it involves the parties of the
//!   filing. A filing not yet granted is on the docket but holds nobody's request to leave.

pub mod appeal;
pub mod monitor;
pub mod opinion;
pub mod panel;
pub mod reach;
pub mod remand;
pub mod standing;
pub mod verdict;

pub use appeal::{
    bench_stalled, en_banc_reaches, solo_ground, Appeal, BenchRefusal, ClosureRefusal,
    DiscretionaryPower, EnBancRefusal, EnBancRequest, GrantRefusal, GrantedBy, Hearing, Judgement,
    JusticeGrant, SoloGround, Stage, VoteRefusal, WrongStage,
};
pub use monitor::{MonitorPetition, Response, ResponseRefusal, ResponseStatus};
pub use opinion::{Opinion, OpinionDeadlines, OpinionRefusal, OPINION_DAYS};
pub use panel::{
    check_panel, no_bench_possible, no_panel_possible, suggest_panel,
    too_few_to_grant_without_the_chief, Bench, Justice, LeftOut, PanelRefusal, SeatedPanel,
    Suggestion, PANEL_SIZE,
};
pub use reach::{appealed_as_it_stands, decision_reaches, restore, Restore, Unreached};
pub use remand::{
    new_end_not_harsher, new_points_not_harsher, new_step_not_harsher, overdue, overdue_words,
    Harsher, Overdue,
};
pub use standing::{
    what_is_appealable, Action, ActionFacts, AppealRecord, Appellant, Capacity, CaseStatus,
    Conflict, Conflicts, Filing, MatterFacts, NotAppealable, Route, Subject,
};
pub use verdict::{
    reasoning_ground_applies, Ballot, Decision, EnBancAnswer, Ground, InvalidVote, Overturn,
    Replacement, Verdict, Vote, VoteDecision,
};

use crate::domain::kernel::office::Offices;

/// The person asking the Court for something, with the offices they hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acting {
    pub id: i64,
    pub offices: Offices,
}
