//! The Nomic game and the Terms §IV procedure: `/proposals` and `/proposals/{n}` (the text, the
//! changes, the votes and the result), `/points` (the players' points and their changes) and
//! `/orders`, `/orders/{n}` (Points of Order: the Judges, their Judgements and the opinions).

mod data;
mod orders;
mod view;

use axum::extract::{Path, State};
use axum::response::Response;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::Portal;

pub use orders::{order, orders};

pub async fn proposals(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["before"])?;
        let before = params.number("before")?;
        let mut conn = portal.pool().acquire().await?;
        Ok::<_, PageError>(Page {
            title: "Proposals".into(),
            data: data::proposals(&mut conn, before).await?,
        })
    }
    .await;
    format.respond(&portal, page, |p| view::proposals(p, portal.tz))
}

pub async fn proposal(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(n): Path<String>,
) -> Response {
    numbered(
        &portal,
        (format, params),
        ("proposal", &n),
        async |conn, n| {
            let proposal = data::proposal(conn, n)
                .await?
                .ok_or_else(|| PageError::NotFound(format!("There is no proposal {n}.")))?;
            Ok(Page {
                title: format!("Proposal {n}"),
                data: proposal,
            })
        },
        |p| view::proposal(p, portal.tz),
    )
    .await
}

pub async fn points(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&[])?;
        let mut conn = portal.pool().acquire().await?;
        Ok::<_, PageError>(Page {
            title: "Players' points".into(),
            data: data::points(&mut conn).await?,
        })
    }
    .await;
    format.respond(&portal, page, |p| view::points(p, portal.tz))
}
