//! A round's week and the negotiation of a match's time, in UTC (ACWC Timeline, Match
//! negotiations): the week runs Monday 00:00 to Sunday 23:59:59 UTC; each player owes 3 offers by
//! Wednesday, at least 3 hours apart and at most 2 on one date, unless one was accepted first;
//! the deadline names who is at fault; no agreement by the weekend goes to the arbiter. A
//! no-show is reported after a 10-minute grace and again 10 minutes later (ACWC Match rules).
//! The club's own time zone plays no part: the tournament lives in UTC.

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc, Weekday};

/// Offers each player owes by Wednesday.
pub const OFFERS_OWED: usize = 3;
/// The least time between two offers of one player.
pub const OFFER_GAP: Duration = Duration::hours(3);
/// The most offers of one player on one date.
pub const OFFERS_PER_DATE: usize = 2;
/// The grace period for a player who is not online at the match's time, and the wait before
/// the second report.
pub const GRACE: Duration = Duration::minutes(10);

/// A round's week, Monday 00:00 UTC to Sunday 23:59:59 UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Week {
    pub start: DateTime<Utc>,
}

impl Week {
    /// The week of pairings published at `at`: that week when published on a Monday ("published
    /// on subsequent Mondays"), else the week that begins on the next Monday (round 1 is published
    /// before Monday 00:00, and a round published early, once every match is done, still has its
    /// own week).
    pub fn of_publication(at: DateTime<Utc>) -> Week {
        let day = at.date_naive();
        let monday = if day.weekday() == Weekday::Mon {
            day
        } else {
            let ahead = 7 - day.weekday().num_days_from_monday();
            day + Duration::days(i64::from(ahead))
        };
        Week {
            start: midnight(monday),
        }
    }

    /// The week of a round paired at `at` after a round played in `previous`: the week after
    /// it, however early the pairing ("one week per round"; "published on subsequent Mondays
    /// as soon as possible (or earlier ...)"). A round paired late, after the Monday its week
    /// began, has its week from its pairing: seven days from 00:00 UTC of the day it is
    /// paired, as a Monday publication counts the whole Monday, so that its offers' deadline
    /// and its weekend are still ahead of it (ACWC Timeline, Match negotiations).
    pub fn following(previous: Week, at: DateTime<Utc>) -> Week {
        let next = previous.after(1);
        if at < next.start + Duration::days(1) {
            return next;
        }
        Week {
            start: midnight(at.date_naive()),
        }
    }

    /// The week `weeks` after this one.
    pub fn after(self, weeks: i64) -> Week {
        Week {
            start: self.start + Duration::weeks(weeks),
        }
    }

    /// Wednesday 23:59:59 UTC: the offers are owed by then.
    pub fn offers_due(self) -> DateTime<Utc> {
        self.start + Duration::days(3) - Duration::seconds(1)
    }

    /// Saturday 00:00 UTC: "before the weekend".
    pub fn weekend(self) -> DateTime<Utc> {
        self.start + Duration::days(5)
    }

    /// Sunday 23:59:59 UTC: every match of the round is complete by then.
    pub fn end(self) -> DateTime<Utc> {
        self.start + Duration::days(7) - Duration::seconds(1)
    }
}

fn midnight(day: NaiveDate) -> DateTime<Utc> {
    Utc.from_utc_datetime(&day.and_hms_opt(0, 0, 0).expect("midnight"))
}

/// Why an offer of a time is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OfferRefused {
    #[error("A time is already agreed for this match; a new offer needs a reschedule first (ACWC Match negotiations).")]
    Agreed,
    #[error("That time has passed: offer a time still to come, in UTC (ACWC Match negotiations).")]
    Past,
    #[error("The match must be complete by {0}; offer a time before then (ACWC Timeline).")]
    AfterDeadline(String),
    #[error("Your offers must be no closer than 3 hours to each other; you offered {0} already (ACWC Match negotiations).")]
    TooClose(String),
    #[error("You have offered 2 times on {0} already: no more than 2 on a single date (ACWC Match negotiations).")]
    DateFull(String),
    #[error("A time chosen for a player gives them the 24 hours the rules give to answer an offer (\"preferably within 24 hours\"): choose {0} or later (ACWC Match negotiations).")]
    Notice(String),
    #[error("Fewer than 24 hours of the week are left, so no time can be chosen with notice before {0}: the Director settles the match (ACWC Match negotiations, Organization).")]
    NoNotice(String),
}

/// Whether a player may offer `at`, given their earlier offers, the time now and the round's
/// end.
pub fn check_offer(
    mine: &[DateTime<Utc>],
    at: DateTime<Utc>,
    now: DateTime<Utc>,
    deadline: DateTime<Utc>,
    agreed: bool,
) -> Result<(), OfferRefused> {
    if agreed {
        return Err(OfferRefused::Agreed);
    }
    if at <= now {
        return Err(OfferRefused::Past);
    }
    if at > deadline {
        return Err(OfferRefused::AfterDeadline(utc(deadline)));
    }
    if let Some(close) = mine.iter().find(|m| (**m - at).abs() < OFFER_GAP) {
        return Err(OfferRefused::TooClose(utc(*close)));
    }
    let same_date = mine
        .iter()
        .filter(|m| m.date_naive() == at.date_naive())
        .count();
    if same_date >= OFFERS_PER_DATE {
        return Err(OfferRefused::DateFull(
            at.format("%a %-d %b %Y").to_string(),
        ));
    }
    Ok(())
}

/// The notice a time chosen for a player gives them: the 24 hours the rules give a player to
/// answer an offer ("preferably within 24 hours", ACWC Match negotiations).
pub const NOTICE: Duration = Duration::hours(24);

/// Whether `at` may be chosen now for a player at fault: still in the week, and with the
/// notice a player has to answer an offer.
pub fn check_chosen(
    at: DateTime<Utc>,
    now: DateTime<Utc>,
    deadline: DateTime<Utc>,
) -> Result<(), OfferRefused> {
    let earliest = now + NOTICE;
    if earliest > deadline {
        return Err(OfferRefused::NoNotice(utc(deadline)));
    }
    if at > deadline {
        return Err(OfferRefused::AfterDeadline(utc(deadline)));
    }
    if at < earliest {
        return Err(OfferRefused::Notice(utc(earliest)));
    }
    Ok(())
}

/// A time written for a tournament: always UTC.
pub fn utc(at: DateTime<Utc>) -> String {
    at.format("%a %-d %b %Y %H:%M UTC").to_string()
}

/// Who is at fault when the offers fall due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// A time is agreed: nobody.
    Agreed,
    /// Both made their offers: nobody yet; without agreement by the weekend the arbiter judges.
    Neither,
    /// The first (`true`) or second player did not make 3 offers: they accept the opponent's
    /// time.
    One { first: bool },
    /// Neither made 3 offers: the arbiter assigns a time.
    Both,
}

/// An offer of a time for a session of the Final, which has no week: the finalists split it
/// "over several days" as they "see fit" (ACWC Match rules, Timeline), so only a time still
/// to come is needed, and no other session agreed and still ahead. The week's limits (three
/// offers by Wednesday, 3 hours apart, two a date) belong to a round's week. An agreed time
/// gives the no-show rules, which apply "at all stages", a start to count from.
pub fn check_session_offer(
    at: DateTime<Utc>,
    now: DateTime<Utc>,
    agreed: Option<DateTime<Utc>>,
) -> Result<(), OfferRefused> {
    if !session_open(agreed, now) {
        return Err(OfferRefused::Agreed);
    }
    if at <= now {
        return Err(OfferRefused::Past);
    }
    Ok(())
}

/// Whether a Final's next session may be agreed: no time agreed, or the agreed one has come.
pub fn session_open(agreed: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    agreed.is_none_or(|a| a <= now)
}

/// The fault at Wednesday's deadline from the offers each made by then.
pub fn fault_at_offers_due(first_offers: usize, second_offers: usize, agreed: bool) -> Fault {
    if agreed {
        return Fault::Agreed;
    }
    match (first_offers >= OFFERS_OWED, second_offers >= OFFERS_OWED) {
        (true, true) => Fault::Neither,
        (false, true) => Fault::One { first: true },
        (true, false) => Fault::One { first: false },
        (false, false) => Fault::Both,
    }
}

/// Where a no-show report stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoShow {
    /// Too early: the grace period runs until this time.
    Early(DateTime<Utc>),
    /// The first report is recorded now.
    First,
    /// The second report is due at this time.
    Wait(DateTime<Utc>),
    /// The second report: the appearing player may claim the win or reschedule.
    Second,
}

/// A no-show report at `now` for a match agreed at `start`, after a first report at `first`.
/// The first message may be sent from the agreed time, when the opponent "did not show up", and
/// the second "10 minutes afterwards": so the claim comes when the 10-minute grace period ends,
/// not ten minutes after it (ACWC Match rules).
pub fn no_show(start: DateTime<Utc>, first: Option<DateTime<Utc>>, now: DateTime<Utc>) -> NoShow {
    match first {
        None if now < start => NoShow::Early(start),
        None => NoShow::First,
        Some(f) if now < f + GRACE => NoShow::Wait(f + GRACE),
        Some(_) => NoShow::Second,
    }
}

/// A time typed as "YYYY-MM-DD HH:MM", read as UTC.
pub fn parse_utc(text: &str) -> Option<DateTime<Utc>> {
    let naive = chrono::NaiveDateTime::parse_from_str(text.trim(), "%Y-%m-%d %H:%M").ok()?;
    Some(Utc.from_utc_datetime(&naive))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        parse_utc(text).expect("time")
    }

    #[test]
    fn a_week_runs_monday_to_sunday_in_utc() {
        // ACWC Timeline: pairings "published before Monday 30th September 00:00 UTC"; "All
        // matches of a round must be completed by Sunday 23:59:59 UTC".
        let week = Week::of_publication(at("2019-09-29 20:00"));
        assert_eq!(week.start, at("2019-09-30 00:00"));
        assert_eq!(utc(week.end()), "Sun 6 Oct 2019 23:59 UTC");
        assert_eq!(week.end(), at("2019-10-06 23:59") + Duration::seconds(59));
        assert_eq!(
            week.offers_due(),
            at("2019-10-02 23:59") + Duration::seconds(59)
        );
        assert_eq!(week.weekend(), at("2019-10-05 00:00"));
        // Published on the Monday itself: that week.
        assert_eq!(
            Week::of_publication(at("2019-10-07 09:00")).start,
            at("2019-10-07 00:00")
        );
        assert_eq!(week.after(1).start, at("2019-10-07 00:00"));
    }

    #[test]
    fn the_week_ignores_the_clubs_daylight_saving() {
        // The club in London leaves summer time on Sun 25 Oct 2026; the tournament's Wednesday
        // still ends at 23:59:59 UTC, which is 23:59:59 GMT after and 00:59:59 BST before.
        let week = Week::of_publication(at("2026-10-25 12:00"));
        assert_eq!(week.start, at("2026-10-26 00:00"));
        assert_eq!(
            week.offers_due() - week.start,
            Duration::days(3) - Duration::seconds(1)
        );
        let before = Week::of_publication(at("2026-10-18 12:00"));
        assert_eq!(week.start - before.start, Duration::days(7));
    }

    #[test]
    fn offers_are_three_hours_apart_two_a_date_and_before_the_end() {
        // ACWC Match negotiations: "no closer than 3 hours to each other and no more than 2 on
        // a single date".
        let now = at("2026-11-30 09:00");
        let end = Week::of_publication(now).end();
        let mine = [at("2026-12-01 10:00"), at("2026-12-01 14:00")];
        assert_eq!(
            check_offer(&mine, at("2026-12-02 10:00"), now, end, false),
            Ok(())
        );
        assert_eq!(
            check_offer(&mine, at("2026-12-01 12:00"), now, end, false),
            Err(OfferRefused::TooClose("Tue 1 Dec 2026 10:00 UTC".into()))
        );
        assert_eq!(
            check_offer(&mine, at("2026-12-01 20:00"), now, end, false),
            Err(OfferRefused::DateFull("Tue 1 Dec 2026".into()))
        );
        assert_eq!(
            check_offer(&mine, at("2026-11-30 08:00"), now, end, false),
            Err(OfferRefused::Past)
        );
        assert!(matches!(
            check_offer(&[], at("2026-12-07 10:00"), now, end, false),
            Err(OfferRefused::AfterDeadline(_))
        ));
        assert_eq!(
            check_offer(&[], at("2026-12-02 10:00"), now, end, true),
            Err(OfferRefused::Agreed)
        );
    }

    #[test]
    fn the_deadline_names_who_is_at_fault() {
        // "If 3 offers are not made in time the player at fault must accept a time chosen by
        // the opponent. If both players fail ... a match arbiter will assign a time."
        assert_eq!(fault_at_offers_due(3, 3, false), Fault::Neither);
        assert_eq!(fault_at_offers_due(2, 3, false), Fault::One { first: true });
        assert_eq!(
            fault_at_offers_due(3, 0, false),
            Fault::One { first: false }
        );
        assert_eq!(fault_at_offers_due(1, 2, false), Fault::Both);
        // "unless an offer has been accepted before that number is reached"
        assert_eq!(fault_at_offers_due(1, 0, true), Fault::Agreed);
    }

    #[test]
    fn a_no_show_is_reported_at_the_time_and_again_when_the_grace_ends_match_rules() {
        // ACWC Match rules: "If a player is offline at the time of the match, they have a 10
        // minute grace period ... The appearing player has to message the TD that their
        // opponent did not show up and again 10 minutes afterwards". The first message comes at
        // the agreed time, the second when the grace period is over.
        let start = at("2026-12-02 18:00");
        assert_eq!(
            no_show(start, None, at("2026-12-02 17:55")),
            NoShow::Early(start)
        );
        assert_eq!(no_show(start, None, start), NoShow::First);
        assert_eq!(
            no_show(start, Some(start), at("2026-12-02 18:10")),
            NoShow::Second
        );
        assert_eq!(no_show(start, None, at("2026-12-02 18:10")), NoShow::First);
        let first = Some(at("2026-12-02 18:11"));
        assert_eq!(
            no_show(start, first, at("2026-12-02 18:15")),
            NoShow::Wait(at("2026-12-02 18:21"))
        );
        assert_eq!(
            no_show(start, first, at("2026-12-02 18:21")),
            NoShow::Second
        );
    }

    #[test]
    fn a_round_paired_early_still_gets_the_following_week_of_its_own_timeline() {
        // ACWC Timeline: "There is one week per Qualification round"; later pairings are
        // published "on subsequent Mondays as soon as possible (or earlier if all players
        // finish their matches earlier)". Round 1's week is 30 Nov–6 Dec 2026; every match is
        // done on Monday 30 Nov, and round 2 is paired that day: it is due Sun 13 Dec.
        let round1 = Week::of_publication(at("2026-11-29 12:00"));
        assert_eq!(round1.start, at("2026-11-30 00:00"));
        let round2 = Week::following(round1, at("2026-11-30 20:00"));
        assert_eq!(round2.start, at("2026-12-07 00:00"));
        assert_eq!(round2.end(), at("2026-12-13 23:59") + Duration::seconds(59));
        // Paired on the Friday of round 1's week: the same following week.
        assert_eq!(Week::following(round1, at("2026-12-04 09:00")), round2);
    }

    #[test]
    fn a_round_paired_late_has_its_week_from_its_pairing_timeline() {
        // ACWC Timeline: "one week per Qualification round", pairings "on subsequent Mondays as
        // soon as possible"; Match negotiations: 3 offers "by Wednesday", no agreement "before
        // the weekend". Round 1 (30 Nov–6 Dec) is settled on Monday 7 Dec: round 2 has the week
        // of 7 Dec. Settled only on Friday 11 Dec, round 2's week runs from that Friday, so its
        // offers' deadline and weekend are still ahead.
        let round1 = Week::of_publication(at("2026-11-29 12:00"));
        let monday = Week::following(round1, at("2026-12-07 20:00"));
        assert_eq!(monday.start, at("2026-12-07 00:00"));
        let friday = Week::following(round1, at("2026-12-11 10:00"));
        assert_eq!(friday.start, at("2026-12-11 00:00"));
        assert!(friday.offers_due() > at("2026-12-11 10:00"));
        assert_eq!(utc(friday.offers_due()), "Sun 13 Dec 2026 23:59 UTC");
        assert_eq!(utc(friday.end()), "Thu 17 Dec 2026 23:59 UTC");
        // The round after it follows on, a week later.
        assert_eq!(
            Week::following(friday, at("2026-12-16 10:00")).start,
            at("2026-12-18 00:00")
        );
    }

    #[test]
    fn a_time_chosen_for_a_player_gives_a_days_notice_match_negotiations() {
        // "A player should respond to an offer ... preferably within 24 hours": a time chosen
        // for a player at fault gives them that long.
        let now = at("2026-12-03 09:00");
        let end = at("2026-12-06 23:59");
        assert_eq!(check_chosen(at("2026-12-04 09:00"), now, end), Ok(()));
        assert_eq!(
            check_chosen(at("2026-12-03 09:30"), now, end),
            Err(OfferRefused::Notice("Fri 4 Dec 2026 09:00 UTC".into()))
        );
        assert!(matches!(
            check_chosen(at("2026-12-06 23:00"), at("2026-12-06 09:00"), end),
            Err(OfferRefused::NoNotice(_))
        ));
    }

    #[test]
    fn a_final_session_is_agreed_without_the_weeks_limits_match_rules_at_all_stages() {
        // ACWC Match rules "(applying at all stages)": the no-show rules need an agreed time;
        // "the finalists are allowed to split their match over several days", so the Final's
        // sessions are offered without a week's deadline or spacing.
        let now = at("2026-12-28 09:00");
        assert_eq!(
            check_session_offer(at("2027-02-01 19:00"), now, None),
            Ok(())
        );
        assert_eq!(
            check_session_offer(at("2026-12-28 08:00"), now, None),
            Err(OfferRefused::Past)
        );
        // A session agreed and still ahead holds; once its time has come the next is agreed.
        let agreed = Some(at("2026-12-29 19:00"));
        assert_eq!(
            check_session_offer(at("2026-12-30 19:00"), now, agreed),
            Err(OfferRefused::Agreed)
        );
        assert_eq!(
            check_session_offer(at("2026-12-30 19:00"), at("2026-12-29 23:00"), agreed),
            Ok(())
        );
    }
}
