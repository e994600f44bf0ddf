//! The pages, a folder per group: each loads its data (the JSON under `/api/v1/`) and renders
//! it (the HTML page) from the same struct.

mod cases;
mod committees;
mod court;
mod diplomacy;
mod games;
mod home;
mod members;
mod nomic;
mod partychess;
mod partychess_png;
mod rules;
mod search;
mod tournaments;

use axum::routing::get;
use axum::Router;

use super::Portal;

/// The pages' routes, without the `/api/v1` prefix.
pub fn routes() -> Router<Portal> {
    Router::new()
        .route("/", get(home::page))
        .route("/announcements", get(home::announcements))
        .route("/leaderboard", get(members::leaderboard))
        .route("/members/:id", get(members::member))
        .route("/games", get(games::list))
        .route("/games/:n", get(games::one))
        .route("/cases", get(cases::list))
        .route("/cases/:n", get(cases::one))
        .route("/court", get(court::docket))
        .route("/court/appeals/:n", get(court::appeal))
        .route("/rules", get(rules::list))
        .route("/rules/:label", get(rules::one))
        .route("/proposals", get(nomic::proposals))
        .route("/proposals/:n", get(nomic::proposal))
        .route("/points", get(nomic::points))
        .route("/orders", get(nomic::orders))
        .route("/orders/:n", get(nomic::order))
        .route("/motions", get(committees::list))
        .route("/motions/:n", get(committees::one))
        .route("/houserules", get(committees::house_rules))
        .route("/tournaments", get(tournaments::list))
        .route("/tournaments/:n", get(tournaments::one))
        .route("/tournaments/matches/:n", get(tournaments::a_match))
        .route("/partychess", get(partychess::page))
        .route("/partychess/:n/board.png", get(partychess_png::board))
        .route("/diplomacy", get(diplomacy::overview))
        .route("/diplomacy/boards/:n", get(diplomacy::board))
        .route("/search", get(search::search))
        .route("/feed.atom", get(search::feed))
}
