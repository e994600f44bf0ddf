//! The Court's buttons on Discord: Grant on a filed appeal (Terms §III Act 3.6), Uphold /
//! Overturn / Remand on the post that seats a bench (Acts 3.3, 3.8, 3.9), and Write the opinion
//! on the post that makes it due (Act 3.10). Each runs the same command as typing it, so the
//! same checks decide: a second press by the same Justice is refused and counts nothing.

use crate::domain::kernel::button::{Button, ButtonStyle};

/// The button a Justice presses to grant a hearing of appeal `n` (`/court grant appeal:N`).
pub fn grant_button(n: i64) -> Button {
    Button::new("Grant", "court grant").preset("appeal", n)
}

/// The buttons a Justice on the bench presses to vote on appeal `n`; each asks for the reasons
/// (and a remand's conditions) in a form. An overturn that puts something in place of the
/// decision (a ban's end, a lesser step, a ruling) is typed as `/court vote` instead.
pub fn vote_buttons(n: i64) -> [Button; 3] {
    let vote = |label: &str, decision: &str, style| {
        Button::new(label, "court vote")
            .preset("appeal", n)
            .preset("decision", decision)
            .style(style)
    };
    [
        vote("Uphold", "uphold", ButtonStyle::Success),
        vote("Overturn", "overturn", ButtonStyle::Danger),
        vote("Remand", "remand", ButtonStyle::Secondary),
    ]
}

/// The button the author presses to write the opinion on appeal `n` in a form.
pub fn opinion_button(n: i64) -> Button {
    Button::new("Write the opinion", "court opinion").preset("appeal", n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::button::check;

    #[test]
    fn the_courts_buttons_run_commands_of_the_table() {
        // Terms §III Acts 3.6 (grant), 3.3 and 3.8 (votes), 3.10 (opinion).
        let mut all = vec![grant_button(12), opinion_button(12)];
        all.extend(vote_buttons(12));
        for b in &all {
            assert_eq!(check(b), Ok(()), "{}", b.render());
        }
        assert_eq!(
            vote_buttons(3)[2].render(),
            "[Remand → /court vote appeal:3 decision:remand]"
        );
    }
}
