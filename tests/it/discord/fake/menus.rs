//! Context-menu interactions, as Discord sends them when a member right-clicks a member or a
//! message and picks one of gavel's entries: an APPLICATION_COMMAND (type 2) whose `data.type`
//! is 2 (user) or 3 (message), with `data.target_id` and the target in `data.resolved`.

use serde_json::{json, Value};

use super::interactions::{interaction_json, Origin, APPLICATION_COMMAND};
use super::{FakeDiscord, User, GUILD_ID};

/// A message in the club's server, to right-click.
#[derive(Debug, Clone)]
pub struct PostedMessage {
    pub id: u64,
    pub channel: u64,
    pub author: User,
    pub content: String,
}

impl PostedMessage {
    /// The message object Discord resolves (as in `data.resolved.messages`).
    fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "channel_id": self.channel.to_string(),
            "guild_id": GUILD_ID.to_string(),
            "author": self.author.json(),
            "content": self.content,
            "timestamp": "2026-11-20T12:00:00.000000+00:00",
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": false,
            "type": 0,
            "flags": 0,
            "components": [],
        })
    }
}

impl FakeDiscord {
    /// The registered context-menu command `name` of `kind` (2 user, 3 message).
    fn menu_command(&self, name: &str, kind: u64) -> Value {
        let registered = self.shared.commands.lock().unwrap().clone();
        let command = registered
            .get(name)
            .unwrap_or_else(|| panic!("{name} was not registered"))
            .clone();
        assert_eq!(
            command["type"], kind,
            "{name} is not of type {kind}: {command}"
        );
        command
    }

    /// `caller` picks the entry `name` on the member `target`. Returns the interaction id.
    pub fn click_member(&self, caller: &User, name: &str, target: &User) -> u64 {
        let command = self.menu_command(name, 2);
        let id = self.shared.snowflake();
        let data = json!({
            "id": command["id"],
            "name": name,
            "type": 2,
            "target_id": target.id.to_string(),
            "resolved": {
                "users": {target.id.to_string(): target.json()},
                "members": {target.id.to_string(): target.partial_member_json()},
            },
            "guild_id": GUILD_ID.to_string(),
        });
        let payload = interaction_json(id, caller, Origin::Club, APPLICATION_COMMAND, data);
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }

    /// `caller` picks the entry `name` on `message`. Returns the interaction id.
    pub fn click_message(&self, caller: &User, name: &str, message: &PostedMessage) -> u64 {
        let command = self.menu_command(name, 3);
        let id = self.shared.snowflake();
        let data = json!({
            "id": command["id"],
            "name": name,
            "type": 3,
            "target_id": message.id.to_string(),
            "resolved": {"messages": {message.id.to_string(): message.json()}},
            "guild_id": GUILD_ID.to_string(),
        });
        let payload = interaction_json(id, caller, Origin::Club, APPLICATION_COMMAND, data);
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }
}
