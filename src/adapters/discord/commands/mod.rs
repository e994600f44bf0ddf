//! The slash commands, one file per feature.

mod game;
mod member;
mod members;
mod moderation;
mod office;
mod session;
mod standings;

use super::{Context, Error};
use crate::app::App;

/// Every command gavel registers.
pub fn all() -> Vec<poise::Command<App, Error>> {
    vec![
        members::join(),
        members::profile(),
        office::office(),
        session::session(),
        game::game(),
        standings::leaderboard(),
        standings::history(),
        member::member(),
        member::leave(),
        moderation::moderation(),
    ]
}

/// Shared by command files.
pub(crate) use super::reply::{caller, person, respond};
pub(crate) type Ctx<'a> = Context<'a>;
