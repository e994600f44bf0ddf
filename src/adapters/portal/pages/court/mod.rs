//! `/court` (the docket: every appeal, newest first, paged by key) and `/court/appeals/{n}` (the
//! filing, the grant, the bench, the votes with their reasons, the decision, the opinion and
//! what the decision did to the record, then the appeal's history in words).

mod data;
mod view;

use axum::extract::{Path, State};
use axum::response::Response;

use crate::adapters::portal::http::{numbered, Format, Page, PageError, Params};
use crate::adapters::portal::Portal;

pub use data::{AppealDetail, Docket};

pub async fn docket(State(portal): State<Portal>, format: Format, params: Params) -> Response {
    let page = async {
        params.only(&["before"])?;
        let before = params.number("before")?;
        let mut conn = portal.pool().acquire().await?;
        Ok::<_, PageError>(Page {
            title: "The Court of Appeals".into(),
            data: data::docket(&mut conn, before).await?,
        })
    }
    .await;
    format.respond(&portal, page, |d| view::docket(d, portal.tz))
}

pub async fn appeal(
    State(portal): State<Portal>,
    format: Format,
    params: Params,
    Path(n): Path<String>,
) -> Response {
    numbered(
        &portal,
        (format, params),
        ("appeal", &n),
        async |conn, n| {
            let appeal = data::appeal(conn, n)
                .await?
                .ok_or_else(|| PageError::NotFound(format!("There is no appeal #{n}.")))?;
            Ok(Page {
                title: format!("Appeal {n}"),
                data: appeal,
            })
        },
        |a| view::appeal(a, portal.tz),
    )
    .await
}
