-- The record's revision: a counter every write transaction advances (App::begin), so a reader
-- in another connection or process (the portal) knows whether anything changed since it last
-- looked. The portal's ETags are made from it. A post's edits are found by index (the portal
-- shows a running tally as it stands).
CREATE TABLE record_revision (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    n   INTEGER NOT NULL
);
INSERT INTO record_revision (id, n) VALUES (1, 0);
CREATE INDEX outbox_edits ON outbox(edits) WHERE edits IS NOT NULL;
