//! `/partychess/{n}/board.png`: the demo's Party Board as a PNG for Discord, decoding at the
//! SVG's size (Rule 1230.1 §1).

use super::Club;

#[tokio::test]
async fn the_party_board_png_decodes_at_its_size() {
    let club = Club::new(true, |_| {}).await;
    let r = club.get("/partychess/1/board.png").await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/png");
    let bytes = r.bytes().await.unwrap();
    let img = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    assert_eq!((img.width(), img.height()), (608, 608));
    assert_eq!(club.get("/partychess/99/board.png").await.status(), 404);
}
