//! The portal: the club's record on the web, read-only. Axum handlers read through the portal's
//! own read-only SQLite connections (never the bot's), render each page on the server with
//! compile-time checked templates (maud) and answer the same data as JSON under `/api/v1/`.
//! It shows only what gavel has made public: posts that reached their channel, declared cases,
//! the Leaderboard, games, the Court's docket, the rulebook and the Nomic game.

mod assets;
mod cache;
mod chart;
mod diff;
mod http;
mod layout;
mod pages;
mod record;
mod words;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use chrono_tz::Tz;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::SqlitePool;

use crate::config::Config;
use crate::store;

/// The portal's state: its read-only pool, the club it shows, and the pages kept for the
/// record's revision.
#[derive(Clone, Debug)]
pub struct Portal {
    pool: SqlitePool,
    club: Arc<str>,
    tz: Tz,
    /// None: every page is made for each request (the bench's "made" figures).
    pages: Option<Arc<cache::Pages>>,
    cache_control: axum::http::HeaderValue,
}

impl Portal {
    /// Opens the configured database read-only, with connections of the portal's own. The
    /// database must exist and be migrated (`gavel portal` and `gavel run` migrate it first).
    pub async fn open(config: &Config) -> anyhow::Result<Self> {
        let path = &config.database.path;
        if path == store::IN_MEMORY {
            anyhow::bail!(
                "the portal reads the database file through connections of its own, so \
                 database.path cannot be {} (a database in memory is seen by one connection)",
                store::IN_MEMORY
            );
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .read_only(true)
            .busy_timeout(Duration::from_secs(5))
            // No write, even by accident.
            .pragma("query_only", "true");
        let pool = SqlitePoolOptions::new()
            .max_connections(read_connections())
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(5))
            .connect_with(options)
            .await
            .map_err(|e| anyhow::anyhow!("cannot open the database at `{path}` read-only: {e}"))?;
        Ok(Self {
            pool,
            club: config.club.name.as_str().into(),
            tz: config.club.timezone,
            pages: Some(Arc::default()),
            cache_control: http::cache_control(config.portal.shared_max_age),
        })
    }

    /// How many bytes of pages are kept now, and for how many addresses.
    pub fn kept(&self) -> (usize, usize) {
        self.pages.as_ref().map_or((0, 0), |p| p.size())
    }

    /// The same portal keeping no page: each request makes its page (to measure the making).
    pub fn keeping_no_pages(mut self) -> Self {
        self.pages = None;
        self
    }

    /// The read-only pool.
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// The read connections: one a core, and at least two (SQLite reads on a connection's own
/// thread, so more would only take turns on the same cores; fewer would leave a core idle while
/// a slow page reads).
fn read_connections() -> u32 {
    std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 16) as u32
}

/// Every page, its JSON twin under `/api/v1/`, the stylesheet, and the middleware: conditional
/// GET by the record's revision, compression, a time limit and the security headers.
pub fn router(portal: Portal) -> Router {
    let pages = pages::routes();
    let router = Router::new()
        .merge(pages.clone())
        .nest("/api/v1", pages.layer(axum::Extension(http::Format::Json)))
        .route("/assets/site.css", axum::routing::get(assets::stylesheet))
        .route("/favicon.svg", axum::routing::get(assets::icon))
        .route("/favicon.ico", axum::routing::get(assets::icon))
        .fallback(http::not_found)
        .layer(axum::middleware::from_fn_with_state(
            portal.clone(),
            http::revision_etag,
        ))
        .with_state(portal);
    http::with_layers(router)
}

/// Binds the portal's address (so a taken port is reported before anything starts).
pub async fn bind(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("the portal cannot listen on {addr} (portal.listen): {e}"))
}

/// Serves the portal until `shutdown` completes; requests in flight are finished.
pub async fn serve(
    listener: tokio::net::TcpListener,
    portal: Portal,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let addr = listener.local_addr()?;
    tracing::info!(%addr, "the portal is serving");
    axum::serve(listener, router(portal))
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(())
}
