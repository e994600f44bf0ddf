-- Direct messages from gavel to a member (`/notify`): the member's choices, by kind of notice;
-- a member Discord would not let gavel write to (error 50007), recorded once until they run
-- /notify again; and the outbox entries that could not be delivered and were given up.

CREATE TABLE notify_choices (
    person_id  INTEGER NOT NULL REFERENCES people(id),
    -- a notice kind's key (declaration, judgement, bench, opinion, redecision, case, turn)
    kind       TEXT    NOT NULL,
    enabled    INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    set_at     TEXT    NOT NULL,
    PRIMARY KEY (person_id, kind)
);

CREATE TABLE dm_refusals (
    person_id  INTEGER PRIMARY KEY REFERENCES people(id),
    refused_at TEXT    NOT NULL,
    -- the direct message Discord refused
    outbox_id  INTEGER NOT NULL REFERENCES outbox(id)
);

CREATE TABLE outbox_undeliverable (
    outbox_id  INTEGER PRIMARY KEY REFERENCES outbox(id),
    reason     TEXT    NOT NULL,
    at         TEXT    NOT NULL
);

-- A direct message is the member's alone: the portal's search never indexes one.
DROP TRIGGER search_post;
CREATE TRIGGER search_post AFTER UPDATE OF sent_at ON outbox
    WHEN old.sent_at IS NULL AND new.sent_at IS NOT NULL AND new.edits IS NULL
         AND new.channel NOT LIKE 'dm:%'
BEGIN
    INSERT INTO search_index (kind, ref, body) VALUES ('post', new.id, new.content);
END;
