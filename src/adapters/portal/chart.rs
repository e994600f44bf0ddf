//! A member's score as an SVG line chart drawn on the server (no script), with voided events
//! marked on the time axis. The same numbers are in a table beside it.

use chrono::{DateTime, Utc};
use maud::{html, Markup};

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 240.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 28.0;
/// At most this many points are drawn; a longer history is thinned evenly (the table has all).
const MOST: usize = 800;

/// The chart of `points` (time, score after), with `voided` instants marked.
pub fn score_chart(
    points: &[(DateTime<Utc>, i64)],
    voided: &[DateTime<Utc>],
    summary: &str,
) -> Markup {
    if points.is_empty() {
        return html! {};
    }
    let step = points.len().div_ceil(MOST).max(1);
    let mut drawn: Vec<(DateTime<Utc>, i64)> = points.iter().step_by(step).copied().collect();
    if let Some(last) = points.last() {
        if drawn.last() != Some(last) {
            drawn.push(*last);
        }
    }
    let t0 = drawn
        .first()
        .map(|p| p.0)
        .into_iter()
        .chain(voided.iter().copied())
        .min()
        .expect("one point");
    let t1 = drawn
        .last()
        .map(|p| p.0)
        .into_iter()
        .chain(voided.iter().copied())
        .max()
        .expect("one point");
    let span = ((t1 - t0).num_seconds() as f64).max(1.0);
    let lo = drawn.iter().map(|p| p.1).min().unwrap_or(0);
    let hi = drawn.iter().map(|p| p.1).max().unwrap_or(0).max(lo + 1);
    let x =
        |t: DateTime<Utc>| LEFT + ((t - t0).num_seconds() as f64 / span) * (WIDTH - LEFT - RIGHT);
    let y = |s: i64| TOP + (1.0 - (s - lo) as f64 / (hi - lo) as f64) * (HEIGHT - TOP - BOTTOM);
    let mut path = String::with_capacity(drawn.len() * 16);
    for (i, (t, s)) in drawn.iter().enumerate() {
        // A step chart: the score holds until the next event moves it.
        if i == 0 {
            path.push_str(&format!("M{:.1} {:.1}", x(*t), y(*s)));
        } else {
            path.push_str(&format!("H{:.1}V{:.1}", x(*t), y(*s)));
        }
    }
    let base = HEIGHT - BOTTOM;
    html! {
        figure class="chart" {
            svg xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 {WIDTH} {HEIGHT}"))
                role="img" aria-labelledby="chart-title chart-desc" {
                title id="chart-title" { "Score over time" }
                desc id="chart-desc" { (summary) }
                line class="axis" x1=(LEFT) y1=(TOP) x2=(LEFT) y2=(base) {}
                line class="axis" x1=(LEFT) y1=(base) x2=(WIDTH - RIGHT) y2=(base) {}
                text x=(LEFT - 6.0) y=(y(hi) + 4.0) text-anchor="end" { (hi) }
                text x=(LEFT - 6.0) y=(y(lo) + 4.0) text-anchor="end" { (lo) }
                text x=(LEFT) y=(HEIGHT - 8.0) { (t0.format("%Y-%m-%d")) }
                text x=(WIDTH - RIGHT) y=(HEIGHT - 8.0) text-anchor="end" { (t1.format("%Y-%m-%d")) }
                path class="line" d=(path) {}
                @for t in voided {
                    path class="voided" d=(format!("M{:.1} {:.1}l5 9h-10z", x(*t), base - 9.0)) {}
                }
            }
            figcaption {
                "A step for each event that moved the score; a red triangle on the time axis marks an event later voided. "
                "The table below lists every event."
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_draws_each_point_and_marks_each_void() {
        let t = |d: u32| {
            DateTime::parse_from_rfc3339(&format!("2026-11-{d:02}T12:00:00Z"))
                .expect("time")
                .to_utc()
        };
        let svg =
            score_chart(&[(t(1), 100), (t(8), 116), (t(15), 100)], &[t(10)], "s").into_string();
        assert!(svg.contains("role=\"img\""), "{svg}");
        assert_eq!(svg.matches("class=\"voided\"").count(), 1);
        assert_eq!(svg.matches('H').count(), 2, "{svg}");
        assert!(score_chart(&[], &[], "s").into_string().is_empty());
    }

    #[test]
    fn a_long_history_is_thinned_to_the_most_drawn() {
        let start = DateTime::parse_from_rfc3339("2020-01-01T00:00:00Z")
            .expect("time")
            .to_utc();
        let points: Vec<_> = (0..10_000)
            .map(|i| (start + chrono::Duration::hours(i), 100 + i % 50))
            .collect();
        let svg = score_chart(&points, &[], "s").into_string();
        assert!(svg.matches('H').count() <= MOST + 1);
    }
}
