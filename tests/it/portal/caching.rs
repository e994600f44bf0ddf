//! A page is the same for every visitor at a revision: the portal keeps it with its gzip and
//! answers the next visitors from it, says so to caches in front (`Cache-Control: public` with
//! the ETag; `s-maxage` when `portal.shared_max_age` allows it), and a change shows on the next
//! request all the same (issue #43).

use std::io::Read;

use super::Club;

/// The body of `path` asked for with gzip accepted: (Content-Encoding, Vary, the body unzipped).
async fn zipped(club: &Club, path: &str) -> (String, String, String) {
    let r = club
        .client
        .get(club.url(path))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{path}");
    let header = |name: &str| {
        r.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    let (encoding, vary) = (header("content-encoding"), header("vary"));
    let bytes = r.bytes().await.unwrap();
    let mut text = String::new();
    if encoding == "gzip" {
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .unwrap();
    } else {
        text = String::from_utf8(bytes.to_vec()).unwrap();
    }
    (encoding, vary, text)
}

/// Checks: every page is public and revalidated (`public, no-cache` with its ETag); asked again,
/// a page comes from what was kept, the same bytes, gzipped for a browser that takes gzip and
/// plain for one that does not; after a write the next request shows it.
#[tokio::test]
async fn pages_are_kept_for_the_revision_and_say_so() {
    let mut club = Club::new(true, |_| {}).await;
    for path in ["/leaderboard", "/games", "/members/3", "/api/v1/games"] {
        let (status, plain) = club.page(path).await;
        assert_eq!(status, 200);
        for _ in 0..2 {
            let (encoding, vary, text) = zipped(&club, path).await;
            assert_eq!(encoding, "gzip", "{path}");
            assert!(
                vary.to_ascii_lowercase().contains("accept-encoding"),
                "{vary}"
            );
            assert_eq!(text, plain, "{path}: the kept page is the page");
        }
        let again = club.get(path).await;
        let headers = again.headers().clone();
        assert_eq!(headers["cache-control"], "public, no-cache", "{path}");
        assert!(headers.contains_key("etag"), "{path}");
        assert!(headers.contains_key("content-security-policy"), "{path}");
        assert!(!headers.contains_key("content-encoding"), "{path}");
        assert_eq!(again.text().await.unwrap(), plain, "{path}");
    }
    let (_, _, before) = zipped(&club, "/leaderboard").await;
    assert!(!before.contains("dave"));
    club.run(&["dave: /join"]).await;
    let (_, _, after) = zipped(&club, "/leaderboard").await;
    assert!(after.contains("dave"), "a write shows on the next request");
    // An error page is never kept: a game that does not exist yet is a 404 each time.
    assert_eq!(club.page("/games/999").await.0, 404);
    assert_eq!(club.page("/games/999").await.0, 404);
}

/// Checks: with `portal.shared_max_age`, a cache in front may keep a page that many seconds
/// without asking, while browsers still ask each time.
#[tokio::test]
async fn a_shared_cache_may_keep_a_page_for_the_seconds_configured() {
    let club = Club::new(false, |c| c.portal.shared_max_age = 5).await;
    let r = club.get("/leaderboard").await;
    assert_eq!(
        r.headers()["cache-control"],
        "public, max-age=0, s-maxage=5"
    );
}
