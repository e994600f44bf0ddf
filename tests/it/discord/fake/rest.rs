//! The fake's REST side: one axum handler that records every request and answers the routes
//! serenity and poise use (gateway URL, application, command registration, interaction
//! callbacks, webhooks, channel messages), failing channel posts as a test asked.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::state::{PostFailure, Shared};
use super::{path_matches, Recorded, User, APPLICATION_ID, CHANNEL_ID};

pub(super) async fn rest_handler(
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
        None if is_down(&shared, &path) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Some(json!({"message": "503: Service Unavailable", "code": 0})),
            Vec::new(),
        ),
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

/// Whether Discord is down for this request: in an outage, every answer to a member and every
/// post; with callbacks down, the interactions' first responses.
fn is_down(shared: &Shared, path: &str) -> bool {
    let callback = path_matches("/interactions/*/*/callback", path);
    let answering = callback || path.starts_with("/webhooks/") || path.starts_with("/channels/");
    (shared.outage.load(Ordering::SeqCst) && answering)
        || (shared.callbacks_down.load(Ordering::SeqCst) && callback)
}

/// The failure this post meets, if one is set up for it (and counts it): the first failure
/// still queued, once its posts are used up the next.
fn failed_post(shared: &Shared, body: &Value) -> Option<PostFailure> {
    let mut failing = shared.failing_posts.lock().unwrap();
    while failing.front().is_some_and(|f| f.remaining == 0) {
        failing.pop_front();
    }
    let failure = failing.front_mut()?;
    let content = body["content"].as_str().unwrap_or("");
    let applies = failure
        .containing
        .as_ref()
        .is_none_or(|t| content.contains(t.as_str()));
    if !applies {
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
    if let Some(answered) = super::guild::answer(shared, method, &segments, body) {
        return answered;
    }
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

pub(super) fn bot_user_json() -> Value {
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
pub(super) fn register(shared: &Shared, body: &Value, guild: Option<&str>) -> Value {
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
        // A context-menu command (user 2, message 3) has no description: Discord answers "".
        if full.get("description").is_none() {
            full["description"] = json!("");
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
pub(super) fn message_json(shared: &Shared, channel: u64, body: &Value) -> Value {
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
