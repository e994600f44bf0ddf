//! A fake Discord for end-to-end tests: an axum REST server and a tokio-tungstenite gateway,
//! both on 127.0.0.1, that the real serenity client and poise framework talk to.
//!
//! Wire facts (paths, required fields, gateway conversation) follow what serenity 0.12 and
//! poise 0.7 send and expect, and Discord's REST description. Every request is recorded so a test can wait for
//! it and look at its JSON body, and every dispatch the fake sends is first deserialized with
//! serenity's own types: a payload serenity would silently drop fails the test at once instead of
//! making it hang.
//!
//! This file holds the handle a test drives (`FakeDiscord`) and the wire types it hands out;
//! `state` is what the fake keeps, `rest` its HTTP routes, `gateway` its websocket, and
//! `interactions` the payloads a member's client sends.

mod gateway;
mod guild;
mod interactions;
mod menus;
mod pages;
mod rest;
mod state;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use gateway::{dispatch_frame, serve_gateway};
pub use guild::dm_channel_of;
use interactions::{form_json, interaction_json, press_json};
pub use interactions::{
    Arg, Origin, SlashCommand, APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT,
};
pub use menus::PostedMessage;
use rest::{register, rest_handler};
use state::{PostFailure, Shared};

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
    pub fn partial_member_json(&self) -> Value {
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

    /// Makes the next `n` channel posts fail with HTTP 500 (after any failures already set up).
    #[allow(dead_code)]
    pub fn fail_next_posts(&self, n: usize) {
        self.queue_post_failure(PostFailure::server_error(n, None));
    }

    /// Makes the next `n` channel posts whose content contains `text` fail with HTTP 500 (other
    /// posts, such as a scheduled announcement, go through).
    pub fn fail_next_posts_containing(&self, text: &str, n: usize) {
        self.queue_post_failure(PostFailure::server_error(n, Some(text.to_owned())));
    }

    /// Answers the next channel post whose content contains `text` with 429, as Discord does
    /// when a route's bucket is empty: `retry_after` (seconds, fractional) in the JSON body and
    /// the `Retry-After` header (whole seconds, rounded up).
    pub fn rate_limit_next_post_containing(&self, text: &str, retry_after: f64) {
        self.queue_post_failure(PostFailure::rate_limited(
            1,
            Some(text.to_owned()),
            retry_after,
        ));
    }

    /// Answers the next `n` channel posts with 429 and this `retry_after` (after any failures
    /// already set up).
    pub fn rate_limit_next_posts(&self, n: usize, retry_after: f64) {
        self.queue_post_failure(PostFailure::rate_limited(n, None, retry_after));
    }

    /// Answers the next `n` channel posts whose content contains `text` with 403 Missing
    /// Permissions (code 50013), as Discord does when the bot may not send in the channel.
    pub fn forbid_next_posts_containing(&self, text: &str, n: usize) {
        self.queue_post_failure(PostFailure {
            remaining: n,
            containing: Some(text.to_owned()),
            status: StatusCode::FORBIDDEN,
            body: json!({"message": "Missing Permissions", "code": 50013}),
            headers: Vec::new(),
        });
    }

    fn queue_post_failure(&self, failure: PostFailure) {
        self.shared.failing_posts.lock().unwrap().push_back(failure);
    }

    /// Starts or ends an outage of Discord's REST: while it lasts, interaction responses,
    /// follow-ups, edits and channel posts are answered 503 (the gateway still delivers).
    pub fn outage(&self, down: bool) {
        self.shared.outage.store(down, Ordering::SeqCst);
    }

    /// Makes interaction responses (callbacks) alone fail with 503, or work again; follow-ups
    /// and edits keep working.
    pub fn callbacks_down(&self, down: bool) {
        self.shared.callbacks_down.store(down, Ordering::SeqCst);
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
        self.press_from(Origin::Club, caller, post, custom_id)
    }

    /// Like `press`, from `origin` (another server, a direct message).
    pub fn press_from(
        &self,
        origin: Origin,
        caller: &User,
        post: &Recorded,
        custom_id: &str,
    ) -> u64 {
        let id = self.shared.snowflake();
        let message = post
            .answer
            .as_ref()
            .expect("the post was answered with a Message");
        self.dispatch(
            "INTERACTION_CREATE",
            press_json(id, caller, origin, message, custom_id),
        );
        id
    }

    /// Submits the form (modal) `custom_id` with `fields` (text input custom_id, typed text), as
    /// Discord delivers it: a MODAL_SUBMIT interaction. Returns the interaction id.
    pub fn submit_form(&self, caller: &User, custom_id: &str, fields: &[(&str, &str)]) -> u64 {
        self.submit_form_from(Origin::Club, caller, custom_id, fields)
    }

    /// Like `submit_form`, from `origin` (another server, a direct message).
    pub fn submit_form_from(
        &self,
        origin: Origin,
        caller: &User,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> u64 {
        let id = self.shared.snowflake();
        self.dispatch(
            "INTERACTION_CREATE",
            form_json(id, caller, origin, custom_id, fields),
        );
        id
    }

    /// Sends an interaction of `kind` as a hostile client might build it: `data` as given, not
    /// checked against the registered commands (`message` is the message a press was on).
    /// Returns its id and whether serenity reads it: one it cannot read is dropped unanswered.
    pub fn send_raw(
        &self,
        origin: Origin,
        caller: &User,
        kind: u64,
        data: Value,
        message: Option<&Value>,
    ) -> (u64, bool) {
        let id = self.shared.snowflake();
        let mut payload = interaction_json(id, caller, origin, kind, data);
        if let Some(message) = message {
            payload["message"] = message.clone();
        }
        let seq = self.shared.sequence.fetch_add(1, Ordering::SeqCst) + 1;
        let frame = serde_json::json!({"op": 0, "s": seq, "t": "INTERACTION_CREATE", "d": payload});
        let reads = matches!(
            serde_json::from_value::<serenity::all::GatewayEvent>(frame.clone()),
            Ok(serenity::all::GatewayEvent::Dispatch(
                _,
                serenity::all::Event::InteractionCreate(_)
            ))
        );
        let sender = self.shared.connection.lock().unwrap().clone();
        sender
            .expect("no gateway connection: wait_for_registration first")
            .send(Message::Text(frame.to_string()))
            .expect("gateway connection open");
        (id, reads)
    }

    /// Knows `commands` as registered in the club's server already, as Discord does after an
    /// earlier run registered them (a member's client then offers them).
    pub fn already_registered(&self, commands: &Value) {
        register(&self.shared, commands, Some(&GUILD_ID.to_string()));
    }

    /// Whether the bot has asked to register commands (in the server or globally).
    pub fn registrations(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.method == Method::PUT && is_registration(&r.path))
            .collect()
    }

    /// The command object the fake answered to the guild registration of `name`.
    pub fn registered(&self, name: &str) -> Option<Value> {
        self.shared.commands.lock().unwrap().get(name).cloned()
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
