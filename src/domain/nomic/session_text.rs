//! Reading the session Act's times and room (Terms §0 Act 5: "on a Friday, between 12:30 and
//! 13:10 in 322"): an amended text's new start, end or room, where it states them plainly.

use chrono::NaiveTime;

use super::reading::Reading;

/// Every time of day the text names as `H:MM` or `HH:MM`, in order, with where each ends.
fn times_at(text: &str) -> Vec<(NaiveTime, usize)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit());
        if starts {
            let hour_end = (i..bytes.len())
                .find(|&j| !bytes[j].is_ascii_digit())
                .unwrap_or(bytes.len());
            let minutes = hour_end + 1..hour_end + 3;
            let is_time = hour_end - i <= 2
                && bytes.get(hour_end) == Some(&b':')
                && minutes
                    .clone()
                    .all(|j| bytes.get(j).is_some_and(u8::is_ascii_digit))
                && !bytes.get(hour_end + 3).is_some_and(u8::is_ascii_digit);
            if is_time {
                if let Ok(t) = NaiveTime::parse_from_str(&text[i..minutes.end], "%H:%M") {
                    found.push((t, minutes.end));
                }
                i = minutes.end;
                continue;
            }
            i = hour_end;
            continue;
        }
        i += 1;
    }
    found
}

/// Every time of day the text names, in order.
pub fn times(text: &str) -> Vec<NaiveTime> {
    times_at(text).into_iter().map(|(t, _)| t).collect()
}

/// The room the text names: the words after "in" that follow its last time, up to the end of
/// the clause ("… 13:10 in 322 are considered invalid" names "322").
pub fn place(text: &str) -> Option<String> {
    let (_, end) = *times_at(text).last()?;
    let rest = text[end..].trim_start().strip_prefix("in ")?;
    let stop = [" are ", " is ", ",", ";", ".", "\n"]
        .iter()
        .filter_map(|s| rest.find(s))
        .min()
        .unwrap_or(rest.len());
    let room = rest[..stop].trim();
    (!room.is_empty()).then(|| room.to_owned())
}

/// The session's start (`index` 0) or end (1) as an amended text states it: it names two times
/// of day, and the one at `index` is the new value.
pub fn read_time(before: &str, after: &str, index: usize, current: NaiveTime) -> Reading {
    let (old, new) = (times(before), times(after));
    if old == new {
        return Reading::Unchanged;
    }
    match new.as_slice() {
        [_, _] if new[index] == current => Reading::Unchanged,
        [_, _] => Reading::Set(new[index].format("%H:%M").to_string()),
        _ => Reading::Unclear,
    }
}

/// The session's room as an amended text states it.
pub fn read_place(before: &str, after: &str, current: &str) -> Reading {
    let (old, new) = (place(before), place(after));
    if old == new {
        return Reading::Unchanged;
    }
    match new {
        Some(room) if room == current => Reading::Unchanged,
        Some(room) => Reading::Set(room),
        None => Reading::Unclear,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACT: &str =
        "Any games that do not take place on a Friday, between 12:30 and 13:10 in 322 are considered invalid";
    const MOVED: &str = "Any games that do not take place on a Friday, between 12:00 and 13:30 in room 101 are considered invalid";

    fn at(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn the_session_acts_times_and_room_are_read_terms_0_5() {
        assert_eq!(times(ACT), [at(12, 30), at(13, 10)]);
        assert_eq!(place(ACT).as_deref(), Some("322"));
        assert_eq!(place(MOVED).as_deref(), Some("room 101"));
    }

    #[test]
    fn an_amended_session_act_moves_the_times_and_the_room_terms_0_5() {
        assert_eq!(
            read_time(ACT, MOVED, 0, at(12, 30)),
            Reading::Set("12:00".into())
        );
        assert_eq!(
            read_time(ACT, MOVED, 1, at(13, 10)),
            Reading::Set("13:30".into())
        );
        assert_eq!(
            read_place(ACT, MOVED, "322"),
            Reading::Set("room 101".into())
        );
        assert_eq!(read_time(ACT, ACT, 0, at(12, 30)), Reading::Unchanged);
        assert_eq!(read_place(ACT, ACT, "322"), Reading::Unchanged);
    }

    #[test]
    fn a_text_that_does_not_say_plainly_is_unclear_terms_0_5() {
        let vague = "Any games that do not take place at lunchtime in the library are invalid";
        assert_eq!(read_time(ACT, vague, 0, at(12, 30)), Reading::Unclear);
        assert_eq!(read_place(ACT, vague, "322"), Reading::Unclear);
        let three = "Games take place between 12:00 and 12:40 or 13:00 and 13:30 in 322";
        assert_eq!(read_time(ACT, three, 1, at(13, 10)), Reading::Unclear);
    }

    #[test]
    fn numbers_that_are_not_times_are_not_read() {
        assert!(times("Rule 2026 of 101 rooms at 7:5 and 123:45").is_empty());
    }
}
