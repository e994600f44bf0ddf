//! A fake Discord for end-to-end tests: an axum REST server and a tokio-tungstenite gateway,
//! both on 127.0.0.1, that the real serenity client and poise framework talk to.
//!
//! Wire facts (paths, required fields, gateway conversation) follow what serenity 0.12 and
//! poise 0.7 send and expect, and Discord's REST description. Every request is recorded so a test can wait for
//! it and look at its JSON body, and every dispatch the fake sends is first deserialized with
//! serenity's own types: a payload serenity would silently drop fails the test at once instead of
//! making it hang.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use serenity::model::event::{Event, GatewayEvent};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

/// The application (and bot user) id the fake's READY announces.
pub const APPLICATION_ID: u64 = 1000;
/// The guild the bot is in.
pub const GUILD_ID: u64 = 2000;
/// #discussion, where announcements go.
pub const CHANNEL_ID: u64 = 3000;
/// How long any wait may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(20);
/// Permissions the bot and members have in the channel (view, send, embed, ... as Discord sends).
const PERMISSIONS: &str = "2248473465835073";

/// One REST request the bot made, and the status the fake answered.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: Method,
    /// The path without `/api/v10`, e.g. `/channels/3000/messages`.
    pub path: String,
    pub query: Option<String>,
    /// The JSON body; `Value::Null` when empty, `{"multipart": text}` for an upload.
    pub body: Value,
    pub status: u16,
    /// What the fake answered (a Message for a post), if it answered with a body.
    pub answer: Option<Value>,
    /// When the request arrived.
    pub at: Instant,
}

/// A Discord user as it appears in payloads.
#[derive(Debug, Clone)]
pub struct User {
    pub id: u64,
    pub name: String,
}

impl User {
    pub fn new(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
        }
    }

    /// The user object (Discord sends ids as strings; `discriminator` "0" since pomelo names).
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": null,
            "public_flags": 0,
        })
    }

    /// The guild member object that carries the user (as in an interaction's `member`).
    fn member_json(&self) -> Value {
        let mut member = self.partial_member_json();
        member["user"] = self.json();
        member
    }

    /// A member without its user (as in `data.resolved.members`).
    fn partial_member_json(&self) -> Value {
        json!({
            "roles": [],
            "joined_at": "2024-09-06T12:00:00.000000+00:00",
            "premium_since": null,
            "nick": null,
            "avatar": null,
            "deaf": false,
            "mute": false,
            "pending": false,
            "flags": 0,
            "permissions": PERMISSIONS,
            "communication_disabled_until": null,
        })
    }
}

struct Shared {
    requests: Mutex<Vec<Recorded>>,
    /// Frames the bot sent on the gateway (IDENTIFY, heartbeats, RESUME...), as JSON.
    gateway_frames: Mutex<Vec<Value>>,
    /// How the next channel posts fail, if they do.
    failing_posts: Mutex<Option<PostFailure>>,
    /// How long the fake waits before answering a channel post.
    post_delay: Mutex<Duration>,
    next_id: AtomicU64,
    sequence: AtomicU64,
    /// The command objects the fake answered to the last guild registration, by name.
    commands: Mutex<BTreeMap<String, Value>>,
    /// The same for the last global registration (Discord keeps the two lists apart).
    global_commands: Mutex<BTreeMap<String, Value>>,
    /// Sends frames on the current gateway connection.
    connection: Mutex<Option<mpsc::UnboundedSender<Message>>>,
    /// Interactions already answered (Discord refuses a second callback).
    answered: Mutex<std::collections::HashSet<String>>,
    /// Messages someone deleted: editing one is answered 404 Unknown Message.
    deleted: Mutex<std::collections::HashSet<String>>,
    /// How many gateway connections the bot has opened.
    connections: AtomicU64,
    /// How many of them the bot closed with a close frame.
    closes: AtomicU64,
    /// The heartbeat interval HELLO announces, in milliseconds.
    heartbeat_interval: u64,
    ws_url: String,
}

impl Shared {
    fn new(heartbeat_interval: u64, ws_url: String) -> Self {
        Self {
            requests: Mutex::default(),
            gateway_frames: Mutex::default(),
            failing_posts: Mutex::new(None),
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
        }
    }

    /// A fresh snowflake: milliseconds since the Discord epoch, then a counter.
    fn snowflake(&self) -> u64 {
        let ms = chrono::Utc::now().timestamp_millis() as u64 - 1_420_070_400_000;
        (ms << 22) | (self.next_id.fetch_add(1, Ordering::SeqCst) & 0x3F_FFFF)
    }
}

/// The fake Discord: REST on `rest_port`, the gateway on `ws_port`. Dropping it stops both.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    pub rest_port: u16,
    pub ws_port: u16,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl FakeDiscord {
    /// A fake whose HELLO asks for Discord's usual heartbeat interval (41.25 s: no heartbeat
    /// happens during a short test, since serenity waits one interval after IDENTIFY).
    pub async fn start() -> Self {
        Self::with_heartbeat_interval(41_250).await
    }

    /// A fake whose HELLO asks for a heartbeat every `interval_ms` milliseconds.
    pub async fn with_heartbeat_interval(interval_ms: u64) -> Self {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let ws = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let rest_port = rest.local_addr().expect("addr").port();
        let ws_port = ws.local_addr().expect("addr").port();
        // No query of its own: serenity appends `?v=10`.
        let shared = Arc::new(Shared::new(
            interval_ms,
            format!("ws://127.0.0.1:{ws_port}"),
        ));
        let app = axum::Router::new()
            .fallback(rest_handler)
            .with_state(shared.clone());
        let rest_task = tokio::spawn(async move {
            axum::serve(rest, app).await.expect("REST server");
        });
        let gateway_shared = shared.clone();
        let gateway_task = tokio::spawn(async move {
            loop {
                let Ok((tcp, _)) = ws.accept().await else {
                    return;
                };
                tokio::spawn(serve_gateway(gateway_shared.clone(), tcp));
            }
        });
        Self {
            shared,
            rest_port,
            ws_port,
            tasks: vec![rest_task, gateway_task],
        }
    }

    /// The base URL to give serenity as its proxy.
    pub fn proxy_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.rest_port)
    }

    /// Makes the next `n` channel posts fail with HTTP 500.
    #[allow(dead_code)]
    pub fn fail_next_posts(&self, n: usize) {
        *self.shared.failing_posts.lock().unwrap() = Some(PostFailure::server_error(n, None));
    }

    /// Makes the next `n` channel posts whose content contains `text` fail with HTTP 500 (other
    /// posts, such as a scheduled announcement, go through).
    pub fn fail_next_posts_containing(&self, text: &str, n: usize) {
        *self.shared.failing_posts.lock().unwrap() =
            Some(PostFailure::server_error(n, Some(text.to_owned())));
    }

    /// Answers the next channel post whose content contains `text` with 429, as Discord does
    /// when a route's bucket is empty: `retry_after` (seconds, fractional) in the JSON body and
    /// the `Retry-After` header (whole seconds, rounded up).
    pub fn rate_limit_next_post_containing(&self, text: &str, retry_after: f64) {
        *self.shared.failing_posts.lock().unwrap() = Some(PostFailure {
            remaining: 1,
            containing: Some(text.to_owned()),
            status: StatusCode::TOO_MANY_REQUESTS,
            body: json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": false}),
            headers: vec![
                ("retry-after", (retry_after.ceil() as u64).to_string()),
                ("x-ratelimit-scope", "user".to_owned()),
            ],
        });
    }

    /// Answers the next `n` channel posts whose content contains `text` with 403 Missing
    /// Permissions (code 50013), as Discord does when the bot may not send in the channel.
    pub fn forbid_next_posts_containing(&self, text: &str, n: usize) {
        *self.shared.failing_posts.lock().unwrap() = Some(PostFailure {
            remaining: n,
            containing: Some(text.to_owned()),
            status: StatusCode::FORBIDDEN,
            body: json!({"message": "Missing Permissions", "code": 50013}),
            headers: Vec::new(),
        });
    }

    /// Deletes a posted message, as a member with the permission might: Discord then answers an
    /// edit of it with 404 Unknown Message (code 10008).
    pub fn delete_message(&self, message_id: &str) {
        self.shared
            .deleted
            .lock()
            .unwrap()
            .insert(message_id.to_owned());
    }

    /// Makes the fake wait this long before answering each channel post.
    pub fn delay_posts(&self, delay: Duration) {
        *self.shared.post_delay.lock().unwrap() = delay;
    }

    /// Every REST request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// Requests so far with this method whose path matches `path` (`*` matches one segment).
    pub fn requests_to(&self, method: &Method, path: &str) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.method == *method && path_matches(path, &r.path))
            .collect()
    }

    /// Waits until at least `count` requests match, and returns them all.
    pub async fn wait_for_requests(
        &self,
        method: Method,
        path: &str,
        count: usize,
    ) -> Vec<Recorded> {
        let found = wait_until(|| {
            let found = self.requests_to(&method, path);
            (found.len() >= count).then_some(found)
        })
        .await;
        match found {
            Some(found) => found,
            None => panic!(
                "timed out after {TIMEOUT:?} waiting for {count} × {method} {path}; requests seen:\n{}",
                self.describe_requests()
            ),
        }
    }

    /// Waits for the first request matching `method path` that satisfies `pred`.
    pub async fn wait_for(
        &self,
        method: Method,
        path: &str,
        what: &str,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        let found = wait_until(|| self.requests_to(&method, path).into_iter().find(&pred)).await;
        match found {
            Some(found) => found,
            None => panic!(
                "timed out after {TIMEOUT:?} waiting for {what} ({method} {path}); requests seen:\n{}",
                self.describe_requests()
            ),
        }
    }

    /// The reply to one interaction: its `POST /interactions/{id}/{token}/callback` body.
    pub async fn wait_for_callback(&self, interaction_id: u64) -> Value {
        let path = format!("/interactions/{interaction_id}/*/callback");
        self.wait_for_requests(Method::POST, &path, 1).await[0]
            .body
            .clone()
    }

    /// Every request as one line each, for failure messages.
    pub fn describe_requests(&self) -> String {
        self.requests()
            .iter()
            .map(|r| {
                let query = r
                    .query
                    .as_deref()
                    .map(|q| format!("?{q}"))
                    .unwrap_or_default();
                format!("  {} {} {}{query} {}", r.status, r.method, r.path, r.body)
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Frames the bot sent on the gateway.
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.shared.gateway_frames.lock().unwrap().clone()
    }

    /// Frames the bot sent on the gateway with this opcode (1 heartbeat, 2 identify, 6 resume).
    pub fn gateway_frames_with_op(&self, op: u64) -> Vec<Value> {
        self.gateway_frames()
            .into_iter()
            .filter(|f| f["op"] == op)
            .collect()
    }

    /// Waits for a gateway frame from the bot that satisfies `pred`.
    pub async fn wait_for_frame(&self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        match wait_until(|| self.gateway_frames().into_iter().find(&pred)).await {
            Some(frame) => frame,
            None => panic!(
                "timed out after {TIMEOUT:?} waiting for {what} on the gateway; frames seen: {:?}",
                self.gateway_frames()
            ),
        }
    }

    /// How many gateway connections the bot has opened so far.
    pub fn gateway_connections(&self) -> u64 {
        self.shared.connections.load(Ordering::SeqCst)
    }

    /// How many gateway connections the bot has closed with a close frame.
    pub fn gateway_closes(&self) -> u64 {
        self.shared.closes.load(Ordering::SeqCst)
    }

    /// The sequence number of the last dispatch sent.
    pub fn last_sequence(&self) -> u64 {
        self.shared.sequence.load(Ordering::SeqCst)
    }

    /// Waits until the bot has registered its commands (poise's setup runs on READY and holds
    /// other events until it has finished), and returns the registration body.
    pub async fn wait_for_registration(&self) -> Recorded {
        let found = wait_until(|| {
            self.requests().into_iter().find(|r| {
                r.method == Method::PUT
                    && is_registration(&r.path)
                    && r.body.as_array().is_some_and(|c| !c.is_empty())
            })
        })
        .await;
        match found {
            Some(found) => found,
            None => panic!(
                "timed out after {TIMEOUT:?} waiting for the bot to register its commands; \
                 requests seen:\n{}\ngateway frames: {:?}",
                self.describe_requests(),
                self.gateway_frames()
            ),
        }
    }

    /// Sends a dispatch (op 0) with the next sequence number, after checking that serenity
    /// deserializes it into that event (a payload it cannot read is dropped without an error).
    pub fn dispatch(&self, event: &str, data: Value) {
        let seq = self.shared.sequence.fetch_add(1, Ordering::SeqCst) + 1;
        let frame = dispatch_frame(event, seq, data);
        let sender = self.shared.connection.lock().unwrap().clone();
        let sender = sender.expect("no gateway connection: wait_for_registration first");
        sender
            .send(Message::Text(frame.to_string()))
            .expect("gateway connection open");
    }

    /// Sends a slash command as INTERACTION_CREATE and returns the interaction id.
    pub fn send(&self, command: SlashCommand) -> u64 {
        let id = self.shared.snowflake();
        let mut registered = self.shared.global_commands.lock().unwrap().clone();
        registered.extend(self.shared.commands.lock().unwrap().clone());
        let payload = command.payload(id, &registered);
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }

    /// Presses the button `custom_id` on the posted message `post` (as `caller`), as Discord
    /// delivers a click: a MESSAGE_COMPONENT interaction carrying the message. Returns the
    /// interaction id.
    pub fn press(&self, caller: &User, post: &Recorded, custom_id: &str) -> u64 {
        let id = self.shared.snowflake();
        let message = post
            .answer
            .as_ref()
            .expect("the post was answered with a Message");
        self.dispatch(
            "INTERACTION_CREATE",
            press_json(id, caller, message, custom_id),
        );
        id
    }

    /// Submits the form (modal) `custom_id` with `fields` (text input custom_id, typed text), as
    /// Discord delivers it: a MODAL_SUBMIT interaction. Returns the interaction id.
    pub fn submit_form(&self, caller: &User, custom_id: &str, fields: &[(&str, &str)]) -> u64 {
        let id = self.shared.snowflake();
        self.dispatch(
            "INTERACTION_CREATE",
            form_json(id, caller, custom_id, fields),
        );
        id
    }

    /// Sends an interaction for a command the bot has not registered (as a member's client
    /// does with a stale command list): `/help`'s payload, renamed, with `sub` as a subcommand
    /// if given. Returns the interaction id.
    pub fn send_stale(&self, caller: &User, name: &str, sub: Option<&str>) -> u64 {
        let id = self.shared.snowflake();
        let mut payload =
            SlashCommand::new(caller, "help").payload(id, &self.shared.commands.lock().unwrap());
        payload["data"]["name"] = json!(name);
        payload["data"]["id"] = json!("1");
        if let Some(sub) = sub {
            payload["data"]["options"] = json!([{"name": sub, "type": 1, "options": []}]);
        }
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }
}

/// Polls `check` every 10 ms until it gives something or `TIMEOUT` passes.
async fn wait_until<T>(mut check: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        if let Some(found) = check() {
            return Some(found);
        }
        if Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// `pattern` segments match `path` segments one for one; `*` matches any one segment.
fn path_matches(pattern: &str, path: &str) -> bool {
    let p: Vec<&str> = pattern.trim_matches('/').split('/').collect();
    let s: Vec<&str> = path.trim_matches('/').split('/').collect();
    p.len() == s.len() && p.iter().zip(&s).all(|(p, s)| *p == "*" || p == s)
}

fn is_registration(path: &str) -> bool {
    path_matches("/applications/*/commands", path)
        || path_matches("/applications/*/guilds/*/commands", path)
}

/// A dispatch frame, checked against serenity's deserializer.
fn dispatch_frame(event: &str, seq: u64, data: Value) -> Value {
    let frame = json!({"op": 0, "s": seq, "t": event, "d": data});
    match serde_json::from_value::<GatewayEvent>(frame.clone()) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(_))) | Err(_) => {
            // Find serenity's reason with the specific type.
            let reason = match event {
                "INTERACTION_CREATE" => {
                    serde_json::from_value::<serenity::all::Interaction>(frame["d"].clone())
                        .err()
                        .map(|e| e.to_string())
                }
                "READY" => serde_json::from_value::<serenity::all::Ready>(frame["d"].clone())
                    .err()
                    .map(|e| e.to_string()),
                _ => None,
            };
            panic!(
                "serenity would silently drop this {event} dispatch ({}):\n{frame:#}",
                reason.unwrap_or_else(|| "unknown event".into())
            );
        }
        Ok(_) => frame,
    }
}

// ---------------------------------------------------------------------------------------------
// REST

async fn rest_handler(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri
        .path()
        .strip_prefix("/api/v10")
        .unwrap_or(uri.path())
        .to_owned();
    // Query strings can arrive as `?&k=v`.
    let query = uri.query().map(|q| q.trim_start_matches('&').to_owned());
    let is_multipart = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let body = if body.is_empty() {
        Value::Null
    } else if is_multipart {
        json!({"multipart": String::from_utf8_lossy(&body)})
    } else {
        serde_json::from_slice(&body)
            .unwrap_or_else(|_| json!({"unparsed": String::from_utf8_lossy(&body)}))
    };
    let at = Instant::now();
    let is_post = method == Method::POST && path_matches("/channels/*/messages", &path);
    let delay = *shared.post_delay.lock().unwrap();
    if is_post && !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let (status, answer, extra) = match is_post.then(|| failed_post(&shared, &body)).flatten() {
        Some(failure) => (failure.status, Some(failure.body), failure.headers),
        None => {
            let (status, answer) = answer(&shared, &method, &path, &body);
            (status, answer, Vec::new())
        }
    };
    shared.requests.lock().unwrap().push(Recorded {
        method,
        path,
        query,
        body,
        status: status.as_u16(),
        answer: answer.clone(),
        at,
    });
    let mut response = match answer {
        Some(json) => (status, Json(json)).into_response(),
        None => status.into_response(),
    };
    for (name, value) in extra {
        response
            .headers_mut()
            .insert(name, value.parse().expect("header value"));
    }
    response
}

/// How channel posts fail, for the next `remaining` posts that contain `containing`.
#[derive(Debug, Clone)]
struct PostFailure {
    remaining: usize,
    containing: Option<String>,
    status: StatusCode,
    body: Value,
    headers: Vec<(&'static str, String)>,
}

impl PostFailure {
    fn server_error(n: usize, containing: Option<String>) -> Self {
        Self {
            remaining: n,
            containing,
            status: StatusCode::INTERNAL_SERVER_ERROR,
            body: json!({"message": "500: Internal Server Error", "code": 0}),
            headers: Vec::new(),
        }
    }
}

/// The failure this post meets, if one is set up for it (and counts it).
fn failed_post(shared: &Shared, body: &Value) -> Option<PostFailure> {
    let mut failing = shared.failing_posts.lock().unwrap();
    let failure = failing.as_mut()?;
    let content = body["content"].as_str().unwrap_or("");
    let applies = failure
        .containing
        .as_ref()
        .is_none_or(|t| content.contains(t.as_str()));
    if failure.remaining == 0 || !applies {
        return None;
    }
    failure.remaining -= 1;
    Some(failure.clone())
}

fn answer(
    shared: &Shared,
    method: &Method,
    path: &str,
    body: &Value,
) -> (StatusCode, Option<Value>) {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let ok = |v: Value| (StatusCode::OK, Some(v));
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": shared.ws_url})),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": shared.ws_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })),
        ("GET", ["oauth2", "applications", "@me"]) => ok(application_json()),
        ("GET", ["users", "@me"]) => ok(bot_user_json()),
        ("PUT", ["applications", _, "commands"]) => ok(register(shared, body, None)),
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
            ok(register(shared, body, Some(guild)))
        }
        ("POST", ["interactions", id, _, "callback"]) => {
            if shared.answered.lock().unwrap().insert((*id).to_owned()) {
                (StatusCode::NO_CONTENT, None)
            } else {
                // As Discord: an interaction is answered once; then edit or follow up.
                (
                    StatusCode::BAD_REQUEST,
                    Some(
                        json!({"message": "Interaction has already been acknowledged.", "code": 40060}),
                    ),
                )
            }
        }
        ("POST", ["webhooks", _, _]) => ok(message_json(shared, CHANNEL_ID, body)),
        ("PATCH" | "GET", ["webhooks", _, _, "messages", _]) => {
            ok(message_json(shared, CHANNEL_ID, body))
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => (StatusCode::NO_CONTENT, None),
        ("POST", ["channels", channel, "messages"]) => {
            let channel = channel.parse().unwrap_or(CHANNEL_ID);
            ok(message_json(shared, channel, body))
        }
        // An edit of a posted message: the edited Message (recorded, so a test sees the PATCH).
        ("PATCH", ["channels", _, "messages", message])
            if shared.deleted.lock().unwrap().contains(*message) =>
        {
            (
                StatusCode::NOT_FOUND,
                Some(json!({"message": "Unknown Message", "code": 10008})),
            )
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            let channel = channel.parse().unwrap_or(CHANNEL_ID);
            let mut edited = message_json(shared, channel, body);
            edited["id"] = json!(message);
            edited["edited_timestamp"] = json!(chrono::Utc::now().to_rfc3339());
            ok(edited)
        }
        _ => (
            StatusCode::NOT_FOUND,
            Some(json!({"message": "404: Not Found (not in the fake)", "code": 0})),
        ),
    }
}

fn bot_user_json() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "username": "testbot",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
        "public_flags": 0,
    })
}

/// `GET /oauth2/applications/@me`: poise reads the owner from it.
fn application_json() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": "gavel-test",
        "icon": null,
        "description": "",
        "bot_public": false,
        "bot_require_code_grant": false,
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "owner": User::new(1, "owner").json(),
        "team": null,
        "flags": 0,
    })
}

/// Answers a command registration with full command objects (serenity parses the answer).
fn register(shared: &Shared, body: &Value, guild: Option<&str>) -> Value {
    let mut answered = Vec::new();
    let mut by_name = BTreeMap::new();
    for command in body.as_array().into_iter().flatten() {
        let mut full = command.clone();
        full["id"] = json!(shared.snowflake().to_string());
        full["application_id"] = json!(APPLICATION_ID.to_string());
        full["version"] = json!(shared.snowflake().to_string());
        if full.get("type").is_none() {
            full["type"] = json!(1);
        }
        if full.get("default_member_permissions").is_none() {
            full["default_member_permissions"] = Value::Null;
        }
        if let Some(guild) = guild {
            full["guild_id"] = json!(guild);
        }
        if let Some(name) = full["name"].as_str() {
            by_name.insert(name.to_owned(), full.clone());
        }
        answered.push(full);
    }
    let list = if guild.is_some() {
        &shared.commands
    } else {
        &shared.global_commands
    };
    *list.lock().unwrap() = by_name;
    Value::Array(answered)
}

/// A Message as Discord answers a post, echoing content, embeds and nonce.
fn message_json(shared: &Shared, channel: u64, body: &Value) -> Value {
    json!({
        "id": shared.snowflake().to_string(),
        "channel_id": channel.to_string(),
        "author": bot_user_json(),
        "content": body["content"].as_str().unwrap_or(""),
        "timestamp": chrono::Utc::now().to_rfc3339(),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "pinned": false,
        "type": 0,
        "flags": body.get("flags").cloned().unwrap_or(json!(0)),
        "nonce": body.get("nonce").cloned().unwrap_or(Value::Null),
        "components": body.get("components").cloned().unwrap_or(json!([])),
    })
}

// ---------------------------------------------------------------------------------------------
// Gateway

async fn serve_gateway(shared: Arc<Shared>, tcp: TcpStream) {
    let Ok(ws) = tokio_tungstenite::accept_async(tcp).await else {
        return;
    };
    shared.connections.fetch_add(1, Ordering::SeqCst);
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    *shared.connection.lock().unwrap() = Some(tx.clone());
    let hello = json!({"op": 10, "s": null, "t": null,
                       "d": {"heartbeat_interval": shared.heartbeat_interval}});
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(bytes))) => String::from_utf8_lossy(&bytes).into_owned(),
                    Some(Ok(Message::Close(_))) => {
                        shared.closes.fetch_add(1, Ordering::SeqCst);
                        return;
                    }
                    None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                shared.gateway_frames.lock().unwrap().push(frame.clone());
                let reply = match frame["op"].as_u64() {
                    // Heartbeat: acknowledge, or the client reconnects.
                    Some(1) => Some(json!({"op": 11})),
                    // Identify: READY (the guild unavailable: no GUILD_CREATE needed).
                    Some(2) => {
                        let seq = shared.sequence.fetch_add(1, Ordering::SeqCst) + 1;
                        Some(dispatch_frame("READY", seq, ready_json(&shared)))
                    }
                    // Resume: RESUMED (nothing was missed: the fake sends nothing while away).
                    Some(6) => {
                        let seq = shared.sequence.fetch_add(1, Ordering::SeqCst) + 1;
                        Some(json!({"op": 0, "s": seq, "t": "RESUMED", "d": {}}))
                    }
                    _ => None,
                };
                if let Some(reply) = reply {
                    if tx.send(Message::Text(reply.to_string())).is_err() {
                        return;
                    }
                }
            }
            outgoing = rx.recv() => {
                let Some(message) = outgoing else { return };
                if sink.send(message).await.is_err() {
                    return;
                }
            }
        }
    }
}

fn ready_json(shared: &Shared) -> Value {
    json!({
        "v": 10,
        "user": bot_user_json(),
        "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
        "session_id": "fake-session",
        "resume_gateway_url": shared.ws_url,
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
    })
}

// ---------------------------------------------------------------------------------------------
// Slash commands

/// An option value as a member fills it in; its wire type comes from the registered command.
#[derive(Debug, Clone)]
pub enum Arg {
    Text(String),
    Integer(i64),
    Number(f64),
    Bool(bool),
    User(User),
    /// A choice, by its displayed name: the registered choice's value is sent.
    Choice(String),
}

/// A slash command invocation, typed by `caller`, to turn into an INTERACTION_CREATE.
#[derive(Debug, Clone)]
pub struct SlashCommand {
    /// `["office", "appoint"]`: the command, then its group and subcommand if any.
    path: Vec<String>,
    caller: User,
    args: Vec<(String, Arg)>,
}

impl SlashCommand {
    /// `line` is the command as typed without options, e.g. `"office appoint"`.
    pub fn new(caller: &User, line: &str) -> Self {
        Self {
            path: line.split_whitespace().map(str::to_owned).collect(),
            caller: caller.clone(),
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &str, arg: Arg) -> Self {
        self.args.push((name.to_owned(), arg));
        self
    }

    pub fn user(self, name: &str, user: &User) -> Self {
        self.arg(name, Arg::User(user.clone()))
    }

    pub fn choice(self, name: &str, choice: &str) -> Self {
        self.arg(name, Arg::Choice(choice.to_owned()))
    }

    /// The INTERACTION_CREATE `d` for this invocation, with the options typed and checked
    /// against the registered command (`registered`, by name) as Discord's client would.
    fn payload(&self, id: u64, registered: &BTreeMap<String, Value>) -> Value {
        let name = &self.path[0];
        let command = registered.get(name).unwrap_or_else(|| {
            panic!(
                "/{name} was not registered; registered: {:?}",
                registered.keys()
            )
        });
        // Walk down to the subcommand whose options the args fill.
        let mut schema = command;
        for part in &self.path[1..] {
            schema = schema["options"]
                .as_array()
                .and_then(|o| o.iter().find(|o| o["name"] == part.as_str()))
                .unwrap_or_else(|| panic!("/{} has no subcommand {part}", self.path.join(" ")));
        }
        let empty = Vec::new();
        let declared = schema["options"].as_array().unwrap_or(&empty);
        if declared
            .iter()
            .any(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
        {
            panic!("/{} needs a subcommand", self.path.join(" "));
        }
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        let mut options = Vec::new();
        for (arg_name, arg) in &self.args {
            let option = declared
                .iter()
                .find(|o| o["name"] == arg_name.as_str())
                .unwrap_or_else(|| panic!("/{} has no option {arg_name}", self.path.join(" ")));
            let kind = option["type"].as_u64().expect("option type");
            let value = match (kind, arg) {
                (3, Arg::Text(s)) => json!(s),
                (4, Arg::Integer(n)) => json!(n),
                (10, Arg::Number(x)) => json!(x),
                (5, Arg::Bool(b)) => json!(b),
                (6 | 9, Arg::User(user)) => {
                    users.insert(user.id.to_string(), user.json());
                    members.insert(user.id.to_string(), user.partial_member_json());
                    json!(user.id.to_string())
                }
                (3 | 4 | 10, Arg::Choice(choice)) => option["choices"]
                    .as_array()
                    .and_then(|c| c.iter().find(|c| c["name"] == choice.as_str()))
                    .map(|c| c["value"].clone())
                    .unwrap_or_else(|| {
                        panic!("option {arg_name} has no choice {choice}: {option}")
                    }),
                _ => panic!("option {arg_name} has type {kind}; {arg:?} does not fit it"),
            };
            options.push(json!({"name": arg_name, "type": kind, "value": value}));
        }
        for option in declared {
            let required = option["required"].as_bool().unwrap_or(false);
            if required && !self.args.iter().any(|(n, _)| option["name"] == n.as_str()) {
                panic!("/{} needs option {}", self.path.join(" "), option["name"]);
            }
        }
        // Nest the options in their subcommand (type 1) and group (type 2), innermost first.
        let depth = self.path.len() - 1;
        for (level, part) in self.path[1..].iter().enumerate().rev() {
            let kind = if level + 1 == depth { 1 } else { 2 };
            options = vec![json!({"name": part, "type": kind, "options": options})];
        }
        let mut resolved = serde_json::Map::new();
        if !users.is_empty() {
            resolved.insert("users".into(), Value::Object(users));
            resolved.insert("members".into(), Value::Object(members));
        }
        interaction_json(
            id,
            &self.caller,
            APPLICATION_COMMAND,
            json!({
                "id": command["id"],
                "name": name,
                "type": 1,
                "guild_id": GUILD_ID.to_string(),
                "options": options,
                "resolved": resolved,
            }),
        )
    }
}

/// Interaction types (Discord's `type` of an interaction).
const APPLICATION_COMMAND: u64 = 2;
const MESSAGE_COMPONENT: u64 = 3;
const MODAL_SUBMIT: u64 = 5;

/// An INTERACTION_CREATE `d` of `kind` by `caller` in #discussion, with its `data`.
fn interaction_json(id: u64, caller: &User, kind: u64, data: Value) -> Value {
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "token": format!("token-{id}"),
        "version": 1,
        "guild_id": GUILD_ID.to_string(),
        "channel_id": CHANNEL_ID.to_string(),
        "channel": {"id": CHANNEL_ID.to_string(), "type": 0, "name": "discussion", "guild_id": GUILD_ID.to_string(), "permissions": PERMISSIONS},
        "member": caller.member_json(),
        "app_permissions": PERMISSIONS,
        "locale": "en-GB",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        "context": 0,
        "attachment_size_limit": 10_485_760,
        "data": data,
    })
}

/// A button press on `message` (a Message as the fake answered its post): the
/// MESSAGE_COMPONENT interaction Discord sends when `caller` clicks the button `custom_id`.
fn press_json(id: u64, caller: &User, message: &Value, custom_id: &str) -> Value {
    let mut payload = interaction_json(
        id,
        caller,
        MESSAGE_COMPONENT,
        json!({"custom_id": custom_id, "component_type": 2}),
    );
    payload["message"] = message.clone();
    payload
}

/// A submitted form: the MODAL_SUBMIT interaction with one text input (type 4) per field, each
/// in its action row, as Discord sends it.
fn form_json(id: u64, caller: &User, custom_id: &str, fields: &[(&str, &str)]) -> Value {
    let rows: Vec<Value> = fields
        .iter()
        .map(|(name, value)| {
            json!({"type": 1, "components": [{"type": 4, "custom_id": name, "value": value}]})
        })
        .collect();
    interaction_json(
        id,
        caller,
        MODAL_SUBMIT,
        json!({"custom_id": custom_id, "components": rows}),
    )
}

/// Checks: the fake's INTERACTION_CREATE is read by serenity as a command interaction with the
/// options given (nested subcommand, user resolved), and each field the wire notes call required
/// is indeed required (removing it makes serenity drop the event), so the fake stays honest.
#[test]
fn the_interaction_payload_is_what_serenity_reads() {
    let registered: BTreeMap<String, Value> = crate::discord::registration::registration_json()
        .as_array()
        .expect("array")
        .iter()
        .map(|c| {
            let mut c = c.clone();
            c["id"] = json!("42");
            (c["name"].as_str().expect("name").to_owned(), c)
        })
        .collect();
    let caller = User::new(501, "alice");
    let bob = User::new(502, "bob");
    let payload = SlashCommand::new(&caller, "office appoint")
        .user("member", &bob)
        .choice("office", "justice")
        .payload(77, &registered);
    let frame = dispatch_frame("INTERACTION_CREATE", 1, payload.clone());
    let Ok(GatewayEvent::Dispatch(1, Event::InteractionCreate(event))) =
        serde_json::from_value::<GatewayEvent>(frame)
    else {
        panic!("not an INTERACTION_CREATE");
    };
    let command = event.interaction.command().expect("a command interaction");
    assert_eq!(
        command.user.id.get(),
        501,
        "the caller comes from member.user"
    );
    assert_eq!(command.guild_id.map(|g| g.get()), Some(GUILD_ID));
    assert_eq!(command.data.name, "office");
    let resolved = command.data.options();
    let serenity::all::ResolvedValue::SubCommand(inner) = &resolved[0].value else {
        panic!("no subcommand: {resolved:?}");
    };
    assert_eq!(resolved[0].name, "appoint");
    assert!(
        matches!(&inner[0].value, serenity::all::ResolvedValue::User(u, Some(_)) if u.id.get() == 502),
        "{inner:?}"
    );
    assert!(
        matches!(
            inner[1].value,
            serenity::all::ResolvedValue::String("justice")
        ),
        "a choice arrives as its word: {inner:?}"
    );

    let reads = |p: &Value| {
        matches!(
            serde_json::from_value::<GatewayEvent>(
                json!({"op": 0, "s": 1, "t": "INTERACTION_CREATE", "d": p})
            ),
            Ok(GatewayEvent::Dispatch(_, Event::InteractionCreate(_)))
        )
    };
    assert!(reads(&payload));
    let required = [
        "id",
        "application_id",
        "type",
        "token",
        "version",
        "channel_id",
        "locale",
        "entitlements",
        "attachment_size_limit",
        "data",
    ];
    for field in required {
        let mut p = payload.clone();
        p.as_object_mut().expect("object").remove(field);
        assert!(!reads(&p), "serenity reads the interaction without {field}");
    }
    for field in ["id", "name", "type"] {
        let mut p = payload.clone();
        p["data"].as_object_mut().expect("object").remove(field);
        assert!(
            !reads(&p),
            "serenity reads the interaction without data.{field}"
        );
    }
    for field in ["user", "roles", "deaf", "mute", "flags"] {
        let mut p = payload.clone();
        p["member"].as_object_mut().expect("object").remove(field);
        assert!(
            !reads(&p),
            "serenity reads the interaction without member.{field}"
        );
    }
    // Every option type the builder knows is typed as serenity expects.
    let mut registered = registered;
    registered.insert(
        "t".into(),
        json!({"id": "43", "name": "t", "description": "x", "options": [
            {"type": 3, "name": "s", "description": "x", "required": true},
            {"type": 4, "name": "i", "description": "x"},
            {"type": 10, "name": "n", "description": "x"},
            {"type": 5, "name": "b", "description": "x"},
            {"type": 3, "name": "c", "description": "x",
             "choices": [{"name": "Long name", "value": "short"}]},
        ]}),
    );
    let typed = SlashCommand::new(&caller, "t")
        .arg("s", Arg::Text("hello".into()))
        .arg("i", Arg::Integer(-3))
        .arg("n", Arg::Number(2.5))
        .arg("b", Arg::Bool(true))
        .choice("c", "Long name")
        .payload(78, &registered);
    let interaction: serenity::all::Interaction =
        serde_json::from_value(typed.clone()).expect("serenity reads every option type");
    let command = interaction.command().expect("a command interaction");
    let values: Vec<String> = command
        .data
        .options()
        .iter()
        .map(|o| format!("{}={:?}", o.name, o.value))
        .collect();
    assert_eq!(
        values,
        [
            "s=String(\"hello\")",
            "i=Integer(-3)",
            "n=Number(2.5)",
            "b=Boolean(true)",
            "c=String(\"short\")"
        ]
    );

    // An integer option sent as a string is not read.
    let mut p = typed;
    p["data"]["options"][1]["value"] = json!("1");
    assert!(
        serde_json::from_value::<serenity::all::Interaction>(p).is_err(),
        "an integer option as a string is read"
    );
}

/// Checks: the fake's button press is read by serenity as a component interaction (a button,
/// its custom_id, the presser from member.user, the message it was on), and its form submission
/// as a modal interaction with each typed text under its input's custom_id; removing the
/// message from a press makes serenity drop it, as the wire notes warn.
#[test]
fn a_press_and_a_form_are_what_serenity_reads() {
    let bob = User::new(502, "bob");
    let message = message_json(
        &Shared::new(41_250, "ws://x".into()),
        CHANNEL_ID,
        &json!({"content": "Game #1 waits", "components": [{"type": 1, "components": [
            {"type": 2, "style": 3, "label": "Approve", "custom_id": "b/game approve?game=1"}
        ]}]}),
    );
    let press = press_json(80, &bob, &message, "b/game approve?game=1");
    let interaction: serenity::all::Interaction =
        serde_json::from_value(press.clone()).expect("serenity reads the press");
    let component = interaction
        .message_component()
        .expect("a component interaction");
    assert_eq!(component.data.custom_id, "b/game approve?game=1");
    assert!(matches!(
        component.data.kind,
        serenity::all::ComponentInteractionDataKind::Button
    ));
    assert_eq!(component.user.id.get(), 502);
    assert_eq!(component.message.content, "Game #1 waits");
    assert_eq!(component.message.components.len(), 1);
    let mut without = press;
    without.as_object_mut().expect("object").remove("message");
    assert!(serde_json::from_value::<serenity::all::Interaction>(without).is_err());

    let form = form_json(
        81,
        &bob,
        "f/mod declare?case=1",
        &[("reasoning", "why\nand why")],
    );
    let interaction: serenity::all::Interaction =
        serde_json::from_value(form).expect("serenity reads the form");
    let modal = interaction.modal_submit().expect("a modal interaction");
    assert_eq!(modal.data.custom_id, "f/mod declare?case=1");
    let serenity::all::ActionRowComponent::InputText(input) =
        &modal.data.components[0].components[0]
    else {
        panic!("not a text input: {:?}", modal.data.components);
    };
    assert_eq!(
        (input.custom_id.as_str(), input.value.as_deref()),
        ("reasoning", Some("why\nand why"))
    );
}
