//! The fake's gateway: the websocket conversation (HELLO, heartbeat acks, READY on IDENTIFY,
//! RESUMED on RESUME) and the dispatch frames, each checked against serenity's deserializer.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use serenity::model::event::{Event, GatewayEvent};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use super::rest::bot_user_json;
use super::state::Shared;
use super::{APPLICATION_ID, GUILD_ID};

/// A dispatch frame, checked against serenity's deserializer.
pub(super) fn dispatch_frame(event: &str, seq: u64, data: Value) -> Value {
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

pub(super) async fn serve_gateway(shared: Arc<Shared>, tcp: TcpStream) {
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
