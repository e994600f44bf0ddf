//! Rule changes and Points of Order: /turns, /rule, /proposal, /propose, /vote, /procedure and
//! /order.

pub(super) mod orders;
mod orders_said;
pub(super) mod rules;
mod said;
