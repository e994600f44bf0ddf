//! The fold of the score history, materialised: current scores, how each live event moved them,
//! and checkpoints of the fold, kept equal to a full fold by the functions that change history.
//!
//! The history (`score_events`) stays the truth. Appending the newest event takes one step of
//! the fold on the members it concerns; any change at an older position (a void, an unvoid, a
//! backdated event) re-derives everything after the checkpoint before it, exactly as a full
//! fold would. `check` folds the whole history and compares; `rebuild` starts again from it.

mod bulk;
mod check;
mod fold;
mod history;
mod reads;
mod scores;
mod steps;

pub use check::check;
pub use fold::{adopt, rebuild};
pub(crate) use fold::{appended, changed};
pub use history::{live_events, read_history, EventRow, Position};
pub use reads::{
    game_tally, latest_counted_games, member_count, members_above, members_by_score,
    members_with_scores, movement_count_of_person, movement_in_game, movements_of,
    movements_of_person, movements_of_person_page, score_of,
};
pub use scores::all_scores;
pub use steps::{decode_state, encode_state};

#[cfg(test)]
mod tests;
