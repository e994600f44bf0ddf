-- The house rules as a rulebook that committees change (house rules A.7): one row per version
-- of one item, the newest in force. An import adds a version of every item; an approved or
-- overridden rule-change motion adds one of its item.
CREATE TABLE house_rule_versions (
    id         INTEGER PRIMARY KEY,
    label      TEXT    NOT NULL,
    heading    TEXT    NOT NULL,
    position   INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    text       TEXT    NOT NULL,
    change     TEXT    NOT NULL CHECK (change IN ('imported', 'approved', 'overridden', 'took_effect')),
    motion_id  INTEGER REFERENCES motions(id),
    by_id      INTEGER REFERENCES people(id),
    at         TEXT    NOT NULL,
    UNIQUE (label, version)
);
