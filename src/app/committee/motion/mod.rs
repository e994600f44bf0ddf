//! Motions: opening one with its sitting body fixed (A.6), votes with Yes/No/Abstain buttons,
//! the close at its time or once everyone sitting has voted, the TD's tie-break, and what a
//! result sets off (a rule change goes to the TD, an override decides the veto, A.7).

mod close;
pub(crate) mod open;

mod show;
mod vote;

use sqlx::SqliteConnection;

use crate::domain::committee::rules::{Sitting, TieBreak};
use crate::domain::committee::sitting::{Holders, SittingBody};
use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::committee::committees::CommitteeRow;

pub use open::OpenMotion;
pub use show::{rules_needs, MotionShown};
pub use vote::Voted;

/// The buttons under a motion's post: each runs `/motion vote` for whoever presses it, so the
/// same checks decide (a seat, an open motion).
pub fn vote_buttons(number: i64) -> [Button; 3] {
    [
        Button::new("Yes", "motion vote")
            .preset("motion", number)
            .preset("choice", "yes")
            .style(ButtonStyle::Success),
        Button::new("No", "motion vote")
            .preset("motion", number)
            .preset("choice", "no")
            .style(ButtonStyle::Danger),
        Button::new("Abstain", "motion vote")
            .preset("motion", number)
            .preset("choice", "abstain")
            .style(ButtonStyle::Secondary),
    ]
}

/// Who sits for a committee's vote now (A.6).
pub(crate) async fn sitting_body(
    conn: &mut SqliteConnection,
    committee: &CommitteeRow,
) -> sqlx::Result<SittingBody> {
    let rules = committee.rules();
    let names = |rows: Vec<(i64, String, Option<String>)>| -> Vec<(i64, String)> {
        rows.into_iter().map(|(id, name, _)| (id, name)).collect()
    };
    let seats = Office::from_key(&committee.seats).expect("stored by the domain");
    let members = names(store::offices::holders_of(conn, seats).await?);
    let assistants = if rules.sitting == Sitting::MembersAndAssistants {
        names(store::offices::holders_of(conn, Office::AssistantDirector).await?)
    } else {
        Vec::new()
    };
    let directors = if rules.vote.tie_break == TieBreak::Director {
        names(store::offices::holders_of(conn, Office::TournamentDirector).await?)
    } else {
        Vec::new()
    };
    let acting = store::offices::holders_of(conn, Office::ActingDirector)
        .await?
        .first()
        .map(|(id, ..)| *id);
    Ok(SittingBody::of(
        &Holders {
            members,
            assistants,
            directors,
            acting,
        },
        rules.sitting,
    ))
}
