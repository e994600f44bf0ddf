//! The portal: the club's record on the web, read-only. Axum handlers read through the portal's
//! own read-only SQLite connections (never the bot's), render each page on the server with
//! compile-time checked templates (maud) and answer the same data as JSON under `/api/v1/`.
//! It shows only what gavel has made public: posts that reached their channel, declared cases,
//! the Leaderboard, games, the Court's docket, the rulebook and the Nomic game.

mod assets;
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

/// The portal's state: its read-only pool and the club it shows.
#[derive(Clone, Debug)]
pub struct Portal {
    pool: SqlitePool,
    club: Arc<str>,
    tz: Tz,
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
            .max_connections(4)
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(5))
            .connect_with(options)
            .await
            .map_err(|e| anyhow::anyhow!("cannot open the database at `{path}` read-only: {e}"))?;
        Ok(Self {
            pool,
            club: config.club.name.as_str().into(),
            tz: config.club.timezone,
        })
    }

    /// The read-only pool.
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }
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
