//! The HTTP side of every page: HTML or JSON from the same data, the error pages, the query
//! string read strictly, the ETag from the record's revision, and the middleware layers.

use std::time::Duration;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use serde::Serialize;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use super::cache;
use super::layout;
use super::Portal;
use crate::store;

/// Whether a request asked for the page or its data (`/api/v1/...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Html,
    Json,
}

#[axum::async_trait]
impl<S: Send + Sync> FromRequestParts<S> for Format {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Format>()
            .copied()
            .unwrap_or_default())
    }
}

/// A page: its title and the data both forms show.
pub struct Page<T> {
    pub title: String,
    pub data: T,
}

impl Format {
    /// The data as JSON, or as the page `view` renders inside the site's layout.
    pub fn respond<T: Serialize>(
        self,
        portal: &Portal,
        page: Result<Page<T>, PageError>,
        view: impl FnOnce(&T) -> Markup,
    ) -> Response {
        match (self, page) {
            (Format::Json, Ok(page)) => axum::Json(&page.data).into_response(),
            (Format::Html, Ok(page)) => {
                html_response(layout::page(portal, &page.title, view(&page.data)))
            }
            (format, Err(e)) => e.render(portal, format),
        }
    }
}

pub fn html_response(markup: Markup) -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        markup.into_string(),
    )
        .into_response()
}

/// Why a page cannot be shown: nothing by that name (404), a request that makes no sense (400),
/// or the record could not be read (500, logged).
#[derive(Debug)]
pub enum PageError {
    NotFound(String),
    BadRequest(String),
    Internal(String),
}

impl From<sqlx::Error> for PageError {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!(error = %e, "the portal could not read the record");
        PageError::Internal("The record could not be read just now; try again.".into())
    }
}

impl PageError {
    fn parts(&self) -> (StatusCode, &'static str, &str) {
        match self {
            PageError::NotFound(m) => (StatusCode::NOT_FOUND, "Not found", m),
            PageError::BadRequest(m) => (StatusCode::BAD_REQUEST, "Bad request", m),
            PageError::Internal(m) => (StatusCode::INTERNAL_SERVER_ERROR, "Unavailable", m),
        }
    }

    pub fn render(&self, portal: &Portal, format: Format) -> Response {
        let (status, title, message) = self.parts();
        let body = match format {
            Format::Json => axum::Json(serde_json::json!({
                "error": { "status": status.as_u16(), "message": message }
            }))
            .into_response(),
            Format::Html => html_response(layout::page(
                portal,
                title,
                html! {
                    h1 { (title) }
                    p { (message) }
                    p { a href="/" { "Back to the front page" } }
                },
            )),
        };
        (status, body).into_response()
    }
}

/// The answer to an address no page has.
pub async fn not_found(State(portal): State<Portal>, request: Request) -> Response {
    let format = if request.uri().path().starts_with("/api/") {
        Format::Json
    } else {
        Format::Html
    };
    PageError::NotFound("There is no page at this address.".into()).render(&portal, format)
}

/// The longest query string read; anything longer is refused, not parsed.
pub const MAX_QUERY: usize = 1024;

/// A query string read strictly: each name at most once, only the names a page knows.
#[derive(Debug, Default)]
pub struct Params(Vec<(String, String)>);

#[axum::async_trait]
impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ParamsRejection;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let format = parts
            .extensions
            .get::<Format>()
            .copied()
            .unwrap_or_default();
        let raw = parts.uri.query().unwrap_or("");
        let refuse = |m: String| ParamsRejection(format, m);
        if raw.len() > MAX_QUERY {
            return Err(refuse(format!(
                "The query string is longer than {MAX_QUERY} characters."
            )));
        }
        let mut out: Vec<(String, String)> = Vec::new();
        for (k, v) in form_urlencoded::parse(raw.as_bytes()) {
            if out.iter().any(|(name, _)| *name == k) {
                return Err(refuse(format!("`{k}` is given more than once.")));
            }
            out.push((k.into_owned(), v.into_owned()));
        }
        Ok(Params(out))
    }
}

/// A refused query string, rendered as a 400 page in the request's format.
#[derive(Debug)]
pub struct ParamsRejection(Format, String);

impl IntoResponse for ParamsRejection {
    fn into_response(self) -> Response {
        // The layout needs the portal only for the club's name; a bare page says enough here.
        let (format, message) = (self.0, self.1);
        match format {
            Format::Json => (
                StatusCode::BAD_REQUEST,
                axum::Json(serde_json::json!({ "error": { "status": 400, "message": message } })),
            )
                .into_response(),
            Format::Html => (
                StatusCode::BAD_REQUEST,
                html_response(layout::bare("Bad request", &message)),
            )
                .into_response(),
        }
    }
}

impl Params {
    /// Refuses any name not in `known`.
    pub fn only(&self, known: &[&str]) -> Result<(), PageError> {
        match self.0.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            Some((k, _)) if known.is_empty() => Err(PageError::BadRequest(format!(
                "This page takes no `{k}` (it takes no query at all)."
            ))),
            Some((k, _)) => Err(PageError::BadRequest(format!(
                "This page takes no `{k}`; it takes {}.",
                known
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
            None => Ok(()),
        }
    }

    /// The text of `name`, if given (an empty value counts as not given).
    pub fn text(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.trim().is_empty())
    }

    /// A positive whole number, if given.
    pub fn number(&self, name: &str) -> Result<Option<i64>, PageError> {
        self.text(name).map(|v| positive(name, v)).transpose()
    }
}

/// A positive whole number from a query or a path, or a 400 naming it.
pub fn positive(name: &str, text: &str) -> Result<i64, PageError> {
    match text.trim().parse::<i64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(PageError::BadRequest(format!(
            "`{name}` must be a positive whole number, not “{}”.",
            shorten(text)
        ))),
    }
}

/// A number in a path (`/games/12`): anything else names no page, so it is a 404.
pub fn number_in_path(what: &str, text: &str) -> Result<i64, PageError> {
    text.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| PageError::NotFound(format!("There is no {what} “{}”.", shorten(text))))
}

/// The page of one numbered thing (`/motions/12`, a query string refused): the number read
/// from the path (`what` names it in a 404), the page `load` builds from it, shown by `view`.
pub async fn numbered<T: Serialize>(
    portal: &Portal,
    (format, params): (Format, Params),
    (what, text): (&str, &str),
    load: impl AsyncFnOnce(&mut sqlx::SqliteConnection, i64) -> Result<Page<T>, PageError>,
    view: impl FnOnce(&T) -> Markup,
) -> Response {
    let page = async {
        params.only(&[])?;
        let n = number_in_path(what, text)?;
        let mut conn = portal.pool().acquire().await?;
        load(&mut conn, n).await
    }
    .await;
    format.respond(portal, page, view)
}

/// At most 60 characters of what someone typed, for a message.
pub fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(60).collect();
    if text.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// The ETag of everything the portal answers at the record's revision `n`: a change to the
/// record (any committed write) or a new version of gavel gives another.
fn etag(n: i64) -> String {
    format!("W/\"{}-r{n}\"", env!("CARGO_PKG_VERSION"))
}

/// Conditional GET: each answer carries the ETag of the revision read before it was made, and a
/// request that already holds that ETag gets 304 without the page being made again. A page
/// asked for at a revision already answered is sent as kept (`cache`), made once for everyone.
/// Browsers must ask each time, so a change shows on the next request; a shared cache (a
/// reverse proxy, a CDN) may keep a page for `portal.shared_max_age` seconds (`cache_control`).
pub async fn revision_etag(State(portal): State<Portal>, request: Request, next: Next) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return next.run(request).await;
    }
    let revision = match portal.pool().acquire().await {
        Ok(mut conn) => store::revision::current(&mut conn).await,
        Err(e) => Err(e),
    };
    let Ok(revision) = revision else {
        return next.run(request).await;
    };
    let tag = etag(revision);
    let held = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    if held {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        set_cache_headers(&mut response, &tag, &portal.cache_control);
        return response;
    }
    let pages = portal
        .pages
        .clone()
        .filter(|_| request.method() == Method::GET);
    let mut response = if let Some(pages) = pages {
        let key = request.uri().path_and_query().map_or_else(
            || request.uri().path().to_owned(),
            |p| p.as_str().to_owned(),
        );
        let gzip = cache::accepts_gzip(request.headers().get(header::ACCEPT_ENCODING));
        match pages
            .answer(revision, &key, async move || next.run(request).await)
            .await
        {
            cache::Answer::Kept(page) => page.response(gzip),
            cache::Answer::Made(response) => response,
        }
    } else {
        next.run(request).await
    };
    if response.status().is_success() {
        set_cache_headers(&mut response, &tag, &portal.cache_control);
    }
    response
}

/// The `Cache-Control` of every page: public (the portal shows nobody's own data), and to be
/// asked again each time by a browser (`no-cache`, answered 304 while the revision holds); when
/// `shared_max_age` is more than 0, a shared cache in front (a reverse proxy, a CDN) may answer
/// from its copy for that many seconds without asking (`s-maxage`), so a change reaches its
/// visitors that much later.
pub fn cache_control(shared_max_age: u32) -> HeaderValue {
    if shared_max_age == 0 {
        HeaderValue::from_static("public, no-cache")
    } else {
        HeaderValue::from_str(&format!("public, max-age=0, s-maxage={shared_max_age}"))
            .expect("ASCII")
    }
}

fn set_cache_headers(response: &mut Response, tag: &str, cache_control: &HeaderValue) {
    let headers = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(tag) {
        headers.insert(header::ETAG, v);
    }
    headers.insert(header::CACHE_CONTROL, cache_control.clone());
}

/// The Content-Security-Policy: nothing but the site's own stylesheet and images; no script at
/// all, inline or not.
pub const CSP: &str = "default-src 'none'; style-src 'self'; img-src 'self'; \
    form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// How long a request may take before the portal answers 408.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The security headers, the time limit and compression around `router`.
pub fn with_layers(router: axum::Router) -> axum::Router {
    let header = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    router
        .layer(header(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header(header::X_FRAME_OPTIONS, "DENY"))
        .layer(header(header::REFERRER_POLICY, "no-referrer"))
        .layer(header(
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=()",
        ))
        .layer(header(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            TIMEOUT,
        ))
        .layer(CompressionLayer::new())
}
