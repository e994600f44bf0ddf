-- The command set gavel last registered with Discord in each server: a hash of the exact JSON
-- sent. At start gavel registers only when the hash differs, so a restart with the same
-- commands makes no registration call.
CREATE TABLE discord_registrations (
    guild_id       INTEGER PRIMARY KEY,
    hash           TEXT    NOT NULL,
    registered_at  TEXT    NOT NULL
);
