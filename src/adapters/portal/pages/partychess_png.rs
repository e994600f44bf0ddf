//! `/partychess/{n}/board.png`: the Party Board as a PNG for Discord, rendered with `resvg`
//! from the same SVG the portal page shows (Rule 1230.1 §1). The coordinates and characters are
//! drawn with a monospaced font installed on the host.

use std::sync::{Arc, OnceLock};

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use resvg::usvg::{fontdb, Options, Tree};

use crate::adapters::portal::Portal;
use crate::domain::partychess::diagram;
use crate::domain::partychess::position::Position;
use crate::store;

/// The host's fonts, loaded once, with a monospaced one standing for `monospace`.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            let mono = db
                .faces()
                .find(|f| f.monospaced)
                .and_then(|f| f.families.first().map(|(name, _)| name.clone()));
            if let Some(name) = mono {
                db.set_monospace_family(name);
            }
            Arc::new(db)
        })
        .clone()
}

/// Renders an SVG to PNG bytes at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let opt = Options {
        fontdb: fonts(),
        ..Options::default()
    };
    let tree = Tree::from_str(svg, &opt).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or("the image has no size")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// The board of game `n` as a PNG.
pub async fn board(State(portal): State<Portal>, Path(n): Path<i64>) -> Response {
    let row = match portal.pool().acquire().await {
        Ok(mut conn) => store::partychess::games::by_id(&mut conn, n).await,
        Err(e) => Err(e),
    };
    let row = match row {
        Ok(Some(row)) => row,
        Ok(None) => {
            return (StatusCode::NOT_FOUND, "No such game of Party Chess.").into_response();
        }
        Err(_) => {
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                "The board could not be read.",
            )
                .into_response();
        }
    };
    let pos: Position = serde_json::from_str(&row.position).unwrap_or_default();
    match png(&diagram::svg(&pos)) {
        Ok(bytes) => ([(header::CONTENT_TYPE, "image/png")], bytes).into_response(),
        Err(_) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            "The board could not be drawn.",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::partychess::board::Square;
    use crate::domain::partychess::kind::Kind;

    #[test]
    fn the_board_png_decodes_at_the_svgs_size_1230_1_1() {
        let mut pos = Position::new();
        pos.put(Kind::King, 1, Square::parse("e5").unwrap());
        let bytes = png(&diagram::svg(&pos)).unwrap();
        let img = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
        // 20 squares of 28 pixels and a margin of 24 each side.
        assert_eq!((img.width(), img.height()), (608, 608));
        // The square's fill is drawn, not left transparent.
        assert!(img.pixels().iter().all(|p| p.alpha() == 255));
    }
}
