//! The fake's direct messages and server members: `POST /users/@me/channels` opens a DM
//! channel; a post there to a user who does not accept direct messages is refused with error
//! 50007; `GET /guilds/{g}/members/{u}` answers a member with their roles, and `PUT`/`DELETE
//! /guilds/{g}/members/{u}/roles/{r}` change them, or are refused 403 (code 50013) for a role
//! the bot may not manage.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use super::interactions::{form_json, press_json};
use super::state::Shared;
use super::{FakeDiscord, Origin, Recorded, User};

/// The first DM channel's id; a user's DM channel is this plus their id.
const DM_CHANNELS: u64 = 7_000_000;

/// What the fake keeps of members and direct messages.
#[derive(Default)]
pub(super) struct Guild {
    /// Members of the server, by user id, with their role ids.
    members: Mutex<BTreeMap<u64, BTreeSet<u64>>>,
    /// Users who do not accept direct messages.
    no_dms: Mutex<BTreeSet<u64>>,
    /// Roles the bot may not give or take away (above its own, or no Manage Roles).
    forbidden: Mutex<BTreeSet<u64>>,
}

/// The DM channel of `user`.
pub fn dm_channel_of(user: u64) -> u64 {
    DM_CHANNELS + user
}

/// Answers the routes of this file, or `None` for the other routes.
pub(super) fn answer(
    shared: &Shared,
    method: &Method,
    segments: &[&str],
    body: &Value,
) -> Option<(StatusCode, Option<Value>)> {
    let guild = &shared.guild;
    let id = |s: &str| s.parse::<u64>().unwrap_or(0);
    match (method.as_str(), segments) {
        ("POST", ["users", "@me", "channels"]) => {
            let user = id(body["recipient_id"].as_str().unwrap_or(""));
            Some((
                StatusCode::OK,
                Some(json!({
                    "id": dm_channel_of(user).to_string(),
                    "type": 1,
                    "last_message_id": null,
                    "recipients": [User::new(user, "member").json()],
                })),
            ))
        }
        ("POST", ["channels", channel, "messages"]) => {
            let user = id(channel).checked_sub(DM_CHANNELS)?;
            guild.no_dms.lock().unwrap().contains(&user).then(|| {
                (
                    StatusCode::FORBIDDEN,
                    Some(json!({"message": "Cannot send messages to this user", "code": 50007})),
                )
            })
        }
        ("GET", ["guilds", _, "members", user]) => {
            let members = guild.members.lock().unwrap();
            Some(match members.get(&id(user)) {
                Some(roles) => {
                    let mut member = User::new(id(user), "member").partial_member_json();
                    member["user"] = User::new(id(user), "member").json();
                    member["roles"] = json!(roles.iter().map(u64::to_string).collect::<Vec<_>>());
                    (StatusCode::OK, Some(member))
                }
                None => (
                    StatusCode::NOT_FOUND,
                    Some(json!({"message": "Unknown Member", "code": 10007})),
                ),
            })
        }
        ("PUT" | "DELETE", ["guilds", _, "members", user, "roles", role]) => {
            if guild.forbidden.lock().unwrap().contains(&id(role)) {
                return Some((
                    StatusCode::FORBIDDEN,
                    Some(json!({"message": "Missing Permissions", "code": 50013})),
                ));
            }
            let mut members = guild.members.lock().unwrap();
            let roles = members.entry(id(user)).or_default();
            if method == Method::PUT {
                roles.insert(id(role));
            } else {
                roles.remove(&id(role));
            }
            Some((StatusCode::NO_CONTENT, None))
        }
        _ => None,
    }
}

impl FakeDiscord {
    /// `user` does not accept direct messages: posts to their DM channel are refused (50007).
    pub fn refuse_direct_messages(&self, user: u64) {
        self.shared.guild.no_dms.lock().unwrap().insert(user);
    }

    /// `user` is a member of the server holding `roles`.
    pub fn add_member(&self, user: u64, roles: &[u64]) {
        self.shared
            .guild
            .members
            .lock()
            .unwrap()
            .insert(user, roles.iter().copied().collect());
    }

    /// The roles `user` holds now.
    pub fn member_roles(&self, user: u64) -> Vec<u64> {
        let members = self.shared.guild.members.lock().unwrap();
        members
            .get(&user)
            .map(|r| r.iter().copied().collect())
            .unwrap_or_default()
    }

    /// The bot may not give or take away `role` (403, Missing Permissions).
    pub fn forbid_role(&self, role: u64) {
        self.shared.guild.forbidden.lock().unwrap().insert(role);
    }

    /// The direct messages posted to `user` that Discord took.
    pub fn direct_messages_to(&self, user: u64) -> Vec<Recorded> {
        self.requests_to(
            &Method::POST,
            &format!("/channels/{}/messages", dm_channel_of(user)),
        )
    }

    /// Presses the button `custom_id` on the direct message `post` to `caller`, in their DM
    /// channel with the bot, as Discord delivers it: no guild, no member.
    pub fn press_in_direct_message(&self, caller: &User, post: &Recorded, custom_id: &str) -> u64 {
        let id = self.shared.snowflake();
        let message = post
            .answer
            .as_ref()
            .expect("the post was answered with a Message");
        let mut payload = press_json(id, caller, Origin::Direct, message, custom_id);
        payload["channel_id"] = message["channel_id"].clone();
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }

    /// Submits the form `custom_id` that a press on the direct message `post` opened.
    pub fn submit_form_in_direct_message(
        &self,
        caller: &User,
        post: &Recorded,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> u64 {
        let id = self.shared.snowflake();
        let message = post
            .answer
            .as_ref()
            .expect("the post was answered with a Message");
        let mut payload = form_json(id, caller, Origin::Direct, custom_id, fields);
        payload["channel_id"] = message["channel_id"].clone();
        payload["message"] = message.clone();
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }
}
