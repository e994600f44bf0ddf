//! Registering gavel's commands with Discord only when they changed: the hash of the command
//! set last registered is kept, so a restart with the same commands makes no registration call.

use crate::app::App;
use crate::store;

/// A stable hash of a command set's JSON (64-bit FNV-1a, as hex): the same text gives the same
/// hash in every build, unlike the standard library's hasher.
pub fn command_set_hash(json: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in json.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

impl App {
    /// Whether the command set with `hash` must be registered in `guild`: it never was, or
    /// another set was.
    pub async fn registration_needed(&self, guild: u64, hash: &str) -> sqlx::Result<bool> {
        let mut conn = self.pool().acquire().await?;
        let stored = store::discord::registered_hash(&mut conn, guild).await?;
        Ok(stored.as_deref() != Some(hash))
    }

    /// Records that the command set with `hash` was registered in `guild` (after Discord took
    /// it, so a failed registration is tried again at the next start).
    pub async fn record_registration(&self, guild: u64, hash: &str) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        store::discord::record_registration(&mut tx, guild, hash, self.now()).await?;
        tx.commit().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_command_set_hashes_the_same_and_a_changed_one_differently() {
        assert_eq!(command_set_hash("[]"), command_set_hash("[]"));
        assert_ne!(
            command_set_hash("[{\"name\":\"a\"}]"),
            command_set_hash("[{\"name\":\"b\"}]")
        );
        assert_eq!(
            command_set_hash(""),
            "cbf29ce484222325",
            "FNV-1a's offset basis"
        );
    }
}
