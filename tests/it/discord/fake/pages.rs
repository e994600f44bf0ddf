//! Presses on an interaction's reply (a page button under a listing): the message Discord
//! would carry in the press, made from the reply as it was given.

use serde_json::Value;

use super::interactions::press_json;
use super::rest::message_json;
use super::{FakeDiscord, Origin, User, CHANNEL_ID};

impl FakeDiscord {
    /// Presses the button `custom_id` under the message that a callback (or a later update)
    /// with `data` showed, as `caller`. Returns the interaction id.
    pub fn press_on_reply(&self, caller: &User, data: &Value, custom_id: &str) -> u64 {
        let id = self.shared.snowflake();
        let message = message_json(&self.shared, CHANNEL_ID, data);
        self.dispatch(
            "INTERACTION_CREATE",
            press_json(id, caller, Origin::Club, &message, custom_id),
        );
        id
    }
}
