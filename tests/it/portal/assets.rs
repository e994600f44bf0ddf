//! What the portal serves beside its pages: the site's icon.

use super::Club;

/// Checks (#43): the site's icon is served where browsers ask for it, and every page links it,
/// so no page load logs a 404.
#[tokio::test]
async fn the_icon_is_served_and_linked() {
    let club = Club::new(false, |_| {}).await;
    for path in ["/favicon.ico", "/favicon.svg"] {
        let r = club.get(path).await;
        assert_eq!(r.status(), 200, "{path}");
        assert_eq!(r.headers()["content-type"], "image/svg+xml", "{path}");
        assert!(r.text().await.unwrap().starts_with("<svg"), "{path}");
    }
    let (_, page) = club.page("/").await;
    assert!(
        page.contains(r#"rel="icon""#) && page.contains("/favicon.svg"),
        "{page}"
    );
}
