//! The fake's shared state: what it recorded, what the bot registered, the live gateway
//! connection, and how the next channel posts are to fail.

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use super::Recorded;

pub(super) struct Shared {
    pub(super) requests: Mutex<Vec<Recorded>>,
    /// Frames the bot sent on the gateway (IDENTIFY, heartbeats, RESUME...), as JSON.
    pub(super) gateway_frames: Mutex<Vec<Value>>,
    /// How the next channel posts fail, if they do: each failure in turn, for its posts.
    pub(super) failing_posts: Mutex<VecDeque<PostFailure>>,
    /// Discord's REST is down: interaction responses, follow-ups, edits and channel posts are
    /// answered 503 (the gateway still delivers interactions).
    pub(super) outage: AtomicBool,
    /// Interaction responses (callbacks) alone are answered 503; follow-ups and edits work.
    pub(super) callbacks_down: AtomicBool,
    /// How long the fake waits before answering a channel post.
    pub(super) post_delay: Mutex<Duration>,
    pub(super) next_id: AtomicU64,
    pub(super) sequence: AtomicU64,
    /// The command objects the fake answered to the last guild registration, by name.
    pub(super) commands: Mutex<BTreeMap<String, Value>>,
    /// The same for the last global registration (Discord keeps the two lists apart).
    pub(super) global_commands: Mutex<BTreeMap<String, Value>>,
    /// Sends frames on the current gateway connection.
    pub(super) connection: Mutex<Option<mpsc::UnboundedSender<Message>>>,
    /// Interactions already answered (Discord refuses a second callback).
    pub(super) answered: Mutex<HashSet<String>>,
    /// Messages someone deleted: editing one is answered 404 Unknown Message.
    pub(super) deleted: Mutex<HashSet<String>>,
    /// How many gateway connections the bot has opened.
    pub(super) connections: AtomicU64,
    /// How many of them the bot closed with a close frame.
    pub(super) closes: AtomicU64,
    /// The heartbeat interval HELLO announces, in milliseconds.
    pub(super) heartbeat_interval: u64,
    pub(super) ws_url: String,
    /// The server's members and direct messages (`guild`).
    pub(super) guild: super::guild::Guild,
}

impl Shared {
    pub(super) fn new(heartbeat_interval: u64, ws_url: String) -> Self {
        Self {
            requests: Mutex::default(),
            gateway_frames: Mutex::default(),
            failing_posts: Mutex::default(),
            outage: AtomicBool::new(false),
            callbacks_down: AtomicBool::new(false),
            post_delay: Mutex::new(Duration::ZERO),
            next_id: AtomicU64::new(1),
            sequence: AtomicU64::new(0),
            commands: Mutex::default(),
            global_commands: Mutex::default(),
            connection: Mutex::default(),
            answered: Mutex::default(),
            deleted: Mutex::default(),
            connections: AtomicU64::new(0),
            closes: AtomicU64::new(0),
            heartbeat_interval,
            ws_url,
            guild: Default::default(),
        }
    }

    /// A fresh snowflake: milliseconds since the Discord epoch, then a counter.
    pub(super) fn snowflake(&self) -> u64 {
        let ms = chrono::Utc::now().timestamp_millis() as u64 - 1_420_070_400_000;
        (ms << 22) | (self.next_id.fetch_add(1, Ordering::SeqCst) & 0x3F_FFFF)
    }
}

/// How channel posts fail, for the next `remaining` posts that contain `containing`.
#[derive(Debug, Clone)]
pub(super) struct PostFailure {
    pub(super) remaining: usize,
    pub(super) containing: Option<String>,
    pub(super) status: StatusCode,
    pub(super) body: Value,
    pub(super) headers: Vec<(&'static str, String)>,
}

impl PostFailure {
    /// A 429 as Discord answers when a route's bucket is empty: `retry_after` (seconds,
    /// fractional) in the JSON body and the `Retry-After` header (whole seconds, rounded up).
    pub(super) fn rate_limited(n: usize, containing: Option<String>, retry_after: f64) -> Self {
        Self {
            remaining: n,
            containing,
            status: StatusCode::TOO_MANY_REQUESTS,
            body: json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": false}),
            headers: vec![
                ("retry-after", (retry_after.ceil() as u64).to_string()),
                ("x-ratelimit-scope", "user".to_owned()),
            ],
        }
    }

    pub(super) fn server_error(n: usize, containing: Option<String>) -> Self {
        Self {
            remaining: n,
            containing,
            status: StatusCode::INTERNAL_SERVER_ERROR,
            body: json!({"message": "500: Internal Server Error", "code": 0}),
            headers: Vec::new(),
        }
    }
}
