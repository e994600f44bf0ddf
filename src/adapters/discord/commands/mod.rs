//! The slash commands, one file per feature.

mod members;
mod office;

use super::{Context, Error};
use crate::app::App;

/// Every command gavel registers.
pub fn all() -> Vec<poise::Command<App, Error>> {
    vec![members::join(), members::profile(), office::office()]
}

/// Shared by command files.
#[allow(unused_imports)]
pub(crate) use super::reply::{caller, person, refuse, respond};
pub(crate) type Ctx<'a> = Context<'a>;
