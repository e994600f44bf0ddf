-- Replies to interactions that Discord did not take when gavel sent them (an outage, a 5xx, a
-- 429). Like a post in the outbox, a reply is kept until it is delivered, as a follow-up or an
-- edit of the original response, while the interaction's token is valid (15 minutes); then it
-- expires, and the token is cleared. Each interaction's parts go in order.
CREATE TABLE interaction_replies (
    id               INTEGER PRIMARY KEY,
    interaction_id   INTEGER NOT NULL,
    token            TEXT    NOT NULL,
    -- 'followup' (a new message), 'edit' (the original response's text) or 'delete' (the
    -- original response, before a private follow-up replaces a public "thinking...").
    kind             TEXT    NOT NULL,
    content          TEXT    NOT NULL,
    private          INTEGER NOT NULL,
    created_at       TEXT    NOT NULL,
    expires_at       TEXT    NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    server_errors    INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TEXT    NOT NULL,
    last_error       TEXT,
    delivered_at     TEXT,
    expired_at       TEXT
);
CREATE INDEX interaction_replies_waiting ON interaction_replies(interaction_id, id)
    WHERE delivered_at IS NULL AND expired_at IS NULL;
