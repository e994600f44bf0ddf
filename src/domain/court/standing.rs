//! What may be appealed, by whom, and to which bench: the facts of the action or matter
//! appealed, the refusals of Terms §II Acts 9.5, 11.3 and §III Act 6, and the filing that
//! names the parties and their conflicts.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

use crate::domain::kernel::calendar;
use crate::domain::kernel::office::Offices;
use crate::domain::kernel::text::Reason;
use crate::domain::moderation::ladder::Step;

/// The capacity in which an action was taken; it decides whether the Court may review it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Capacity {
    Moderator,
    ChiefJustice,
    /// Staff banning without Court review (Terms §III Act 6).
    Staff,
}

impl Capacity {
    /// The capacity of someone holding `offices` when they acted. Someone who holds the Staff
    /// office and Moderator powers too acts as a Moderator: the exemption of §III Act 6 is an
    /// exception to the Court's jurisdiction and is read narrowly (§III Act 2.2, due process).
    pub fn of(offices: &Offices) -> Option<Capacity> {
        if offices.is_chief_justice() {
            Some(Capacity::ChiefJustice)
        } else if offices.has_moderator_powers() {
            Some(Capacity::Moderator)
        } else if offices.holds(crate::domain::kernel::office::Office::Staff) {
            Some(Capacity::Staff)
        } else {
            None
        }
    }
}

/// The kind of action appealed, with what the Court needs to review it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// A step of the fraud ladder (Terms §II Act 5); steps 4 and 5 are bans, `ban_ends` is
    /// the end of a four-week ban.
    Violation {
        step: Step,
        ban_ends: Option<NaiveDate>,
    },
    /// A ban (Terms §II Act 9); `ends` is `None` for a permanent ban.
    Ban { ends: Option<NaiveDate> },
    /// A monitor (Terms §II Act 10). `following_session_end` is the end of the session
    /// immediately following its placement, once that session is known.
    Monitor {
        following_session_end: Option<DateTime<Utc>>,
    },
    /// Points deducted by a Moderator (Terms §II Act 3).
    Deduction,
    /// Points awarded by a Moderator (Terms §II Act 3).
    Award,
    /// A chessclock requirement (Terms §II Act 11).
    Chessclock,
    /// A technical modification by the Chief Justice (Terms §III Act 5).
    Technical,
    /// The weekly absence deduction (Terms §II Act 6.1).
    Absence,
    /// The weekly inactivity deduction (Terms §II Act 6.2).
    Inactivity,
    /// Removal from the Leaderboard by the Chief Justice (Terms §II Act 7).
    Removal,
}

impl Action {
    /// Whether this action is a ban, for §II Acts 9.3-9.5.
    pub fn is_ban(&self) -> bool {
        match self {
            Action::Ban { .. } => true,
            Action::Violation { step, .. } => *step >= Step::FourWeekBan,
            _ => false,
        }
    }

    /// The current end of a ban: `Some(None)` for a permanent ban, `None` if not a ban.
    pub fn ban_end(&self) -> Option<Option<NaiveDate>> {
        match self {
            Action::Ban { ends } => Some(*ends),
            Action::Violation { step, ban_ends } if *step >= Step::FourWeekBan => {
                Some(if *step == Step::PermanentBan {
                    None
                } else {
                    *ban_ends
                })
            }
            _ => None,
        }
    }

    /// Penalties must be declared with their reasoning (Terms §III Act 2.4).
    pub fn is_penalty(&self) -> bool {
        matches!(
            self,
            Action::Violation { .. } | Action::Ban { .. } | Action::Deduction
        )
    }
}

/// Where a case stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CaseStatus {
    InForce,
    /// It has run its course (a ban expired, a monitor lifted).
    Ended,
    /// Void: undeclared (Terms §III Act 2.4.2), reversed or overturned.
    Void,
}

/// What earlier appeals on the same case left behind.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AppealRecord {
    /// An appeal on the case that is still open.
    pub open: Option<i64>,
    /// An appeal on the case that the whole Court decided en banc (Terms §III Act 3.9.2).
    pub final_judgement: Option<i64>,
    /// The Court refused further appeals on this ban until then (Terms §II Act 9.5).
    pub closed_until: Option<DateTime<Utc>>,
}

/// A numbered moderator case, or a deduction or removal made by the Chief Justice.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ActionFacts {
    pub case: i64,
    pub action: Action,
    /// The member it was against; `None` for an action on the whole Leaderboard.
    pub against: Option<i64>,
    /// Who took it. For the weekly deductions this is the Chief Justice, as §II Act 6.3 says
    /// to treat them.
    pub actor: i64,
    pub capacity: Capacity,
    /// The players of the game it concerns, if any.
    pub game_players: Vec<i64>,
    pub status: CaseStatus,
    pub record: AppealRecord,
    /// For a weekly deduction, the club day it was made: it is named by that day, since
    /// `case` is then only the record's internal number, which is no case.
    #[serde(default)]
    pub deduction_day: Option<NaiveDate>,
    /// For a deduction or an award by a Moderator, the points deducted or awarded (a
    /// magnitude), which the Court or a Moderator on remand may lessen (Terms §III Acts 2.4.3,
    /// 3.8b).
    #[serde(default)]
    pub points: Option<i64>,
}

impl ActionFacts {
    /// A violation that names a game reverses that game at every step of the ladder (a game
    /// that was not played, §II Act 4.1, is never entered, §0 Act 11): both its players are
    /// affected by the case.
    pub fn reverses_game(&self) -> bool {
        matches!(self.action, Action::Violation { .. }) && !self.game_players.is_empty()
    }

    /// "case #3", or "the weekly absence deduction of Mon 21 Dec 2026".
    pub fn name(&self) -> String {
        match (self.deduction_day, &self.action) {
            (Some(day), Action::Inactivity) => format!(
                "the weekly inactivity deduction of {}",
                calendar::show_date(day)
            ),
            (Some(day), _) => {
                format!(
                    "the weekly absence deduction of {}",
                    calendar::show_date(day)
                )
            }
            (None, _) => format!("case #{}", self.case),
        }
    }
}

/// "Case #3", "The weekly absence deduction of ...": a name at the start of a sentence.
pub(crate) fn capital(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Another matter concerning the Leaderboard (Terms §III Act 3).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MatterFacts {
    pub description: Reason,
    /// The people the matter concerns, besides the appellant.
    pub parties: Vec<i64>,
}

/// What an appeal is against.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Subject {
    Action(ActionFacts),
    Matter(MatterFacts),
}

impl Subject {
    pub fn action(&self) -> Option<&ActionFacts> {
        match self {
            Subject::Action(a) => Some(a),
            Subject::Matter(_) => None,
        }
    }
}

/// The member appealing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Appellant {
    pub id: i64,
    /// A Member of the Leaderboard now; someone removed under §II Act 7 is not.
    pub is_member: bool,
}

/// Which bench hears an appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Route {
    /// A panel of three chosen by the Chief Justice, or the Chief Justice solo (§III Act 3.3).
    Panel,
    /// The whole Court at once (§III Acts 3.9, 5; §II Act 6.3).
    EnBanc,
}

/// Why an appeal cannot be filed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotAppealable {
    #[error("A requirement to use a chessclock cannot be petitioned to the Court; only the Chief Justice may apply or remove it (Terms §II Act 11.3).")]
    Chessclock,
    #[error("A ban by Staff is not subject to review by the Court of Appeals (Terms §III Act 6).")]
    StaffBan,
    #[error("After an appeal on {what} was refused or decided, the Court refused further appeals on it until {until} (Terms §II Act 9.5).")]
    Closed { what: String, until: String },
    #[error("{} was decided by the whole Court en banc in appeal #{appeal}; that judgement is final and binding, so no further appeal is heard (Terms §III Act 3.9.2).", capital(.what))]
    Final { what: String, appeal: i64 },
    #[error("{} is already under appeal (appeal #{appeal}); the Court hears a case once at a time.", capital(.what))]
    AlreadyUnderAppeal { what: String, appeal: i64 },
    #[error("{} is void, so there is nothing left to appeal (Terms §III Act 2.4.2).", capital(.what))]
    Void { what: String },
    #[error("The monitor of {what} has been lifted, so there is nothing left to petition (Terms §II Act 10.5, 10.6).")]
    MonitorLifted { what: String },
    #[error("Only {who} may appeal {what}: an appeal is brought by someone the action was against (Terms §III Act 3).")]
    NotAffected { what: String, who: &'static str },
    #[error("Only a Member of the Leaderboard may appeal to the Court (Terms §III Act 3).")]
    NotAMember,
}

/// Whether `appellant` may appeal `subject` at `now`, and to which bench.
///
/// Who may appeal what (a reading of §III Act 3, "matters on appeal from resolutions"):
/// the member an action was against; for a violation that names a game (reversed at every
/// step, §II Act 5), either player of that game, since both scores move; for an award, a technical modification or an
/// action on the whole Leaderboard, any Member; for a removal (§II Act 7), the person removed,
/// though no longer a Member; for another matter, any Member.
pub fn what_is_appealable(
    subject: &Subject,
    appellant: Appellant,
    now: DateTime<Utc>,
    tz: Tz,
) -> Result<Route, NotAppealable> {
    let facts = match subject {
        Subject::Matter(_) => {
            return if appellant.is_member {
                Ok(Route::Panel)
            } else {
                Err(NotAppealable::NotAMember)
            };
        }
        Subject::Action(facts) => facts,
    };
    let what = facts.name();
    // What the Court may never hear comes first: those refusals hold whoever asks.
    match facts.action {
        Action::Chessclock => return Err(NotAppealable::Chessclock),
        _ if facts.action.is_ban() && facts.capacity == Capacity::Staff => {
            return Err(NotAppealable::StaffBan)
        }
        _ => {}
    }
    if let Some(appeal) = facts.record.final_judgement {
        return Err(NotAppealable::Final { what, appeal });
    }
    if let Some(until) = facts.record.closed_until.filter(|u| *u > now) {
        return Err(NotAppealable::Closed {
            what,
            until: calendar::show(until, tz),
        });
    }
    match facts.status {
        CaseStatus::Void => return Err(NotAppealable::Void { what }),
        CaseStatus::Ended if matches!(facts.action, Action::Monitor { .. }) => {
            return Err(NotAppealable::MonitorLifted { what })
        }
        _ => {}
    }
    standing(facts, appellant)?;
    if let Some(appeal) = facts.record.open {
        return Err(NotAppealable::AlreadyUnderAppeal { what, appeal });
    }
    Ok(match facts.action {
        // §III Act 5: technical modifications are challenged en banc; §II Act 6.3 treats the
        // weekly deductions as though they were one.
        Action::Technical | Action::Absence | Action::Inactivity => Route::EnBanc,
        _ => Route::Panel,
    })
}

fn standing(facts: &ActionFacts, appellant: Appellant) -> Result<(), NotAppealable> {
    let what = facts.name();
    if let Action::Removal = facts.action {
        return if facts.against == Some(appellant.id) {
            Ok(())
        } else {
            Err(NotAppealable::NotAffected {
                what: what.clone(),
                who: "the person removed",
            })
        };
    }
    // "Bans can be petitioned to the Court" (Terms §II Act 9.3): the person banned petitions
    // their ban though no longer on the Leaderboard, as a person removed appeals the removal.
    if facts.action.is_ban() && facts.against == Some(appellant.id) {
        return Ok(());
    }
    if !appellant.is_member {
        return Err(NotAppealable::NotAMember);
    }
    let Some(against) = facts.against else {
        return Ok(()); // an action on the whole Leaderboard
    };
    match facts.action {
        Action::Technical | Action::Award => Ok(()),
        // A violation that names a game reverses it at every step of the ladder, beside the
        // step's own penalty, so both players' scores move whatever the step (§II Act 5).
        _ if facts.reverses_game() => {
            if appellant.id == against || facts.game_players.contains(&appellant.id) {
                Ok(())
            } else {
                Err(NotAppealable::NotAffected {
                    what,
                    who: "a player of the game reversed",
                })
            }
        }
        _ if appellant.id == against => Ok(()),
        _ => Err(NotAppealable::NotAffected {
            what,
            who: "the member it was against",
        }),
    }
}

/// Why a Justice may not hear a case (Terms §III Act 3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Conflict {
    Appellant,
    /// The Moderator who took the action (or the Chief Justice, for the weekly deductions).
    Acted,
    /// The action was against them, or they are a party to the matter.
    Party,
    PlayedInGame,
}

impl Conflict {
    /// "they are the appellant", for refusals and reports.
    pub fn describe(self) -> &'static str {
        match self {
            Conflict::Appellant => "they are the appellant",
            Conflict::Acted => "they took the action appealed",
            Conflict::Party => "they are a party to the matter",
            Conflict::PlayedInGame => "they played in the game concerned",
        }
    }
}

/// Everyone with a conflict in one appeal, and why (the first reason found, in the order of
/// the `Conflict` variants).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conflicts(Vec<(i64, Conflict)>);

impl Conflicts {
    pub fn new(list: impl IntoIterator<Item = (i64, Conflict)>) -> Self {
        let mut out: Vec<(i64, Conflict)> = Vec::new();
        for (id, why) in list {
            if !out.iter().any(|(o, _)| *o == id) {
                out.push((id, why));
            }
        }
        Self(out)
    }

    pub fn of(&self, person: i64) -> Option<Conflict> {
        self.0.iter().find(|(id, _)| *id == person).map(|(_, c)| *c)
    }
}

/// An appeal as filed: who brings it, against what, on which grounds, to which bench.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Filing {
    pub appellant: i64,
    pub subject: Subject,
    pub grounds: Reason,
    pub route: Route,
    pub filed_at: DateTime<Utc>,
}

impl Filing {
    /// Files an appeal if `what_is_appealable` allows it.
    pub fn new(
        subject: Subject,
        appellant: Appellant,
        grounds: Reason,
        filed_at: DateTime<Utc>,
        tz: Tz,
    ) -> Result<Filing, NotAppealable> {
        let route = what_is_appealable(&subject, appellant, filed_at, tz)?;
        Ok(Filing {
            appellant: appellant.id,
            subject,
            grounds,
            route,
            filed_at,
        })
    }

    /// Who answers the appeal: the person who took the action.
    pub fn respondent(&self) -> Option<i64> {
        self.subject.action().map(|a| a.actor)
    }

    /// The parties: the appellant, the respondent, the member the action was against, both
    /// players of a game a violation reverses (at every step, §II Act 5) and the people a
    /// matter concerns. Parties may ask for an en banc hearing (§III Act 3.9), and are
    /// "involved" in the hearing for §II Act 8.1.
    pub fn parties(&self) -> Vec<i64> {
        let mut all = vec![self.appellant];
        match &self.subject {
            Subject::Action(a) => {
                all.push(a.actor);
                all.extend(a.against);
                if a.reverses_game() {
                    all.extend(a.game_players.iter().copied());
                }
            }
            Subject::Matter(m) => all.extend(m.parties.iter().copied()),
        }
        let mut out = Vec::with_capacity(all.len());
        for p in all {
            if !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }

    pub fn is_party(&self, person: i64) -> bool {
        self.parties().contains(&person)
    }

    /// The Justices who may not hear this appeal, and why (Terms §III Act 3.5).
    pub fn conflicts(&self) -> Conflicts {
        let mut list = vec![(self.appellant, Conflict::Appellant)];
        match &self.subject {
            Subject::Action(a) => {
                list.push((a.actor, Conflict::Acted));
                list.extend(a.against.map(|p| (p, Conflict::Party)));
                list.extend(a.game_players.iter().map(|p| (*p, Conflict::PlayedInGame)));
            }
            Subject::Matter(m) => list.extend(m.parties.iter().map(|p| (*p, Conflict::Party))),
        }
        Conflicts::new(list)
    }
}

#[cfg(test)]
pub(super) mod tests;
