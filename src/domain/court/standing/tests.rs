//! Tests of what may be appealed, by whom and to which bench, and of a filing's conflicts; the
//! fixtures here (facts, members, the time) serve the other tests of the Court too.

use super::*;
use chrono::TimeZone;
use chrono_tz::Europe::London;

pub fn reason(text: &str) -> Reason {
    Reason::parse(text).unwrap()
}

pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 13, 0, 0).unwrap()
}

pub const MEMBER: i64 = 10;
pub const OPPONENT: i64 = 11;
pub const BYSTANDER: i64 = 12;
pub const MODERATOR: i64 = 20;
pub const CHIEF: i64 = 1;

pub fn facts(action: Action) -> ActionFacts {
    ActionFacts {
        case: 7,
        action,
        against: Some(MEMBER),
        actor: MODERATOR,
        capacity: Capacity::Moderator,
        game_players: vec![MEMBER, OPPONENT],
        status: CaseStatus::InForce,
        record: AppealRecord::default(),
        deduction_day: None,
        points: Some(30),
    }
}

pub fn member(id: i64) -> Appellant {
    Appellant {
        id,
        is_member: true,
    }
}

fn appeal(facts: ActionFacts, by: Appellant) -> Result<Route, NotAppealable> {
    what_is_appealable(&Subject::Action(facts), by, now(), London)
}

fn ban() -> Action {
    Action::Ban {
        ends: NaiveDate::from_ymd_opt(2026, 12, 25),
    }
}

#[test]
fn the_member_a_penalty_was_against_may_appeal_it_to_a_panel() {
    // Terms §III Act 3, 3.3.
    assert_eq!(
        appeal(facts(Action::Deduction), member(MEMBER)),
        Ok(Route::Panel)
    );
    assert_eq!(appeal(facts(ban()), member(MEMBER)), Ok(Route::Panel));
}

#[test]
fn someone_the_action_was_not_against_may_not_appeal_it() {
    let refusal = appeal(facts(Action::Deduction), member(BYSTANDER)).unwrap_err();
    assert_eq!(
        refusal,
        NotAppealable::NotAffected {
            what: "case #7".into(),
            who: "the member it was against"
        }
    );
    assert_eq!(
        refusal.to_string(),
        "Only the member it was against may appeal case #7: an appeal is brought by someone the action was against (Terms §III Act 3)."
    );
}

#[test]
fn either_player_may_appeal_a_reversed_game_but_nobody_else() {
    // Terms §II Act 5: a reversal returns both players' points, and a violation that names a
    // game reverses it at every step, beside the step's own penalty.
    for step in [Step::Reverse, Step::Halve, Step::Reset, Step::FourWeekBan] {
        let reversal = || {
            facts(Action::Violation {
                step,
                ban_ends: None,
            })
        };
        assert_eq!(
            appeal(reversal(), member(OPPONENT)),
            Ok(Route::Panel),
            "{step:?}"
        );
        assert!(matches!(
            appeal(reversal(), member(BYSTANDER)),
            Err(NotAppealable::NotAffected { .. })
        ));
        // Both players are parties, so either may take the judgement en banc (§III Act 3.9).
        let filing = Filing::new(
            Subject::Action(reversal()),
            member(MEMBER),
            reason("the game was played"),
            now(),
            London,
        )
        .unwrap();
        assert!(
            filing.is_party(MEMBER) && filing.is_party(OPPONENT),
            "{step:?}"
        );
        assert!(!filing.is_party(BYSTANDER));
    }
    // A violation that names no game reverses nothing of the opponent's.
    let mut no_game = facts(Action::Violation {
        step: Step::Halve,
        ban_ends: None,
    });
    no_game.game_players.clear();
    assert!(matches!(
        appeal(no_game, member(OPPONENT)),
        Err(NotAppealable::NotAffected { .. })
    ));
}

#[test]
fn any_member_may_challenge_an_action_on_the_whole_leaderboard() {
    let mut whole = facts(Action::Deduction);
    whole.against = None;
    assert_eq!(appeal(whole, member(BYSTANDER)), Ok(Route::Panel));
    let mut award = facts(Action::Award);
    award.against = Some(OPPONENT);
    assert_eq!(appeal(award, member(BYSTANDER)), Ok(Route::Panel));
}

#[test]
fn a_technical_modification_is_challenged_before_the_whole_court() {
    // Terms §III Act 5.
    let mut technical = facts(Action::Technical);
    technical.against = None;
    technical.actor = CHIEF;
    technical.capacity = Capacity::ChiefJustice;
    assert_eq!(appeal(technical, member(BYSTANDER)), Ok(Route::EnBanc));
}

#[test]
fn an_absence_deduction_goes_straight_to_the_whole_court() {
    // Terms §II Act 6.3 and §III Act 5.
    for action in [Action::Absence, Action::Inactivity] {
        let mut deduction = facts(action);
        deduction.actor = CHIEF;
        deduction.capacity = Capacity::ChiefJustice;
        assert_eq!(appeal(deduction, member(MEMBER)), Ok(Route::EnBanc));
    }
}

#[test]
fn a_chessclock_requirement_cannot_be_petitioned() {
    // Terms §II Act 11.3.
    let refusal = appeal(facts(Action::Chessclock), member(MEMBER)).unwrap_err();
    assert_eq!(refusal, NotAppealable::Chessclock);
    assert!(refusal.to_string().contains("Terms §II Act 11.3"));
}

#[test]
fn a_staff_ban_is_beyond_the_court_but_a_moderators_is_not() {
    // Terms §III Act 6.
    let mut staff = facts(ban());
    staff.capacity = Capacity::Staff;
    assert_eq!(
        appeal(staff, member(MEMBER)).unwrap_err().to_string(),
        "A ban by Staff is not subject to review by the Court of Appeals (Terms §III Act 6)."
    );
    use crate::domain::kernel::office::Office;
    let both = Offices::new(vec![Office::Staff, Office::Moderator]);
    assert_eq!(Capacity::of(&both), Some(Capacity::Moderator));
    assert_eq!(
        Capacity::of(&Offices::new(vec![Office::Staff])),
        Some(Capacity::Staff)
    );
    assert_eq!(Capacity::of(&Offices::default()), None);
}

#[test]
fn a_ban_closed_to_further_appeals_is_refused_until_the_closure_ends() {
    // Terms §II Act 9.5.
    let mut closed = facts(ban());
    closed.record.closed_until = Some(now() + chrono::Duration::days(14));
    let refusal = appeal(closed.clone(), member(MEMBER)).unwrap_err();
    assert_eq!(
        crate::domain::kernel::moment::in_club_time(&refusal.to_string()),
        "After an appeal on case #7 was refused or decided, the Court refused further appeals on it until Fri 11 Dec 2026 13:00 GMT (Terms §II Act 9.5)."
    );
    closed.record.closed_until = Some(now() - chrono::Duration::days(1));
    assert_eq!(appeal(closed, member(MEMBER)), Ok(Route::Panel));
}

#[test]
fn a_case_decided_en_banc_takes_no_further_appeal() {
    // Terms §III Act 3.9.2.
    let mut decided = facts(ban());
    decided.record.final_judgement = Some(3);
    assert_eq!(
        appeal(decided, member(MEMBER)),
        Err(NotAppealable::Final {
            what: "case #7".into(),
            appeal: 3
        })
    );
}

#[test]
fn a_case_is_heard_once_at_a_time_and_not_once_void() {
    let mut open = facts(Action::Deduction);
    open.record.open = Some(4);
    assert_eq!(
        appeal(open, member(MEMBER)),
        Err(NotAppealable::AlreadyUnderAppeal {
            what: "case #7".into(),
            appeal: 4
        })
    );
    let mut void = facts(Action::Deduction);
    void.status = CaseStatus::Void;
    assert_eq!(
        appeal(void, member(MEMBER)),
        Err(NotAppealable::Void {
            what: "case #7".into()
        })
    );
    let mut lifted = facts(Action::Monitor {
        following_session_end: None,
    });
    lifted.status = CaseStatus::Ended;
    assert_eq!(
        appeal(lifted, member(MEMBER)),
        Err(NotAppealable::MonitorLifted {
            what: "case #7".into()
        })
    );
}

#[test]
fn only_members_appeal_except_a_person_removed_who_appeals_the_removal() {
    let outsider = Appellant {
        id: MEMBER,
        is_member: false,
    };
    assert_eq!(
        appeal(facts(Action::Deduction), outsider),
        Err(NotAppealable::NotAMember)
    );
    assert_eq!(appeal(facts(Action::Removal), outsider), Ok(Route::Panel));
    // Terms §II Act 9.3: "Bans can be petitioned to the Court", by the person banned.
    assert_eq!(
        appeal(facts(Action::Ban { ends: None }), outsider),
        Ok(Route::Panel)
    );
    assert!(matches!(
        appeal(facts(Action::Removal), member(BYSTANDER)),
        Err(NotAppealable::NotAffected { .. })
    ));
    let matter = Subject::Matter(MatterFacts {
        description: reason("the session register is wrong"),
        parties: vec![],
    });
    assert_eq!(
        what_is_appealable(&matter, outsider, now(), London),
        Err(NotAppealable::NotAMember)
    );
    assert_eq!(
        what_is_appealable(&matter, member(BYSTANDER), now(), London),
        Ok(Route::Panel)
    );
}

#[test]
fn the_appellant_the_moderator_and_the_players_have_conflicts() {
    // Terms §III Act 3.5.
    let filing = Filing::new(
        Subject::Action(facts(Action::Deduction)),
        member(MEMBER),
        reason("no proper reasoning"),
        now(),
        London,
    )
    .unwrap();
    let conflicts = filing.conflicts();
    assert_eq!(conflicts.of(MEMBER), Some(Conflict::Appellant));
    assert_eq!(conflicts.of(MODERATOR), Some(Conflict::Acted));
    assert_eq!(conflicts.of(OPPONENT), Some(Conflict::PlayedInGame));
    assert_eq!(conflicts.of(BYSTANDER), None);
    assert!(filing.is_party(MODERATOR) && !filing.is_party(OPPONENT));
}

#[test]
fn a_weekly_deduction_is_named_by_its_day_and_the_appeal_by_its_number() {
    // Terms §II Act 6.3, §III Act 3.9.2: a weekly deduction is no numbered case, so a refusal
    // names it by the club day it was made, and the appeal that decided it by its number.
    let mut deduction = facts(Action::Absence);
    deduction.case = 3; // the record's internal number
    deduction.deduction_day = NaiveDate::from_ymd_opt(2026, 12, 21);
    deduction.record.final_judgement = Some(5);
    let refusal = appeal(deduction.clone(), member(MEMBER)).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "The weekly absence deduction of Mon 21 Dec 2026 was decided by the whole Court en banc in appeal #5; that judgement is final and binding, so no further appeal is heard (Terms §III Act 3.9.2)."
    );
    assert!(!refusal.to_string().contains("#3"));
    deduction.action = Action::Inactivity;
    assert_eq!(
        deduction.name(),
        "the weekly inactivity deduction of Mon 21 Dec 2026"
    );
}
