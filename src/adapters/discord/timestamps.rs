//! How Discord shows a moment a reply or a post names: as a timestamp each reader sees in their
//! own time zone (`<t:…:F>` with how long until or since, `<t:…:D>` for a date).

use crate::domain::kernel::moment::render;

/// The text with every moment as Discord timestamps.
pub fn for_discord(text: &str) -> String {
    render(text, |unix, style, _| match style {
        'F' => format!("<t:{unix}:F> (<t:{unix}:R>)"),
        other => format!("<t:{unix}:{other}>"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kernel::moment::{in_club_time, moment, Style};
    use chrono::{DateTime, Utc};

    fn at() -> DateTime<Utc> {
        "2027-01-08T13:20:00Z".parse().expect("time")
    }

    #[test]
    fn discord_reads_a_timestamp_where_the_console_reads_club_time() {
        let text = format!(
            "Declare it by {}.",
            moment(at(), Style::DateTime, "Fri 8 Jan 2027 13:20 GMT")
        );
        assert_eq!(
            for_discord(&text),
            "Declare it by <t:1799414400:F> (<t:1799414400:R>)."
        );
        assert_eq!(
            in_club_time(&text),
            "Declare it by Fri 8 Jan 2027 13:20 GMT."
        );
        let date = moment(at(), Style::Date, "Fri 8 Jan 2027");
        assert_eq!(for_discord(&date), "<t:1799414400:D>");
    }

    #[test]
    fn text_that_only_looks_like_a_moment_is_left_alone() {
        for typed in ["a ⟨bracket", "⟨t:x:F|no⟩ and ⟨⟩", "plain"] {
            assert_eq!(for_discord(typed), typed);
        }
    }
}
