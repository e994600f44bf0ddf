//! `/leaderboard` (every current Member by score, paged by key) and `/members/{id}` (a person's
//! score over time with voided events marked, games, cases, appeals and offices, with dates).

mod data;
mod view;

use axum::extract::{Path, State};
use axum::response::Response;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::Portal;

pub use data::{Board, Member};

pub async fn leaderboard(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["after"])?;
        let after = params.text("after").map(data::Cursor::parse).transpose()?;
        let mut conn = portal.pool().acquire().await?;
        let board = data::board(&mut conn, after).await?;
        Ok::<_, PageError>(Page {
            title: "Leaderboard".into(),
            data: board,
        })
    }
    .await;
    format.respond(&portal, page, view::board)
}

pub async fn member(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(id): Path<String>,
) -> Response {
    numbered(
        &portal,
        (format, params),
        ("member", &id),
        async |conn, id| {
            let member = data::member(conn, id)
                .await?
                .ok_or_else(|| PageError::NotFound(format!("There is no member #{id}.")))?;
            Ok(Page {
                title: member.who.name.clone(),
                data: member,
            })
        },
        |m| view::member(m, portal.tz),
    )
    .await
}
