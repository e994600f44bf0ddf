//! A one-off move of a club session from one date to another (`/session move`): which moves
//! the session calendar allows (Terms §0 Act 5).

use chrono::NaiveDate;

use super::session::Window;
use crate::domain::kernel::calendar;

/// Why a session cannot be moved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    #[error("{0} is in the past; only a session still to come can be moved (Terms §0 Act 5).")]
    Past(String),
    #[error("No session is held on {0}, so there is none to move; sessions are held {1} (Terms §0 Act 5).")]
    NoSession(String, String),
    #[error("A session is already held on {0}; choose a day without one (Terms §0 Act 5).")]
    Taken(String),
    #[error("The session of {0} was moved to another day, so none can be moved onto it; choose another day (Terms §0 Act 5).")]
    MovedAway(String),
    #[error("The session of {0} has already been opened, so it can no longer be moved (Terms §0 Act 5).")]
    AlreadyOpened(String),
}

/// Whether the session of `from` may be held on `to` instead, seen on `today` (club dates).
/// `opened` says a session was already opened on `from`.
pub fn may_move(
    window: &Window,
    today: NaiveDate,
    from: NaiveDate,
    to: NaiveDate,
    opened: bool,
) -> Result<(), MoveRefusal> {
    for date in [from, to] {
        if date < today {
            return Err(MoveRefusal::Past(calendar::show_date(date)));
        }
    }
    if !window.is_session_date(from) {
        return Err(MoveRefusal::NoSession(
            calendar::show_date(from),
            window.describe(),
        ));
    }
    if opened {
        return Err(MoveRefusal::AlreadyOpened(calendar::show_date(from)));
    }
    if window.is_session_date(to) {
        return Err(MoveRefusal::Taken(calendar::show_date(to)));
    }
    if window.moves.iter().any(|&(moved, _)| moved == to) {
        return Err(MoveRefusal::MovedAway(calendar::show_date(to)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveTime, Weekday};

    fn window() -> Window {
        Window {
            days: vec![Weekday::Fri],
            start: NaiveTime::from_hms_opt(12, 30, 0).unwrap(),
            end: NaiveTime::from_hms_opt(13, 10, 0).unwrap(),
            place: "322".into(),
            tz: chrono_tz::Europe::London,
            moves: vec![],
        }
    }

    fn date(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    #[test]
    fn a_session_still_to_come_moves_to_a_day_without_one_s0_a5() {
        assert_eq!(
            may_move(&window(), date(11, 30), date(12, 4), date(12, 3), false),
            Ok(())
        );
    }

    #[test]
    fn only_a_session_day_has_a_session_to_move_s0_a5() {
        let refused = may_move(&window(), date(11, 30), date(12, 2), date(12, 3), false);
        assert!(matches!(refused, Err(MoveRefusal::NoSession(..))));
    }

    #[test]
    fn a_session_cannot_move_onto_another_session_or_into_the_past() {
        let w = window();
        let onto = may_move(&w, date(11, 30), date(12, 4), date(12, 11), false);
        assert!(matches!(onto, Err(MoveRefusal::Taken(_))));
        let past = may_move(&w, date(11, 30), date(12, 4), date(11, 26), false);
        assert!(matches!(past, Err(MoveRefusal::Past(_))));
        let gone = may_move(&w, date(12, 5), date(12, 4), date(12, 10), false);
        assert!(matches!(gone, Err(MoveRefusal::Past(_))));
    }

    #[test]
    fn a_date_a_session_was_moved_away_from_takes_no_other() {
        let w = Window {
            moves: vec![(date(12, 4), date(12, 3))],
            ..window()
        };
        let refused = may_move(&w, date(11, 30), date(12, 3), date(12, 4), false);
        assert!(matches!(refused, Err(MoveRefusal::MovedAway(_))));
    }

    #[test]
    fn a_session_already_opened_stays_where_it_is() {
        let refused = may_move(&window(), date(12, 4), date(12, 4), date(12, 5), true);
        assert!(matches!(refused, Err(MoveRefusal::AlreadyOpened(_))));
    }
}
