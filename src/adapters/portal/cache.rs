//! Rendered pages kept for the record's revision: a page at one revision is the same for every
//! visitor (the portal shows only the public record, with no session or cookie), so the first
//! visitor's answer is kept, with its gzip, and every later visitor at that revision gets it
//! without a read or a render. A crowd at a Diplomacy final asks for the same few pages at once:
//! the page is made once, the others wait for it rather than each making it again.
//!
//! Bounded: at most [`BUDGET`] bytes of pages (both encodings and the address) and [`SLOTS`]
//! addresses; past either, the pages asked for least recently go first. Any committed write
//! advances the revision (`record_revision`), and the first request that reads the newer
//! revision drops every page kept for the older one, so nothing shown is older than the
//! revision its ETag names.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes, HttpBody};
use axum::http::header::{self, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use tokio::sync::OnceCell;

/// The most bytes of pages kept (identity and gzip bodies, and their addresses).
pub const BUDGET: usize = 24 * 1024 * 1024;
/// The most addresses kept (pages, and the addresses whose answer is not kept: an error page).
pub const SLOTS: usize = 8192;
/// A page larger than this is answered as made, not kept.
pub const LARGEST: usize = BUDGET / 16;
/// What a slot costs besides its bodies and address.
const SLOT_COST: usize = 160;

/// A kept answer: its type and its body, as made and gzipped.
#[derive(Debug)]
pub struct Kept {
    content_type: Option<HeaderValue>,
    identity: Bytes,
    /// None when gzip would not be smaller.
    gzip: Option<Bytes>,
}

impl Kept {
    fn cost(&self) -> usize {
        self.identity.len() + self.gzip.as_ref().map_or(0, Bytes::len)
    }

    /// The answer, gzipped when the request accepts it.
    pub fn response(&self, gzip_accepted: bool) -> Response {
        let (body, gzipped) = match (&self.gzip, gzip_accepted) {
            (Some(gzip), true) => (gzip.clone(), true),
            _ => (self.identity.clone(), false),
        };
        let mut response = Response::new(Body::from(body));
        let headers = response.headers_mut();
        if let Some(kind) = &self.content_type {
            headers.insert(header::CONTENT_TYPE, kind.clone());
        }
        if gzipped {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        response
    }
}

/// One address at the revision: its answer once made (None: an answer not kept, such as a
/// 404), and when it was last asked for.
#[derive(Debug, Default)]
pub struct Slot {
    page: OnceCell<Option<Arc<Kept>>>,
    used: AtomicU64,
}

#[derive(Debug, Default)]
struct Generation {
    revision: i64,
    slots: HashMap<String, Arc<Slot>>,
    bytes: usize,
    tick: u64,
}

/// The pages kept for the newest revision seen.
#[derive(Debug, Default)]
pub struct Pages {
    now: Mutex<Generation>,
}

/// What became of a request: answered from the pages kept, or made (and kept if it could be).
pub enum Answer {
    Kept(Arc<Kept>),
    Made(Response),
}

impl Pages {
    /// The slot of `key` at `revision`, made if new; None for a revision older than the newest
    /// seen (a request that read the revision just before a write: its page is not kept).
    fn slot(&self, revision: i64, key: &str) -> Option<Arc<Slot>> {
        let mut now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        if revision > now.revision {
            *now = Generation {
                revision,
                ..Generation::default()
            };
        } else if revision < now.revision {
            return None;
        }
        now.tick += 1;
        let tick = now.tick;
        if let Some(slot) = now.slots.get(key) {
            slot.used.store(tick, Ordering::Relaxed);
            return Some(slot.clone());
        }
        let slot = Arc::new(Slot::default());
        slot.used.store(tick, Ordering::Relaxed);
        now.slots.insert(key.to_owned(), slot.clone());
        now.bytes += key.len() + SLOT_COST;
        Self::evict(&mut now, key);
        Some(slot)
    }

    /// Counts a page just made into the budget, evicting the least recently asked for.
    fn counted(&self, revision: i64, key: &str, kept: &Kept) {
        let mut now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        if now.revision != revision || !now.slots.contains_key(key) {
            return;
        }
        now.bytes += kept.cost();
        Self::evict(&mut now, key);
    }

    /// Drops the least recently asked-for slots (never `keep`, never one still being made)
    /// until the budget and the count hold again, with a tenth to spare so that a full cache
    /// does not scan on every new page.
    fn evict(now: &mut Generation, keep: &str) {
        if now.bytes <= BUDGET && now.slots.len() <= SLOTS {
            return;
        }
        let (bytes_goal, slots_goal) = (BUDGET - BUDGET / 10, SLOTS - SLOTS / 10);
        let mut ready: Vec<(u64, String)> = now
            .slots
            .iter()
            .filter(|(k, s)| k.as_str() != keep && s.page.initialized())
            .map(|(k, s)| (s.used.load(Ordering::Relaxed), k.clone()))
            .collect();
        ready.sort_unstable();
        for (_, key) in ready {
            if now.bytes <= bytes_goal && now.slots.len() <= slots_goal {
                break;
            }
            if let Some(slot) = now.slots.remove(&key) {
                let body = slot
                    .page
                    .get()
                    .and_then(Option::as_ref)
                    .map_or(0, |k| k.cost());
                now.bytes = now.bytes.saturating_sub(key.len() + SLOT_COST + body);
            }
        }
    }

    /// The answer to `key` at `revision`: kept, or made by `make` (once, however many ask at
    /// the same moment; the others wait for it) and kept when it is a whole 200.
    pub async fn answer(
        &self,
        revision: i64,
        key: &str,
        make: impl AsyncFnOnce() -> Response,
    ) -> Answer {
        let Some(slot) = self.slot(revision, key) else {
            return Answer::Made(make().await);
        };
        let mut make = Some(make);
        let mut made = None;
        let (maker, answer) = (&mut make, &mut made);
        let page = slot
            .page
            .get_or_init(|| async move {
                let make = maker.take().expect("made once");
                let response = make().await;
                match keep(response).await {
                    Ok(kept) => {
                        let kept = Arc::new(kept);
                        self.counted(revision, key, &kept);
                        Some(kept)
                    }
                    Err(response) => {
                        *answer = Some(response);
                        None
                    }
                }
            })
            .await
            .clone();
        match (made, page, make) {
            (Some(response), _, _) => Answer::Made(response),
            (None, Some(kept), _) => Answer::Kept(kept),
            // Another request made an answer that is not kept: make this one's own.
            (None, None, Some(make)) => Answer::Made(make().await),
            // Not reached: this request's own making either was kept or is `made`.
            (None, None, None) => Answer::Made(StatusCode::INTERNAL_SERVER_ERROR.into_response()),
        }
    }

    /// How many bytes are kept now, and for how many addresses (for the tests and the bench).
    pub fn size(&self) -> (usize, usize) {
        let now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        (now.bytes, now.slots.len())
    }
}

/// The answer as kept, if it can be: a 200 with a whole body no larger than [`LARGEST`], not
/// already encoded; else the answer itself, unchanged, to send as it is.
async fn keep(response: Response) -> Result<Kept, Response> {
    let small = HttpBody::size_hint(response.body())
        .upper()
        .is_some_and(|n| n as usize <= LARGEST);
    if response.status() != StatusCode::OK
        || !small
        || response.headers().contains_key(header::CONTENT_ENCODING)
    {
        return Err(response);
    }
    let (parts, body) = response.into_parts();
    let identity = match axum::body::to_bytes(body, LARGEST).await {
        Ok(bytes) => bytes,
        Err(_) => {
            return Err(Response::from_parts(
                parts,
                Body::from("The page could not be read; try again."),
            ))
        }
    };
    let gzip = gzip(&identity).filter(|g| g.len() < identity.len());
    Ok(Kept {
        content_type: parts.headers.get(header::CONTENT_TYPE).cloned(),
        identity,
        gzip,
    })
}

fn gzip(bytes: &[u8]) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        flate2::Compression::default(),
    );
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// Whether a request's `Accept-Encoding` takes gzip (not refused with `q=0`).
pub fn accepts_gzip(value: Option<&HeaderValue>) -> bool {
    let Some(text) = value.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    text.split(',').any(|part| {
        let mut pieces = part.split(';').map(str::trim);
        let coding = pieces.next().unwrap_or("");
        let refused = pieces.any(|p| {
            p.strip_prefix("q=")
                .and_then(|q| q.parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &'static str) -> Response {
        let mut r = Response::new(Body::from(text));
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html"));
        r
    }

    async fn body(answer: Answer, gzip: bool) -> (StatusCode, Bytes, bool) {
        let response = match answer {
            Answer::Kept(k) => k.response(gzip),
            Answer::Made(r) => r,
        };
        let status = response.status();
        let gzipped = response.headers().contains_key(header::CONTENT_ENCODING);
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        (status, bytes, gzipped)
    }

    /// Checks: a page is made once per revision and kept with its gzip; a newer revision drops
    /// it; an older one is answered but not kept; a 404 is never kept.
    #[tokio::test]
    async fn a_page_is_made_once_per_revision() {
        let pages = Pages::default();
        let long = "the same page for every visitor ".repeat(40).leak();
        let made = AtomicU64::new(0);
        let make = async || {
            made.fetch_add(1, Ordering::SeqCst);
            page(long)
        };
        for _ in 0..3 {
            let (status, bytes, gz) = body(pages.answer(7, "/a", make).await, false).await;
            assert_eq!(
                (status, bytes.len(), gz),
                (StatusCode::OK, long.len(), false)
            );
        }
        let (_, zipped, gz) = body(pages.answer(7, "/a", make).await, true).await;
        assert!(gz && zipped.len() < long.len() / 4, "{}", zipped.len());
        assert_eq!(made.load(Ordering::SeqCst), 1);
        body(pages.answer(8, "/a", make).await, false).await;
        assert_eq!(made.load(Ordering::SeqCst), 2, "a write makes it again");
        body(pages.answer(7, "/a", make).await, false).await;
        body(pages.answer(8, "/a", make).await, false).await;
        assert_eq!(
            made.load(Ordering::SeqCst),
            3,
            "an older revision is not kept"
        );
        let missing = async || StatusCode::NOT_FOUND.into_response();
        for _ in 0..2 {
            let (status, _, _) = body(pages.answer(8, "/nowhere", missing).await, false).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }
    }

    /// Checks: fifty visitors asking at once for a page not yet kept wait for one making of it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_crowd_waits_for_one_making() {
        let pages = Arc::new(Pages::default());
        let made = Arc::new(AtomicU64::new(0));
        let mut crowd = Vec::new();
        for _ in 0..50 {
            let (pages, made) = (pages.clone(), made.clone());
            crowd.push(tokio::spawn(async move {
                let make = async || {
                    made.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    page("slow to make")
                };
                body(pages.answer(1, "/slow", make).await, false).await.1
            }));
        }
        for visitor in crowd {
            assert_eq!(visitor.await.unwrap(), "slow to make");
        }
        assert_eq!(made.load(Ordering::SeqCst), 1);
    }

    /// Checks: the pages kept stay within the budget and the count, the least recently asked
    /// for going first.
    #[tokio::test]
    async fn the_pages_kept_are_bounded() {
        let pages = Pages::default();
        let big: &'static str = "x".repeat(LARGEST - 1).leak();
        for i in 0..40 {
            let key = format!("/big/{i}");
            pages.answer(1, &key, async || page(big)).await;
            let (bytes, _) = pages.size();
            assert!(bytes <= BUDGET + LARGEST, "{bytes}");
        }
        for i in 0..(SLOTS + 100) {
            let key = format!("/small/{i}");
            pages.answer(1, &key, async || page("small")).await;
        }
        let (bytes, slots) = pages.size();
        assert!(
            slots <= SLOTS && bytes <= BUDGET,
            "{bytes} bytes in {slots}"
        );
    }

    #[test]
    fn gzip_is_taken_unless_refused() {
        let v = |s: &'static str| Some(HeaderValue::from_static(s));
        assert!(accepts_gzip(v("gzip, deflate, br").as_ref()));
        assert!(accepts_gzip(v("br;q=1.0, gzip;q=0.8").as_ref()));
        assert!(accepts_gzip(v("*").as_ref()));
        assert!(!accepts_gzip(v("gzip;q=0").as_ref()));
        assert!(!accepts_gzip(v("identity").as_ref()));
        assert!(!accepts_gzip(None));
    }
}
